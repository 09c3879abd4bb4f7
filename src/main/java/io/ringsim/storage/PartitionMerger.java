package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A k-way merge over sorted partition sources (the memtable, SSTables) by key: {@link #next} gathers one key's
 * versions from every source that holds it, in token order. An SSTable's partition is decoded only when its key is
 * the current one, so compaction and full scans never hold a table's partitions as objects.
 */
final class PartitionMerger {
  private final PriorityQueue<Source> queue = new PriorityQueue<>((a, b) -> a.key.compareTo(b.key));
  private final List<Partition> versions;
  private DecoratedKey key;

  /** {@code memtable}: the memtable's partitions in key order, or null; then the SSTables. */
  PartitionMerger(Iterator<Partition> memtable, List<SSTable> sstables) {
    versions = new ArrayList<>(Math.max(4, sstables.size()));
    if (memtable != null) {
      Source m = new Source(memtable, null);
      if (m.advance()) queue.add(m);
    }
    for (SSTable s : sstables) {
      Source c = new Source(null, s);
      if (c.advance()) queue.add(c);
    }
  }

  /** Moves to the next key; false once every source is exhausted. */
  boolean next() {
    if (queue.isEmpty()) return false;
    key = queue.peek().key;
    versions.clear();
    while (!queue.isEmpty() && queue.peek().key.equals(key)) {
      Source c = queue.poll();
      versions.add(c.current());
      if (c.advance()) queue.add(c);
    }
    return true;
  }

  DecoratedKey key() {
    return key;
  }

  /** The current key's versions, one per source holding it (reused by the next call to {@link #next}). */
  List<Partition> versions() {
    return versions;
  }

  /** The memtable (already decoded) or one SSTable (decoded only at the key asked for), walked in key order. */
  private static final class Source {
    private final Iterator<Partition> memtable;
    private final SSTable sstable;
    private int next;
    private Partition decoded;
    DecoratedKey key;

    Source(Iterator<Partition> memtable, SSTable sstable) {
      this.memtable = memtable;
      this.sstable = sstable;
    }

    boolean advance() {
      if (memtable != null) {
        if (!memtable.hasNext()) return false;
        decoded = memtable.next();
        key = decoded.key();
        return true;
      }
      if (next >= sstable.partitionCount()) return false;
      decoded = null;
      key = sstable.keyAt(next++);
      return true;
    }

    Partition current() {
      return decoded != null ? decoded : sstable.partitionAt(next - 1);
    }
  }
}
