package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The step after placement that moves x's tokens, one at a time, to ranges that take data from the most loaded node
 * (effective ownership for its rack), while a move helps: the greedy {@link Placement} weighs every node by a quadratic
 * cost, but what max/mean and users see is the most loaded node. Only x's tokens move; nobody else's. Under
 * SimpleStrategy a move must lower a soft maximum of effective and primary ownership without raising the highest
 * effective ownership, and the moved token's split point is then tuned for the soft maximum; with racks a move must
 * lower the highest ownership.
 */
final class Relief {
  /** The most loaded nodes: enough to find one a move does not touch. */
  private static final int TOP = 24;
  /**
   * The most loaded nodes at the start of a relief round, {@link #WIDE_EXTRA} more than {@link #TOP}: while a round
   * tries x's tokens one by one only the nodes those tries touch change, so the top list is worked out from these and
   * the touched ones instead of from every node (at 1,000 nodes that scan was most of the cost of relief).
   */
  private static final int WIDE_EXTRA = 24;

  private final GroupOwnership ring;
  private final Placement placement;
  private final Evaluation eval;
  private final int[] topNodes = new int[TOP];
  private int topCount;
  private final int[] wide = new int[TOP + WIDE_EXTRA];
  private int wideCount;
  /** The nodes a round's changes touched, for {@link #refillTop}. */
  private final TouchLog roundLog = new TouchLog();

  Relief(GroupOwnership ring, Placement placement) {
    this.ring = ring;
    this.placement = placement;
    this.eval = ring.eval;
  }

  /** The ratio to its rack's mean of the most loaded node other than x. */
  double highestOtherThan(int x) {
    fillTop(x);
    return placement.ratio(topNodes[0]);
  }

  void relieve(int x, List<Double> mine, int rounds) {
    int v = mine.size();
    int w = (ring.rackAware ? Math.max(ring.racksInUse(), 1) : 1) * (ring.rf + 1);
    for (int round = 0; round < rounds; round++) {
      fillTop(x);
      roundLog.start(ring.nodes);
      double currentMax = Math.max(placement.ratio(topNodes[0]), placement.ratio(x));
      if (ring.rackAware && placement.ratio(x) >= currentMax) return;
      // The ranges just before the most loaded node's token ends take data from it.
      List<Double> hotPos = new ArrayList<>();
      for (int i = 0; i < ring.m; i++) if (ring.owner[i] == topNodes[0]) hotPos.add(ring.pos[i]);
      double best = ring.rackAware ? currentMax - 1e-12 : -1e-12;
      int bestK = -1;
      double bestEnd = 0, bestU = 0;
      for (int k = 0; k < v; k++) {
        double p = mine.get(k);
        int jr = placement.takeOut(x, p, roundLog);
        double ur = placement.takenU;
        refillTop(x);
        double base = ring.rackAware ? 0 : placement.softDelta(jr, x, ur);
        for (double hp : hotPos) {
          int i = ring.indexOf(hp);
          for (int d = -w; d <= 0; d++) {
            int j = Math.floorMod(i + d, ring.m);
            if (!placement.score(j)) continue;
            double u = placement.scoredU;
            double value = ring.rackAware ? maxAfter(j, x, u) : placement.softDelta(j, x, u) - base;
            if (value >= best) continue;
            if (!ring.rackAware && maxAfter(j, x, u) > currentMax + 1e-12) continue;
            best = value;
            bestK = k;
            bestEnd = ring.pos[j];
            bestU = u;
          }
        }
        placement.putBack(jr, x, ur, p, roundLog);
      }
      if (bestK < 0) return;
      placement.moveToken(x, mine, bestK, bestEnd, bestU, !ring.rackAware, roundLog);
    }
  }

  /** The (up to) TOP nodes other than x with the highest ownership for their rack, highest first. */
  private void fillTop(int x) {
    wideCount = 0;
    for (int n = 0; n < ring.nodes; n++) if (n != x) wideCount = offerTop(wide, wideCount, n);
    topCount = Math.min(TOP, wideCount);
    System.arraycopy(wide, 0, topNodes, 0, topCount);
  }

  /**
   * The same as {@link #fillTop} when only the nodes in {@link #roundLog} changed since it ran (falls back to it
   * when so many of the wide list changed that a node below it could be in the top).
   */
  private void refillTop(int x) {
    int changed = 0;
    for (int i = 0; i < wideCount; i++) if (roundLog.isMarked(wide[i])) changed++;
    if (changed > WIDE_EXTRA && wideCount == wide.length) {
      fillTop(x);
      return;
    }
    // Offered in node order, as the full scan does, so that ties come out the same.
    int[] candidates = Arrays.copyOf(wide, wideCount + roundLog.count);
    for (int i = 0; i < roundLog.count; i++) candidates[wideCount + i] = roundLog.node(i);
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
    double r = placement.ratio(n);
    int cap = list.length;
    if (count == cap && r <= placement.ratio(list[cap - 1])) return count;
    int i = count == cap ? cap - 1 : count++;
    while (i > 0 && placement.ratio(list[i - 1]) < r) {
      list[i] = list[i - 1];
      i--;
    }
    list[i] = n;
    return count;
  }

  /** The highest ownership for its rack if x went in at u in range j (uses the top list of {@link #fillTop}). */
  private double maxAfter(int j, int x, double u) {
    ring.evaluate(j, x);
    double mx = eval.isTouched(x) ? 0 : placement.ratio(x);
    for (int t = 0; t < eval.count; t++) {
      int n = eval.touched[t];
      mx = Math.max(mx, eval.after(ring.own[n], n, u) / placement.level[ring.nodeRack[n]]);
    }
    for (int i = 0; i < topCount; i++) {
      if (!eval.isTouched(topNodes[i])) {
        mx = Math.max(mx, placement.ratio(topNodes[i]));
        break;
      }
    }
    eval.clear();
    return mx;
  }
}
