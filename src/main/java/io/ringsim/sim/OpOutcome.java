package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a client operation ended, Jepsen style: answered (ok), refused or failed by the cluster (fail, with the error),
 * or no answer within the client's timeout (timeout: it may or may not have taken effect). The label is the name
 * history.jsonl, the reports and the terminal use.
 */
public enum OpOutcome {
  OK("ok"),
  FAIL("fail"),
  TIMEOUT("timeout");

  private final String label;

  OpOutcome(String label) {
    this.label = label;
  }

  /** The name in history.jsonl and every text ("ok", "fail", "timeout"). */
  @JsonValue
  public String label() {
    return label;
  }

  /** The label: a failure without an error class is counted under it in the figures. */
  @Override
  public String toString() {
    return label;
  }

  /** The outcome of {@code label}, as history.jsonl names it (the member protocol too). */
  @JsonCreator
  public static OpOutcome of(String label) {
    for (OpOutcome o : values()) if (o.label.equals(label)) return o;
    throw new IllegalArgumentException("unknown operation outcome '" + label + "'");
  }
}
