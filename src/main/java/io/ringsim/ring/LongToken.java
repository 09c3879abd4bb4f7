package io.ringsim.ring;

/** Murmur3Partitioner token: a signed 64-bit value; Long.MIN_VALUE is the ring's minimum and is never a key's token. */
public record LongToken(long value) implements Token {
  @Override
  public int compareTo(Token o) {
    return Long.compare(value, ((LongToken) o).value);
  }

  @Override
  public String toString() {
    return Long.toString(value);
  }
}
