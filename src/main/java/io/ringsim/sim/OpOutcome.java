package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * How a client operation ended, Jepsen style: answered (ok), refused or failed by the cluster (fail, with the error),
 * or no answer within the client's timeout (timeout: it may or may not have taken effect). The label is the name
 * history.jsonl, the reports and the terminal use.
 */
public enum OpOutcome implements Labelled {
  OK,
  FAIL,
  TIMEOUT;

  /** The label: a failure without an error class is counted under it in the figures. */
  @Override
  public String toString() {
    return label();
  }

  /** The outcome of {@code label}, as history.jsonl names it. */
  @JsonCreator
  public static OpOutcome of(String label) {
    return Labelled.of(OpOutcome.class, label, "operation outcome");
  }
}
