package io.ringsim.report;

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
public record PartitionSizes(
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
  public PartitionSizes {
    keyspace = Lists.text(keyspace);
    table = Lists.text(table);
    guidelineNote = Lists.text(guidelineNote);
    histogram = Lists.copy(histogram);
    largest = Lists.copy(largest);
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
