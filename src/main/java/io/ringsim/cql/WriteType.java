package io.ringsim.cql;

/**
 * The kind of write a WRITE_TIMEOUT or WRITE_FAILURE names, as Cassandra's {@code WriteType} does: drivers' retry
 * policies decide on it (a CAS timeout is not retried as a plain write would be).
 */
public enum WriteType {
  SIMPLE, BATCH, UNLOGGED_BATCH, COUNTER, BATCH_LOG, CAS, VIEW, CDC
}
