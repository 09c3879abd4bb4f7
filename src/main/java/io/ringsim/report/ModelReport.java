package io.ringsim.report;

import java.util.List;

/**
 * What {@code ringsim model} found about a scenario's data model: per table the predicted and the measured partition
 * figures, per query how Cassandra would run it, the findings and the verified suggestions. Plain data: the text,
 * JSON and HTML forms are all made from it.
 *
 * @param scale how many times the scenario's duration the figures are for
 */
public record ModelReport(
    String scenario,
    String file,
    double scale,
    long durationMillis,
    Cluster cluster,
    Limits limits,
    List<Table> tables,
    List<Query> queries,
    List<Finding> findings,
    List<Suggestion> suggestions) {

  public ModelReport {
    tables = Lists.copy(tables);
    queries = Lists.copy(queries);
    findings = Lists.copy(findings);
    suggestions = Lists.copy(suggestions);
  }

  public record Cluster(int nodes, int vnodes, String partitioner, String allocator) {}

  /** @param tombstones tombstones a read may cross before a warning, tombstoneFailure before the read fails */
  public record Limits(long partitionBytes, long partitionRows, long tombstones, long tombstoneFailure, double hotRatio,
      double skew) {}

  /** p50, p99 and max of a per-partition figure. */
  public record Spread(long p50, long p99, long max) {}

  /**
   * One side's figures for a table.
   *
   * @param partitions partitions in the table (measured: extrapolated from the sample)
   * @param rows rows in the table (stored, deleted ones too), bytes its serialized bytes (one replica's copy)
   * @param cellsPerPartition live cells: what a read of the partition returns
   * @param maxTombstonesPerRead the tombstones a read of the worst partition crosses
   * @param tombstones per partition, in all and by kind
   */
  public record Figures(long partitions, long rows, long bytes, Spread rowsPerPartition, Spread cellsPerPartition,
      Spread bytesPerPartition, long maxTombstonesPerRead, Tombstones tombstones) {}

  /**
   * Tombstones per partition (p50, p99, max) that a read of the whole partition crosses, in all and by kind:
   * deleted cells, cells whose TTL expired, row deletions, range tombstones, the partition's deletion.
   */
  public record Tombstones(Spread total, Spread cell, Spread expired, Spread row, Spread range, Spread partition) {
    public boolean any() {
      return total.max() > 0;
    }
  }

  /** How the measured figures were loaded: all the writes, or a stated sample. */
  public record Sampling(String method, double fraction, long writesGenerated, long rowsLoaded,
      long partitionsLoaded, String note) {}

  public record Partition(String key, long rows, long bytes, long writes, double writeShare, List<String> replicas) {}

  /** One node's bytes of a table, and its effective ownership of the table's keyspace. */
  public record Node(String node, double ownership, long bytes, double ofMean) {}

  /** Partitions whose serialized size is in [fromBytes, toBytes). */
  public record Bin(long fromBytes, long toBytes, long partitions) {}

  public record Table(String name, String primaryKey, int replicationFactor, List<String> workloads,
      String formula, Figures predicted, Figures measured, Sampling sampling, List<Partition> hottest,
      List<Node> nodes, double loadMaxOverMean, List<Bin> histogram) {
    public Table {
      workloads = Lists.copy(workloads);
      hottest = Lists.copy(hottest);
      nodes = Lists.copy(nodes);
      histogram = Lists.copy(histogram);
    }
  }

  /**
   * A query of the queries section as Cassandra would run it.
   *
   * @param access "single partition", "N partitions (IN)", "range scan (every partition)" or "secondary index"
   * @param needsFiltering Cassandra refuses it without ALLOW FILTERING
   * @param partitionsTouched partitions the read visits (predicted; by a secondary index, those that hold a match)
   */
  public record Query(String cql, String at, String table, String access, boolean needsFiltering, String index,
      long partitionsTouched, String error) {}

  /** A finding: its code, what it is about (a table or a query), the evidence, and the threshold it crosses. */
  public record Finding(String code, String subject, String evidence, String threshold) {}

  /** One figure before and after a suggested change. */
  public record Change(String figure, String before, String after) {}

  /**
   * A change that fixes a finding, with the CQL to make it and the model re-run on the changed schema.
   *
   * @param verified whether the re-run no longer shows the finding
   */
  public record Suggestion(String fixes, String subject, String title, List<String> cql, List<String> queries,
      List<Change> changes, boolean verified, String verdict) {
    public Suggestion {
      cql = Lists.copy(cql);
      queries = Lists.copy(queries);
      changes = Lists.copy(changes);
    }
  }
}
