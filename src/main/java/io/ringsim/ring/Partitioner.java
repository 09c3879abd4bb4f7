package io.ringsim.ring;

import java.util.random.RandomGenerator;

/**
 * Turns a serialized partition key into a token and does the arithmetic on the token space that allocation and
 * ownership need. Implementations: Murmur3Partitioner, RandomPartitioner, ByteOrderedPartitioner.
 */
public interface Partitioner {

  /** Cassandra's class name's short form: murmur3, random, byteordered. */
  String name();

  /** The token of a serialized partition key (see KeyEncoding for composite keys). */
  Token token(byte[] key);

  /** The ring's minimum token: never a key's token (except the empty key's); the range (min, min] is the whole ring. */
  Token minimum();

  /**
   * The fraction of the ring covered by the range (left, right], in [0, 1]. When left equals right the range is the
   * whole ring (1.0), as in Cassandra's splitter.
   */
  double size(Token left, Token right);

  /** A token inside (left, right] at about the given fraction of the way from left; used by allocators. */
  Token tokenAt(Token left, Token right, double fraction);

  /** A uniformly random token, from the given seeded generator. */
  Token random(RandomGenerator rng);

  /** Parses a token as printed by toString (e.g. from a --tokens file); IllegalArgumentException names the text. */
  Token parseToken(String text);

  /** Whether tokens are spread by hashing; false for ByteOrderedPartitioner, whose tokens follow key order. */
  boolean hashes();
}
