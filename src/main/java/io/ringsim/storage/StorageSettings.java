package io.ringsim.storage;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Per-node storage knobs with Cassandra's defaults where Cassandra has one. {@code memtableFlushBytes} is small by
 * default because simulated nodes hold little data; {@code maxValueBytes} caps values far below Cassandra's 2 GiB
 * so one bad write cannot exhaust the simulator's heap: 16 MiB by default, the largest mutation Cassandra's default
 * commit log takes (max_mutation_size, half of commitlog_segment_size), so no value Cassandra writes is refused.
 * {@code costOverrides}: the {@link ServiceCosts} a scenario sets over the configuration's (--set
 * cluster.cost.NAME=DURATION).
 */
public record StorageSettings(
    long memtableFlushBytes,
    CommitLogSync commitLogSync,
    long commitLogSyncPeriodMillis,
    int tombstoneWarnThreshold,
    int tombstoneFailureThreshold,
    int maxKeyBytes,
    int maxValueBytes,
    Map<ServiceCosts.Kind, Long> costOverrides) {

  public static final StorageSettings DEFAULTS =
      new StorageSettings(4L << 20, CommitLogSync.PERIODIC, 10_000, 1_000, 100_000, 65_535, 16 << 20, Map.of());

  public StorageSettings {
    costOverrides = Collections.unmodifiableMap(new EnumMap<>(costOverrides.isEmpty()
        ? new EnumMap<ServiceCosts.Kind, Long>(ServiceCosts.Kind.class) : costOverrides));
    if (memtableFlushBytes <= 0) throw new IllegalArgumentException("memtable flush size must be positive");
    if (commitLogSyncPeriodMillis < 0) throw new IllegalArgumentException("commit log sync period must be >= 0");
    if (tombstoneWarnThreshold <= 0 || tombstoneFailureThreshold < tombstoneWarnThreshold)
      throw new IllegalArgumentException("tombstone thresholds must satisfy 0 < warn <= failure");
  }

  public StorageSettings withMemtableFlushBytes(long b) {
    return new StorageSettings(b, commitLogSync, commitLogSyncPeriodMillis, tombstoneWarnThreshold,
        tombstoneFailureThreshold, maxKeyBytes, maxValueBytes, costOverrides);
  }

  public StorageSettings withCommitLog(CommitLogSync mode, long periodMillis) {
    return new StorageSettings(memtableFlushBytes, mode, periodMillis, tombstoneWarnThreshold,
        tombstoneFailureThreshold, maxKeyBytes, maxValueBytes, costOverrides);
  }

  public StorageSettings withTombstoneThresholds(int warn, int fail) {
    return new StorageSettings(memtableFlushBytes, commitLogSync, commitLogSyncPeriodMillis, warn, fail,
        maxKeyBytes, maxValueBytes, costOverrides);
  }

  /** These settings with the cost of {@code kind} set to {@code nanos} over the configuration's (--set). */
  public StorageSettings withCost(ServiceCosts.Kind kind, long nanos) {
    if (nanos < 0) throw new IllegalArgumentException("a cost cannot be negative");
    EnumMap<ServiceCosts.Kind, Long> m = new EnumMap<>(ServiceCosts.Kind.class);
    m.putAll(costOverrides);
    m.put(kind, nanos);
    return new StorageSettings(memtableFlushBytes, commitLogSync, commitLogSyncPeriodMillis, tombstoneWarnThreshold,
        tombstoneFailureThreshold, maxKeyBytes, maxValueBytes, m);
  }

  public StorageSettings withMaxValueBytes(int b) {
    return new StorageSettings(memtableFlushBytes, commitLogSync, commitLogSyncPeriodMillis, tombstoneWarnThreshold,
        tombstoneFailureThreshold, maxKeyBytes, b, costOverrides);
  }
}
