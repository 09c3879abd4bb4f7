package io.ringsim.ring;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.random.RandomGenerator;

/**
 * Cassandra's RandomPartitioner: the token is the absolute value of the MD5 digest read as a signed 128-bit integer,
 * so tokens lie in [0, 2^127]; the minimum token is -1.
 */
public final class RandomPartitioner implements Partitioner {
  public static final RandomPartitioner INSTANCE = new RandomPartitioner();
  public static final BigInteger MAXIMUM = BigInteger.TWO.pow(127);
  private static final BigIntegerToken MINIMUM = new BigIntegerToken(BigInteger.ONE.negate());
  private static final BigInteger RING = MAXIMUM.add(BigInteger.ONE); // values 0..2^127

  private RandomPartitioner() {}

  @Override
  public String name() {
    return "random";
  }

  @Override
  public BigIntegerToken token(byte[] key) {
    if (key.length == 0) return MINIMUM;
    try {
      return new BigIntegerToken(new BigInteger(MessageDigest.getInstance("MD5").digest(key)).abs());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is required by every JRE", e);
    }
  }

  @Override
  public BigIntegerToken minimum() {
    return MINIMUM;
  }

  private static BigInteger position(Token t) {
    BigInteger v = ((BigIntegerToken) t).value();
    return v.signum() < 0 ? BigInteger.ZERO : v;
  }

  @Override
  public double size(Token left, Token right) {
    BigInteger l = position(left);
    BigInteger r = position(right);
    BigInteger d = r.subtract(l).mod(RING);
    if (d.signum() == 0) return 1.0;
    return new BigDecimal(d).divide(new BigDecimal(RING), java.math.MathContext.DECIMAL64).doubleValue();
  }

  @Override
  public Token tokenAt(Token left, Token right, double fraction) {
    BigInteger l = position(left);
    BigInteger d = position(right).subtract(l).mod(RING);
    if (d.signum() == 0) d = RING;
    double f = Math.max(0.0, Math.min(1.0, fraction));
    BigInteger step = new BigDecimal(d).multiply(BigDecimal.valueOf(f)).toBigInteger();
    return new BigIntegerToken(l.add(step).mod(RING));
  }

  @Override
  public BigIntegerToken random(RandomGenerator rng) {
    BigInteger v = new BigInteger(127, new java.util.Random(rng.nextLong()));
    return new BigIntegerToken(v);
  }

  @Override
  public BigIntegerToken parseToken(String text) {
    try {
      BigInteger v = new BigInteger(text.trim());
      if (v.signum() < 0 || v.compareTo(MAXIMUM) > 0) throw new NumberFormatException();
      return new BigIntegerToken(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a RandomPartitioner token (an integer in 0..2^127)");
    }
  }

  @Override
  public boolean hashes() {
    return true;
  }
}
