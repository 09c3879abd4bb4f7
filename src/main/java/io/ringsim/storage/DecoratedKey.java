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

  /**
   * Equal keys have equal tokens: every DecoratedKey is built from its key by the cluster's one partitioner (or read
   * back from an SSTable that stored that token), so the token is not compared. Comparing it cost a cold read of a
   * second object at every memtable lookup.
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof DecoratedKey d && Arrays.equals(d.key, key);
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
