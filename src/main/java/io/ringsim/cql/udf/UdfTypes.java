package io.ringsim.cql.udf;

import io.ringsim.cql.udf.api.DriverType;
import io.ringsim.cql.udf.api.Duration;
import io.ringsim.cql.udf.api.LocalDate;
import io.ringsim.cql.udf.api.TupleValue;
import io.ringsim.cql.udf.api.UDTValue;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import io.ringsim.schema.types.CqlDuration;
import io.ringsim.schema.types.CustomType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.UUID;

/**
 * The Java types Cassandra 4.1 gives a Java UDF's arguments and return value (its UDHelper and the driver codecs
 * it copies), and the conversions between them and ringsim's values: timestamp is a java.util.Date and time a Long
 * of nanoseconds there, an Instant and a LocalTime here; date, duration, tuples and user types are the value
 * classes of {@link io.ringsim.cql.udf.api}; a custom type (a marshal class in quotes) is a ByteBuffer.
 */
public final class UdfTypes {
  private UdfTypes() {}

  /** Thrown for a type ringsim cannot hand to a Java UDF. */
  public static final class Unsupported extends RuntimeException {
    Unsupported(String type) {
      super(type);
    }
  }

  /** The Java class of a native type's values in a UDF, or null for a type that is not native. */
  private static Class<?> nativeClass(String name) {
    return switch (name) {
      case "text", "varchar", "ascii" -> String.class;
      case "int" -> Integer.class;
      case "bigint", "counter", "time" -> Long.class;
      case "smallint" -> Short.class;
      case "tinyint" -> Byte.class;
      case "boolean" -> Boolean.class;
      case "double" -> Double.class;
      case "float" -> Float.class;
      case "uuid", "timeuuid" -> UUID.class;
      case "decimal" -> BigDecimal.class;
      case "varint" -> BigInteger.class;
      case "inet" -> InetAddress.class;
      case "blob" -> ByteBuffer.class;
      case "timestamp" -> Date.class;
      case "date" -> LocalDate.class;
      case "duration" -> Duration.class;
      default -> null;
    };
  }

  /** {@code t} as the value classes describe it (the driver's DataType). */
  public static DriverType driverType(CqlType t) {
    if (t instanceof ListType l) return DriverType.list(driverType(l.element()), l.frozen());
    if (t instanceof SetType s) return DriverType.set(driverType(s.element()), s.frozen());
    if (t instanceof MapType m) return DriverType.map(driverType(m.key()), driverType(m.value()), m.frozen());
    if (t instanceof TupleType tt) {
      List<DriverType> cs = new ArrayList<>();
      for (CqlType c : tt.components()) cs.add(driverType(c));
      return DriverType.tuple(cs);
    }
    if (t instanceof UserType u) {
      List<DriverType> fs = new ArrayList<>();
      for (CqlType c : u.fieldTypes()) fs.add(driverType(c));
      return DriverType.udt(UserType.quoteIfNeeded(u.keyspace()) + "." + u.cqlName(), u.fieldNames(), fs,
          u.frozen());
    }
    // A custom type (a marshal class in quotes) reaches the body as its bytes, as the driver's custom codec gives it.
    if (t instanceof CustomType) return DriverType.nativeType(t.name(), ByteBuffer.class);
    Class<?> c = nativeClass(t.name());
    if (c == null) throw new Unsupported(t.name());
    return DriverType.nativeType(t.name().equals("varchar") ? "text" : t.name(), c);
  }

  /** The Java type of a value of {@code t} in a UDF, as the generated source names it. */
  public static String javaName(CqlType t) {
    if (t instanceof ListType l) return "java.util.List<" + javaName(l.element()) + ">";
    if (t instanceof SetType s) return "java.util.Set<" + javaName(s.element()) + ">";
    if (t instanceof MapType m) return "java.util.Map<" + javaName(m.key()) + ", " + javaName(m.value()) + ">";
    return driverType(t).javaClass().getName();
  }

  /**
   * An argument's Java type: as {@link #javaName}, except that a function that RETURNS NULL ON NULL INPUT gets
   * int, long, ... for the boxed number and boolean types, as Cassandra's UDHelper.typeTokens gives it.
   */
  static String argumentName(CqlType t, boolean calledOnNullInput) {
    String n = javaName(t);
    if (calledOnNullInput) return n;
    return switch (n) {
      case "java.lang.Integer" -> "int";
      case "java.lang.Long" -> "long";
      case "java.lang.Byte" -> "byte";
      case "java.lang.Short" -> "short";
      case "java.lang.Float" -> "float";
      case "java.lang.Double" -> "double";
      case "java.lang.Boolean" -> "boolean";
      default -> n;
    };
  }

  /**
   * A ringsim value of {@code t} as the UDF sees it. An empty value (blobAsInt(0x)) is null to it, as the driver's
   * codecs through which Cassandra hands arguments over read zero bytes.
   */
  static Object toUdf(Object v, CqlType t) {
    if (v == null || io.ringsim.schema.EmptyValue.is(v)) return null;
    if (t instanceof ListType l) {
      List<Object> out = new ArrayList<>();
      for (Object e : (Collection<?>) v) out.add(toUdf(e, l.element()));
      return out;
    }
    if (t instanceof SetType s) {
      java.util.Set<Object> out = new java.util.LinkedHashSet<>();
      for (Object e : (Collection<?>) v) out.add(toUdf(e, s.element()));
      return out;
    }
    if (t instanceof MapType m) {
      Map<Object, Object> out = new java.util.LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.put(toUdf(e.getKey(), m.key()), toUdf(e.getValue(), m.value()));
      }
      return out;
    }
    if (t instanceof TupleType tt) return fill(driverType(t).newTupleValue(), (List<?>) v, tt.components());
    if (t instanceof UserType u) return fill(driverType(t).newUDTValue(), (List<?>) v, u.fieldTypes());
    if (t instanceof CustomType) return ((ByteBuffer) v).duplicate();
    return switch (t.name()) {
      case "timestamp" -> Date.from((Instant) v);
      case "time" -> ((LocalTime) v).toNanoOfDay();
      case "blob" -> ((ByteBuffer) v).duplicate();
      case "date" -> LocalDate.fromDaysSinceEpoch(Math.toIntExact(((java.time.LocalDate) v).toEpochDay()));
      case "duration" -> {
        CqlDuration d = (CqlDuration) v;
        yield Duration.newInstance(d.months(), d.days(), d.nanoseconds());
      }
      default -> v;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <T> T fill(T value, List<?> fields, List<CqlType> types) {
    for (int i = 0; i < types.size(); i++) {
      Object f = i < fields.size() ? toUdf(fields.get(i), types.get(i)) : null;
      if (f == null) continue;
      Class c = driverType(types.get(i)).javaClass();
      if (value instanceof TupleValue tv) tv.set(i, f, c);
      else ((UDTValue) value).set(i, f, c);
    }
    return value;
  }

  /** What a UDF returned, as a ringsim value of {@code t}. */
  static Object fromUdf(Object v, CqlType t) {
    if (v == null) return null;
    if (t instanceof ListType l) {
      List<Object> out = new ArrayList<>();
      for (Object e : (Collection<?>) v) out.add(fromUdf(e, l.element()));
      return Collections.unmodifiableList(out);
    }
    if (t instanceof SetType s) {
      NavigableSet<Object> out = s.newSet();
      for (Object e : (Collection<?>) v) out.add(fromUdf(e, s.element()));
      return Collections.unmodifiableNavigableSet(out);
    }
    if (t instanceof MapType m) {
      NavigableMap<Object, Object> out = m.newMap();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.put(fromUdf(e.getKey(), m.key()), fromUdf(e.getValue(), m.value()));
      }
      return Collections.unmodifiableNavigableMap(out);
    }
    if (t instanceof TupleType tt) {
      TupleValue tv = (TupleValue) v;
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < tt.components().size(); i++) {
        out.add(tv.isNull(i) ? null : fromUdf(tv.getObject(i), tt.components().get(i)));
      }
      return Collections.unmodifiableList(out);
    }
    if (t instanceof UserType u) {
      UDTValue uv = (UDTValue) v;
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < u.fieldTypes().size(); i++) {
        out.add(uv.isNull(i) ? null : fromUdf(uv.getObject(i), u.fieldTypes().get(i)));
      }
      return Collections.unmodifiableList(out);
    }
    if (t instanceof CustomType) return ((ByteBuffer) v).asReadOnlyBuffer();
    return switch (t.name()) {
      case "timestamp" -> ((Date) v).toInstant();
      case "time" -> LocalTime.ofNanoOfDay((Long) v);
      case "blob" -> ((ByteBuffer) v).asReadOnlyBuffer();
      case "date" -> java.time.LocalDate.ofEpochDay(((LocalDate) v).getDaysSinceEpoch());
      case "duration" -> {
        Duration d = (Duration) v;
        yield new CqlDuration(d.getMonths(), d.getDays(), d.getNanoseconds());
      }
      default -> v;
    };
  }
}
