package io.ringsim.storage;

import io.ringsim.ring.Token;
import java.util.Arrays;
import java.util.HexFormat;

/** A partition key with its token: partitions sort by token, then by key bytes (as Cassandra orders them). */
public record DecoratedKey(Token token, byte[] key) implements Comparable<DecoratedKey> {

  @Override
  public int compareTo(DecoratedKey o) {
    int c = token.compareTo(o.token);
    return c != 0 ? c : Arrays.compareUnsigned(key, o.key);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DecoratedKey d && d.token.equals(token) && Arrays.equals(d.key, key);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(key);
  }

  @Override
  public String toString() {
    return "DecoratedKey(" + token + ", 0x" + HexFormat.of().formatHex(key) + ")";
  }
}
