package io.ringsim.ring;

import io.ringsim.schema.CqlType;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * How Cassandra serializes a partition key before hashing it: a single-column key is the column's value bytes; a
 * composite key is, for each component in key order, a 2-byte unsigned big-endian length, the bytes, and a 0x00.
 */
public final class KeyEncoding {
  /** Cassandra's limit on a partition key component (the 2-byte length). */
  public static final int MAX_COMPONENT_BYTES = 0xFFFF;

  private KeyEncoding() {}

  public static byte[] encode(List<byte[]> components) {
    if (components.isEmpty()) throw new IllegalArgumentException("a partition key needs at least one component");
    if (components.size() == 1) return components.get(0).clone();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] c : components) {
      if (c.length > MAX_COMPONENT_BYTES)
        throw new IllegalArgumentException(
            "partition key component of " + c.length + " bytes is over Cassandra's limit of 65535");
      out.write(c.length >>> 8);
      out.write(c.length);
      out.writeBytes(c);
      out.write(0);
    }
    return out.toByteArray();
  }

  /** Serializes each value with its type, then encodes the key. */
  public static byte[] encode(List<CqlType> types, List<?> values) {
    if (types.size() != values.size())
      throw new IllegalArgumentException(
          "the partition key has " + types.size() + " columns but " + values.size() + " values were given");
    List<byte[]> parts = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      Object v = values.get(i);
      if (v == null) throw new IllegalArgumentException("a partition key column cannot be null");
      parts.add(types.get(i).serialize(v));
    }
    return encode(parts);
  }

  /** Splits a composite key back into its components (the inverse of {@link #encode(List)} for n > 1). */
  public static List<byte[]> decompose(byte[] key, int components) {
    if (components == 1) return List.of(key.clone());
    List<byte[]> out = new ArrayList<>();
    int i = 0;
    for (int c = 0; c < components; c++) {
      if (i + 2 > key.length) throw new IllegalArgumentException("truncated composite partition key");
      int len = ((key[i] & 0xff) << 8) | (key[i + 1] & 0xff);
      i += 2;
      if (i + len + 1 > key.length) throw new IllegalArgumentException("truncated composite partition key");
      out.add(java.util.Arrays.copyOfRange(key, i, i + len));
      i += len + 1;
    }
    return out;
  }
}
