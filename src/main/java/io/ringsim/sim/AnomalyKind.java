package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The kinds of anomaly the checkers report. The label is the name run.json, summary.json, the reports and the
 * terminal use (and the key of its words: anomaly.kind.LABEL).
 */
public enum AnomalyKind {
  /** A read saw something older than a write acknowledged before it began. */
  STALE_READ("stale-read"),
  /** A stale read by the client that made the write it missed. */
  READ_YOUR_WRITES("read-your-writes"),
  /** The final read, after the cluster was healed, saw something older than the last acknowledged write. */
  LOST_WRITE("lost-write"),
  /** A row's lightweight transactions (with its SERIAL reads and plain writes) are not linearizable. */
  LWT("lwt"),
  /** A counter read a value no set of the increments that may have been applied adds up to. */
  COUNTER_UNEXPLAINED("counter-unexplained");

  private final String label;

  AnomalyKind(String label) {
    this.label = label;
  }

  /** The name in run.json, summary.json and every text ("stale-read"). */
  @JsonValue
  public String label() {
    return label;
  }

  /** The label, as every output names the kind. */
  @Override
  public String toString() {
    return label;
  }

  @JsonCreator
  public static AnomalyKind of(String label) {
    for (AnomalyKind k : values()) if (k.label.equals(label)) return k;
    throw new IllegalArgumentException("unknown anomaly kind '" + label + "'");
  }
}
