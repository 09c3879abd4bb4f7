package io.ringsim.storage;

import io.ringsim.ring.KeyEncoding;
import io.ringsim.schema.ColumnDef;
import java.util.List;

/**
 * The client warning of a read past {@code tombstone_warn_threshold}, in Cassandra 4.1's words (ReadCommand's
 * MetricRecording; checked against the oracle on one node): the live rows and tombstones the read counted, the read
 * as CQL ({@code SELECT * FROM ks.t WHERE k = 2 LIMIT 5000 ALLOW FILTERING}, the limit being the page's or the
 * statement's) and the partition's token. Not rendered as Cassandra does: clustering restrictions (left out here)
 * and selected columns (always {@code *} here; Cassandra names them when the read fetches fewer).
 */
final class TombstoneWarning {
  private TombstoneWarning() {}

  static String text(TableSchema schema, DecoratedKey key, ReadFilter filter, long liveRows, long tombstones) {
    String query = "SELECT * FROM " + schema.name() + " WHERE " + keyRestriction(schema, key)
        + (filter.limit() < Integer.MAX_VALUE ? " LIMIT " + filter.limit() : "") + " ALLOW FILTERING";
    if (query.length() > 512) query = query.substring(0, 512); // Cassandra's %1.512s
    return "Read " + liveRows + " live rows and " + tombstones + " tombstone cells for query " + query + "; token "
        + key.token() + " (see tombstone_warn_threshold)";
  }

  private static String keyRestriction(TableSchema schema, DecoratedKey key) {
    List<ColumnDef> pk = schema.metadata().partitionKey();
    List<byte[]> parts = pk.size() == 1 ? List.of(key.key()) : KeyEncoding.decompose(key.key(), pk.size());
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < pk.size(); i++) {
      if (i > 0) b.append(" AND ");
      ColumnDef c = pk.get(i);
      Object v = c.type().deserialize(parts.get(i));
      String s = c.type().format(v);
      boolean quoted = v instanceof String || c.type().name().matches("timestamp|date|time|inet");
      b.append(c.name()).append(" = ").append(quoted ? "'" + s.replace("'", "''") + "'" : s);
    }
    return b.toString();
  }
}
