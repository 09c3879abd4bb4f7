package io.ringsim.cql.exec;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;

/**
 * Values as Cassandra's JSON support writes and reads them (SELECT JSON, INSERT JSON): numbers and booleans bare,
 * everything else as a JSON string in the type's CQL text form (a timestamp as "2014-01-01 00:00:00.000Z", a blob as
 * "0x00ff"), lists, sets and tuples as arrays, maps as objects whose keys are strings, an empty collection as null.
 */
final class CqlJson {
  private CqlJson() {}

  static final ObjectMapper MAPPER = new ObjectMapper();
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  /** A JSON string literal, escaped as Jackson (and so Cassandra) escapes it. */
  static String quote(String s) {
    return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
  }

  /** The JSON text of a value of type {@code t} (null for null). */
  static String write(CqlType t, Object v) {
    if (v == null) return "null";
    if (t instanceof io.ringsim.schema.types.CustomType c) {
      try {
        return c.jsonText(v);
      } catch (UnsupportedOperationException e) {
        throw CqlException.serverError(e);
      }
    }
    if (io.ringsim.schema.EmptyValue.is(v)) {
      // Int32Type.toJSONString writes an empty value as ""; BooleanType's fails on it, as SERVER_ERROR.
      if (t.name().equals("boolean")) {
        throw new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.ServerError, "java.lang.NullPointerException:"
            + " Cannot invoke \"java.lang.Boolean.toString()\" because the return value of \"org.apache.cassandra."
            + "serializers.TypeSerializer.deserialize(java.nio.ByteBuffer)\" is null");
      }
      return "\"\"";
    }
    if (t instanceof ListType lt) return array(lt.element(), (Collection<?>) v);
    if (t instanceof SetType st) return array(st.element(), (Collection<?>) v);
    if (t instanceof TupleType tt) {
      List<?> l = (List<?>) v;
      // Cassandra 4.1's TupleType.toJSONString reads every declared component and fails on a tuple stored short.
      if (l.size() < tt.components().size())
        throw new CqlException(io.ringsim.cql.CqlErrorClass.ServerError, "java.lang.IndexOutOfBoundsException");
      StringBuilder sb = new StringBuilder("[");
      for (int i = 0; i < tt.components().size(); i++) {
        if (i > 0) sb.append(", ");
        sb.append(write(tt.components().get(i), i < l.size() ? l.get(i) : null));
      }
      return sb.append(']').toString();
    }
    if (t instanceof UserType ut) {
      // Cassandra's UserType.toJSONString: the fields in order, a case-sensitive name quoted inside the key.
      List<?> l = (List<?>) v;
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < ut.size(); i++) {
        if (i > 0) sb.append(", ");
        sb.append(quote(UserType.quoteIfNeeded(ut.fieldNames().get(i)))).append(": ")
            .append(write(ut.fieldTypes().get(i), i < l.size() ? l.get(i) : null));
      }
      return sb.append('}').toString();
    }
    if (t instanceof MapType mt) {
      Map<?, ?> m = (Map<?, ?>) v;
      if (m.isEmpty()) return "null";
      StringBuilder sb = new StringBuilder("{");
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) sb.append(", ");
        first = false;
        String key = write(mt.key(), e.getKey());
        // JSON keys are strings: a key that is not already one is written as the string of its JSON form.
        sb.append(key.startsWith("\"") ? key : quote(key)).append(": ").append(write(mt.value(), e.getValue()));
      }
      return sb.append('}').toString();
    }
    return switch (t.name()) {
      case "int", "bigint", "smallint", "tinyint", "varint", "counter", "boolean" -> String.valueOf(v);
      case "decimal" -> ((BigDecimal) v).toString();
      case "double", "float" -> {
        double d = ((Number) v).doubleValue();
        // JSON has no NaN or infinities: Cassandra writes them as null (DoubleType/FloatType.toJSONString).
        yield Double.isNaN(d) || Double.isInfinite(d) ? "null" : String.valueOf(v);
      }
      case "timestamp" -> quote(TIMESTAMP.format((Instant) v));
      case "blob" -> quote("0x" + HexFormat.of().formatHex(bytes((ByteBuffer) v)));
      case "inet" -> quote(((InetAddress) v).getHostAddress());
      case "text", "ascii" -> quote((String) v);
      default -> quote(t.format(v));
    };
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  private static String array(CqlType element, Collection<?> c) {
    if (c.isEmpty()) return "null";
    StringBuilder sb = new StringBuilder("[");
    boolean first = true;
    for (Object o : c) {
      if (!first) sb.append(", ");
      first = false;
      sb.append(write(element, o));
    }
    return sb.append(']').toString();
  }

  /** The value of JSON {@code n} for a column of type {@code t}; errors name the column as Cassandra's do. */
  static Object read(CqlType t, JsonNode n, String column) {
    // These types' fromString reads "" as their empty value (BooleanType's as false), and fromJSONObject takes a
    // string through fromString. Only a column's own value is read so here: inside a collection, tuple or user type
    // "" stays refused (not compared with Cassandra).
    if (n != null && n.isTextual() && n.asText().isEmpty() && EMPTY_FROM_STRING.contains(t.name())) {
      return t.name().equals("boolean") ? Boolean.FALSE : io.ringsim.schema.EmptyValue.INSTANCE;
    }
    try {
      return value(t, n);
    } catch (IllegalArgumentException e) {
      throw invalid("Error decoding JSON value for " + column + ": " + e.getMessage());
    }
  }

  private static Object value(CqlType t, JsonNode n) {
    if (n == null || n.isNull()) return null;
    // Cassandra's custom types have no fromJSONObject: its UnsupportedOperationException is a server error.
    if (t instanceof io.ringsim.schema.types.CustomType) throw CqlException.serverError(new UnsupportedOperationException());
    if (t instanceof ListType lt) {
      List<Object> out = new ArrayList<>();
      for (JsonNode e : elements(t, n)) {
        Object v = value(lt.element(), e);
        if (v == null) throw new IllegalArgumentException("Invalid null element in list");
        out.add(v);
      }
      return Collections.unmodifiableList(out);
    }
    if (t instanceof SetType st) {
      NavigableSet<Object> out = st.newSet();
      for (JsonNode e : elements(t, n)) out.add(nonNull(value(st.element(), e)));
      return Collections.unmodifiableNavigableSet(out);
    }
    if (t instanceof TupleType tt) {
      List<JsonNode> es = elements(t, n);
      // Cassandra quotes the decoded list as Java prints it: [six], not ["six"].
      if (es.size() > tt.components().size()) throw new IllegalArgumentException("Tuple contains extra items"
          + " (expected " + tt.components().size() + "): " + javaText(n));
      if (es.size() < tt.components().size()) throw new IllegalArgumentException("Tuple is missing items"
          + " (expected " + tt.components().size() + "): " + javaText(n));
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < es.size(); i++) out.add(value(tt.components().get(i), es.get(i)));
      return Collections.unmodifiableList(out);
    }
    if (t instanceof UserType ut) {
      if (!n.isObject()) throw new IllegalArgumentException("Expected a map, but got a " + kind(n) + ": " + n);
      Object[] out = new Object[ut.size()];
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String k = e.getKey();
        String field = k.startsWith("\"") && k.endsWith("\"") && k.length() > 1
            ? k.substring(1, k.length() - 1).replace("\"\"", "\"") : k.toLowerCase(java.util.Locale.ROOT);
        int i = ut.fieldIndex(field);
        if (i < 0) throw new IllegalArgumentException("Unknown field '" + field + "' in value of user defined type "
            + ut.typeName());
        out[i] = value(ut.fieldTypes().get(i), e.getValue());
      }
      return Collections.unmodifiableList(java.util.Arrays.asList(out));
    }
    if (t instanceof MapType mt) {
      if (!n.isObject()) throw new IllegalArgumentException("Expected a map, but got a " + kind(n) + ": " + n);
      NavigableMap<Object, Object> out = mt.newMap();
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        out.put(nonNull(key(mt.key(), e.getKey())), nonNull(value(mt.value(), e.getValue())));
      }
      return Collections.unmodifiableNavigableMap(out);
    }
    String name = t.name();
    switch (name) {
      case "int", "bigint", "smallint", "tinyint", "varint", "counter", "decimal", "double", "float" -> {
        // Cassandra's Int32Type takes only a JSON integer (or a string) for an int, LongType one that fits a long.
        if (name.equals("int") && n.isNumber() && !n.isInt()) {
          throw new IllegalArgumentException("Expected an int value, but got a " + kind(n) + ": " + javaText(n));
        }
        if (name.equals("bigint") && n.isNumber() && !n.isInt() && !n.isLong()) {
          throw new IllegalArgumentException("Expected a bigint value, but got a " + kind(n) + ": " + javaText(n));
        }
        // IntegerType reads a string with new BigInteger and words its failure so.
        if (name.equals("varint") && n.isTextual() && !n.asText().matches("[+-]?[0-9]+")) {
          throw new IllegalArgumentException("Value '" + n.asText() + "' is not a valid representation of a varint"
              + " value");
        }
        if (n.isNumber()) return parse(t, n.asText());
        if (n.isTextual()) return parse(t, n.asText());
        throw new IllegalArgumentException("Expected a " + name + " value, but got a " + kind(n) + ": " + n);
      }
      case "boolean" -> {
        if (n.isBoolean()) return n.asBoolean();
        if (n.isTextual() && (n.asText().equalsIgnoreCase("true") || n.asText().equalsIgnoreCase("false")))
          return Boolean.parseBoolean(n.asText().toLowerCase(java.util.Locale.ROOT));
        throw new IllegalArgumentException("Expected a boolean value, but got a " + kind(n) + ": " + n);
      }
      case "text", "ascii" -> {
        // UTF8Type's and AsciiType's fromJSONObject name the string they expected.
        String expected = name.equals("ascii") ? "an ascii string" : "a UTF-8 string";
        if (!n.isTextual())
          throw new IllegalArgumentException("Expected " + expected + ", but got a " + kind(n) + ": " + n);
        if (name.equals("ascii")) checkAscii(n.asText());
        return parse(t, "'" + n.asText().replace("'", "''") + "'");
      }
      case "blob" -> {
        // BytesType.fromJSONObject casts to String and quotes the ClassCastException; Cassandra's words, Java's.
        if (!n.isTextual() && (n.isValueNode() || n.isArray())) {
          String cls = (n.isArray() ? "java.util." : "java.lang.") + kind(n);
          throw new IllegalArgumentException("Value '" + n + "' is not a valid blob representation: class " + cls
              + " cannot be cast to class java.lang.String (" + cls + " and java.lang.String are in module java.base"
              + " of loader 'bootstrap')");
        }
        if (!n.isTextual()) throw new IllegalArgumentException("Expected a string, but got a " + kind(n) + ": " + n);
        return parse(t, n.asText());
      }
      default -> {
        if (name.equals("timestamp") && n.isIntegralNumber()) return Instant.ofEpochMilli(n.asLong());
        if (!n.isTextual()) throw new IllegalArgumentException("Expected a string representation of a " + name
            + " value, but got a " + kind(n) + ": " + n);
        String s = n.asText();
        // Cassandra's JSON timestamps read "yyyy-MM-dd HH:mm:ss.SSSZ"; CQL literals use the same forms.
        return parse(t, "'" + s.replace("'", "''") + "'");
      }
    }
  }

  private static final java.util.Set<String> EMPTY_FROM_STRING = java.util.Set.of("int", "bigint", "smallint",
      "tinyint", "decimal", "double", "float", "boolean", "uuid", "timeuuid", "duration", "inet", "timestamp");

  /** AsciiType.fromString encodes with US-ASCII and quotes the encoder's exception. */
  private static void checkAscii(String s) {
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      if (cp > 127) throw new IllegalArgumentException("Invalid ASCII character in string literal: "
          + "java.nio.charset.UnmappableCharacterException: Input length = " + Character.charCount(cp));
      i += Character.charCount(cp);
    }
  }

  private static Object key(CqlType keyType, String k) {
    // Cassandra's MapType decodes the JSON text of every key that is not of a native type.
    if (keyType instanceof ListType || keyType instanceof SetType || keyType instanceof MapType
        || keyType instanceof TupleType || keyType instanceof UserType) {
      try {
        return value(keyType, MAPPER.readTree(k));
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException("Could not decode JSON map key " + k);
      }
    }
    return value(keyType, com.fasterxml.jackson.databind.node.TextNode.valueOf(k));
  }

  private static Object parse(CqlType t, String literal) {
    try {
      return t.parseLiteral(literal);
    } catch (IllegalArgumentException e) {
      String shown = literal.startsWith("'") && literal.endsWith("'") && literal.length() >= 2
          ? literal.substring(1, literal.length() - 1).replace("''", "'") : literal;
      throw new IllegalArgumentException(LiteralChecks.unparsable(t, shown));
    }
  }

  private static List<JsonNode> elements(CqlType t, JsonNode n) {
    if (!n.isArray()) {
      // Cassandra's words: ListType's "Expected a list", SetType's "Expected a list (representing a set)", the value
      // shown as Java prints what Jackson parsed ({a=1}).
      String what = t instanceof ListType ? "a list" : t instanceof SetType ? "a list (representing a set)"
          : "a list (representing a " + t.name() + ")";
      throw new IllegalArgumentException("Expected " + what + ", but got a " + kind(n) + ": " + javaText(n));
    }
    List<JsonNode> out = new ArrayList<>();
    n.forEach(out::add);
    return out;
  }

  private static Object nonNull(Object v) {
    if (v == null) throw new IllegalArgumentException("Invalid null element in collection");
    return v;
  }

  /** The JSON value as Java prints the object Jackson would parse it to ({a=1}, [1, 2], 1.5, text). */
  private static String javaText(JsonNode n) {
    return String.valueOf(MAPPER.convertValue(n, Object.class));
  }

  private static String kind(JsonNode n) {
    if (n.isTextual()) return "String";
    if (n.isInt()) return "Integer";
    if (n.isLong()) return "Long";
    if (n.isIntegralNumber()) return "BigInteger";
    if (n.isNumber()) return "Double";
    if (n.isBoolean()) return "Boolean";
    if (n.isArray()) return "ArrayList";
    if (n.isObject()) return "LinkedHashMap";
    return n.getNodeType().toString();
  }
}
