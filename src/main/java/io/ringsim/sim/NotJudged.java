package io.ringsim.sim;

/**
 * Why the checker left an operation (or, for LWTs, a partition) unjudged: what it cannot decide it counts here
 * instead of guessing, so that it never reports an anomaly that did not happen.
 */
public enum NotJudged {
  RANGE_SCAN,
  RANGE_SCAN_MISSING,
  COUNTER,
  MATERIALIZED_VIEW,
  UNKNOWN_TABLE,
  NOT_CAPTURED,
  DURING_SCHEMA_REMOVAL,
  EMPTY_PAGE,
  TTL_NOW_UNKNOWN,
  FINAL_READ_FAILED,
  LWT_CONDITION,
  LWT_MULTI_ROW,
  LWT_MIXED,
  LWT_COLLECTION,
  LWT_EFFECT_UNKNOWN,
  LWT_TTL,
  LWT_SEARCH_BUDGET,
  LWT_MIXED_TIMESTAMP,
  COUNTER_DELETED,
  COUNTER_EFFECT_UNKNOWN;

  /** What was not judged and why, as the summary says it: its say.not-judged.* label in English. */
  public String reason() {
    return Say.EN.get("say.not-judged." + key());
  }

  /** The name summary.json uses (lower case, dashes). */
  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
