package io.ringsim.ring;

import java.util.Arrays;
import java.util.List;

/**
 * The greedy placement of a joining node's tokens over a {@link GroupOwnership}, and the objective every step of a
 * join scores against: what the joining node should own so far, each rack's mean ownership, and the weights.
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
final class Placement {
  /** A new token stays this fraction of its range away from either end. */
  private static final double EDGE = 0.01;
  /** Weight of primary ownership (what each node's own tokens end) next to effective ownership. */
  private static final double PRIMARY_WEIGHT = 0.3;
  /**
   * Softness of the soft maximum (sum of exp((ownership / mean - 1) / softness)) relief lowers: of effective ownership,
   * and of primary ownership so that it does not grow as effective ownership evens out.
   */
  private static final double SOFT = 0.002;
  private static final double SOFT_PRIMARY = 0.014;

  private final GroupOwnership ring;
  private final Evaluation eval;

  // The objective while a node joins (set by BalancingGroup before it places).
  /**
   * Charge on the joining node for owning less than its share so far. Without racks a node that falls short leaves the
   * others above the mean (every token it skips is a token's worth of data others keep); with racks each token moves
   * data between two nodes of one rack only, and the charge made the rack's balance worse.
   */
  double shortWeight;
  /** No range is split into a part smaller than this fraction of the mean range size. */
  double minPart;
  /** Extra weight on ownership above the mean: the most loaded node is what max/mean and users see. */
  double excessWeight;
  /**
   * Split ranges in the middle, as Cassandra's allocator does, instead of at the best point: for nodes with a single
   * token. The best split for the node joining now leaves ranges of any size that later single-token nodes cannot even
   * out (one rack, RF 3, every size from 6 to 96 nodes joining one by one: max/mean 1.236 on average and 1.348 at
   * worst; with halves 1.190 and 1.354).
   */
  boolean halves;
  int joiningNode = -1;
  /** What the joining node should own once the token being placed is in, and the mean ownership then. */
  double joiningTarget;
  double meanOwn;
  /** The mean ownership of each rack's nodes (rack-aware), or of all nodes. */
  double[] level = new double[8];
  double primaryTarget;
  double meanPrimary;

  // The terms of one scoring: ownership a + u g of weight w against level l (s: the joining node's own term).
  private double[] termA = new double[66];
  private double[] termG = new double[66];
  private double[] termW = new double[66];
  private double[] termL = new double[66];
  private boolean[] termS = new boolean[66];
  private double[] kinks = new double[66];

  private final CandidateHeap queue = new CandidateHeap();
  private long version;
  // Result of the last scoring.
  double scoredDelta;
  double scoredU;
  /** Where in its range the token {@link #takeOut} last took out was. */
  double takenU;

  Placement(GroupOwnership ring) {
    this.ring = ring;
    this.eval = ring.eval;
  }

  /** The objective changed (a new target for the joining node): every queued score is stale. */
  void newTarget() {
    version++;
  }

  /** Scores every range afresh for a new joining node. */
  void scoreAll() {
    version++;
    queue.clear();
    for (int j = 0; j < ring.m; j++) enqueue(j);
  }

  /** Node n's effective ownership against its rack's mean. */
  double ratio(int n) {
    return ring.own[n] / level[ring.nodeRack[n]];
  }

  private static double soft(double ratio, double softness) {
    return Math.exp((ratio - 1) / softness);
  }

  /** Change of the soft maximum of effective and primary ownership if x went in at u in range j. */
  double softDelta(int j, int x, double u) {
    ring.evaluate(j, x);
    return softDeltaEvaluated(j, x, u);
  }

  /** {@link #softDelta} once the evaluation holds range j and x (and clears it). */
  double softDeltaEvaluated(int j, int x, double u) {
    double d = 0;
    for (int t = 0; t < eval.count; t++) {
      int n = eval.touched[t];
      double l = level[ring.nodeRack[n]];
      d += soft(eval.after(ring.own[n], n, u) / l, SOFT) - soft(ring.own[n] / l, SOFT);
    }
    eval.clear();
    int o = ring.owner[j];
    double[] prim = ring.prim;
    d += soft((prim[x] + u) / meanPrimary, SOFT_PRIMARY) - soft(prim[x] / meanPrimary, SOFT_PRIMARY);
    d += soft((prim[o] - u) / meanPrimary, SOFT_PRIMARY) - soft(prim[o] / meanPrimary, SOFT_PRIMARY);
    return d;
  }

  /** The soft maximum {@link #softDelta} changes: of effective and of primary ownership, over all nodes. */
  double softTotal() {
    double z = 0;
    for (int n = 0; n < ring.nodes; n++) {
      z += soft(ring.own[n] / meanOwn, SOFT) + soft(ring.prim[n] / meanPrimary, SOFT_PRIMARY);
    }
    return z;
  }

  /** The split point of range j with the lowest soft maximum (convex in u: ternary search), or u0 if none is lower. */
  private double softestSplit(int j, int x, double u0) {
    double gap = ring.rangeSize(j);
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

  /**
   * Moves x's k-th token into the range ending at {@code end}, at u from its start or, with {@code tune}, at the split
   * point there with the lowest soft maximum: the move relief and climb settle on.
   */
  void moveToken(int x, List<Double> mine, int k, double end, double u, boolean tune, TouchLog log) {
    takeOut(x, mine.get(k), log);
    int j = ring.indexOf(end);
    mine.set(k, place(j, x, tune ? softestSplit(j, x, u) : u, log));
  }

  /** Takes x's tokens out and puts them at the given positions. */
  void moveTokens(int x, List<Double> mine, List<Double> target) {
    for (double p : mine) {
      takeOut(x, p, TouchLog.NONE);
    }
    mine.clear();
    for (double p : target) {
      int j = -ring.indexOf(p) - 1;
      if (j == ring.m) j = 0;
      double u = p - ring.rangeStart(j);
      if (u >= 1.0) u -= 1.0;
      mine.add(place(j, x, u, TouchLog.NONE));
    }
  }

  private void enqueue(int j) {
    if (score(j)) queue.add(scoredDelta, ring.pos[j], scoredU, version);
  }

  /** Re-scores the candidates whose replica walks pass range i. */
  void refreshAround(int i) {
    int m = ring.m;
    int w = (ring.rackAware ? Math.max(ring.racksInUse(), 1) : 1) * (ring.rf + 2);
    if (2 * w + 1 >= m) {
      for (int j = 0; j < m; j++) enqueue(j);
      return;
    }
    for (int d = -w; d <= w; d++) enqueue(Math.floorMod(i + d, m));
  }

  /** Takes the best candidate (re-scoring stale entries first), inserts x there, and returns the position. */
  double placeBest(int x) {
    while (true) {
      if (!queue.poll()) {
        // Nothing left to split (every range too small to score): take the largest range's middle.
        int best = 0;
        for (int j = 1; j < ring.m; j++) if (ring.rangeSize(j) > ring.rangeSize(best)) best = j;
        return place(best, x, ring.rangeSize(best) / 2, TouchLog.NONE);
      }
      int j = ring.indexOf(queue.polledEnd);
      if (j < 0) continue; // that range's end token was taken out
      if (queue.polledVersion == version) return place(j, x, queue.polledU, TouchLog.NONE);
      enqueue(j);
    }
  }

  /** Inserts x's token at u in range j with its ownership change; returns its position. */
  double place(int j, int x, double u, TouchLog log) {
    double p = ring.rangeStart(j) + u;
    if (p < 0) p += 1.0;
    if (p >= 1.0) p -= 1.0;
    while (ring.isUsed(p)) p = Math.nextUp(p);
    ring.applyChange(j, x, u, +1, log);
    int i = ring.insert(p, x);
    version++;
    refreshAround(i);
    return p;
  }

  /** Takes x's token at p out, with its ownership change; returns the range now holding p (u in {@link #takenU}). */
  int takeOut(int x, double p, TouchLog log) {
    int j = ring.remove(p);
    double u = p - ring.rangeStart(j);
    if (u >= 1.0) u -= 1.0;
    ring.applyChange(j, x, u, -1, log);
    takenU = u;
    return j;
  }

  /** Puts back a token {@link #takeOut} took out of range j at u (its position p unchanged). */
  void putBack(int j, int x, double u, double p, TouchLog log) {
    ring.applyChange(j, x, u, +1, log);
    ring.insert(p, x);
  }

  /** Where a range of size gap may be split: {@link #EDGE} from either end, no part under {@link #minPart}. */
  private double splitLo(double gap) {
    return Math.max(gap * EDGE, minPart / (ring.m + 1));
  }

  private double splitHi(double gap) {
    return Math.min(gap * (1 - EDGE), gap - minPart / (ring.m + 1));
  }

  /** Scores splitting range j with the joining node: the best u and the change of the objective, if j can be split. */
  boolean score(int j) {
    boolean splittable = scoreKeepingEvaluation(j);
    eval.clear();
    return splittable;
  }

  /**
   * {@link #score}, leaving the evaluation of range j for the joining node in {@link GroupOwnership#eval} for the
   * caller to use and clear (empty when j cannot be split).
   */
  boolean scoreKeepingEvaluation(int j) {
    double gap = ring.rangeSize(j);
    double lo = splitLo(gap), hi = splitHi(gap);
    if (gap <= 1e-15 || lo > hi) return false;
    ring.evaluate(j, joiningNode);
    ensureTerms(eval.count + 2);
    int k = 0;
    double before = 0;
    double[] own = ring.own;
    for (int t = 0; t < eval.count; t++) {
      int n = eval.touched[t];
      double shift = n == joiningNode ? meanOwn - joiningTarget : 0;
      double l = level[ring.nodeRack[n]];
      boolean two = n == joiningNode;
      before += two ? cost2(own[n] + shift, l) : cost(own[n] + shift, l);
      termS[k] = two;
      termA[k] = own[n] + eval.c[n] + shift;
      termG[k] = eval.g[n];
      termW[k] = 1;
      termL[k] = l;
      k++;
    }
    if (PRIMARY_WEIGHT > 0 && !ring.rackAware) {
      double[] prim = ring.prim;
      int o = ring.owner[j];
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

  private void ensureTerms(int n) {
    if (termA.length >= n) return;
    int size = Math.max(n, termA.length * 2);
    termA = Arrays.copyOf(termA, size);
    termG = Arrays.copyOf(termG, size);
    termW = Arrays.copyOf(termW, size);
    termL = Arrays.copyOf(termL, size);
    termS = Arrays.copyOf(termS, size);
    kinks = Arrays.copyOf(kinks, size);
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
}
