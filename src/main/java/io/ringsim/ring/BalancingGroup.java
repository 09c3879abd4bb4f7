package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One balancing group of the {@link BalancedAllocator} (a data centre, or the whole ring under SimpleStrategy) on the
 * unit circle: the tokens so far, each node's effective ownership, and the placement of a joining node's tokens.
 *
 * <p>Inserting node X at distance u from the start of range j changes the replica sets of that range and of the few
 * ranges before it whose replica walk passes the new token. Every change is constant or proportional to u, so the
 * cost of a candidate (see {@link #cost}) is a convex piecewise quadratic in u: its derivative is piecewise linear
 * with one kink per affected node, and the exact minimum is found by walking the sorted kinks ({@link #bestSplit}).
 *
 * <p>Which range to split: every candidate is scored once when a node starts joining and kept in a priority queue.
 * A placement changes the scores of the ranges around it (re-scored at once) and, slightly, of the rest (their
 * entries become stale): the best entry is re-scored before it is taken, and taken only if it is still the best
 * (lazy greedy), so a placement costs a few dozen scorings instead of one per range.
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
  /** A new token stays this fraction of its range away from either end. */
  private static final double EDGE = 0.01;
  /** Weight of primary ownership (what each node's own tokens end) next to effective ownership. */
  private static final double PRIMARY_WEIGHT = 0.3;
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
   * after placement, {@link #relieve}. Measured, one rack, RF 3, every size from 6 to 96 nodes, max/mean on average and
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
   * Softness of the soft maximum (sum of exp((ownership / mean - 1) / softness)) relief lowers: of effective ownership,
   * and of primary ownership so that it does not grow as effective ownership evens out.
   */
  private static final double SOFT = 0.002;
  private static final double SOFT_PRIMARY = 0.014;
  /**
   * Under SimpleStrategy with {@link #SEARCH_TOKENS} to {@link #SEARCH_MAX_TOKENS} tokens per node, while a group has at
   * most this many nodes per token, relief is followed by a wider {@link #search}. A joining node's v tokens take data
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
   * Fewer tokens per node get no {@link #search}. With 4 it lowered max/mean over 6 to 16 nodes (seeds 7, 1, 2, 3, 5,
   * 6: 1.044 to 1.037 on average) but not over 6 to 96 (1.0632 to 1.0633, worst 1.084 to 1.088), and with seed 7 put
   * two rows of Cassandra's table above Cassandra's figure (primary ownership at 12 nodes, 1.2577 against 1.2575;
   * effective at 48 nodes, 1.0684 against 1.0679); with 2 its worst over 6 to 16 nodes rose from 1.125 to 1.154.
   */
  private static final int SEARCH_TOKENS = 5;
  /** With more tokens per node a join has enough to even the ring out without {@link #search}. */
  private static final int SEARCH_MAX_TOKENS = 8;
  /** Restarts of {@link #search}, and how many of the joining node's tokens each moves. */
  private static final int SEARCH_TRIES = 20;
  private static final int SEARCH_KICKS = 2;
  /**
   * Ownership this close to the highest (in means) counts as near the top for {@link #climb}: a token elsewhere cannot
   * lower the soft maximum (measured: the same rings as with no pruning, in 60% of the time).
   */
  private static final double HOT = 0.03;

  final Partitioner partitioner;
  final int rf;
  final boolean rackAware;
  /**
   * Charge on the joining node for owning less than its share so far. Without racks a node that falls short leaves the
   * others above the mean (every token it skips is a token's worth of data others keep); with racks each token moves
   * data between two nodes of one rack only, and the charge made the rack's balance worse.
   */
  private double shortWeight;
  private double minPart = MIN_PART;
  private double excessWeight = EXCESS_WEIGHT;
  /**
   * Split ranges in the middle, as Cassandra's allocator does, instead of at the best point: for nodes with a single
   * token. The best split for the node joining now leaves ranges of any size that later single-token nodes cannot even
   * out (one rack, RF 3, every size from 6 to 96 nodes joining one by one: max/mean 1.236 on average and 1.348 at
   * worst; with halves 1.190 and 1.354).
   */
  private boolean halves;
  private final SplittableRandom rng;
  /** The allocator's seed: with the number of nodes, the seed of {@link #search}'s restarts. */
  private final long seed;
  private final List<String> rackNames = new ArrayList<>();
  int[] nodeRack = new int[16];
  int nodes;
  private int racksInUse;
  double[] pos = new double[64];
  int[] owner = new int[64];
  int m;
  private double[] own = new double[16];
  private boolean ownershipStale;
  /** Where in its range the token {@link #takeOut} last took out was. */
  private double takenU;
  private double[] prim = new double[16];
  private final Set<Double> usedPositions = new HashSet<>();

  // Scratch of one candidate: constant (c) and per-unit-of-u (g) ownership changes of the touched nodes.
  private double[] c = new double[16];
  private int[] g = new int[16];
  private int[] touched = new int[64];
  private int touchedCount;
  private final ReplicaWalk walk = new ReplicaWalk();
  private double[] termA = new double[66];
  private double[] termG = new double[66];
  private double[] termW = new double[66];
  private double[] termL = new double[66];
  private boolean[] termS = new boolean[66];
  private double[] kinks = new double[66];

  // The objective while a node joins.
  private int joiningNode = -1;
  /** What the joining node should own once the token being placed is in, and the mean ownership then. */
  private double joiningTarget;
  private double meanOwn;
  /** The mean ownership of each rack's nodes (rack-aware), or of all nodes. */
  private double[] level = new double[8];
  private double primaryTarget;
  private double meanPrimary;

  /** The most loaded nodes for {@link #relieve}: enough to find one a move does not touch. */
  private static final int TOP = 24;
  private final int[] topNodes = new int[TOP];
  private boolean[] hot = new boolean[16];
  private boolean keepScratch;
  private int topCount;
  /**
   * The most loaded nodes at the start of a relief round, {@link #WIDE_EXTRA} more than {@link #TOP}: while a round
   * tries x's tokens one by one only the nodes those tries touch change, so the top list is worked out from these and
   * the touched ones instead of from every node (at 1,000 nodes that scan was most of the cost of relief).
   */
  private static final int WIDE_EXTRA = 24;
  private final int[] wide = new int[TOP + WIDE_EXTRA];
  private int wideCount;
  private boolean recordTouched;
  private boolean[] roundMark = new boolean[16];
  private int[] roundTouched = new int[16];
  private int roundTouchedCount;

  private final CandidateHeap queue = new CandidateHeap();
  private long version;
  // Result of the last scoring.
  private double scoredDelta;
  private double scoredU;

  BalancingGroup(Partitioner p, int rf, boolean rackAware, List<Node> existing, SplittableRandom rng, long seed) {
    this.partitioner = p;
    this.rf = rf;
    this.rackAware = rackAware;
    this.rng = rng;
    this.seed = seed;
    for (Node n : existing) {
      int id = addNode(n.rack());
      for (Token t : n.tokens()) insert(positionOf(t), id);
    }
    recomputeOwnership();
  }

  int rackCount() {
    return rackNames.size();
  }

  int racksInUse() {
    return racksInUse;
  }

  private double positionOf(Token t) {
    Token min = partitioner.minimum();
    return t.equals(min) ? 0.0 : partitioner.size(min, t) % 1.0;
  }

  private int addNode(String rack) {
    int r = rackNames.indexOf(rack);
    if (r < 0) {
      rackNames.add(rack);
      r = rackNames.size() - 1;
    }
    if (nodes == nodeRack.length) {
      nodeRack = Arrays.copyOf(nodeRack, nodes * 2);
      own = Arrays.copyOf(own, nodes * 2);
      prim = Arrays.copyOf(prim, nodes * 2);
      c = Arrays.copyOf(c, nodes * 2);
      g = Arrays.copyOf(g, nodes * 2);
    }
    boolean newRack = true;
    for (int n = 0; n < nodes; n++) if (nodeRack[n] == r) newRack = false;
    if (newRack) racksInUse++;
    nodeRack[nodes] = r;
    return nodes++;
  }

  /** Inserts a token; returns its range index. */
  private int insert(double p, int node) {
    int i = Arrays.binarySearch(pos, 0, m, p);
    if (i < 0) i = -i - 1;
    if (m == pos.length) {
      pos = Arrays.copyOf(pos, m * 2);
      owner = Arrays.copyOf(owner, m * 2);
    }
    System.arraycopy(pos, i, pos, i + 1, m - i);
    System.arraycopy(owner, i, owner, i + 1, m - i);
    pos[i] = p;
    owner[i] = node;
    m++;
    usedPositions.add(p);
    return i;
  }

  /** Removes a token; returns the index of the range that now holds its position. */
  private int remove(double p) {
    int i = Arrays.binarySearch(pos, 0, m, p);
    System.arraycopy(pos, i + 1, pos, i, m - i - 1);
    System.arraycopy(owner, i + 1, owner, i, m - i - 1);
    m--;
    usedPositions.remove(p);
    return i == m ? 0 : i;
  }

  private double rangeSize(int i) {
    if (m == 1) return 1.0;
    return i == 0 ? pos[0] + 1.0 - pos[m - 1] : pos[i] - pos[i - 1];
  }

  private double rangeStart(int i) {
    return i == 0 ? pos[m - 1] - 1.0 : pos[i - 1];
  }

  List<Token> join(NodeSpec spec) {
    int x = addNode(spec.rack());
    int v = spec.numTokens();
    List<Double> mine = new ArrayList<>();
    double[] planned;
    int onRing = x; // nodes already holding tokens in this group
    if (m == 0) {
      double offset = rng.nextDouble() / v;
      for (int k = 0; k < v; k++) mine.add(offset + (double) k / v);
      for (double p : mine) insert(p, x);
    } else if (onRing < rf && evenlyInterleavable(v)) {
      // While a group has no more nodes than replicas every node replicates everything, so effective ownership
      // cannot guide placement: like Cassandra 4, interleave the first nodes' tokens evenly.
      double step = 1.0 / v;
      // Offsets are relative to the first node's tokens: pos[0] may belong to a later node after wrap-around,
      // which would put this node's tokens on top of the first node's.
      double base = pos[0] % step;
      for (int j = 0; j < m; j++) {
        if (owner[j] == 0) {
          base = pos[j] % step;
          break;
        }
      }
      for (int i = 0; i < v; i++) {
        double p = base + (i + (double) onRing / rf) * step;
        if (p >= 1.0) p -= 1.0;
        mine.add(p);
      }
      for (double p : mine) insert(p, x);
    } else if (staircase(v)
        && (planned = RackStaircase.place(pos, owner, m, nodeRack, nodes, nodeRack[x], x, v)) != null) {
      for (double p : planned) {
        while (usedPositions.contains(p)) p = Math.nextUp(p);
        mine.add(p);
        insert(p, x);
      }
    } else {
      halves = v == 1;
      placeAll(x, v, mine);
    }
    // Worked out again only when a placement needs it: the staircase does not, and recomputing after each of its
    // joins was a fifth of a 1,000-node allocation.
    ownershipStale = true;
    List<Token> tokens = new ArrayList<>();
    for (double p : mine) tokens.add(partitioner.tokenAt(partitioner.minimum(), partitioner.minimum(), p));
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
    return rackAware && v >= 2 && rackNames.size() == rf && racksInUse == rf;
  }

  /** Places the v tokens of node x one by one, then re-places each once the others are known. */
  private void placeAll(int x, int v, List<Double> mine) {
    if (ownershipStale) recomputeOwnership();
    ownershipStale = false;
    joiningNode = x;
    boolean big = nodes > BIG_GROUP;
    boolean manyTokens = v >= MANY_TOKENS;
    excessWeight = manyTokens ? MANY_TOKENS_EXCESS_WEIGHT : EXCESS_WEIGHT;
    int passes = manyTokens ? MANY_TOKENS_PASSES : PASSES;
    shortWeight = rackAware ? 0 : big ? excessWeight : 10;
    boolean relief = v >= RELIEF_TOKENS && !manyTokens && !big;
    minPart = big || (relief && !rackAware) ? RELIEF_MIN_PART : MIN_PART;
    meanOwn = (double) Math.min(rf, nodes) / nodes;
    if (level.length < rackNames.size()) level = new double[rackNames.size()];
    Arrays.fill(level, meanOwn);
    if (rackAware) {
      // Each rack's nodes share what the rack replicates (all of the ring when there are as many racks as replicas).
      double[] total = new double[rackNames.size()];
      int[] count = new int[rackNames.size()];
      for (int n = 0; n < nodes; n++) {
        total[nodeRack[n]] += own[n];
        count[nodeRack[n]]++;
      }
      double all = 0;
      for (double t : total) all += t;
      for (int r = 0; r < total.length; r++) {
        // The joining node's rack: its share so far, or an even share if the rack is new.
        double share = total[r] > 0 ? total[r] : all / Math.max(1, racksInUse - 1);
        if (count[r] > 0) level[r] = Math.min(1.0, share) / count[r];
      }
      meanOwn = level[nodeRack[x]];
    }
    joiningTarget = meanOwn / v;
    meanPrimary = 1.0 / nodes;
    primaryTarget = meanPrimary / v;
    version++;
    queue.clear();
    for (int j = 0; j < m; j++) enqueue(j);
    for (int k = 0; k < v; k++) {
      if (k > 0) {
        joiningTarget = meanOwn * (k + 1) / v;
        primaryTarget = meanPrimary * (k + 1) / v;
        version++;
      }
      mine.add(placeBest(x));
    }
    for (int pass = 0; pass < passes; pass++) {
      for (int k = 0; k < v; k++) {
        int j = takeOut(x, mine.get(k));
        version++;
        refreshAround(j);
        mine.set(k, placeBest(x));
      }
    }
    if (relief) relieve(x, mine, mine.size());
    else if (big && !rackAware && manyTokens) {
      fillTop(x);
      if (ratio(topNodes[0]) > STUCK_RATIO) relieve(x, mine, STUCK_ROUNDS);
    }
    if (relief && !rackAware && v >= SEARCH_TOKENS && v <= SEARCH_MAX_TOKENS && nodes > rf
        && nodes <= SEARCH_NODES_PER_TOKEN * v) {
      search(x, mine);
    }
    joiningNode = -1;
  }

  /**
   * Moves x's tokens, one at a time, to ranges that take data from the most loaded node (effective ownership for its
   * rack), while a move helps: the greedy placement above weighs every node by a quadratic cost, but what max/mean and
   * users see is the most loaded node. Only x's tokens move; nobody else's. Under SimpleStrategy a move must lower a
   * soft maximum of effective and primary ownership without raising the highest effective ownership, and the moved
   * token's split point is then tuned for the soft maximum; with racks a move must lower the highest ownership.
   */
  private void relieve(int x, List<Double> mine, int rounds) {
    try {
      relieveRounds(x, mine, rounds);
    } finally {
      recordTouched = false;
    }
  }

  private void relieveRounds(int x, List<Double> mine, int rounds) {
    int v = mine.size();
    int w = (rackAware ? Math.max(racksInUse, 1) : 1) * (rf + 1);
    for (int round = 0; round < rounds; round++) {
      fillTop(x);
      startRecording();
      double currentMax = Math.max(ratio(topNodes[0]), ratio(x));
      if (rackAware && ratio(x) >= currentMax) return;
      // The ranges just before the most loaded node's token ends take data from it.
      List<Double> hotPos = new ArrayList<>();
      for (int i = 0; i < m; i++) if (owner[i] == topNodes[0]) hotPos.add(pos[i]);
      double best = rackAware ? currentMax - 1e-12 : -1e-12;
      int bestK = -1;
      double bestEnd = 0, bestU = 0;
      for (int k = 0; k < v; k++) {
        double p = mine.get(k);
        int jr = takeOut(x, p);
        double ur = takenU;
        refillTop(x);
        double base = rackAware ? 0 : softDelta(jr, x, ur);
        for (double hp : hotPos) {
          int i = Arrays.binarySearch(pos, 0, m, hp);
          for (int d = -w; d <= 0; d++) {
            int j = Math.floorMod(i + d, m);
            if (!score(j)) continue;
            double u = scoredU;
            double value = rackAware ? maxAfter(j, x, u) : softDelta(j, x, u) - base;
            if (value >= best) continue;
            if (!rackAware && maxAfter(j, x, u) > currentMax + 1e-12) continue;
            best = value;
            bestK = k;
            bestEnd = pos[j];
            bestU = u;
          }
        }
        applyChange(jr, x, ur, +1);
        insert(p, x);
      }
      if (bestK < 0) return;
      moveToken(x, mine, bestK, bestEnd, bestU, !rackAware);
    }
  }

  /**
   * Tries from random restarts: each moves {@link #SEARCH_KICKS} of x's tokens to random ranges, climbs down the soft
   * maximum again ({@link #climb}), and keeps the best ring found. The restarts come from the seed and the number of
   * nodes only, so a ring grown one node per allocation is the same as one allocated at once.
   */
  private void search(int x, List<Double> mine) {
    int v = mine.size();
    SplittableRandom r = new SplittableRandom(seed * 1_000_003L + nodes);
    climb(x, mine);
    List<Double> best = new ArrayList<>(mine);
    double bestSoft = softTotal();
    for (int tries = 0; tries < SEARCH_TRIES; tries++) {
      for (int kick = 0; kick < SEARCH_KICKS; kick++) {
        int k = r.nextInt(v);
        double p = mine.get(k);
        takeOut(x, p);
        int j = r.nextInt(m);
        mine.set(k, place(j, x, score(j) ? scoredU : rangeSize(j) / 2));
      }
      climb(x, mine);
      double soft = softTotal();
      if (soft < bestSoft) {
        bestSoft = soft;
        best = new ArrayList<>(mine);
      } else {
        moveTokens(x, mine, best);
      }
    }
  }

  /**
   * Moves x's tokens, one at a time, to whichever range of the whole ring lowers the soft maximum of effective and
   * primary ownership most, until no move lowers it. Only ranges that take data from a node near the highest effective
   * ownership can lower it, so the others are skipped (unless x itself is near the top).
   */
  private void climb(int x, List<Double> mine) {
    int v = mine.size();
    for (int round = 0; round < 2 * v; round++) {
      double best = -1e-12;
      int bestK = -1;
      double bestEnd = 0, bestU = 0;
      for (int k = 0; k < v; k++) {
        double p = mine.get(k);
        int jr = takeOut(x, p);
        double ur = takenU;
        double base = softDelta(jr, x, ur);
        boolean prune = markHot(x);
        for (int j = 0; j < m; j++) {
          if (prune && !hotAhead(j)) continue;
          // score leaves its evaluation of range j in the scratch for the soft maximum to use.
          keepScratch = true;
          boolean splittable = score(j);
          keepScratch = false;
          if (!splittable) continue;
          double value = softDeltaEvaluated(j, x, scoredU) - base;
          if (value >= best) continue;
          best = value;
          bestK = k;
          bestEnd = pos[j];
          bestU = scoredU;
        }
        applyChange(jr, x, ur, +1);
        insert(p, x);
      }
      if (bestK < 0) return;
      moveToken(x, mine, bestK, bestEnd, bestU, true);
    }
  }

  /**
   * Moves x's k-th token into the range ending at {@code end}, at u from its start or, with {@code tune}, at the split
   * point there with the lowest soft maximum: the move relief and climb settle on.
   */
  private void moveToken(int x, List<Double> mine, int k, double end, double u, boolean tune) {
    takeOut(x, mine.get(k));
    int j = Arrays.binarySearch(pos, 0, m, end);
    mine.set(k, place(j, x, tune ? softestSplit(j, x, u) : u));
  }

  /** The soft maximum {@link #softDelta} changes: of effective and of primary ownership, over all nodes. */
  private double softTotal() {
    double z = 0;
    for (int n = 0; n < nodes; n++) z += soft(own[n] / meanOwn, SOFT) + soft(prim[n] / meanPrimary, SOFT_PRIMARY);
    return z;
  }

  /** Takes x's tokens out and puts them at the given positions. */
  private void moveTokens(int x, List<Double> mine, List<Double> target) {
    for (double p : mine) {
      takeOut(x, p);
    }
    mine.clear();
    for (double p : target) {
      int j = -Arrays.binarySearch(pos, 0, m, p) - 1;
      if (j == m) j = 0;
      double u = p - rangeStart(j);
      if (u >= 1.0) u -= 1.0;
      mine.add(place(j, x, u));
    }
  }

  /** Marks the nodes within {@link #HOT} of the highest effective ownership; false if x is one of them. */
  private boolean markHot(int x) {
    if (hot.length < nodes) hot = new boolean[nodes * 2];
    double mx = 0;
    for (int n = 0; n < nodes; n++) mx = Math.max(mx, own[n] / meanOwn);
    for (int n = 0; n < nodes; n++) hot[n] = own[n] / meanOwn >= mx - HOT;
    return !hot[x];
  }

  /** Whether a token in range j can take data from a hot node: one of the owners of the next rf + 1 tokens is. */
  private boolean hotAhead(int j) {
    for (int d = 0; d <= rf; d++) if (hot[owner[(j + d) % m]]) return true;
    return false;
  }

  private double ratio(int n) {
    return own[n] / level[nodeRack[n]];
  }

  /** The (up to) TOP nodes other than x with the highest ownership for their rack, highest first. */
  private void fillTop(int x) {
    wideCount = 0;
    for (int n = 0; n < nodes; n++) if (n != x) wideCount = offerTop(wide, wideCount, n);
    topCount = Math.min(TOP, wideCount);
    System.arraycopy(wide, 0, topNodes, 0, topCount);
  }

  /**
   * The same as {@link #fillTop} when only the nodes in {@link #roundTouched} changed since it ran (falls back to it
   * when so many of the wide list changed that a node below it could be in the top).
   */
  private void refillTop(int x) {
    int changed = 0;
    for (int i = 0; i < wideCount; i++) if (roundMark[wide[i]]) changed++;
    if (changed > WIDE_EXTRA && wideCount == wide.length) {
      fillTop(x);
      return;
    }
    // Offered in node order, as the full scan does, so that ties come out the same.
    int[] candidates = Arrays.copyOf(wide, wideCount + roundTouchedCount);
    System.arraycopy(roundTouched, 0, candidates, wideCount, roundTouchedCount);
    Arrays.sort(candidates);
    int count = 0;
    int previous = -1;
    for (int n : candidates) {
      if (n == previous || n == x) continue;
      previous = n;
      count = offerTop(topNodes, count, n);
    }
    topCount = count;
  }

  /** Inserts node n into list (highest ratio first, capacity list.length) holding count nodes; returns the new count. */
  private int offerTop(int[] list, int count, int n) {
    double r = ratio(n);
    int cap = list.length;
    if (count == cap && r <= ratio(list[cap - 1])) return count;
    int i = count == cap ? cap - 1 : count++;
    while (i > 0 && ratio(list[i - 1]) < r) {
      list[i] = list[i - 1];
      i--;
    }
    list[i] = n;
    return count;
  }

  /** From now on {@link #applyChange} notes every node it changes in {@link #roundTouched}. */
  private void startRecording() {
    for (int i = 0; i < roundTouchedCount; i++) roundMark[roundTouched[i]] = false;
    roundTouchedCount = 0;
    if (roundMark.length < nodes) roundMark = new boolean[nodes * 2];
    recordTouched = true;
  }

  private void noteTouched(int n) {
    if (roundMark[n]) return;
    roundMark[n] = true;
    if (roundTouchedCount == roundTouched.length) roundTouched = Arrays.copyOf(roundTouched, roundTouchedCount * 2);
    roundTouched[roundTouchedCount++] = n;
  }

  /** The highest ownership for its rack if x went in at u in range j (uses the top list of {@link #fillTop}). */
  private double maxAfter(int j, int x, double u) {
    evaluate(j, x);
    double mx = isTouched(x) ? 0 : ratio(x);
    for (int t = 0; t < touchedCount; t++) {
      int n = touched[t];
      mx = Math.max(mx, (own[n] + c[n] + u * g[n]) / level[nodeRack[n]]);
    }
    for (int i = 0; i < topCount; i++) {
      if (!isTouched(topNodes[i])) {
        mx = Math.max(mx, ratio(topNodes[i]));
        break;
      }
    }
    clearScratch();
    return mx;
  }

  private boolean isTouched(int n) {
    for (int t = 0; t < touchedCount; t++) if (touched[t] == n) return true;
    return false;
  }

  private static double soft(double ratio, double softness) {
    return Math.exp((ratio - 1) / softness);
  }

  /** Change of the soft maximum of effective and primary ownership if x went in at u in range j. */
  private double softDelta(int j, int x, double u) {
    evaluate(j, x);
    return softDeltaEvaluated(j, x, u);
  }

  /** {@link #softDelta} once {@link #evaluate} has filled the scratch for range j and x (and clears it). */
  private double softDeltaEvaluated(int j, int x, double u) {
    double d = 0;
    for (int t = 0; t < touchedCount; t++) {
      int n = touched[t];
      double l = level[nodeRack[n]];
      d += soft((own[n] + c[n] + u * g[n]) / l, SOFT) - soft(own[n] / l, SOFT);
    }
    clearScratch();
    int o = owner[j];
    d += soft((prim[x] + u) / meanPrimary, SOFT_PRIMARY) - soft(prim[x] / meanPrimary, SOFT_PRIMARY);
    d += soft((prim[o] - u) / meanPrimary, SOFT_PRIMARY) - soft(prim[o] / meanPrimary, SOFT_PRIMARY);
    return d;
  }

  /** The split point of range j with the lowest soft maximum (convex in u: ternary search), or u0 if none is lower. */
  private double softestSplit(int j, int x, double u0) {
    double gap = rangeSize(j);
    double lo = splitLo(gap), hi = splitHi(gap);
    if (lo > hi) return u0;
    for (int it = 0; it < 40; it++) {
      double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
      if (softDelta(j, x, a) <= softDelta(j, x, b)) hi = b;
      else lo = a;
    }
    double u = (lo + hi) / 2;
    return softDelta(j, x, u) < softDelta(j, x, u0) ? u : u0;
  }

  private void enqueue(int j) {
    if (score(j)) queue.add(scoredDelta, pos[j], scoredU, version);
  }

  /** Re-scores the candidates whose replica walks pass range i. */
  private void refreshAround(int i) {
    int w = (rackAware ? Math.max(racksInUse, 1) : 1) * (rf + 2);
    if (2 * w + 1 >= m) {
      for (int j = 0; j < m; j++) enqueue(j);
      return;
    }
    for (int d = -w; d <= w; d++) enqueue(Math.floorMod(i + d, m));
  }

  /** Takes the best candidate (re-scoring stale entries first), inserts x there, and returns the position. */
  private double placeBest(int x) {
    while (true) {
      if (!queue.poll()) {
        // Nothing left to split (every range too small to score): take the largest range's middle.
        int best = 0;
        for (int j = 1; j < m; j++) if (rangeSize(j) > rangeSize(best)) best = j;
        return place(best, x, rangeSize(best) / 2);
      }
      int j = Arrays.binarySearch(pos, 0, m, queue.polledEnd);
      if (j < 0) continue; // that range's end token was taken out
      if (queue.polledVersion == version) return place(j, x, queue.polledU);
      enqueue(j);
    }
  }

  private double place(int j, int x, double u) {
    double p = rangeStart(j) + u;
    if (p < 0) p += 1.0;
    if (p >= 1.0) p -= 1.0;
    while (usedPositions.contains(p)) p = Math.nextUp(p);
    applyChange(j, x, u, +1);
    int i = insert(p, x);
    version++;
    refreshAround(i);
    return p;
  }

  /** Takes x's token at p out, with its ownership change; returns the range now holding p (u in {@link #takenU}). */
  private int takeOut(int x, double p) {
    int j = remove(p);
    double u = p - rangeStart(j);
    if (u >= 1.0) u -= 1.0;
    applyChange(j, x, u, -1);
    takenU = u;
    return j;
  }

  /** Adds (sign +1) or takes back (-1) the ownership change of x at u in range j. */
  private void applyChange(int j, int x, double u, int sign) {
    evaluate(j, x);
    for (int t = 0; t < touchedCount; t++) {
      int n = touched[t];
      own[n] += sign * (c[n] + u * g[n]);
      if (recordTouched) noteTouched(n);
    }
    clearScratch();
    prim[x] += sign * u;
    prim[owner[j]] -= sign * u;
  }

  /** Where a range of size gap may be split: {@link #EDGE} from either end, no part under {@link #minPart}. */
  private double splitLo(double gap) {
    return Math.max(gap * EDGE, minPart / (m + 1));
  }

  private double splitHi(double gap) {
    return Math.min(gap * (1 - EDGE), gap - minPart / (m + 1));
  }

  /** Scores splitting range j with the joining node: the best u and the change of the objective, if j can be split. */
  private boolean score(int j) {
    double gap = rangeSize(j);
    double lo = splitLo(gap), hi = splitHi(gap);
    if (gap <= 1e-15 || lo > hi) return false;
    evaluate(j, joiningNode);
    int k = 0;
    double before = 0;
    for (int t = 0; t < touchedCount; t++) {
      int n = touched[t];
      double shift = n == joiningNode ? meanOwn - joiningTarget : 0;
      double l = level[nodeRack[n]];
      boolean two = n == joiningNode;
      before += two ? cost2(own[n] + shift, l) : cost(own[n] + shift, l);
      termS[k] = two;
      termA[k] = own[n] + c[n] + shift;
      termG[k] = g[n];
      termW[k] = 1;
      termL[k] = l;
      k++;
    }
    if (!keepScratch) clearScratch();
    if (PRIMARY_WEIGHT > 0 && !rackAware) {
      int o = owner[j];
      double ax = prim[joiningNode] + meanPrimary - primaryTarget;
      before += PRIMARY_WEIGHT * (cost(ax, meanPrimary) + cost(prim[o], meanPrimary));
      termA[k] = ax; termG[k] = 1; termW[k] = PRIMARY_WEIGHT; termL[k] = meanPrimary; termS[k] = false; k++;
      termA[k] = prim[o]; termG[k] = -1; termW[k] = PRIMARY_WEIGHT; termL[k] = meanPrimary; termS[k] = false; k++;
    }
    double u = halves ? gap / 2 : bestSplit(k, lo, hi);
    double after = 0;
    for (int t = 0; t < k; t++)
      after += termW[t] * (termS[t] ? cost2(termA[t] + u * termG[t], termL[t]) : cost(termA[t] + u * termG[t], termL[t]));
    scoredDelta = after - before;
    scoredU = u;
    return true;
  }

  /**
   * The u in [lo, hi] minimising the sum of cost(termA + u termG): the derivative is non-decreasing and linear between
   * the kinks where a term crosses the mean, so find the piece where it changes sign and solve it.
   */
  private double bestSplit(int k, double lo, double hi) {
    int kinkCount = 0;
    for (int t = 0; t < k; t++) {
      if (termG[t] == 0) continue;
      double b = (termL[t] - termA[t]) / termG[t];
      if (b > lo && b < hi) kinks[kinkCount++] = b;
    }
    Arrays.sort(kinks, 0, kinkCount);
    double left = lo;
    double dLeft = slope(k, lo);
    if (dLeft >= 0) return lo;
    for (int i = 0; i <= kinkCount; i++) {
      double right = i < kinkCount ? kinks[i] : hi;
      double dRight = slope(k, right);
      if (dRight >= 0) return dRight == dLeft ? left : left + (right - left) * (-dLeft) / (dRight - dLeft);
      left = right;
      dLeft = dRight;
    }
    return hi;
  }

  /** Derivative in u of the sum of cost(termA + u termG), halved. */
  private double slope(int k, double u) {
    double d = 0;
    for (int t = 0; t < k; t++) {
      double gt = termG[t];
      if (gt == 0) continue;
      double a = termA[t] + u * gt;
      double over = a - termL[t];
      d += termW[t] * gt * (a + (over > 0 ? excessWeight * over : termS[t] ? shortWeight * over : 0));
    }
    return d;
  }

  /**
   * The cost of one node owning {@code a}: its square (minimising the sum of squares evens ownership out), plus a
   * much heavier charge on what lies above the mean.
   */
  private double cost2(double a, double mean) {
    double over = a - mean;
    return a * a + (over > 0 ? excessWeight : shortWeight) * over * over;
  }

  private double cost(double a, double mean) {
    double over = a - mean;
    return a * a + (over > 0 ? excessWeight * over * over : 0);
  }

  /** Whether the ring so far is exactly the interleaved layout of nodes with v tokens each. */
  private boolean evenlyInterleavable(int v) {
    if (m != (nodes - 1) * v) return false;
    int[] count = new int[nodes];
    for (int i = 0; i < m; i++) count[owner[i]]++;
    for (int n = 0; n < nodes - 1; n++) if (count[n] != v) return false;
    return true;
  }

  /**
   * Fills c (constant ownership changes) and g (coefficient of u, the distance of x from the range start) for
   * inserting node x into range j.
   */
  private void evaluate(int j, int x) {
    // Range j itself: (start, x] gets the walk starting with x; (x, end] keeps its replicas.
    walk.run(this, j, -1, x);
    for (int k = 0; k < walk.found; k++) bumpG(walk.out[k], -1);
    walk.runFromInserted(this, j, x);
    for (int k = 0; k < walk.found; k++) bumpG(walk.out[k], +1);
    // Earlier ranges whose replica walk reaches the insertion point.
    for (int d = 1; d < m; d++) {
      int idx = j - d < 0 ? j - d + m : j - d;
      walk.run(this, idx, -1, x);
      if (walk.steps <= d) break; // complete before reaching x: it and all earlier ranges are unaffected
      double size = rangeSize(idx);
      for (int k = 0; k < walk.found; k++) bumpC(walk.out[k], -size);
      walk.run(this, idx, d, x);
      for (int k = 0; k < walk.found; k++) bumpC(walk.out[k], +size);
    }
  }

  private void bumpG(int n, int v) {
    touch(n);
    g[n] += v;
  }

  private void bumpC(int n, double v) {
    touch(n);
    c[n] += v;
  }

  private void touch(int n) {
    if (g[n] == 0 && c[n] == 0) {
      for (int t = 0; t < touchedCount; t++) if (touched[t] == n) return;
      if (touchedCount == touched.length) {
        touched = Arrays.copyOf(touched, touchedCount * 2);
        termA = Arrays.copyOf(termA, touchedCount * 2 + 2);
        termG = Arrays.copyOf(termG, touchedCount * 2 + 2);
        termW = Arrays.copyOf(termW, touchedCount * 2 + 2);
        termL = Arrays.copyOf(termL, touchedCount * 2 + 2);
        termS = Arrays.copyOf(termS, touchedCount * 2 + 2);
        kinks = Arrays.copyOf(kinks, touchedCount * 2 + 2);
      }
      touched[touchedCount++] = n;
    }
  }

  private void clearScratch() {
    for (int t = 0; t < touchedCount; t++) {
      c[touched[t]] = 0;
      g[touched[t]] = 0;
    }
    touchedCount = 0;
  }

  private void recomputeOwnership() {
    Arrays.fill(own, 0, nodes, 0.0);
    Arrays.fill(prim, 0, nodes, 0.0);
    for (int i = 0; i < m; i++) prim[owner[i]] += rangeSize(i);
    for (int i = 0; i < m; i++) {
      walk.run(this, i, -1, -1);
      double size = rangeSize(i);
      for (int k = 0; k < walk.found; k++) own[walk.out[k]] += size;
    }
  }
}
