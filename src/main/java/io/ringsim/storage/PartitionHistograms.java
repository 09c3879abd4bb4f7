package io.ringsim.storage;

import java.util.Arrays;
import java.util.List;

/**
 * Each distinct partition's size and cell count summed over the memtable and every SSTable holding a piece of it
 * (what tablehistograms counts), found by merging the sorted sources: no map of every key is built, and an SSTable's
 * figures come from its partitions' headers.
 */
record PartitionHistograms(long[] bytes, long[] cells) {

  static PartitionHistograms of(Memtable memtable, List<SSTable> sstables) {
    int upper = memtable.partitionCount();
    for (SSTable s : sstables) upper += s.partitionCount();
    long[] bytes = new long[upper];
    long[] cells = new long[upper];
    int n = 0;
    PartitionMerger merger = new PartitionMerger(memtable.sortedPartitions().iterator(), sstables);
    SSTableFormat.Header h = new SSTableFormat.Header();
    while (merger.next()) {
      for (int i = 0; i < merger.versionCount(); i++) {
        merger.versionHeader(i, h);
        bytes[n] += h.dataSize;
        cells[n] += h.cellCount;
      }
      n++;
    }
    return new PartitionHistograms(n == upper ? bytes : Arrays.copyOf(bytes, n),
        n == upper ? cells : Arrays.copyOf(cells, n));
  }
}
