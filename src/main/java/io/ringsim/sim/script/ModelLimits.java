package io.ringsim.sim.script;

/**
 * The thresholds {@code ringsim model} judges a data model by, from the scenario's {@code model} section (or the
 * command's options). Defaults are Cassandra 4.1's: compaction_large_partition_warning_threshold 100 MiB and
 * tombstone_warn_threshold 1000; 100,000 rows per partition is the usual data-modelling guideline.
 *
 * @param partitionBytes LARGE_PARTITION: a partition bigger than this many serialized bytes
 * @param partitionRows LARGE_PARTITION: a partition with more rows than this
 * @param tombstones TOMBSTONE_RISK: a read of one partition crossing more tombstones than this (Cassandra warns)
 * @param tombstoneFailure TOMBSTONE_RISK: a read crossing more than this fails (tombstone_failure_threshold 100,000)
 * @param hotRatio HOT_PARTITION: a partition taking this many times the mean partition's share of the writes
 * @param skew SKEWED_LOAD: the most loaded node holding this many times the mean node's bytes
 */
public record ModelLimits(long partitionBytes, long partitionRows, long tombstones, long tombstoneFailure,
    double hotRatio, double skew) {
  public static final ModelLimits DEFAULTS = new ModelLimits(100L << 20, 100_000, 1000, 100_000, 10.0, 1.5);

  /** The setting names of the model section, as a user writes them. */
  public static final String KNOWN = "partition_size_warn SIZE, rows_per_partition N, tombstone_warn N,"
      + " tombstone_failure N, hot_ratio X, skew X";

  public ModelLimits with(String name, double value) {
    boolean count = name.equals("partition_size_warn") || name.equals("rows_per_partition")
        || name.equals("tombstone_warn") || name.equals("tombstone_failure");
    // A count of bytes, rows or tombstones has no fraction: 0.5 rows would silently become 0.
    if (count && value != Math.rint(value)) {
      throw new IllegalArgumentException(name + " is a count: a whole number, got " + ScenarioWriter.decimal(value));
    }
    return switch (name) {
      case "partition_size_warn" -> new ModelLimits((long) value, partitionRows, tombstones, tombstoneFailure,
          hotRatio, skew);
      case "rows_per_partition" -> new ModelLimits(partitionBytes, (long) value, tombstones, tombstoneFailure,
          hotRatio, skew);
      case "tombstone_warn" -> new ModelLimits(partitionBytes, partitionRows, (long) value, tombstoneFailure,
          hotRatio, skew);
      case "tombstone_failure" -> new ModelLimits(partitionBytes, partitionRows, tombstones, (long) value, hotRatio,
          skew);
      case "hot_ratio" -> new ModelLimits(partitionBytes, partitionRows, tombstones, tombstoneFailure, value, skew);
      case "skew" -> new ModelLimits(partitionBytes, partitionRows, tombstones, tombstoneFailure, hotRatio, value);
      default -> throw new IllegalArgumentException("unknown model setting '" + name + "' (" + KNOWN + ")");
    };
  }
}
