package io.ringsim.sim;

/**
 * Why the checker left an operation (or, for LWTs, a partition) unjudged: what it cannot decide it counts here
 * instead of guessing, so that it never reports an anomaly that did not happen.
 */
public enum NotJudged {
  RANGE_SCAN("reads over a token range (scans, secondary-index and filtering reads): the model places reads of one"
      + " partition"),
  COUNTER("counter tables: a counter adds up shards, it is not last-write-wins"),
  MATERIALIZED_VIEW("reads of a materialized view: maintained asynchronously by the base table's replicas, a view"
      + " may lag its base or miss its writes"),
  UNKNOWN_TABLE("operations on a table the catalog no longer knew when they were recorded"),
  NOT_CAPTURED("writes whose mutation was never built by a coordinator (refused before it got there)"),
  DURING_SCHEMA_REMOVAL("reads concurrent with a DROP, TRUNCATE or ALTER ... DROP of their table"),
  EMPTY_PAGE("pages cut short by replicas that disagreed, before any row: they saw no region to judge"),
  TTL_NOW_UNKNOWN("reads of rows whose last write had a TTL where the write's now (neither reported nor its"
      + " timestamp known) or the read's now was not reported: whether the row had expired cannot be told"),
  FINAL_READ_FAILED("partitions whose read-back at ALL after healing failed"),
  LWT_CONDITION("LWT partitions with a condition other than IF NOT EXISTS: the linearizability check decides only"
      + " whether a row exists"),
  LWT_MULTI_ROW("LWT partitions of tables with clustering columns: the check models one row per partition"),
  LWT_MIXED("LWT partitions that also had plain writes or deletes, TTLs or a schema removal: Paxos orders only LWTs"),
  LWT_TTL("LWT rows whose writes carry a TTL where a write timed out or an operation's now was not reported: when"
      + " the row expires cannot be told"),
  LWT_SEARCH_BUDGET("LWT partitions whose operations were too many and too concurrent to search within the budget");

  private final String reason;

  NotJudged(String reason) {
    this.reason = reason;
  }

  /** What was not judged and why, as the summary says it. */
  public String reason() {
    return reason;
  }

  /** The name summary.json uses (lower case, dashes). */
  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
