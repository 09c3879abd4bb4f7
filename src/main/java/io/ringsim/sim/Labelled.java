package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * An enum of the history and the checkers (OpType, OpOutcome, AnomalyKind) that files and texts name by a label: its
 * constant's name in lower case, words joined by '-' (READ_SLICE is "read-slice"). Jackson writes the label; each
 * enum reads it back with a {@code @JsonCreator of(String)} that calls {@link #of}, so that an unknown word is refused
 * with the type's own message.
 */
public interface Labelled {

  /** The constant's name (every enum has it). */
  String name();

  /** The name in history.jsonl, run.json, summary.json and every text ("read-slice", "stale-read"). */
  @JsonValue
  default String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The constant of {@code type} that {@code label} names.
   *
   * @param what how the error names the type ("operation type")
   */
  static <E extends Enum<E> & Labelled> E of(Class<E> type, String label, String what) {
    for (E e : type.getEnumConstants()) if (e.label().equals(label)) return e;
    throw new IllegalArgumentException("unknown " + what + " '" + label + "'");
  }
}
