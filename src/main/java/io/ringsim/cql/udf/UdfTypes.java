package io.ringsim.cql.udf;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
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

/**
 * The Java types Cassandra 4.1 gives a Java UDF's arguments and return value (its UDHelper / driver codecs), and
 * the conversions between them and ringsim's values: timestamp is a java.util.Date and time a Long of nanoseconds
 * there, an Instant and a LocalTime here. date, duration, tuples and user-defined types are Cassandra classes of
 * their own (LocalDate, Duration, TupleValue, UDTValue) that ringsim does not provide: {@link #javaName} refuses
 * them.
 */
public final class UdfTypes {
  private UdfTypes() {}

  /** Thrown for a type ringsim cannot hand to a Java UDF. */
  public static final class Unsupported extends RuntimeException {
    Unsupported(String type) {
      super(type);
    }
  }

  /** The Java type of a value of {@code t} in a UDF, as the generated source names it. */
  public static String javaName(CqlType t) {
    if (t instanceof ListType l) return "java.util.List<" + javaName(l.element()) + ">";
    if (t instanceof SetType s) return "java.util.Set<" + javaName(s.element()) + ">";
    if (t instanceof MapType m) return "java.util.Map<" + javaName(m.key()) + ", " + javaName(m.value()) + ">";
    return switch (t.name()) {
      case "text", "varchar", "ascii" -> "java.lang.String";
      case "int" -> "java.lang.Integer";
      case "bigint", "counter", "time" -> "java.lang.Long";
      case "smallint" -> "java.lang.Short";
      case "tinyint" -> "java.lang.Byte";
      case "boolean" -> "java.lang.Boolean";
      case "double" -> "java.lang.Double";
      case "float" -> "java.lang.Float";
      case "uuid", "timeuuid" -> "java.util.UUID";
      case "decimal" -> "java.math.BigDecimal";
      case "varint" -> "java.math.BigInteger";
      case "inet" -> "java.net.InetAddress";
      case "blob" -> "java.nio.ByteBuffer";
      case "timestamp" -> "java.util.Date";
      default -> throw new Unsupported(t.name());
    };
  }

  /** A ringsim value of {@code t} as the UDF sees it. */
  static Object toUdf(Object v, CqlType t) {
    if (v == null) return null;
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
    return switch (t.name()) {
      case "timestamp" -> Date.from((Instant) v);
      case "time" -> ((LocalTime) v).toNanoOfDay();
      case "blob" -> ((java.nio.ByteBuffer) v).duplicate();
      default -> v;
    };
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
    return switch (t.name()) {
      case "timestamp" -> ((Date) v).toInstant();
      case "time" -> LocalTime.ofNanoOfDay((Long) v);
      case "blob" -> ((java.nio.ByteBuffer) v).asReadOnlyBuffer();
      default -> v;
    };
  }
}
