package io.ringsim.storage;

import io.ringsim.ring.Token;

/**
 * What a node's LSM did on its own, for a run's trace: flushes and compactions happen inside a write (a full
 * memtable) as well as on command, so only the storage engine sees them all. The default does nothing; tracing runs
 * install one that records the events with the node's simulated time.
 */
public interface StorageEvents {
  StorageEvents NONE = new StorageEvents() { };

  /** A memtable of {@code table} became an SSTable of {@code partitions} partitions. */
  default void flushed(String table, int partitions) { }

  /** A compaction of {@code table} ran and purged {@code purgedTombstones} tombstones. */
  default void compacted(String table, long purgedTombstones) { }

  /** Whether {@link #tombstonePurged} is wanted: looking at every partition a compaction writes costs a little. */
  default boolean wantsPurges() {
    return false;
  }

  /** The compaction of {@code table} dropped at least one tombstone of the partition at {@code token}. */
  default void tombstonePurged(String table, Token token) { }
}
