package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A replication-aware token allocator in the spirit of Cassandra's allocate_tokens_for_local_replication_factor: nodes
 * join one at a time and each new token splits the range that best evens out <em>effective</em> ownership (the share
 * of data a node replicates at the given replication, racks included), never moving the tokens of nodes already there.
 *
 * <p>How a token is placed (see {@link BalancingGroup}): every range is a candidate; for each, the exact best split
 * point minimises a cost made of the sum of squared effective ownerships, a heavy extra charge above the mean, the
 * joining node's distance from its share so far and (SimpleStrategy) a lighter term for primary ownership. The
 * candidates sit in a priority queue that is re-scored lazily. After all of a node's tokens are placed each is placed
 * once more (twice from 17 tokens per node), now that the others are known; with 2 to 16 tokens (groups of up to 128
 * nodes) the node's tokens are then moved, one at a time, to take data from the most loaded node while that evens
 * ownership out, and under SimpleStrategy with 5 to 8 tokens, on rings of at most 4 nodes per token, searched for
 * over the whole ring with restarts. A data centre with as many racks as replicas and more than one token per node is
 * placed by {@link RackStaircase} instead. A node with a single token splits its
 * range in the middle, as Cassandra's allocator does. While a group has no more nodes than replicas (everyone
 * replicates everything) the first nodes' tokens are interleaved evenly instead, as Cassandra 4 does. Measured skew
 * next to Cassandra's: docs/design.md.
 *
 * <p>Under NetworkTopologyStrategy every data centre is balanced on its own (replicas of a DC only ever walk over that
 * DC's nodes) with Cassandra 4's rack rule; under SimpleStrategy the whole ring is one group and racks are ignored.
 * Positions are worked out on the unit circle and turned into the partitioner's tokens at the end.
 */
public final class BalancedAllocator implements TokenAllocator {

  private final long seed;
  private final ReplicationStrategy replication;

  public BalancedAllocator(long seed, ReplicationStrategy replication) {
    this.seed = seed;
    this.replication = replication;
  }

  @Override
  public List<Node> allocate(Partitioner partitioner, List<Node> existing, List<NodeSpec> joining) {
    SplittableRandom rng = new SplittableRandom(seed);
    boolean nts = replication instanceof NetworkTopologyStrategy;
    // Group by DC under NTS; one group for SimpleStrategy.
    Map<String, List<Node>> existingByGroup = new LinkedHashMap<>();
    Map<String, List<NodeSpec>> joiningByGroup = new LinkedHashMap<>();
    for (Node n : existing) existingByGroup.computeIfAbsent(nts ? n.dc() : "*", k -> new ArrayList<>()).add(n);
    for (NodeSpec s : joining) joiningByGroup.computeIfAbsent(nts ? s.dc() : "*", k -> new ArrayList<>()).add(s);
    Map<String, List<Token>> tokensByName = new HashMap<>();
    for (var e : joiningByGroup.entrySet()) {
      String group = e.getKey();
      int rf =
          nts
              ? replication.replicationFactors().getOrDefault(group, 0)
              : replication.totalReplicationFactor();
      BalancingGroup g = new BalancingGroup(partitioner, Math.max(rf, 1), nts, existingByGroup.getOrDefault(group, List.of()), rng,
          seed);
      for (NodeSpec s : e.getValue()) tokensByName.put(s.name(), g.join(s));
    }
    // Two positions can round to the same token (e.g. the evenly interleaved first nodes of two DCs): a ring
    // cannot hold a token twice, so a repeat moves to the next free token.
    java.util.Set<Token> used = new java.util.HashSet<>();
    for (Node n : existing) used.addAll(n.tokens());
    List<Node> out = new ArrayList<>();
    for (NodeSpec s : joining) {
      List<Token> mine = new ArrayList<>();
      for (Token t : tokensByName.get(s.name())) {
        while (!used.add(t)) t = nextToken(t);
        mine.add(t);
      }
      out.add(new Node(s.name(), s.dc(), s.rack(), mine));
    }
    return out;
  }

  private static Token nextToken(Token t) {
    if (t instanceof LongToken l) return new LongToken(l.value() == Long.MAX_VALUE ? Long.MIN_VALUE + 1 : l.value() + 1);
    if (t instanceof BigIntegerToken b) return new BigIntegerToken(b.value().add(java.math.BigInteger.ONE));
    byte[] v = ((BytesToken) t).bytes();
    byte[] n = java.util.Arrays.copyOf(v, v.length + 1);
    return new BytesToken(n);
  }
}
