package io.ringsim.ring;

/**
 * A position on the ring. Each partitioner has its own token kind; tokens of different kinds are never compared.
 * Ordering is the ring order starting at the partitioner's minimum token.
 */
public sealed interface Token extends Comparable<Token> permits LongToken, BigIntegerToken, BytesToken {

  /** The token as Cassandra prints it (nodetool ring, token()). */
  @Override
  String toString();
}
