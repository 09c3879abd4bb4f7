package io.ringsim.schema.types;

import java.util.Arrays;

/**
 * duration: months, days and nanoseconds, each a zig-zag variable-length integer as Cassandra's VIntCoding writes it
 * (the first byte's leading one bits count the bytes that follow). Durations have no order of their own: Cassandra
 * refuses them in keys, sets, map keys, indexes and slices, and where it must order them (max, min) it orders their
 * bytes, as this does.
 */
final class DurationType extends ScalarType<CqlDuration> {
  DurationType() {
    super("duration", CqlDuration.class);
  }

  @Override
  byte[] encode(CqlDuration v) {
    byte[] out = new byte[27];
    int n = writeVInt(v.months(), out, 0);
    n = writeVInt(v.days(), out, n);
    n = writeVInt(v.nanoseconds(), out, n);
    return Arrays.copyOf(out, n);
  }

  @Override
  CqlDuration decode(byte[] b) {
    long[] parts = new long[3];
    int pos = 0;
    for (int i = 0; i < 3; i++) {
      if (pos >= b.length) throw new IllegalArgumentException("a duration value is three variable-length integers, "
          + "got " + b.length + " bytes");
      int extra = Integer.numberOfLeadingZeros(~b[pos] & 0xff) - 24;
      if (pos + 1 + extra > b.length) throw new IllegalArgumentException("a duration value is cut short");
      long u = b[pos] & (0xff >> extra);
      for (int k = 1; k <= extra; k++) u = (u << 8) | (b[pos + k] & 0xff);
      parts[i] = (u >>> 1) ^ -(u & 1);
      pos += 1 + extra;
    }
    if (pos != b.length) throw new IllegalArgumentException("a duration value has " + (b.length - pos)
        + " bytes too many");
    if (parts[0] != (int) parts[0] || parts[1] != (int) parts[1]) {
      throw new IllegalArgumentException("a duration's months and days are 32-bit integers");
    }
    return new CqlDuration((int) parts[0], (int) parts[1], parts[2]);
  }

  @Override
  CqlDuration parse(String literal) {
    return CqlDuration.parse(unquote(literal));
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  @Override
  public Object toJson(Object value) {
    return value.toString();
  }

  private static int writeVInt(long signed, byte[] out, int pos) {
    long v = (signed << 1) ^ (signed >> 63);
    int size = (639 - Long.numberOfLeadingZeros(v | 1) * 9) >> 6; // 1 to 9 bytes
    int extra = size - 1;
    for (int i = extra; i >= 0; i--) {
      out[pos + i] = (byte) v;
      v >>>= 8;
    }
    if (extra > 0) out[pos] |= (byte) ~(0xff >> extra);
    return pos + size;
  }
}
