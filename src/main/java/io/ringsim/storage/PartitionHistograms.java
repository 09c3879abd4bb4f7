package io.ringsim.storage;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Each distinct partition's size and cell count summed over the memtable and every SSTable holding a piece of it
 * (what tablehistograms counts), found by merging the sorted sources: no map of every key is built.
 */
record PartitionHistograms(long[] bytes, long[] cells) {

  static PartitionHistograms of(Memtable memtable, List<SSTable> sstables) {
    int upper = memtable.partitionCount();
    PriorityQueue<Cursor> queue = new PriorityQueue<>((a, b) -> a.key.compareTo(b.key));
    Cursor m = new MemtableCursor(memtable.sortedPartitions().iterator());
    if (m.advance()) queue.add(m);
    for (SSTable s : sstables) {
      upper += s.partitionCount();
      Cursor c = new SSTableCursor(s);
      if (c.advance()) queue.add(c);
    }
    long[] bytes = new long[upper];
    long[] cells = new long[upper];
    int n = 0;
    while (!queue.isEmpty()) {
      DecoratedKey key = queue.peek().key;
      while (!queue.isEmpty() && queue.peek().key.equals(key)) {
        Cursor c = queue.poll();
        bytes[n] += c.bytes;
        cells[n] += c.cells;
        if (c.advance()) queue.add(c);
      }
      n++;
    }
    return new PartitionHistograms(n == upper ? bytes : Arrays.copyOf(bytes, n), n == upper ? cells : Arrays.copyOf(cells, n));
  }

  private abstract static class Cursor {
    DecoratedKey key;
    long bytes;
    long cells;

    abstract boolean advance();
  }

  private static final class MemtableCursor extends Cursor {
    private final Iterator<Partition> it;

    MemtableCursor(Iterator<Partition> it) {
      this.it = it;
    }

    @Override
    boolean advance() {
      if (!it.hasNext()) return false;
      Partition p = it.next();
      key = p.key();
      bytes = p.dataSize();
      cells = p.cellCount();
      return true;
    }
  }

  private static final class SSTableCursor extends Cursor {
    private final SSTable s;
    private final SSTableFormat.Header h = new SSTableFormat.Header();
    private int next;

    SSTableCursor(SSTable s) {
      this.s = s;
    }

    @Override
    boolean advance() {
      if (next >= s.partitionCount()) return false;
      key = s.keyAt(next++, h);
      bytes = h.dataSize;
      cells = h.cellCount;
      return true;
    }
  }
}
