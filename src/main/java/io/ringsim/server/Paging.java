package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import java.nio.ByteBuffer;

/**
 * Paging state: where the next page starts in the statement's result, tied to the statement it came from (a state
 * sent with another statement is refused, as Cassandra refuses it).
 *
 * <p>Each page runs the statement again and skips the rows already returned, so a page sees the rows as they are
 * when it is asked for. Cassandra resumes after the last row's primary key instead; here a row inserted before the
 * cursor shifts the next page by one (a known difference, documented in docs/drivers.md).
 */
record Paging(int offset, int statementHash) {
  static Paging decode(ByteBuffer state, String statement) {
    if (state == null) return new Paging(0, statement.hashCode());
    ByteBuffer b = state.duplicate();
    if (b.remaining() != 8) throw invalid();
    Paging p = new Paging(b.getInt(), b.getInt());
    if (p.offset < 0 || p.statementHash != statement.hashCode()) throw invalid();
    return p;
  }

  ByteBuffer next(int pageSize) {
    ByteBuffer b = ByteBuffer.allocate(8);
    b.putInt(offset + pageSize).putInt(statementHash).flip();
    return b;
  }

  private static CqlException invalid() {
    return new CqlException(CqlErrorClass.InvalidRequest, "Invalid value for the paging state");
  }
}
