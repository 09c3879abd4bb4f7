package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * The kinds of anomaly the checkers report. The label is the name run.json, summary.json, the reports and the
 * terminal use (and the key of its words: anomaly.kind.LABEL).
 */
public enum AnomalyKind implements Labelled {
  /** A read saw something older than a write acknowledged before it began. */
  STALE_READ,
  /** A stale read by the client that made the write it missed. */
  READ_YOUR_WRITES,
  /** The final read, after the cluster was healed, saw something older than the last acknowledged write. */
  LOST_WRITE,
  /** A row's lightweight transactions (with its SERIAL reads and plain writes) are not linearizable. */
  LWT,
  /** A counter read a value no set of the increments that may have been applied adds up to. */
  COUNTER_UNEXPLAINED;

  /** The label, as every output names the kind. */
  @Override
  public String toString() {
    return label();
  }

  @JsonCreator
  public static AnomalyKind of(String label) {
    return Labelled.of(AnomalyKind.class, label, "anomaly kind");
  }
}
