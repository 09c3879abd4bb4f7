package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One balancing group of the {@link BalancedAllocator} (a data centre, or the whole ring under SimpleStrategy): the
 * tokens so far and each node's ownership ({@link GroupOwnership}, shared by every step), and how a joining node's
 * tokens are placed: evenly interleaved while every node replicates everything, by {@link RackStaircase} when racks
 * and replicas match, else by the greedy {@link Placement}, then {@link Relief} and {@link TokenSearch} when they
 * pay (the measurements below say when).
 */
final class BalancingGroup {
  /** Extra weight on ownership above the mean: the most loaded node is what max/mean and users see. */
  private static final double EXCESS_WEIGHT = 100;
  /** Re-placement passes over a joining node's tokens once all are placed. */
  private static final int PASSES = 1;
  /**
   * From this many tokens per node on, the weight above the mean is {@link #MANY_TOKENS_EXCESS_WEIGHT} and the tokens
   * are re-placed {@link #MANY_TOKENS_PASSES} times. Measured, not derived: with 256 tokens per node the weights above
   * left rings of 24 to 96 nodes 0.2-0.7% above the mean where Cassandra's allocator reaches 0.1-0.2% (now at most
   * 0.09%); with 16 or fewer the heavier weight and second pass only moved each size's figure up or down by a few
   * tenths of a percent (one rack, 48 nodes x 16 tokens: 1.014 became 1.018).
   */
  private static final int MANY_TOKENS = 17;
  private static final double MANY_TOKENS_EXCESS_WEIGHT = 1000;
  private static final int MANY_TOKENS_PASSES = 2;
  /** No range is split into a part smaller than this fraction of the mean range size. */
  private static final double MIN_PART = 0.3;
  /**
   * From this many nodes on, a joining node is held to its share as firmly as others are held under the mean, and no
   * part smaller than half the mean range is cut: in big groups a node that fell short (1000 nodes: down to 0.73 of
   * the mean) left everyone else above it.
   */
  private static final int BIG_GROUP = 128;
  /**
   * Nodes with this many tokens up to {@link #MANY_TOKENS}, in groups of up to {@link #BIG_GROUP} nodes, get a last step
   * after placement, {@link Relief}. Measured, one rack, RF 3, every size from 6 to 96 nodes, max/mean on average and
   * at worst, before and after: 16 tokens (seeds 7, 1, 2, 3) 1.0163-1.0165 / 1.022-1.027 to 1.0125-1.0129 /
   * 1.017-1.018; 8 tokens 1.057 / 1.191 to 1.029 / 1.041; 4 tokens 1.071 / 1.098 to 1.064 / 1.084; 2 tokens 1.133 /
   * 1.199 to 1.125 / 1.158. Some single sizes get a little worse (8 tokens, primary ownership at 48 nodes: 1.152 to
   * 1.193, Cassandra 1.239). Not used beyond BIG_GROUP nodes: it costs milliseconds per joining node.
   */
  private static final int RELIEF_TOKENS = 2;
  /**
   * In groups of more than {@link #BIG_GROUP} nodes under SimpleStrategy with {@link #MANY_TOKENS} or more tokens per
   * node, where the full relief step would cost too much, {@link #STUCK_ROUNDS} rounds of it follow while the most
   * loaded node is this far above the mean. Without them a node the greedy placement never takes from could stay put
   * for hundreds of joins: one rack, 32 tokens, 1.136 at 800 nodes with seed 1, 1.095 at 950 with seed 7. With them,
   * every size sampled from 200 to 1000 nodes, seeds 7, 1, 2: at most 1.0150 (before up to 1.0367-1.136). Four rounds,
   * or a threshold of 1.02, let a stuck node come back. With 8 and 16 tokens it lowered max/mean a little (16: 1.023-
   * 1.026 to 1.020-1.023) but left a node at 1000 nodes short (min/mean 0.921 to 0.886) and cost 1-2 s there.
   */
  private static final double STUCK_RATIO = 1.015;
  private static final int STUCK_ROUNDS = 2;
  /**
   * No part smaller than this fraction of the mean range when relief follows (SimpleStrategy): measured with relief,
   * 0.3 left 16-token rings about 0.1% more skewed on average over 6 to 96 nodes.
   */
  private static final double RELIEF_MIN_PART = 0.5;
  /**
   * Under SimpleStrategy with {@link #SEARCH_TOKENS} to {@link #SEARCH_MAX_TOKENS} tokens per node, while a group has at
   * most this many nodes per token, relief is followed by a wider {@link TokenSearch}. A joining node's v tokens take data
   * from up to 3v nodes (each token from the three whose replica walks it cuts), so in a ring of about that many nodes
   * every node can give at every join: how even the ring gets is what the search for that join finds, not yet the
   * long-run sawtooth of bigger rings, where a wider search for each join measured no better. Measured, one rack,
   * 8 tokens, seeds 7, 1, 2, 3, 5, 6, max/mean over every size from 6 to 32 nodes: 1.0223 on average and 1.0378 at
   * worst before, 1.0187 and 1.0355 after; at 24 nodes, over 12 seeds, 1.0251 on average before (5 seeds above
   * Cassandra's 1.0252) and 1.0229 after (none); every size from 6 to 96 nodes, seeds 7, 1-3, 5, 6 and 8-11: 1.0293 on
   * average before and 1.0283 after (lower for every seed), the worst size much the same (1.038-1.041 before,
   * 1.037-1.042 after, lower for 5 of 10 seeds). It costs over a second for an 8-token ring of 32 nodes (`ring --nodes
   * 32 --vnodes 8 --rf 3 --allocator balanced` on a busy 2-core machine: 1.0-1.2 s before, 2.2-2.7 s after).
   */
  private static final int SEARCH_NODES_PER_TOKEN = 4;
  /**
   * Fewer tokens per node get no {@link TokenSearch}. With 4 it lowered max/mean over 6 to 16 nodes (seeds 7, 1, 2, 3, 5,
   * 6: 1.044 to 1.037 on average) but not over 6 to 96 (1.0632 to 1.0633, worst 1.084 to 1.088), and with seed 7 put
   * two rows of Cassandra's table above Cassandra's figure (primary ownership at 12 nodes, 1.2577 against 1.2575;
   * effective at 48 nodes, 1.0684 against 1.0679); with 2 its worst over 6 to 16 nodes rose from 1.125 to 1.154.
   */
  private static final int SEARCH_TOKENS = 5;
  /** With more tokens per node a join has enough to even the ring out without {@link TokenSearch}. */
  private static final int SEARCH_MAX_TOKENS = 8;

  private final GroupOwnership ring;
  private final Placement placement;
  private final Relief relief;
  private final TokenSearch search;
  private final SplittableRandom rng;
  /** The allocator's seed: with the number of nodes, the seed of {@link TokenSearch}'s restarts. */
  private final long seed;
  /** Ownership is worked out again only when a placement needs it (see {@link #join}). */
  private boolean ownershipStale;

  BalancingGroup(Partitioner p, int rf, boolean rackAware, List<Node> existing, SplittableRandom rng, long seed) {
    this.ring = new GroupOwnership(p, rf, rackAware);
    this.placement = new Placement(ring);
    this.relief = new Relief(ring, placement);
    this.search = new TokenSearch(ring, placement);
    placement.minPart = MIN_PART;
    placement.excessWeight = EXCESS_WEIGHT;
    this.rng = rng;
    this.seed = seed;
    for (Node n : existing) {
      int id = ring.addNode(n.rack());
      for (Token t : n.tokens()) ring.insert(ring.positionOf(t), id);
    }
    ring.recomputeOwnership();
  }

  List<Token> join(NodeSpec spec) {
    int x = ring.addNode(spec.rack());
    int v = spec.numTokens();
    int rf = ring.rf;
    List<Double> mine = new ArrayList<>();
    double[] planned;
    int onRing = x; // nodes already holding tokens in this group
    if (ring.m == 0) {
      double offset = rng.nextDouble() / v;
      for (int k = 0; k < v; k++) mine.add(offset + (double) k / v);
      for (double p : mine) ring.insert(p, x);
    } else if (onRing < rf && evenlyInterleavable(v)) {
      // While a group has no more nodes than replicas every node replicates everything, so effective ownership
      // cannot guide placement: like Cassandra 4, interleave the first nodes' tokens evenly.
      double step = 1.0 / v;
      // Offsets are relative to the first node's tokens: pos[0] may belong to a later node after wrap-around,
      // which would put this node's tokens on top of the first node's.
      double base = ring.pos[0] % step;
      for (int j = 0; j < ring.m; j++) {
        if (ring.owner[j] == 0) {
          base = ring.pos[j] % step;
          break;
        }
      }
      for (int i = 0; i < v; i++) {
        double p = base + (i + (double) onRing / rf) * step;
        if (p >= 1.0) p -= 1.0;
        mine.add(p);
      }
      for (double p : mine) ring.insert(p, x);
    } else if (staircase(v) && (planned = RackStaircase.place(ring.pos, ring.owner, ring.m, ring.nodeRack, ring.nodes,
        ring.nodeRack[x], x, v)) != null) {
      for (double p : planned) {
        while (ring.isUsed(p)) p = Math.nextUp(p);
        mine.add(p);
        ring.insert(p, x);
      }
    } else {
      placement.halves = v == 1;
      placeAll(x, v, mine);
    }
    // Worked out again only when a placement needs it: the staircase does not, and recomputing after each of its
    // joins was a fifth of a 1,000-node allocation.
    ownershipStale = true;
    List<Token> tokens = new ArrayList<>();
    for (double p : mine) tokens.add(ring.tokenAt(p));
    return tokens;
  }

  /**
   * Whether {@link RackStaircase} places this node: as many racks as replicas, all in use, and more than one token.
   * Three racks, RF 3, every size from 6 to 96 nodes, max/mean at worst with the general placement, with an even
   * spread of the rack's loads, and with the {@link ReliefPlan} used now: 2 tokens 1.356, 1.243, 1.232; 4 tokens
   * 1.195, 1.121, 1.116; 8 tokens 1.103, 1.061, 1.047; 16 tokens 1.051 (54 nodes), 1.034, 1.0154 (96 nodes; 1.0064 on
   * average, 1.0000 up to 48 nodes; Cassandra 1.0303-1.0309); 32 tokens (general placement and plan) 1.0134, 1.0035;
   * 64 tokens 1.0050, 1.0000. It is also much faster than scoring every range: 1000 nodes x 32 tokens 23 s to 4 s of
   * CPU. A single token keeps halving ranges, which makes a doubled cluster even.
   */
  private boolean staircase(int v) {
    return ring.rackAware && v >= 2 && ring.rackCount() == ring.rf && ring.racksInUse() == ring.rf;
  }

  /** Places the v tokens of node x one by one, then re-places each once the others are known. */
  private void placeAll(int x, int v, List<Double> mine) {
    if (ownershipStale) ring.recomputeOwnership();
    ownershipStale = false;
    boolean rackAware = ring.rackAware;
    int nodes = ring.nodes;
    int rf = ring.rf;
    Placement pl = placement;
    pl.joiningNode = x;
    boolean big = nodes > BIG_GROUP;
    boolean manyTokens = v >= MANY_TOKENS;
    pl.excessWeight = manyTokens ? MANY_TOKENS_EXCESS_WEIGHT : EXCESS_WEIGHT;
    int passes = manyTokens ? MANY_TOKENS_PASSES : PASSES;
    pl.shortWeight = rackAware ? 0 : big ? pl.excessWeight : 10;
    boolean relieve = v >= RELIEF_TOKENS && !manyTokens && !big;
    pl.minPart = big || (relieve && !rackAware) ? RELIEF_MIN_PART : MIN_PART;
    pl.meanOwn = (double) Math.min(rf, nodes) / nodes;
    if (pl.level.length < ring.rackCount()) pl.level = new double[ring.rackCount()];
    Arrays.fill(pl.level, pl.meanOwn);
    if (rackAware) {
      // Each rack's nodes share what the rack replicates (all of the ring when there are as many racks as replicas).
      double[] total = new double[ring.rackCount()];
      int[] count = new int[ring.rackCount()];
      for (int n = 0; n < nodes; n++) {
        total[ring.nodeRack[n]] += ring.own[n];
        count[ring.nodeRack[n]]++;
      }
      double all = 0;
      for (double t : total) all += t;
      for (int r = 0; r < total.length; r++) {
        // The joining node's rack: its share so far, or an even share if the rack is new.
        double share = total[r] > 0 ? total[r] : all / Math.max(1, ring.racksInUse() - 1);
        if (count[r] > 0) pl.level[r] = Math.min(1.0, share) / count[r];
      }
      pl.meanOwn = pl.level[ring.nodeRack[x]];
    }
    pl.joiningTarget = pl.meanOwn / v;
    pl.meanPrimary = 1.0 / nodes;
    pl.primaryTarget = pl.meanPrimary / v;
    pl.scoreAll();
    for (int k = 0; k < v; k++) {
      if (k > 0) {
        pl.joiningTarget = pl.meanOwn * (k + 1) / v;
        pl.primaryTarget = pl.meanPrimary * (k + 1) / v;
        pl.newTarget();
      }
      mine.add(pl.placeBest(x));
    }
    for (int pass = 0; pass < passes; pass++) {
      for (int k = 0; k < v; k++) {
        int j = pl.takeOut(x, mine.get(k), TouchLog.NONE);
        pl.newTarget();
        pl.refreshAround(j);
        mine.set(k, pl.placeBest(x));
      }
    }
    if (relieve) relief.relieve(x, mine, mine.size());
    else if (big && !rackAware && manyTokens) {
      if (relief.highestOtherThan(x) > STUCK_RATIO) relief.relieve(x, mine, STUCK_ROUNDS);
    }
    if (relieve && !rackAware && v >= SEARCH_TOKENS && v <= SEARCH_MAX_TOKENS && nodes > rf
        && nodes <= SEARCH_NODES_PER_TOKEN * v) {
      search.search(x, mine, seed);
    }
    pl.joiningNode = -1;
  }

  /** Whether the ring so far is exactly the interleaved layout of nodes with v tokens each. */
  private boolean evenlyInterleavable(int v) {
    int nodes = ring.nodes;
    if (ring.m != (nodes - 1) * v) return false;
    int[] count = new int[nodes];
    for (int i = 0; i < ring.m; i++) count[ring.owner[i]]++;
    for (int n = 0; n < nodes - 1; n++) if (count[n] != v) return false;
    return true;
  }
}
