package io.ringsim.ring;

import java.util.Arrays;
import java.util.HexFormat;

/** ByteOrderedPartitioner token: the key bytes themselves, compared unsigned lexicographically. */
public record BytesToken(byte[] bytes) implements Token {
  public BytesToken {
    bytes = bytes.clone();
  }

  @Override
  public byte[] bytes() {
    return bytes.clone();
  }

  @Override
  public int compareTo(Token o) {
    return Arrays.compareUnsigned(bytes, ((BytesToken) o).bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BytesToken b && Arrays.equals(bytes, b.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return HexFormat.of().formatHex(bytes);
  }
}
