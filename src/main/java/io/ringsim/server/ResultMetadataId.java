package io.ringsim.server;

import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The protocol-v5 {@code result_metadata_id}: Cassandra 4.1's digest of a result's columns
 * ({@code ResultSet.computeResultMetadataId}, read from its bytecode): MD5 over, per column, its name, a zero byte, its
 * type as Cassandra's marshal class prints it ({@code AbstractType.toString}), and two zero bytes. Keyspace and table
 * take no part. A driver sends the id back with each EXECUTE; when it differs from the result's, the server sends
 * the new columns and id (METADATA_CHANGED), so the id must be Cassandra's exactly for a driver's cache to agree.
 */
final class ResultMetadataId {
  private ResultMetadataId() {}

  private static final String PKG = "org.apache.cassandra.db.marshal.";
  /** CQL type names to marshal classes, as CQLTypeParser.parse(...).toString() prints them in Cassandra 4.1.10. */
  private static final Map<String, String> MARSHAL = Map.ofEntries(
      Map.entry("ascii", "AsciiType"), Map.entry("bigint", "LongType"), Map.entry("blob", "BytesType"),
      Map.entry("boolean", "BooleanType"), Map.entry("counter", "CounterColumnType"),
      Map.entry("decimal", "DecimalType"), Map.entry("double", "DoubleType"), Map.entry("float", "FloatType"),
      Map.entry("int", "Int32Type"), Map.entry("timestamp", "TimestampType"), Map.entry("uuid", "UUIDType"),
      Map.entry("text", "UTF8Type"), Map.entry("varchar", "UTF8Type"), Map.entry("varint", "IntegerType"),
      Map.entry("timeuuid", "TimeUUIDType"), Map.entry("inet", "InetAddressType"),
      Map.entry("date", "SimpleDateType"), Map.entry("time", "TimeType"), Map.entry("smallint", "ShortType"),
      Map.entry("tinyint", "ByteType"), Map.entry("duration", "DurationType"));

  /**
   * {@code reversed}: which columns Cassandra types as ReversedType (descending clustering columns selected as they
   * are, {@link io.ringsim.cql.exec.SelectColumns.Columns#reversed}); shorter than the columns (or empty): the rest
   * are not.
   */
  static byte[] of(List<ColumnSpec> columns, List<CqlType> types, List<Boolean> reversed) {
    try {
      MessageDigest md = MessageDigest.getInstance("MD5");
      for (int i = 0; i < columns.size(); i++) {
        md.update(columns.get(i).name.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        String type = marshal(types.get(i));
        if (i < reversed.size() && reversed.get(i)) type = PKG + "ReversedType(" + type + ")";
        md.update(type.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update((byte) 0);
      }
      return md.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The type as Cassandra's {@code AbstractType.toString} prints it. */
  static String marshal(CqlType t) {
    return marshal(t, false);
  }

  /** Inside a frozen collection or a tuple, nested types print without their own FrozenType. */
  private static String marshal(CqlType t, boolean insideFrozen) {
    if (t instanceof ListType l) {
      return frozen(l.frozen() && !insideFrozen, "ListType(" + marshal(l.element(), insideFrozen || l.frozen()) + ")");
    }
    if (t instanceof SetType s) {
      return frozen(s.frozen() && !insideFrozen, "SetType(" + marshal(s.element(), insideFrozen || s.frozen()) + ")");
    }
    if (t instanceof MapType m) {
      boolean in = insideFrozen || m.frozen();
      return frozen(m.frozen() && !insideFrozen,
          "MapType(" + marshal(m.key(), in) + "," + marshal(m.value(), in) + ")");
    }
    if (t instanceof TupleType tt) {
      StringBuilder b = new StringBuilder(PKG).append("TupleType(");
      for (int i = 0; i < tt.components().size(); i++) {
        if (i > 0) b.append(',');
        b.append(marshal(tt.components().get(i), true));
      }
      return b.append(')').toString();
    }
    if (t instanceof UserType u) {
      HexFormat hex = HexFormat.of();
      StringBuilder b = new StringBuilder(PKG).append("UserType(").append(u.keyspace()).append(',')
          .append(hex.formatHex(u.typeName().getBytes(StandardCharsets.UTF_8)));
      for (int i = 0; i < u.size(); i++) {
        b.append(',').append(hex.formatHex(u.fieldNames().get(i).getBytes(StandardCharsets.UTF_8))).append(':')
            .append(marshal(u.fieldTypes().get(i), true));
      }
      String s = b.append(')').toString();
      return u.frozen() && !insideFrozen ? PKG + "FrozenType(" + s + ")" : s;
    }
    String name = MARSHAL.get(t.name());
    if (name == null) throw new IllegalArgumentException("no Cassandra marshal type for " + t.name());
    return PKG + name;
  }

  private static String frozen(boolean frozen, String inner) {
    return frozen ? PKG + "FrozenType(" + PKG + inner + ")" : PKG + inner;
  }
}
