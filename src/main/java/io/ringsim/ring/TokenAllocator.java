package io.ringsim.ring;

import java.util.List;
import java.util.Locale;

/** Chooses tokens for nodes joining a ring. */
public interface TokenAllocator {

  /**
   * Tokens for {@code joining}, added one node at a time after the nodes already in {@code existing} (which keep their
   * tokens, as in Cassandra). Returns the joining nodes with their tokens, in the order given.
   */
  List<Node> allocate(Partitioner partitioner, List<Node> existing, List<NodeSpec> joining);

  /**
   * @param name random or balanced
   * @param replication the replication the balanced allocator evens out (Cassandra's
   *     allocate_tokens_for_local_replication_factor); ignored by random
   */
  static TokenAllocator byName(String name, long seed, ReplicationStrategy replication) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "random" -> new RandomAllocator(seed);
      case "balanced" -> new BalancedAllocator(seed, replication);
      default -> throw new IllegalArgumentException("unknown allocator '" + name + "' (expected random or balanced)");
    };
  }
}
