package io.ringsim.ring;

import java.util.ArrayList;
import java.util.List;

/**
 * The replicas of every range of a ring under one strategy, computed once, so that finding a key's replicas is one
 * binary search over the tokens.
 */
public final class ReplicaMap {
  private final Ring ring;
  private final ReplicationStrategy strategy;
  private final int[][] replicas;

  public ReplicaMap(Ring ring, ReplicationStrategy strategy) {
    this.ring = ring;
    this.strategy = strategy;
    this.replicas = new int[ring.size()][];
    for (int i = 0; i < ring.size(); i++) replicas[i] = strategy.replicasOfRange(ring, i);
  }

  public Ring ring() {
    return ring;
  }

  public ReplicationStrategy strategy() {
    return strategy;
  }

  /** Replica node indices of range i (do not modify). */
  public int[] replicasOfRange(int i) {
    return replicas[i];
  }

  /** Replica node indices of the range holding a Murmur3 token (do not modify). */
  public int[] replicaIndices(long token) {
    return replicas[ring.rangeIndexOf(token)];
  }

  public int[] replicaIndices(Token token) {
    return replicas[ring.rangeIndexOf(token)];
  }

  /** The replicas of a token, in Cassandra's order (the first is the primary). */
  public List<Node> replicasFor(Token token) {
    int[] r = replicaIndices(token);
    List<Node> out = new ArrayList<>(r.length);
    for (int i : r) out.add(ring.node(i));
    return out;
  }
}
