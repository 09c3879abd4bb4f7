package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.ringsim.cluster.RequestKind;

/**
 * What a client operation in the history does. The four row operations (write, read, delete, lwt: INSERT ... IF NOT
 * EXISTS) are every workload's and a served client's; the others are those of a workload judged cell by cell. The
 * label is the name history.jsonl, the reports and the terminal use.
 */
public enum OpType {
  WRITE("write"),
  READ("read"),
  DELETE("delete"),
  LWT("lwt"),
  UPDATE("update"),
  DELETE_CELL("delete-cell"),
  DELETE_RANGE("delete-range"),
  DELETE_PARTITION("delete-partition"),
  READ_SLICE("read-slice"),
  READ_IN("read-in"),
  READ_LIMIT("read-limit"),
  READ_COLUMNS("read-columns"),
  INCREMENT("increment");

  private final String label;

  OpType(String label) {
    this.label = label;
  }

  /** The name in history.jsonl and every text ("write", "read-slice"). */
  @JsonValue
  public String label() {
    return label;
  }

  /** The label, so that a series name built by concatenation ("QUORUM write") reads as it always did. */
  @Override
  public String toString() {
    return label;
  }

  /** The type of {@code label}, as history.jsonl names it. */
  @JsonCreator
  public static OpType of(String label) {
    for (OpType t : values()) if (t.label.equals(label)) return t;
    throw new IllegalArgumentException("unknown operation type '" + label + "'");
  }

  /** The history's type of a client request of {@code kind}. */
  public static OpType of(RequestKind kind) {
    return switch (kind) {
      case WRITE -> WRITE;
      case DELETE -> DELETE;
      case READ -> READ;
      case LWT -> LWT;
    };
  }

  /** The row operation this is (write, delete, read, lwt); the cell-judged types have none. */
  public RequestKind rowKind() {
    return switch (this) {
      case WRITE -> RequestKind.WRITE;
      case DELETE -> RequestKind.DELETE;
      case READ -> RequestKind.READ;
      case LWT -> RequestKind.LWT;
      default -> throw new IllegalArgumentException(label + " is no row operation (write, delete, read, lwt)");
    };
  }

  /** Whether it only reads (read and the cell-judged reads: read-slice, read-in, read-limit, read-columns). */
  public boolean isRead() {
    return this == READ || this == READ_SLICE || this == READ_IN || this == READ_LIMIT || this == READ_COLUMNS;
  }
}
