package io.ringsim.oracle;

import io.ringsim.oracle.JsonText.JsonNumber;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.cassandra.cql3.CQL3Type;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.db.marshal.AsciiType;
import org.apache.cassandra.db.marshal.BooleanType;
import org.apache.cassandra.db.marshal.ByteType;
import org.apache.cassandra.db.marshal.BytesType;
import org.apache.cassandra.db.marshal.CounterColumnType;
import org.apache.cassandra.db.marshal.DateType;
import org.apache.cassandra.db.marshal.DecimalType;
import org.apache.cassandra.db.marshal.DoubleType;
import org.apache.cassandra.db.marshal.EmptyType;
import org.apache.cassandra.db.marshal.FloatType;
import org.apache.cassandra.db.marshal.InetAddressType;
import org.apache.cassandra.db.marshal.Int32Type;
import org.apache.cassandra.db.marshal.IntegerType;
import org.apache.cassandra.db.marshal.ListType;
import org.apache.cassandra.db.marshal.LongType;
import org.apache.cassandra.db.marshal.MapType;
import org.apache.cassandra.db.marshal.SetType;
import org.apache.cassandra.db.marshal.ShortType;
import org.apache.cassandra.db.marshal.SimpleDateType;
import org.apache.cassandra.db.marshal.TimeType;
import org.apache.cassandra.db.marshal.TimestampType;
import org.apache.cassandra.db.marshal.TupleType;
import org.apache.cassandra.db.marshal.UTF8Type;
import org.apache.cassandra.db.marshal.UUIDType;
import org.apache.cassandra.db.marshal.TimeUUIDType;
import org.apache.cassandra.db.marshal.UserType;

/**
 * A result cell, as Cassandra serialized it for the client, turned into the JSON value that shared/cql/README.md
 * prescribes for its CQL type. Collections are decoded from the native-protocol (v3+) layout element by element,
 * so every element is formatted by its own type (a date inside a list is still "2024-02-29").
 */
final class CqlValueJson {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
  /** A CQL date is an unsigned day count with the epoch at 2^31. */
  private static final long DATE_EPOCH_OFFSET = 1L << 31;

  private CqlValueJson() {}

  static Object toJson(AbstractType<?> declared, ByteBuffer value) {
    if (value == null) return null;
    AbstractType<?> type = declared.unwrap(); // a DESC clustering column has a ReversedType around its own
    ByteBuffer bytes = value.duplicate();
    if (type instanceof UTF8Type || type instanceof AsciiType) return type.getString(bytes);
    if (type instanceof BytesType) return blob(bytes);
    // Any other type with zero bytes is what drivers read as null (e.g. an int written as blobAsInt(0x)).
    if (!bytes.hasRemaining() || type instanceof EmptyType) return null;
    if (type instanceof ListType<?> list) return elements(list.getElementsType(), bytes);
    if (type instanceof SetType<?> set) return elements(set.getElementsType(), bytes); // stored sorted
    if (type instanceof MapType<?, ?> map) return entries(map, bytes);
    if (type instanceof UserType udt) return fields(udt, bytes);
    if (type instanceof TupleType tuple) return components(tuple, bytes);
    return scalar(type, bytes);
  }

  private static Object scalar(AbstractType<?> type, ByteBuffer bytes) {
    if (type instanceof Int32Type || type instanceof LongType || type instanceof ShortType
        || type instanceof ByteType || type instanceof CounterColumnType || type instanceof IntegerType) {
      return new JsonNumber(type.compose(bytes).toString());
    }
    if (type instanceof DecimalType) return new JsonNumber(((BigDecimal) type.compose(bytes)).toPlainString());
    if (type instanceof DoubleType) return floating((Double) type.compose(bytes));
    if (type instanceof FloatType) return floating((Float) type.compose(bytes)); // widened, as Python reads it
    if (type instanceof BooleanType) return type.compose(bytes);
    if (type instanceof UUIDType || type instanceof TimeUUIDType) return type.compose(bytes).toString();
    if (type instanceof TimestampType || type instanceof DateType) {
      return TIMESTAMP.format(Instant.ofEpochMilli(((Date) type.compose(bytes)).getTime()));
    }
    if (type instanceof SimpleDateType) {
      long days = Integer.toUnsignedLong((Integer) type.compose(bytes)) - DATE_EPOCH_OFFSET;
      return LocalDate.ofEpochDay(days).toString();
    }
    if (type instanceof TimeType) return timeOfDay((Long) type.compose(bytes));
    if (type instanceof InetAddressType) return ((InetAddress) type.compose(bytes)).getHostAddress();
    // duration, anything newer and the custom types (a column typed by marshal class name): Cassandra's own text
    // for the value, as a string; bytes that a custom type's getString cannot read (a blob literal is stored
    // unchecked) print as a blob.
    if (type.asCQL3Type() instanceof CQL3Type.Custom) {
      try {
        return type.getString(bytes.duplicate());
      } catch (RuntimeException e) {
        return blob(bytes);
      }
    }
    return type.getString(bytes);
  }

  private static Object floating(double d) {
    if (Double.isNaN(d)) return "NaN";
    if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
    return new JsonNumber(PythonFloat.repr(d));
  }

  private static String timeOfDay(long nanos) {
    long seconds = nanos / 1_000_000_000L;
    return String.format("%02d:%02d:%02d.%09d", seconds / 3600, seconds / 60 % 60, seconds % 60,
        nanos % 1_000_000_000L);
  }

  private static String blob(ByteBuffer bytes) {
    StringBuilder hex = new StringBuilder("0x");
    while (bytes.hasRemaining()) hex.append(String.format("%02x", bytes.get() & 0xff));
    return hex.toString();
  }

  /** List and set layout: [int count] then per element [int length][bytes], length -1 meaning null. */
  private static List<Object> elements(AbstractType<?> elementType, ByteBuffer bytes) {
    int count = bytes.getInt();
    List<Object> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) out.add(toJson(elementType, sizedValue(bytes)));
    return out;
  }

  /** Map layout: [int count] then key and value, each as a sized value. Keys become JSON strings. */
  private static Map<String, Object> entries(MapType<?, ?> type, ByteBuffer bytes) {
    int count = bytes.getInt();
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      Object key = toJson(type.getKeysType(), sizedValue(bytes));
      out.put(keyText(key), toJson(type.getValuesType(), sizedValue(bytes)));
    }
    return out;
  }

  private static String keyText(Object key) {
    if (key instanceof String s) return s;
    StringBuilder text = new StringBuilder();
    JsonText.write(text, key); // numbers, booleans and frozen collections as their JSON text
    return text.toString();
  }

  /** Tuple and UDT layout: per component [int length][bytes]; a value written before a field was added ends early. */
  private static List<Object> components(TupleType type, ByteBuffer bytes) {
    List<Object> out = new ArrayList<>(type.size());
    for (int i = 0; i < type.size(); i++) out.add(bytes.hasRemaining() ? toJson(type.type(i), sizedValue(bytes)) : null);
    return out;
  }

  /** A user-defined type as an object in field order (the README does not fix a form for it). */
  private static Map<String, Object> fields(UserType type, ByteBuffer bytes) {
    List<Object> values = components(type, bytes);
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < type.size(); i++) out.put(type.fieldNameAsString(i), values.get(i));
    return out;
  }

  private static ByteBuffer sizedValue(ByteBuffer bytes) {
    int length = bytes.getInt();
    if (length < 0) return null;
    ByteBuffer value = bytes.slice();
    value.limit(length);
    bytes.position(bytes.position() + length);
    return value;
  }
}
