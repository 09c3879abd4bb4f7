package io.ringsim.cql;

import java.util.List;

/**
 * One statement's answer as a client sees it: {@code kind} is "ok" or the error class, {@code columns} the result
 * column names, {@code rows} the values rendered as text, {@code message} the error message (null on success).
 * Two answers agree when kind, columns and rows are equal, in order; the message is a softer score, compared apart,
 * as CqlConformanceTest does.
 */
public record CqlAnswer(String kind, List<String> columns, List<List<String>> rows, String message) {
  public static CqlAnswer ok(List<String> columns, List<List<String>> rows) {
    return new CqlAnswer("ok", List.copyOf(columns), List.copyOf(rows), null);
  }

  public static CqlAnswer error(String kind, String message) {
    return new CqlAnswer(kind, List.of(), List.of(), message);
  }

  public boolean isOk() {
    return kind.equals("ok");
  }

  public boolean agrees(CqlAnswer other) {
    return kind.equals(other.kind) && columns.equals(other.columns) && rows.equals(other.rows);
  }

  /** Whether both are errors of one class with word-for-word the same message. */
  public boolean sameMessage(CqlAnswer other) {
    return !isOk() && kind.equals(other.kind) && String.valueOf(message).equals(String.valueOf(other.message));
  }

  /** The same answer with {@code from} replaced by {@code to} in its message (a keyspace renamed back). */
  public CqlAnswer withMessageRenamed(String from, String to) {
    return message == null ? this : new CqlAnswer(kind, columns, rows, message.replace(from, to));
  }

  @Override
  public String toString() {
    if (!isOk()) return kind + ": " + message;
    StringBuilder sb = new StringBuilder("ok");
    if (!columns.isEmpty()) sb.append(' ').append(columns);
    for (List<String> r : rows) sb.append(' ').append(r);
    return sb.toString();
  }
}
