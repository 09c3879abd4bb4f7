package io.ringsim.ring;

import java.math.BigInteger;

/** RandomPartitioner token: the absolute value of an MD5 digest, in [0, 2^127]. */
public record BigIntegerToken(BigInteger value) implements Token {
  @Override
  public int compareTo(Token o) {
    return value.compareTo(((BigIntegerToken) o).value);
  }

  @Override
  public String toString() {
    return value.toString();
  }
}
