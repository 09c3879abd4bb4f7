package io.ringsim.ring;

import java.util.HexFormat;
import java.util.random.RandomGenerator;

/**
 * Cassandra's ByteOrderedPartitioner: the token is the key itself, so rows are placed in key order. It exists in
 * ringsim to show why order-preserving placement skews: keys are rarely spread evenly over the byte space.
 *
 * <p>Ring sizes are approximated by reading the first 8 bytes of a token as an unsigned fraction of the key space
 * (keys sharing those bytes count as one point), which is also how ranges are split for allocation.
 */
public final class ByteOrderedPartitioner implements Partitioner {
  public static final ByteOrderedPartitioner INSTANCE = new ByteOrderedPartitioner();
  private static final BytesToken MINIMUM = new BytesToken(new byte[0]);

  private ByteOrderedPartitioner() {}

  @Override
  public String name() {
    return "byteordered";
  }

  @Override
  public BytesToken token(byte[] key) {
    return new BytesToken(key);
  }

  @Override
  public BytesToken minimum() {
    return MINIMUM;
  }

  /** The first 8 bytes (zero-padded) as an unsigned 64-bit position. */
  static long prefix(Token t) {
    byte[] b = ((BytesToken) t).bytes();
    long v = 0;
    for (int i = 0; i < 8; i++) v = (v << 8) | (i < b.length ? (b[i] & 0xff) : 0);
    return v;
  }

  @Override
  public double size(Token left, Token right) {
    if (left.equals(right)) return 1.0;
    long d = prefix(right) - prefix(left);
    if (d == 0) return left.compareTo(right) < 0 ? 0.0 : 1.0;
    double u = (double) (d >>> 1) * 2.0 + (d & 1);
    return u / Math.pow(2, 64);
  }

  @Override
  public Token tokenAt(Token left, Token right, double fraction) {
    long l = prefix(left);
    long d = prefix(right) - l;
    double width = d == 0 ? Math.pow(2, 64) : ((double) (d >>> 1) * 2.0 + (d & 1));
    long step = (long) (width * Math.max(0, Math.min(1, fraction)));
    return fromPrefix(l + step);
  }

  private static BytesToken fromPrefix(long v) {
    byte[] b = new byte[8];
    for (int i = 7; i >= 0; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
    return new BytesToken(b);
  }

  @Override
  public BytesToken random(RandomGenerator rng) {
    return fromPrefix(rng.nextLong());
  }

  @Override
  public BytesToken parseToken(String text) {
    String t = text.trim();
    if (t.startsWith("0x")) t = t.substring(2);
    try {
      if (t.length() % 2 != 0) throw new IllegalArgumentException();
      return new BytesToken(HexFormat.of().parseHex(t));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text + "' is not a ByteOrderedPartitioner token (hex bytes)");
    }
  }

  @Override
  public boolean hashes() {
    return false;
  }
}
