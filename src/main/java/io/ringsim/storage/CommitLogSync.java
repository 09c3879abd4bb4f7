package io.ringsim.storage;

/**
 * Cassandra's commitlog_sync modes: BATCH syncs before a write is acknowledged; PERIODIC acknowledges at once and
 * syncs every period, so a crash loses the writes of the last window.
 */
public enum CommitLogSync {
  BATCH,
  PERIODIC
}
