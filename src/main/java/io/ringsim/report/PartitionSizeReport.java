package io.ringsim.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A table's partition sizes: the distribution, its percentiles, the largest partitions by key, and the size
 * guideline they are judged against.
 *
 * @param guidelineBytes Cassandra's 100 MB partition-size guideline scaled to this run's data volume
 * @param guidelineNote how the guideline was scaled, shown next to the line on the chart
 * @param histogram counts of partitions per size bucket, buckets in increasing order
 * @param largest the largest partitions, largest first
 */
public record PartitionSizeReport(
    String keyspace,
    String table,
    long partitions,
    long p50Bytes,
    long p99Bytes,
    long maxBytes,
    long guidelineBytes,
    String guidelineNote,
    List<SizeBucket> histogram,
    List<PartitionStat> largest) {
  public PartitionSizeReport {
    keyspace = Lists.text(keyspace);
    table = Lists.text(table);
    guidelineNote = Lists.text(guidelineNote);
    histogram = Lists.copy(histogram);
    largest = Lists.copy(largest);
  }

  /** Cassandra's rule of thumb: keep partitions under about 100 MB. */
  public static final long CASSANDRA_GUIDELINE_BYTES = 100L * 1024 * 1024;

  /**
   * The guideline scaled to a run that holds {@code scale} of a production data set (0.01 for a run 100 times
   * smaller), so a partition that would be too big in production is flagged in the small run too.
   */
  public static long scaledGuideline(double scale) {
    if (!(scale > 0)) throw new IllegalArgumentException("guideline scale must be positive, got " + scale);
    return Math.max(1, Math.round(CASSANDRA_GUIDELINE_BYTES * scale));
  }

  /**
   * Reduces every partition of a table to the report's figures: power-of-two size buckets from the smallest to the
   * largest partition (empty ones included, so the chart has no gaps), nearest-rank p50 and p99, and the {@code topN}
   * largest partitions (ties broken by key, so the result does not depend on the input order).
   */
  public static PartitionSizeReport from(String keyspace, String table, List<PartitionStat> all, int topN, long guidelineBytes,
      String guidelineNote) {
    long[] bytes = new long[all.size()];
    for (int i = 0; i < bytes.length; i++) bytes[i] = all.get(i).bytes();
    return from(keyspace, table, new Measured(bytes, all), topN, guidelineBytes, guidelineNote);
  }

  /**
   * The same from a table's sizes alone and the partitions that may be among the largest (a run of millions of
   * partitions keeps only their sizes, and each node its own largest few).
   */
  public static PartitionSizeReport from(String keyspace, String table, Measured m, int topN, long guidelineBytes,
      String guidelineNote) {
    long[] sorted = m.bytes().clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    List<SizeBucket> histogram = new ArrayList<>();
    if (n > 0) {
      long lo = floorPow2(sorted[0]), hi = sorted[n - 1];
      int i = 0;
      for (long from = lo; i < n; from = from == 0 ? 1 : from * 2) {
        long to = from == 0 ? 1 : from * 2;
        long count = 0;
        while (i < n && sorted[i] < to) {
          count++;
          i++;
        }
        histogram.add(new SizeBucket(from, to, count));
        if (to > hi) break;
      }
    }
    List<PartitionStat> bySize = new ArrayList<>(m.largest());
    bySize.sort(Comparator.comparingLong(PartitionStat::bytes).thenComparing(PartitionStat::key).thenComparingLong(PartitionStat::rows));
    List<PartitionStat> largest = new ArrayList<>();
    for (int i = bySize.size() - 1; i >= 0 && largest.size() < topN; i--) largest.add(bySize.get(i));
    largest.sort(Comparator.comparingLong(PartitionStat::bytes).reversed().thenComparing(PartitionStat::key).thenComparingLong(PartitionStat::rows));
    return new PartitionSizeReport(keyspace, table, n, rank(sorted, 0.50), rank(sorted, 0.99),
        n == 0 ? 0 : sorted[n - 1], guidelineBytes, guidelineNote, histogram, largest);
  }

  /** A table's partition sizes as measured: every partition's size, and the candidates for the largest list. */
  public record Measured(long[] bytes, List<PartitionStat> largest) {}

  private static long rank(long[] sorted, double q) {
    if (sorted.length == 0) return 0;
    int idx = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, idx)];
  }

  private static long floorPow2(long v) {
    return v <= 0 ? 0 : Long.highestOneBit(v);
  }

  public String qualifiedTable() {
    return keyspace + "." + table;
  }

  /** Partitions whose size is in [fromBytes, toBytes). */
  public record SizeBucket(long fromBytes, long toBytes, long partitions) {}

  /** One partition, named by its key as cqlsh would print it. */
  public record PartitionStat(String key, long bytes, long rows) {
    public PartitionStat {
      key = Lists.text(key);
    }
  }
}
