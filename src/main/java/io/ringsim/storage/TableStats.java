package io.ringsim.storage;

import java.util.List;

/**
 * A table's storage figures on one node, as nodetool tablestats and tablehistograms show them. Sizes are bytes;
 * the histograms are percentiles (p50, p75, p95, p98, p99, max) of partition size and cells per partition.
 */
public record TableStats(
    String table,
    long liveBytes,
    long memtableBytes,
    long partitions,
    long rows,
    int sstableCount,
    List<Long> sstableBytes,
    List<Integer> sstableLevels,
    Percentiles partitionBytes,
    Percentiles cellsPerPartition,
    long writes,
    long reads,
    long flushes,
    long compactions,
    double writeAmplification,
    double readAmplification,
    int maxSSTablesPerRead,
    long bloomFilterPositives,
    long bloomFilterFalsePositives,
    double bloomFilterFalsePositiveRatio,
    long tombstonesScanned,
    long maxTombstonesPerRead,
    long tombstoneWarnings,
    long tombstoneFailures,
    long tombstonesPurged) {

  public TableStats {
    sstableBytes = List.copyOf(sstableBytes);
    sstableLevels = List.copyOf(sstableLevels);
  }

  /** Percentiles as tablehistograms prints them. */
  public record Percentiles(long p50, long p75, long p95, long p98, long p99, long min, long max) {
    public static final Percentiles EMPTY = new Percentiles(0, 0, 0, 0, 0, 0, 0);

    public static Percentiles of(long[] values) {
      if (values.length == 0) return EMPTY;
      long[] v = values.clone();
      java.util.Arrays.sort(v);
      return new Percentiles(at(v, 0.50), at(v, 0.75), at(v, 0.95), at(v, 0.98), at(v, 0.99), v[0], v[v.length - 1]);
    }

    private static long at(long[] sorted, double q) {
      int i = (int) Math.ceil(q * sorted.length) - 1;
      return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
  }
}
