package io.ringsim.sim;

import io.ringsim.cluster.ConsistencyLevel;

/**
 * One client operation in the history (Jepsen style): what was asked, when it was invoked and completed (simulated
 * microseconds), how it ended, and what it wrote or saw. {@code version} is the write timestamp a write used or the
 * write timestamp a read observed (-1: no row, the key was absent). {@code retryOf}: for a served client's request
 * that looks like its driver's retry of an earlier failed request ({@link DriverRetries}), that request's id; absent
 * otherwise (a scenario workload's clients never retry). {@code nowInSec}: the coordinator's now for the operation,
 * in whole seconds of its own clock (the clock {@code version} is on, skew included), as its answer reported it: a
 * write's TTL counts from it, a read judged expiry by it; absent when not reported (an LWT, a served client's
 * request, an operation that failed, a run on a real cluster).
 */
public record OpRecord(
    long id,
    String workload,
    String table,
    int worker,
    OpType type,
    String key,
    ConsistencyLevel consistency,
    String coordinator,
    long invokeMicros,
    long completeMicros,
    OpOutcome outcome,
    String error,
    long version,
    Boolean applied,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    Long retryOf,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    Integer nowInSec) {

  /** An operation that is no retry. */
  public OpRecord(long id, String workload, String table, int worker, OpType type, String key,
      ConsistencyLevel consistency, String coordinator, long invokeMicros, long completeMicros, OpOutcome outcome,
      String error, long version, Boolean applied) {
    this(id, workload, table, worker, type, key, consistency, coordinator, invokeMicros, completeMicros, outcome,
        error, version, applied, null, null);
  }

  /** An operation whose coordinator's now is not known. */
  public OpRecord(long id, String workload, String table, int worker, OpType type, String key,
      ConsistencyLevel consistency, String coordinator, long invokeMicros, long completeMicros, OpOutcome outcome,
      String error, long version, Boolean applied, Long retryOf) {
    this(id, workload, table, worker, type, key, consistency, coordinator, invokeMicros, completeMicros, outcome,
        error, version, applied, retryOf, null);
  }

  /** The row this operation is about, across workloads: table and key. */
  public String row() {
    return table + " " + key;
  }

  public boolean ok() {
    return outcome == OpOutcome.OK;
  }

  /** The order of history.jsonl: by invocation time, then by id. */
  public static final java.util.Comparator<OpRecord> BY_INVOCATION =
      java.util.Comparator.comparingLong(OpRecord::invokeMicros).thenComparingLong(OpRecord::id);
}
