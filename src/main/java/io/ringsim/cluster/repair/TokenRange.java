package io.ringsim.cluster.repair;

/**
 * A Murmur3 token range (left, right], wrapping past the maximum token when right <= left; (t, t] is the whole ring.
 */
public record TokenRange(long left, long right) {

  /** Clockwise width of the range as an unsigned 64-bit count (0 means the whole ring, 2^64). */
  public long widthUnsigned() {
    return right - left;
  }

  public boolean contains(long token) {
    if (left == right) return true;
    // Distances from left, compared unsigned: token is inside when 0 < d(token) <= d(right).
    long d = token - left;
    return d != 0 && Long.compareUnsigned(d, right - left) <= 0;
  }

  /** Splits at the clockwise midpoint into (left, mid] and (mid, right]. */
  public TokenRange[] halves() {
    long width = right - left; // unsigned; 0 = whole ring
    long half = width == 0 ? Long.MIN_VALUE /* 2^63 */ : width >>> 1;
    long mid = left + half;
    return new TokenRange[] {new TokenRange(left, mid), new TokenRange(mid, right)};
  }

  @Override
  public String toString() {
    return "(" + left + ", " + right + "]";
  }
}
