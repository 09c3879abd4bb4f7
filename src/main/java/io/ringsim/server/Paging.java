package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Paging state: where the next page starts in the statement's result, tied to the statement it came from (a state
 * sent with another statement is refused, as Cassandra refuses it), and the last row the client was given.
 *
 * <p>Each page runs the statement again. Like Cassandra, which resumes after the last row's primary key, a page
 * resumes after the last row the client saw: it is looked for near its old position, so rows inserted or deleted
 * before the cursor between two pages neither repeat nor skip a row. When that row itself is gone, the page resumes
 * at the old position.
 */
record Paging(int offset, int statementHash, int lastRowHash) {
  /** How far from its old position the last row is looked for (rows inserted or deleted before it meanwhile). */
  static final int SEARCH = 10_000;

  static Paging decode(ByteBuffer state, String statement) {
    if (state == null) return new Paging(0, statement.hashCode(), 0);
    ByteBuffer b = state.duplicate();
    if (b.remaining() != 12) throw invalid();
    Paging p = new Paging(b.getInt(), b.getInt(), b.getInt());
    if (p.offset < 0 || p.statementHash != statement.hashCode()) throw invalid();
    return p;
  }

  /** Where this page starts in {@code rows}, each row given by its encoded values. */
  int start(List<List<ByteBuffer>> rows) {
    if (offset == 0) return 0;
    int expected = offset - 1;
    for (int d = 0; d <= SEARCH; d++) {
      for (int j : new int[] {expected + d, expected - d}) {
        if (j >= 0 && j < rows.size() && rows.get(j).hashCode() == lastRowHash) return j + 1;
      }
    }
    return Math.min(offset, rows.size());
  }

  /** The state after a page that ended with {@code lastRow} at {@code end} (exclusive). */
  static ByteBuffer after(int end, String statement, List<ByteBuffer> lastRow) {
    ByteBuffer b = ByteBuffer.allocate(12);
    b.putInt(end).putInt(statement.hashCode()).putInt(lastRow.hashCode()).flip();
    return b;
  }

  private static CqlException invalid() {
    return new CqlException(CqlErrorClass.InvalidRequest, "Invalid value for the paging state");
  }
}
