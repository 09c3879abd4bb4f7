package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.ringsim.cluster.RequestKind;

/**
 * What a client operation in the history does. The four row operations (write, read, delete, lwt: INSERT ... IF NOT
 * EXISTS) are every workload's and a served client's; the others are those of a workload judged cell by cell. The
 * label is the name history.jsonl, the reports and the terminal use.
 */
public enum OpType implements Labelled {
  WRITE,
  READ,
  DELETE,
  LWT,
  UPDATE,
  DELETE_CELL,
  DELETE_RANGE,
  DELETE_PARTITION,
  READ_SLICE,
  READ_IN,
  READ_LIMIT,
  READ_COLUMNS,
  INCREMENT;

  /** The label, so that a series name built by concatenation ("QUORUM write") reads as it always did. */
  @Override
  public String toString() {
    return label();
  }

  /** The type of {@code label}, as history.jsonl names it. */
  @JsonCreator
  public static OpType of(String label) {
    return Labelled.of(OpType.class, label, "operation type");
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
      default -> throw new IllegalArgumentException(label() + " is no row operation (write, delete, read, lwt)");
    };
  }

  /** Whether it only reads (read and the cell-judged reads: read-slice, read-in, read-limit, read-columns). */
  public boolean isRead() {
    return this == READ || this == READ_SLICE || this == READ_IN || this == READ_LIMIT || this == READ_COLUMNS;
  }
}
