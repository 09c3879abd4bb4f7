package io.ringsim.ring;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/** Cassandra's historical default: every token uniformly random (from the seed). */
public final class RandomAllocator implements TokenAllocator {
  private final long seed;

  public RandomAllocator(long seed) {
    this.seed = seed;
  }

  @Override
  public List<Node> allocate(Partitioner partitioner, List<Node> existing, List<NodeSpec> joining) {
    SplittableRandom rng = new SplittableRandom(seed);
    Set<Token> used = new HashSet<>();
    for (Node n : existing) used.addAll(n.tokens());
    List<Node> out = new ArrayList<>();
    for (NodeSpec s : joining) {
      List<Token> tokens = new ArrayList<>();
      while (tokens.size() < s.numTokens()) {
        Token t = partitioner.random(rng);
        if (used.add(t)) tokens.add(t);
      }
      out.add(new Node(s.name(), s.dc(), s.rack(), tokens));
    }
    return out;
  }
}
