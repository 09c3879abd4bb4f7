package io.ringsim.server;

import com.datastax.oss.protocol.internal.ProtocolConstants.DataType;
import com.datastax.oss.protocol.internal.response.result.RawType;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.schema.types.CustomType;
import io.ringsim.schema.types.MarshalTypes;
import io.ringsim.schema.collection.UserType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Between ringsim's column types and values and the protocol's [option] types and [bytes] values. ringsim's types
 * already serialize as Cassandra does (the native-protocol layout, also for collections and tuples), so a value
 * goes on the wire as {@link CqlType#serialize} writes it.
 */
final class WireTypes {
  private WireTypes() {}

  private static final Map<String, Integer> IDS = Map.ofEntries(
      Map.entry("ascii", DataType.ASCII), Map.entry("bigint", DataType.BIGINT), Map.entry("blob", DataType.BLOB),
      Map.entry("boolean", DataType.BOOLEAN), Map.entry("counter", DataType.COUNTER),
      Map.entry("decimal", DataType.DECIMAL), Map.entry("double", DataType.DOUBLE),
      Map.entry("float", DataType.FLOAT), Map.entry("int", DataType.INT), Map.entry("timestamp", DataType.TIMESTAMP),
      Map.entry("uuid", DataType.UUID), Map.entry("text", DataType.VARCHAR), Map.entry("varchar", DataType.VARCHAR),
      Map.entry("varint", DataType.VARINT), Map.entry("timeuuid", DataType.TIMEUUID),
      Map.entry("inet", DataType.INET), Map.entry("date", DataType.DATE), Map.entry("time", DataType.TIME),
      Map.entry("smallint", DataType.SMALLINT), Map.entry("tinyint", DataType.TINYINT),
      Map.entry("duration", DataType.DURATION));

  private static final String LEGACY_TIMEUUID = "org.apache.cassandra.db.marshal.LegacyTimeUUIDType";

  static RawType raw(CqlType t) {
    if (t instanceof ListType l) return new RawType.RawList(raw(l.element()));
    if (t instanceof SetType s) return new RawType.RawSet(raw(s.element()));
    if (t instanceof MapType m) return new RawType.RawMap(raw(m.key()), raw(m.value()));
    if (t instanceof TupleType tt) {
      List<RawType> parts = new ArrayList<>();
      for (CqlType c : tt.components()) parts.add(raw(c));
      return new RawType.RawTuple(parts);
    }
    if (t instanceof UserType u) {
      java.util.LinkedHashMap<String, RawType> fields = new java.util.LinkedHashMap<>();
      for (int i = 0; i < u.size(); i++) fields.put(u.fieldNames().get(i), raw(u.fieldTypes().get(i)));
      return new RawType.RawUdt(u.keyspace(), u.typeName(), fields);
    }
    if (t == CqlTypes.LEGACY_TIMEUUID) return new RawType.RawCustom(LEGACY_TIMEUUID);
    // A custom type goes as [custom] with its class; drivers decode CompositeType and the like from it.
    if (t instanceof CustomType c) return new RawType.RawCustom(c.className());
    Integer id = IDS.get(t.name());
    if (id == null) throw new IllegalArgumentException("no protocol type for " + t.name());
    return RawType.PRIMITIVES.get(id);
  }

  /** The column type a [option] describes (the reverse of {@link #raw}). */
  static CqlType fromRaw(RawType r) {
    if (r instanceof RawType.RawCustom c) return c.className.equals(LEGACY_TIMEUUID) ? CqlTypes.LEGACY_TIMEUUID
        : MarshalTypes.parse(c.className);
    if (r instanceof RawType.RawList l) return new ListType(fromRaw(l.elementType), false);
    if (r instanceof RawType.RawSet s) return new SetType(fromRaw(s.elementType), false);
    if (r instanceof RawType.RawMap m) return new MapType(fromRaw(m.keyType), fromRaw(m.valueType), false);
    if (r instanceof RawType.RawTuple t) {
      List<CqlType> parts = new ArrayList<>();
      for (RawType c : t.fieldTypes) parts.add(fromRaw(c));
      return new TupleType(parts);
    }
    if (r instanceof RawType.RawUdt u) {
      List<String> names = new ArrayList<>();
      List<CqlType> types = new ArrayList<>();
      for (Map.Entry<String, RawType> f : u.fields.entrySet()) {
        names.add(f.getKey());
        types.add(fromRaw(f.getValue()));
      }
      return new UserType(u.keyspace, u.typeName, names, types, true);
    }
    for (Map.Entry<String, Integer> e : IDS.entrySet()) {
      if (e.getValue() == r.id && !e.getKey().equals("varchar")) return CqlTypes.byName(e.getKey());
    }
    throw new IllegalArgumentException("no ringsim type for protocol type " + r);
  }

  static ByteBuffer encode(CqlType t, Object value) {
    return value == null ? null : ByteBuffer.wrap(t.serialize(value));
  }

  /** A bound value from a client, decoded as the column's type would read it; an invalid one names the variable. */
  static Object decode(CqlType t, ByteBuffer bytes, String variable) {
    if (bytes == null) return null;
    byte[] b = new byte[bytes.remaining()];
    bytes.duplicate().get(b);
    // ringsim's decoding of a collection is laxer than Cassandra's in places (a null map value) and words its
    // refusals otherwise: Cassandra's checks come first.
    CompositeBytes.Refusal refused = CompositeBytes.composite(t) ? CompositeBytes.refusal(t, b) : null;
    if (refused != null) throw new CqlException(refused.serverError() ? CqlErrorClass.ServerError
        : CqlErrorClass.InvalidRequest, refused.message());
    try {
      return t.deserialize(b);
    } catch (RuntimeException e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, BoundValueErrors.message(t, b, variable, e));
    }
  }
}
