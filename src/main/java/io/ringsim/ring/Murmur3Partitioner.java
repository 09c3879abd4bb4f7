package io.ringsim.ring;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/** Cassandra's default partitioner: tokens are h1 of MurmurHash3 x64 128, in [-2^63 + 1, 2^63 - 1]. */
public final class Murmur3Partitioner implements Partitioner {
  public static final Murmur3Partitioner INSTANCE = new Murmur3Partitioner();
  public static final LongToken MINIMUM = new LongToken(Long.MIN_VALUE);
  private static final double RING_SIZE = Math.pow(2, 64);

  private Murmur3Partitioner() {}

  @Override
  public String name() {
    return "murmur3";
  }

  @Override
  public LongToken token(byte[] key) {
    return new LongToken(tokenValue(key));
  }

  /** The token as a primitive, for hot paths that should not allocate. */
  public static long tokenValue(byte[] key) {
    return tokenValue(key, 0, key.length);
  }

  /** {@link #tokenValue(byte[])} of the key held in {@code buf[offset, offset + length)}. */
  public static long tokenValue(byte[] buf, int offset, int length) {
    if (length == 0) return Long.MIN_VALUE;
    long h = CassandraMurmur3.h1(buf, offset, length);
    // Long.MIN_VALUE is reserved for the minimum token, so Cassandra maps a hash that lands on it to MAX_VALUE.
    return h == Long.MIN_VALUE ? Long.MAX_VALUE : h;
  }

  @Override
  public LongToken minimum() {
    return MINIMUM;
  }

  @Override
  public double size(Token left, Token right) {
    return size(((LongToken) left).value(), ((LongToken) right).value());
  }

  /** Fraction of the ring in (left, right]; the whole ring when left == right. */
  public static double size(long left, long right) {
    // right - left wraps modulo 2^64, which is exactly the clockwise distance; read it unsigned.
    long d = right - left;
    if (d == 0) return 1.0;
    return unsignedToDouble(d) / RING_SIZE;
  }

  @Override
  public Token tokenAt(Token left, Token right, double fraction) {
    long l = ((LongToken) left).value();
    long r = ((LongToken) right).value();
    BigInteger width = BigInteger.valueOf(r - l).and(MASK64);
    if (width.signum() == 0) width = BigInteger.ONE.shiftLeft(64);
    double f = Math.max(0.0, Math.min(1.0, fraction));
    BigInteger step = new java.math.BigDecimal(width).multiply(java.math.BigDecimal.valueOf(f)).toBigInteger();
    long t = l + step.longValue();
    if (t == Long.MIN_VALUE) t = Long.MIN_VALUE + 1;
    return new LongToken(t);
  }

  @Override
  public LongToken random(RandomGenerator rng) {
    long t;
    do {
      t = rng.nextLong();
    } while (t == Long.MIN_VALUE);
    return new LongToken(t);
  }

  @Override
  public LongToken parseToken(String text) {
    try {
      return new LongToken(Long.parseLong(text.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a Murmur3Partitioner token (a signed 64-bit integer)");
    }
  }

  @Override
  public boolean hashes() {
    return true;
  }

  private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private static double unsignedToDouble(long v) {
    double d = (double) (v >>> 1) * 2.0;
    return d + (v & 1);
  }
}
