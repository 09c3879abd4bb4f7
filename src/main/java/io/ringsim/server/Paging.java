package io.ringsim.server;

import io.ringsim.cql.exec.PageCursor;
import io.ringsim.cql.exec.PagingStateException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The paging state a client gets back and sends with its next page: opaque to it, tied to the statement it came
 * from. Bytes that are no paging state are a protocol error, "Invalid value for the paging state", as Cassandra 4.1
 * answers them (asked: PagingAgainstCassandraOracle). A cursor state of another statement is taken as this one's
 * cursor, as Cassandra takes it (a row that does not fit this statement's table is refused as an invalid request with
 * the same message: {@link io.ringsim.cql.exec.ReadPager}); an offset state of another statement is refused so.
 *
 * <p>Two kinds. A cursor ({@link PageCursor}: the last row's partition key and clustering, and what LIMIT still
 * allows), for the SELECTs that page by reading from there on, as Cassandra's do. An offset, for what runs whole on
 * every page (aggregates, GROUP BY, DISTINCT, PER PARTITION LIMIT, system tables): the page starts after the last
 * row the client saw, looked for near its old position, so rows inserted or deleted before it between two pages
 * neither repeat nor skip a row; when that row itself is gone, the page resumes at the old position.
 */
record Paging(PageCursor cursor, int offset, int lastRowHash) {
  private static final byte MAGIC = 'r';
  private static final byte CURSOR = 1;
  private static final byte OFFSET = 2;
  /** How far from its old position an offset state's last row is looked for. */
  static final int SEARCH = 10_000;

  /** The state sent with {@code statement} (null: none, the first page). */
  static Paging decode(ByteBuffer state, String statement) {
    if (state == null) return null;
    ByteBuffer b = state.duplicate();
    try {
      if (b.get() != MAGIC) throw garbage();
      byte kind = b.get();
      int hash = b.getInt();
      Paging p;
      if (kind == CURSOR) {
        int remaining = b.getInt();
        byte[] key = bytes(b);
        int n = b.getInt();
        if (remaining <= 0 || key == null || n < -1 || n > b.remaining() / 4) throw garbage();
        byte[][] clustering = n < 0 ? null : new byte[n][];
        for (int i = 0; i < n; i++) {
          clustering[i] = bytes(b);
          if (clustering[i] == null) throw garbage();
        }
        p = new Paging(new PageCursor(key, clustering, remaining), 0, 0);
      } else if (kind == OFFSET) {
        p = new Paging(null, b.getInt(), b.getInt());
        if (p.offset < 0) throw garbage();
      } else {
        throw garbage();
      }
      if (b.hasRemaining()) throw garbage();
      // A cursor is a row to start after, which Cassandra takes from any statement's state (it is the same in
      // another statement of the table, differently written); an offset counts the rows of this statement only.
      if (kind == OFFSET && hash != statement.hashCode()) throw PagingStateException.invalid();
      return p;
    } catch (BufferUnderflowException e) {
      throw garbage();
    }
  }

  /** Not a paging state at all: a protocol error, as Cassandra's ProtocolException for it. */
  private static ProtocolViolation garbage() {
    return new ProtocolViolation(PagingStateException.invalid().getMessage());
  }

  private static byte[] bytes(ByteBuffer b) {
    int n = b.getInt();
    if (n < 0 || n > b.remaining()) return null;
    byte[] out = new byte[n];
    b.get(out);
    return out;
  }

  /** The state of a cursor page that stopped at {@code next}. */
  static ByteBuffer cursor(PageCursor next, String statement) {
    int size = 2 + 4 + 4 + 4 + next.partitionKey().length + 4;
    if (next.clustering() != null) for (byte[] v : next.clustering()) size += 4 + v.length;
    ByteBuffer b = ByteBuffer.allocate(size);
    b.put(MAGIC).put(CURSOR).putInt(statement.hashCode()).putInt(next.remaining());
    b.putInt(next.partitionKey().length).put(next.partitionKey());
    if (next.clustering() == null) b.putInt(-1);
    else {
      b.putInt(next.clustering().length);
      for (byte[] v : next.clustering()) b.putInt(v.length).put(v);
    }
    return b.flip();
  }

  /** Where an offset page starts in {@code rows}, each row given by its encoded values. */
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

  /** The state after an offset page that ended with {@code lastRow} at {@code end} (exclusive). */
  static ByteBuffer after(int end, String statement, List<ByteBuffer> lastRow) {
    ByteBuffer b = ByteBuffer.allocate(14);
    b.put(MAGIC).put(OFFSET).putInt(statement.hashCode()).putInt(end).putInt(lastRow.hashCode()).flip();
    return b;
  }
}
