package io.ringsim.schema.collection;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The native-protocol (v3+) layout Cassandra uses for collection and tuple values: an int32 element count, then per
 * element an int32 length and its bytes (a length of -1 is null, for tuples). Also the formatting helpers shared by
 * the collection types.
 */
final class CollectionCodec {
  private CollectionCodec() {}

  static byte[] pack(List<byte[]> elements, boolean withCount) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (withCount) writeInt(out, elements.size());
    for (byte[] e : elements) {
      if (e == null) {
        writeInt(out, -1);
      } else {
        writeInt(out, e.length);
        out.writeBytes(e);
      }
    }
    return out.toByteArray();
  }

  static List<byte[]> unpack(byte[] bytes, boolean withCount, int expected, String typeName) {
    try {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      int n = withCount ? b.getInt() : expected;
      if (n < 0) throw new IllegalArgumentException("negative element count");
      List<byte[]> out = new ArrayList<>(Math.min(n, 1024));
      for (int i = 0; i < n; i++) {
        if (!withCount && !b.hasRemaining()) {
          out.add(null); // tuples may be serialized without trailing nulls
          continue;
        }
        out.add(element(b));
      }
      if (b.hasRemaining()) throw new IllegalArgumentException(b.remaining() + " trailing bytes");
      return out;
    } catch (java.nio.BufferUnderflowException e) {
      throw new IllegalArgumentException("truncated " + typeName + " value");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid " + typeName + " value: " + e.getMessage());
    }
  }

  /**
   * Two tuple or user-type values in Cassandra's order: field by field, a missing field (a value written before
   * ALTER TYPE ... ADD) equal to a null one, then the shorter first. Fields past {@code types} (a value written after
   * an ADD, compared by a store that still has the older type) compare as bytes.
   */
  static int compareFields(byte[] a, byte[] b, List<CqlType> types, String typeName) {
    List<byte[]> x = presentFields(a, typeName), y = presentFields(b, typeName);
    return compareElements(x, y, i -> i < types.size() ? types.get(i) : CqlTypes.BLOB);
  }

  /** One length-prefixed element at the buffer's position; a negative length is a null. */
  private static byte[] element(ByteBuffer b) {
    int len = b.getInt();
    if (len < 0) return null;
    byte[] e = new byte[len];
    b.get(e);
    return e;
  }

  /** The fields a packed tuple value holds, however many, without its trailing nulls. */
  private static List<byte[]> presentFields(byte[] bytes, String typeName) {
    try {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      List<byte[]> out = new ArrayList<>();
      while (b.hasRemaining()) out.add(element(b));
      while (!out.isEmpty() && out.get(out.size() - 1) == null) out.remove(out.size() - 1);
      return out;
    } catch (java.nio.BufferUnderflowException | IndexOutOfBoundsException e) {
      throw new IllegalArgumentException("truncated " + typeName + " value");
    }
  }

  /**
   * A tuple's or a user type's value: each field serialized by its type (null for a null field, and for fields past
   * the end of {@code values}), packed without a count.
   */
  static byte[] packFields(List<?> values, List<CqlType> types) {
    List<byte[]> parts = new ArrayList<>(types.size());
    for (int i = 0; i < types.size(); i++) {
      Object f = i < values.size() ? values.get(i) : null;
      parts.add(f == null ? null : types.get(i).serialize(f));
    }
    return pack(parts, false);
  }

  /**
   * A tuple's components as Cassandra keeps them: only those the value has. A tuple bound or written with fewer
   * components than its type declares is stored and returned as sent (drivers read the missing ones as absent).
   */
  static byte[] packPresent(List<?> values, List<CqlType> types) {
    if (values.size() > types.size())
      throw new IllegalArgumentException(values.size() + " components for " + types.size() + " component types");
    List<byte[]> parts = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) parts.add(values.get(i) == null ? null : types.get(i).serialize(values.get(i)));
    return pack(parts, false);
  }

  /** The components {@link #packPresent} packed, however many (at most one per type), deserialized; unmodifiable. */
  static List<Object> unpackPresent(byte[] bytes, List<CqlType> types, String typeName) {
    try {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      List<Object> out = new ArrayList<>(types.size());
      while (b.hasRemaining()) {
        if (out.size() == types.size())
          throw new IllegalArgumentException("invalid " + typeName + " value: " + b.remaining() + " trailing bytes");
        byte[] e = element(b);
        out.add(e == null ? null : types.get(out.size()).deserialize(e));
      }
      return java.util.Collections.unmodifiableList(out);
    } catch (java.nio.BufferUnderflowException | IndexOutOfBoundsException e) {
      throw new IllegalArgumentException("truncated " + typeName + " value");
    }
  }

  /** The fields {@link #packFields} packed, deserialized by their types; an unmodifiable list. */
  static List<Object> unpackFields(byte[] bytes, List<CqlType> types, String typeName) {
    List<byte[]> parts = unpack(bytes, false, types.size(), typeName);
    List<Object> out = new ArrayList<>(parts.size());
    for (int i = 0; i < parts.size(); i++) out.add(parts.get(i) == null ? null : types.get(i).deserialize(parts.get(i)));
    return java.util.Collections.unmodifiableList(out);
  }

  static int compareElements(List<byte[]> a, List<byte[]> b, java.util.function.IntFunction<CqlType> typeAt) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      byte[] x = a.get(i);
      byte[] y = b.get(i);
      int c;
      if (x == null || y == null) c = x == null ? (y == null ? 0 : -1) : 1;
      else c = typeAt.apply(i).compare(x, y);
      if (c != 0) return c;
    }
    return Integer.compare(a.size(), b.size());
  }

  /** An element as it appears inside a collection in cqlsh: strings quoted, everything else as the type prints. */
  static String formatElement(CqlType type, Object value) {
    if (value == null) return "null";
    if (value instanceof String s) return "'" + s.replace("'", "''") + "'";
    return type.format(value);
  }

  private static void writeInt(ByteArrayOutputStream out, int v) {
    out.write(v >>> 24);
    out.write(v >>> 16);
    out.write(v >>> 8);
    out.write(v);
  }
}
