package io.ringsim.cql.udf.api;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Copies and text of the values a TupleValue or UDTValue holds, as the driver's codecs make and print them. */
final class Values {
  private Values() {}

  /** A copy that shares nothing mutable with {@code v}. */
  static Object copy(Object v) {
    if (v instanceof Date d) return new Date(d.getTime());
    if (v instanceof ByteBuffer b) return b.duplicate();
    if (v instanceof TupleValue t) return t.copy();
    if (v instanceof UDTValue u) return u.copy();
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object e : l) out.add(copy(e));
      return out;
    }
    if (v instanceof Set<?> s) {
      Set<Object> out = new LinkedHashSet<>();
      for (Object e : s) out.add(copy(e));
      return out;
    }
    if (v instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) out.put(copy(e.getKey()), copy(e.getValue()));
      return out;
    }
    return v;
  }

  /** The Java type of a collection value as the driver names it when no codec takes it. */
  static String javaTypeOf(Object v) {
    if (v == null) return "ANY";
    if (v instanceof Collection<?> c) {
      String outer = v instanceof Set ? "java.util.Set" : "java.util.List";
      Object first = c.isEmpty() ? null : c.iterator().next();
      return outer + "<" + (first == null ? "java.lang.Object" : javaTypeOf(first)) + ">";
    }
    if (v instanceof Map<?, ?> m) {
      Map.Entry<?, ?> first = m.isEmpty() ? null : m.entrySet().iterator().next();
      return "java.util.Map<" + (first == null ? "java.lang.Object, java.lang.Object"
          : javaTypeOf(first.getKey()) + ", " + javaTypeOf(first.getValue())) + ">";
    }
    return v.getClass().getName();
  }

  /** {@code v} of type {@code t} as the driver's codec formats it: 'text', NULL, [1,2], {a:1}, (1,'x'). */
  static String format(DriverType t, Object v) {
    // The driver formats what its getter returns, and a null collection reads back empty.
    if (v == null && (t.kind() == DriverType.Kind.LIST)) return "[]";
    if (v == null && (t.kind() == DriverType.Kind.SET || t.kind() == DriverType.Kind.MAP)) return "{}";
    if (v == null) return "NULL";
    switch (t.kind()) {
      case LIST, SET -> {
        List<String> out = new ArrayList<>();
        for (Object e : (Collection<?>) v) out.add(format(t.components().get(0), e));
        return (t.kind() == DriverType.Kind.LIST ? "[" : "{") + String.join(",", out)
            + (t.kind() == DriverType.Kind.LIST ? "]" : "}");
      }
      case MAP -> {
        List<String> out = new ArrayList<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          out.add(format(t.components().get(0), e.getKey()) + ":" + format(t.components().get(1), e.getValue()));
        }
        return "{" + String.join(",", out) + "}";
      }
      default -> {
        return formatOne(t, v);
      }
    }
  }

  private static String formatOne(DriverType t, Object v) {
    if (v instanceof String s) return "'" + s.replace("'", "''") + "'";
    if (v instanceof Date d) return Long.toString(d.getTime());
    if (v instanceof LocalDate d) return "'" + d + "'";
    if (v instanceof InetAddress a) return "'" + a.getHostAddress() + "'";
    if (v instanceof ByteBuffer b) return hex(b);
    if (v instanceof Long n && t.toString().equals("time")) return "'" + time(n) + "'";
    return v.toString();
  }

  private static String hex(ByteBuffer b) {
    StringBuilder sb = new StringBuilder("0x");
    ByteBuffer d = b.duplicate();
    while (d.hasRemaining()) sb.append(String.format("%02x", d.get()));
    return sb.toString();
  }

  /** A time of day in nanoseconds as hh:mm:ss.nnnnnnnnn. */
  private static String time(long nanos) {
    long n = nanos % 1_000_000_000L;
    long s = nanos / 1_000_000_000L;
    return String.format("%02d:%02d:%02d.%09d", s / 3600, s / 60 % 60, s % 60, n);
  }
}
