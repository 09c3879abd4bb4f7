package io.ringsim.ring;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A wider search for a joining node's tokens after relief (small SimpleStrategy rings with a few tokens per node:
 * {@link BalancingGroup} says when): random restarts, each followed by a climb down the soft maximum of effective and
 * primary ownership, keeping the best ring found.
 */
final class TokenSearch {
  /** Restarts, and how many of the joining node's tokens each moves. */
  private static final int TRIES = 20;
  private static final int KICKS = 2;
  /**
   * Ownership this close to the highest (in means) counts as near the top for {@link #climb}: a token elsewhere cannot
   * lower the soft maximum (measured: the same rings as with no pruning, in 60% of the time).
   */
  private static final double HOT = 0.03;

  private final GroupOwnership ring;
  private final Placement placement;
  private boolean[] hot = new boolean[16];

  TokenSearch(GroupOwnership ring, Placement placement) {
    this.ring = ring;
    this.placement = placement;
  }

  /**
   * Tries from random restarts: each moves {@link #KICKS} of x's tokens to random ranges, climbs down the soft
   * maximum again ({@link #climb}), and keeps the best ring found. The restarts come from the seed and the number of
   * nodes only, so a ring grown one node per allocation is the same as one allocated at once.
   */
  void search(int x, List<Double> mine, long seed) {
    int v = mine.size();
    SplittableRandom r = new SplittableRandom(seed * 1_000_003L + ring.nodes);
    climb(x, mine);
    List<Double> best = new ArrayList<>(mine);
    double bestSoft = placement.softTotal();
    for (int tries = 0; tries < TRIES; tries++) {
      for (int kick = 0; kick < KICKS; kick++) {
        int k = r.nextInt(v);
        double p = mine.get(k);
        placement.takeOut(x, p, TouchLog.NONE);
        int j = r.nextInt(ring.m);
        mine.set(k, placement.place(j, x, placement.score(j) ? placement.scoredU : ring.rangeSize(j) / 2,
            TouchLog.NONE));
      }
      climb(x, mine);
      double soft = placement.softTotal();
      if (soft < bestSoft) {
        bestSoft = soft;
        best = new ArrayList<>(mine);
      } else {
        placement.moveTokens(x, mine, best);
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
        int jr = placement.takeOut(x, p, TouchLog.NONE);
        double ur = placement.takenU;
        double base = placement.softDelta(jr, x, ur);
        boolean prune = markHot(x);
        for (int j = 0; j < ring.m; j++) {
          if (prune && !hotAhead(j)) continue;
          // The scoring's evaluation of range j (x is the joining node) is what the soft maximum needs too.
          if (!placement.scoreKeepingEvaluation(j)) continue;
          double value = placement.softDeltaEvaluated(j, x, placement.scoredU) - base;
          if (value >= best) continue;
          best = value;
          bestK = k;
          bestEnd = ring.pos[j];
          bestU = placement.scoredU;
        }
        placement.putBack(jr, x, ur, p, TouchLog.NONE);
      }
      if (bestK < 0) return;
      placement.moveToken(x, mine, bestK, bestEnd, bestU, true, TouchLog.NONE);
    }
  }

  /** Marks the nodes within {@link #HOT} of the highest effective ownership; false if x is one of them. */
  private boolean markHot(int x) {
    if (hot.length < ring.nodes) hot = new boolean[ring.nodes * 2];
    double mx = 0;
    double[] own = ring.own;
    double meanOwn = placement.meanOwn;
    for (int n = 0; n < ring.nodes; n++) mx = Math.max(mx, own[n] / meanOwn);
    for (int n = 0; n < ring.nodes; n++) hot[n] = own[n] / meanOwn >= mx - HOT;
    return !hot[x];
  }

  /** Whether a token in range j can take data from a hot node: one of the owners of the next rf + 1 tokens is. */
  private boolean hotAhead(int j) {
    for (int d = 0; d <= ring.rf; d++) if (hot[ring.owner[(j + d) % ring.m]]) return true;
    return false;
  }
}
