package io.ringsim.server;

import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.DefaultRows;
import com.datastax.oss.protocol.internal.response.result.RowsMetadata;
import io.ringsim.cql.exec.PagingStateException;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.schema.CqlType;
import io.ringsim.server.RequestExecutor.MetadataAsk;
import io.ringsim.server.RequestExecutor.Reply;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;

/**
 * A result set as a ROWS answer: its column specs, its values encoded for the wire, cut into the page the client
 * asked for with the paging state of the next, and the metadata an EXECUTE asked for (whole, skipped or changed).
 */
final class RowsReplies {
  private RowsReplies() {}

  static List<ColumnSpec> specs(ResultSet rs, String ks, String table) {
    return specs(rs.columns(), rs.types(), ks, table);
  }

  static List<ColumnSpec> specs(List<String> names, List<CqlType> types, String ks, String table) {
    List<ColumnSpec> specs = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      specs.add(new ColumnSpec(ks == null ? "" : ks, table, names.get(i), i, WireTypes.raw(types.get(i))));
    }
    return specs;
  }

  static List<List<ByteBuffer>> encode(ResultSet rs) {
    List<List<ByteBuffer>> encoded = new ArrayList<>(rs.rows().size());
    for (List<Object> row : rs.rows()) {
      List<ByteBuffer> out = new ArrayList<>(row.size());
      for (int i = 0; i < row.size(); i++) out.add(WireTypes.encode(rs.types().get(i), row.get(i)));
      encoded.add(out);
    }
    return encoded;
  }

  static Reply rows(ResultSet rs, String ks, String table, QueryOptions o, String key, MetadataAsk ask) {
    return rows(rs, ks, table, o, key, ask, false);
  }

  /**
   * A whole result, cut into pages by offset when the client pages. As Cassandra, a full page gets a paging state
   * (the next may be empty) unless the rows stopped at the statement's LIMIT ({@code atLimit}) and this is the end.
   */
  static Reply rows(ResultSet rs, String ks, String table, QueryOptions o, String key, MetadataAsk ask,
      boolean atLimit) {
    Paging p = Paging.decode(o.pagingState, key);
    if (p != null && p.cursor() != null) throw PagingStateException.invalid();
    List<List<ByteBuffer>> encoded = encode(rs);
    int total = encoded.size();
    int from = p == null ? 0 : p.start(encoded);
    int size = o.pageSize > 0 ? o.pageSize : Integer.MAX_VALUE;
    int to = (int) Math.min((long) from + size, total);
    boolean more = to < total || (o.pageSize > 0 && to - from == size && !atLimit);
    ByteBuffer next = more && to > from ? Paging.after(to, key, encoded.get(to - 1)) : null;
    return reply(rs, encoded.subList(from, to), ks, table, next, ask);
  }

  /**
   * The rows' metadata as Cassandra 4.1's ExecuteMessage decides it (read from its bytecode, behaviour checked
   * against it): in v5 an unconditional statement's columns that differ from those the client holds come back
   * whole with their new id (METADATA_CHANGED), whether or not it asked to skip them (the Python driver never asks);
   * the same columns are left out when asked. Before v5, they are left out when asked and still those PREPARED
   * announced, else sent whole (a SELECT * after ALTER TABLE ADD).
   */
  private static RowsMetadata metadata(List<ColumnSpec> specs, List<CqlType> types, ByteBuffer next,
      MetadataAsk ask) {
    RowsMetadata whole = new RowsMetadata(specs, next, new int[0], null);
    if (!ask.execute()) return whole;
    byte[] current = ResultMetadataId.of(specs, types, ask.reversed());
    RowsMetadata skipped = new RowsMetadata(specs.size(), next, new int[0], null);
    if (ask.clientId() != null) {
      if (ask.conditional()) return whole;
      if (!Arrays.equals(ask.clientId(), current)) return new RowsMetadata(specs, next, new int[0], current);
      return ask.skip() ? skipped : whole;
    }
    return ask.skip() && Arrays.equals(ask.preparedId(), current) ? skipped : whole;
  }

  static Reply reply(ResultSet rs, List<List<ByteBuffer>> page, String ks, String table, ByteBuffer next,
      MetadataAsk ask) {
    List<ColumnSpec> specs = specs(rs, ks, table);
    RowsMetadata md = metadata(specs, rs.types(), next, ask);
    Queue<List<ByteBuffer>> data = new ArrayDeque<>(page);
    return new Reply(new DefaultRows(md, data), rs.warnings());
  }
}
