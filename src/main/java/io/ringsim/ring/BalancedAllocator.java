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
 * <p>How a token is placed: inserting the new node X at a point x of a range changes the replica sets of that range
 * and of the few ranges before it whose replica walk passes x. Every change is either constant or proportional to the
 * distance u from the range start to x, so each candidate range has a convex cost in u (sum of squared ownerships,
 * with a heavy extra charge above the mean; X itself is charged for straying from its share so far) whose minimum a
 * ternary search finds. The allocator takes the best candidate; after all of a node's tokens are placed it re-places
 * each of them once more, now that the others are known. While a group has no more nodes than replicas (everyone
 * replicates everything) the first nodes' tokens are interleaved evenly instead, as Cassandra 4 does.
 *
 * <p>Under NetworkTopologyStrategy every data centre is balanced on its own (replicas of a DC only ever walk over that
 * DC's nodes) with Cassandra 4's rack rule; under SimpleStrategy the whole ring is one group and racks are ignored.
 * Positions are worked out on the unit circle and turned into the partitioner's tokens at the end.
 */
public final class BalancedAllocator implements TokenAllocator {
  private static final int ALL_CANDIDATES_UP_TO = 4096;
  private static final int REFINE_UP_TO = 20_000;
  /** Re-placement passes over a joining node's tokens once all are placed. */
  private static final int PASSES = 1;
  /** Extra weight on ownership above the mean (see Group.cost). */
  private static final double EXCESS_WEIGHT = 100;

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
      Group g = new Group(partitioner, Math.max(rf, 1), nts, existingByGroup.getOrDefault(group, List.of()), rng);
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

  /** One balancing group (a DC, or the whole ring) on the unit circle. */
  private static final class Group {
    final Partitioner partitioner;
    final int rf;
    final boolean rackAware;
    final SplittableRandom rng;
    final List<String> rackNames = new ArrayList<>();
    int[] nodeRack = new int[16];
    int nodes;
    double[] pos = new double[64];
    int[] owner = new int[64];
    int m;
    double[] own = new double[16];
    // scratch
    double[] c = new double[16];
    int[] g = new int[16];
    int[] touched = new int[64];
    int touchedCount;
    final Walk walk = new Walk();
    final java.util.Set<Double> usedPositions = new java.util.HashSet<>();

    Group(Partitioner p, int rf, boolean rackAware, List<Node> existing, SplittableRandom rng) {
      this.partitioner = p;
      this.rf = rf;
      this.rackAware = rackAware;
      this.rng = rng;
      for (Node n : existing) {
        int id = addNode(n.rack());
        for (Token t : n.tokens()) insert(positionOf(t), id);
      }
      recomputeOwnership();
    }

    double positionOf(Token t) {
      Token min = partitioner.minimum();
      return t.equals(min) ? 0.0 : partitioner.size(min, t) % 1.0;
    }

    int addNode(String rack) {
      int r = rackNames.indexOf(rack);
      if (r < 0) {
        rackNames.add(rack);
        r = rackNames.size() - 1;
      }
      if (nodes == nodeRack.length) {
        nodeRack = Arrays.copyOf(nodeRack, nodes * 2);
        own = Arrays.copyOf(own, nodes * 2);
        c = Arrays.copyOf(c, nodes * 2);
        g = Arrays.copyOf(g, nodes * 2);
      }
      nodeRack[nodes] = r;
      return nodes++;
    }

    void insert(double p, int node) {
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
    }

    void remove(double p) {
      int i = Arrays.binarySearch(pos, 0, m, p);
      System.arraycopy(pos, i + 1, pos, i, m - i - 1);
      System.arraycopy(owner, i + 1, owner, i, m - i - 1);
      m--;
      usedPositions.remove(p);
    }

    double rangeSize(int i) {
      if (m == 1) return 1.0;
      return i == 0 ? pos[0] + 1.0 - pos[m - 1] : pos[i] - pos[i - 1];
    }

    List<Token> join(NodeSpec spec) {
      int x = addNode(spec.rack());
      List<Double> mine = new ArrayList<>();
      int onRing = x; // nodes already holding tokens in this group
      if (m == 0) {
        double offset = rng.nextDouble() / spec.numTokens();
        for (int k = 0; k < spec.numTokens(); k++) mine.add(offset + (double) k / spec.numTokens());
        for (double p : mine) insert(p, x);
      } else if (onRing < rf && evenlyInterleavable(spec.numTokens())) {
        // While a group has no more nodes than replicas every node replicates everything, so effective ownership
        // cannot guide placement: like Cassandra 4, interleave the first nodes' tokens evenly.
        int v = spec.numTokens();
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
      } else {
        for (int k = 0; k < spec.numTokens(); k++) {
          setTarget(k + 1, spec.numTokens());
          mine.add(placeOne(x));
        }
        for (int pass = 0; pass < PASSES && m <= REFINE_UP_TO; pass++) {
          for (int k = 0; k < mine.size(); k++) {
            remove(mine.get(k));
            recomputeOwnership();
            setTarget(spec.numTokens(), spec.numTokens());
            mine.set(k, placeOne(x));
          }
        }
      }
      recomputeOwnership();
      List<Token> tokens = new ArrayList<>();
      for (double p : mine) tokens.add(partitioner.tokenAt(partitioner.minimum(), partitioner.minimum(), p));
      return tokens;
    }

    void setTarget(int placedAfter, int v) {
      meanOwn = (double) Math.min(rf, nodes) / nodes;
      joiningTarget = meanOwn * placedAfter / v;
    }

    /** Whether the ring so far is exactly the interleaved layout of nodes with v tokens each. */
    boolean evenlyInterleavable(int v) {
      if (m != (nodes - 1) * v) return false;
      for (int n = 0; n < nodes - 1; n++) {
        int count = 0;
        for (int i = 0; i < m; i++) if (owner[i] == n) count++;
        if (count != v) return false;
      }
      return true;
    }

    /** Places one token of node x at the best candidate split; returns its position. */
    double placeOne(int x) {
      joiningNode = x;
      int[] candidates = candidates();
      int bestRange = -1;
      double bestU = 0;
      double bestDelta = Double.POSITIVE_INFINITY;
      for (int j : candidates) {
        double gap = rangeSize(j);
        if (gap <= 1e-15) continue;
        evaluate(j, x);
        // The cost after the split is convex in u (a sum of convex functions of u), so a ternary search finds it.
        double lo = gap * 0.01;
        double hi = gap * 0.99;
        for (int it = 0; it < 40; it++) {
          double m1 = lo + (hi - lo) / 3;
          double m2 = hi - (hi - lo) / 3;
          if (objective(m1) <= objective(m2)) hi = m2;
          else lo = m1;
        }
        double u = (lo + hi) / 2;
        double delta = objective(u) - objectiveBefore();
        if (delta < bestDelta - 1e-18) {
          bestDelta = delta;
          bestRange = j;
          bestU = u;
        }
        clearScratch();
      }
      double start = bestRange == 0 ? pos[m - 1] - 1.0 : pos[bestRange - 1];
      double p = start + bestU;
      if (p < 0) p += 1.0;
      if (p >= 1.0) p -= 1.0;
      while (usedPositions.contains(p)) p = Math.nextUp(p);
      evaluate(bestRange, x);
      for (int t = 0; t < touchedCount; t++) {
        int n = touched[t];
        own[n] += c[n] + bestU * g[n];
      }
      clearScratch();
      insert(p, x);
      return p;
    }

    /** Every range when the ring is small; otherwise the ranges around the most-loaded nodes. */
    int[] candidates() {
      if (m <= ALL_CANDIDATES_UP_TO) {
        int[] all = new int[m];
        for (int i = 0; i < m; i++) all[i] = i;
        return all;
      }
      Integer[] order = new Integer[nodes];
      for (int i = 0; i < nodes; i++) order[i] = i;
      Arrays.sort(order, (a, b) -> Double.compare(own[b], own[a]));
      java.util.BitSet chosen = new java.util.BitSet(m);
      int window = 2 * rf + 2;
      for (int k = 0; k < Math.min(nodes, 24); k++) {
        int n = order[k];
        for (int i = 0; i < m; i++) {
          if (owner[i] != n) continue;
          for (int d = -window; d <= 1; d++) chosen.set(Math.floorMod(i + d, m));
        }
      }
      return chosen.stream().toArray();
    }

    /**
     * Fills c (constant ownership changes) and g (coefficient of u, the distance of x from the range start) for
     * inserting node x into range j.
     */
    void evaluate(int j, int x) {
      int nodeCount = nodes;
      // Range j itself: (start, x] gets the walk starting with x; (x, end] keeps its replicas.
      walk.run(this, j, -1, x, nodeCount, 0);
      for (int k = 0; k < walk.found; k++) bumpG(walk.out[k], -1);
      walk.runFromInserted(this, j, x, nodeCount);
      for (int k = 0; k < walk.found; k++) bumpG(walk.out[k], +1);
      // Earlier ranges whose replica walk reaches the insertion point.
      for (int d = 1; d < m; d++) {
        int idx = Math.floorMod(j - d, m);
        walk.run(this, idx, -1, x, nodeCount, 0);
        if (walk.steps <= d) break; // complete before reaching x: it and all earlier ranges are unaffected
        double size = rangeSize(idx);
        for (int k = 0; k < walk.found; k++) bumpC(walk.out[k], -size);
        walk.run(this, idx, d, x, nodeCount, 0);
        for (int k = 0; k < walk.found; k++) bumpC(walk.out[k], +size);
      }
    }

    int joiningNode = -1;
    /** What the joining node should own once the token being placed is in, and the mean ownership then. */
    double joiningTarget;
    double meanOwn;

    double objective(double u) {
      double f = 0;
      for (int t = 0; t < touchedCount; t++) {
        int n = touched[t];
        double a = own[n] + c[n] + u * g[n];
        if (n == joiningNode) a = a - joiningTarget + meanOwn;
        f += cost(a);
      }
      return f;
    }

    /**
     * The cost of one node owning {@code a}: its square (minimising the sum of squares evens ownership out), plus a much
     * heavier charge on what lies above the mean, because the most loaded node is what max/mean and users see.
     */
    double cost(double a) {
      double over = a - meanOwn;
      return a * a + (over > 0 ? EXCESS_WEIGHT * over * over : 0);
    }

    double objectiveBefore() {
      double f = 0;
      for (int t = 0; t < touchedCount; t++) {
        int n = touched[t];
        f += cost(n == joiningNode ? own[n] - joiningTarget + meanOwn : own[n]);
      }
      return f;
    }

    void bumpG(int n, int v) {
      touch(n);
      g[n] += v;
    }

    void bumpC(int n, double v) {
      touch(n);
      c[n] += v;
    }

    void touch(int n) {
      if (g[n] == 0 && c[n] == 0) {
        for (int t = 0; t < touchedCount; t++) if (touched[t] == n) return;
        if (touchedCount == touched.length) touched = Arrays.copyOf(touched, touchedCount * 2);
        touched[touchedCount++] = n;
      }
    }

    void clearScratch() {
      for (int t = 0; t < touchedCount; t++) {
        c[touched[t]] = 0;
        g[touched[t]] = 0;
      }
      touchedCount = 0;
    }

    void recomputeOwnership() {
      Arrays.fill(own, 0, nodes, 0.0);
      for (int i = 0; i < m; i++) {
        walk.run(this, i, -1, -1, nodes, 0);
        double size = rangeSize(i);
        for (int k = 0; k < walk.found; k++) own[walk.out[k]] += size;
      }
    }

    int racksIncluding(int nodeCount) {
      boolean[] seen = new boolean[rackNames.size()];
      int r = 0;
      for (int n = 0; n < nodeCount; n++) {
        if (!seen[nodeRack[n]]) {
          seen[nodeRack[n]] = true;
          r++;
        }
      }
      return r;
    }
  }

  /** One replica walk with Cassandra's rules (SimpleStrategy, or one DC of NetworkTopologyStrategy). */
  private static final class Walk {
    int[] out = new int[8];
    int found;
    int steps; // ring positions consumed (the inserted node not counted)
    boolean[] rackUsed = new boolean[8];
    int cachedRackCount = -1;
    int cachedNodes = -1;

    /**
     * Walks from range index {@code start}; when {@code insertAfter} >= 1, node x is met after that many ring
     * positions (i.e. just before position start + insertAfter).
     */
    void run(Group gr, int start, int insertAfter, int x, int nodeCount, int unused) {
      begin(gr, nodeCount);
      steps = 0;
      for (int s = 0; s < gr.m && !done(gr, nodeCount); s++) {
        if (insertAfter >= 1 && s == insertAfter) {
          offer(gr, x, nodeCount);
          if (done(gr, nodeCount)) break;
        }
        offer(gr, gr.owner[(start + s) % gr.m], nodeCount);
        steps = s + 1;
      }
    }

    /** Walks the new range that ends at x: x first, then the ring from position j. */
    void runFromInserted(Group gr, int j, int x, int nodeCount) {
      begin(gr, nodeCount);
      offer(gr, x, nodeCount);
      for (int s = 0; s < gr.m && !done(gr, nodeCount); s++) offer(gr, gr.owner[(j + s) % gr.m], nodeCount);
    }

    private int want;
    private int repeatsLeft;

    private void begin(Group gr, int nodeCount) {
      found = 0;
      want = Math.min(gr.rf, nodeCount);
      if (out.length < want) out = new int[want];
      if (gr.rackAware) {
        if (cachedNodes != nodeCount) {
          cachedRackCount = gr.racksIncluding(nodeCount);
          cachedNodes = nodeCount;
        }
        if (rackUsed.length < gr.rackNames.size()) rackUsed = new boolean[gr.rackNames.size()];
        Arrays.fill(rackUsed, false);
        repeatsLeft = gr.rf - cachedRackCount;
      }
    }

    private boolean done(Group gr, int nodeCount) {
      return found >= want;
    }

    private void offer(Group gr, int node, int nodeCount) {
      if (node >= nodeCount) return;
      for (int k = 0; k < found; k++) if (out[k] == node) return;
      if (gr.rackAware) {
        int r = gr.nodeRack[node];
        if (!rackUsed[r]) {
          rackUsed[r] = true;
        } else if (repeatsLeft > 0) {
          repeatsLeft--;
        } else {
          return;
        }
      }
      out[found++] = node;
    }
  }
}
