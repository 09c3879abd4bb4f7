package io.ringsim.storage;

/**
 * Per-node storage knobs with Cassandra's defaults where Cassandra has one. {@code memtableFlushBytes} is small by
 * default because simulated nodes hold little data; {@code maxValueBytes} caps values far below Cassandra's 2 GiB
 * so one bad write cannot exhaust the simulator's heap.
 */
public record StorageSettings(
    long memtableFlushBytes,
    CommitLogSync commitLogSync,
    long commitLogSyncPeriodMillis,
    int tombstoneWarnThreshold,
    int tombstoneFailureThreshold,
    int maxKeyBytes,
    int maxValueBytes) {

  public static final StorageSettings DEFAULTS =
      new StorageSettings(4L << 20, CommitLogSync.PERIODIC, 10_000, 1_000, 100_000, 65_535, 1 << 20);

  public StorageSettings {
    if (memtableFlushBytes <= 0) throw new IllegalArgumentException("memtable flush size must be positive");
    if (commitLogSyncPeriodMillis < 0) throw new IllegalArgumentException("commit log sync period must be >= 0");
    if (tombstoneWarnThreshold <= 0 || tombstoneFailureThreshold < tombstoneWarnThreshold)
      throw new IllegalArgumentException("tombstone thresholds must satisfy 0 < warn <= failure");
  }

  public StorageSettings withMemtableFlushBytes(long b) {
    return new StorageSettings(b, commitLogSync, commitLogSyncPeriodMillis, tombstoneWarnThreshold,
        tombstoneFailureThreshold, maxKeyBytes, maxValueBytes);
  }

  public StorageSettings withCommitLog(CommitLogSync mode, long periodMillis) {
    return new StorageSettings(memtableFlushBytes, mode, periodMillis, tombstoneWarnThreshold,
        tombstoneFailureThreshold, maxKeyBytes, maxValueBytes);
  }

  public StorageSettings withTombstoneThresholds(int warn, int fail) {
    return new StorageSettings(memtableFlushBytes, commitLogSync, commitLogSyncPeriodMillis, warn, fail,
        maxKeyBytes, maxValueBytes);
  }

  public StorageSettings withMaxValueBytes(int b) {
    return new StorageSettings(memtableFlushBytes, commitLogSync, commitLogSyncPeriodMillis, tombstoneWarnThreshold,
        tombstoneFailureThreshold, maxKeyBytes, b);
  }
}
