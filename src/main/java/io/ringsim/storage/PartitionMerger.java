package io.ringsim.storage;

import io.ringsim.ring.LongToken;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A k-way merge over sorted partition sources (the memtable, SSTables) by key: {@link #next} gathers one key's
 * versions from every source that holds it, in token order. An SSTable's partition is decoded only when its key is
 * the current one, so compaction and full scans never hold a table's partitions as objects.
 */
final class PartitionMerger {
  // Murmur3 tokens are compared as the longs the sources hold (a LongToken object per key is a cold read each).
  private final PriorityQueue<Source> queue = new PriorityQueue<>((a, b) -> a.token != b.token
      ? Long.compare(a.token, b.token) : a.key.compareTo(b.key));
  private final List<Partition> versions;
  // The current key's versions as where they are (a memtable partition, or an SSTable and index), decoded only
  // when versions() is asked for: a compaction copies a partition only one SSTable holds without decoding it.
  private Partition[] held = new Partition[4];
  private SSTable[] tables = new SSTable[4];
  private int[] indexes = new int[4];
  private int count;
  private boolean decoded;
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
    count = 0;
    decoded = false;
    while (!queue.isEmpty() && queue.peek().key.equals(key)) {
      Source c = queue.poll();
      if (count == held.length) {
        held = Arrays.copyOf(held, count * 2);
        tables = Arrays.copyOf(tables, count * 2);
        indexes = Arrays.copyOf(indexes, count * 2);
      }
      held[count] = c.decoded;
      tables[count] = c.sstable;
      indexes[count] = c.next - 1;
      count++;
      if (c.advance()) queue.add(c);
    }
    return true;
  }

  DecoratedKey key() {
    return key;
  }

  /** The current key's versions, one per source holding it (reused by the next call to {@link #next}). */
  List<Partition> versions() {
    if (!decoded) {
      versions.clear();
      for (int i = 0; i < count; i++) versions.add(held[i] != null ? held[i] : tables[i].partitionAt(indexes[i]));
      decoded = true;
    }
    return versions;
  }

  /** The SSTable holding the current key when it is the only source that does, else null. */
  SSTable onlySSTable() {
    return count == 1 ? tables[0] : null;
  }

  /** Where {@link #onlySSTable} holds the current key. */
  int onlyIndex() {
    return indexes[0];
  }

  /** The memtable (already decoded) or one SSTable (decoded only at the key asked for), walked in key order. */
  private static final class Source {
    private final Iterator<Partition> memtable;
    private final SSTable sstable;
    private int next;
    private Partition decoded; // the memtable's current partition
    DecoratedKey key;
    long token; // a Murmur3 key's token value, else 0 (the keys then decide)

    Source(Iterator<Partition> memtable, SSTable sstable) {
      this.memtable = memtable;
      this.sstable = sstable;
    }

    boolean advance() {
      if (memtable != null) {
        if (!memtable.hasNext()) return false;
        decoded = memtable.next();
        key = decoded.key();
        token = key.token() instanceof LongToken t ? t.value() : 0;
        return true;
      }
      if (next >= sstable.partitionCount()) return false;
      key = sstable.keyAt(next);
      token = sstable.longTokenAt(next++);
      return true;
    }
  }
}
