package io.ringsim.ring;

import java.util.Arrays;

/**
 * The loads a join in a {@link RackStaircase} rack aims at, as fractions of the rack's ring.
 *
 * <p>Every join relieves at most v nodes of the rack, the v most loaded. So after a join that brings the rack to n
 * nodes, the node ranked r-th from the top (0-based) waits, if later joins do the same, for r / v (rounded down) more
 * joins before it gives anything, and meanwhile its share of the mean grows: at n + r / v nodes it is load x (n + r /
 * v) of the mean. The plan keeps every such figure under one bound R, as low as it can be: rank r may hold at most
 * R / (n + r / v). The nodes that do not give this time keep their loads; the joining node and the donors share what
 * is left, each placed as high as the caps allow (the lowest ranks, which wait longest, end as low as possible), and R
 * is the least bound under which that holds everything.
 *
 * <p>While the rack has at most v nodes every one of them gives at every join and the plan is an even split. Later it
 * is a staircase of steps of v nodes, at R / n, R / (n + 1), ...: max/mean rises slowly with the rack's size, towards
 * 1 / (v ln(1 + 1/v)) (1.0309 at 16 tokens) when the rack has many times v nodes.
 */
final class ReliefPlan {
  private ReliefPlan() {}

  /**
   * Targets for the donors and the joining node.
   *
   * @param kept loads of the nodes that do not give, highest first, summing with the donors' to 1
   * @param floor the lowest load each donor can reach (what it can give through the tokens it will get)
   * @param n the rack's size once the node has joined
   * @param v tokens per node, the most nodes one join relieves
   * @return the target of donor i at index i, the joining node's at the last index; null if no bound fits
   */
  static double[] targets(double[] kept, double[] floor, int n, int v) {
    int donors = floor.length;
    double left = 1;
    for (double k : kept) left -= k;
    // The free nodes in the order they fill ranks from the top: donors that can reach lowest go last; then the
    // joining node, which can take any load.
    Integer[] order = new Integer[donors];
    for (int i = 0; i < donors; i++) order[i] = i;
    Arrays.sort(order, (a, b) -> floor[a] != floor[b] ? Double.compare(floor[b], floor[a]) : Integer.compare(a, b));
    double[] lowest = new double[donors + 1];
    for (int j = 0; j < donors; j++) lowest[j] = floor[order[j]];
    Fill fill = new Fill(kept, lowest, n, v);
    double lo = 1, hi = 2;
    for (int i = 0; i < 60 && fill.room(hi) < left; i++) {
      lo = hi;
      hi *= 2;
    }
    for (int it = 0; it < 50; it++) {
      double bound = (lo + hi) / 2;
      if (fill.room(bound) >= left) hi = bound;
      else lo = bound;
    }
    double room = fill.room(hi);
    if (room < left || room <= 0) return null;
    double[] free = fill.values(); // free nodes from the top
    double scale = left / room;
    double[] target = new double[donors + 1];
    for (int j = 0; j < donors; j++) target[order[j]] = free[j] * scale;
    target[donors] = free[donors] * scale;
    return target;
  }

  /**
   * The most that the free nodes can hold under a bound: ranks from the top are filled by the kept nodes (in their
   * order) and the free ones (in theirs), each free node as high as its rank's cap and the rank above allow, never
   * below a kept node further down nor below its own floor. A walk over (kept placed, free placed).
   */
  private static final class Fill {
    private final double[] kept;
    private final double[] lowest;
    private final int n;
    private final int v;
    private final double[][] best;
    private final double[][] last;
    private final boolean[][] wasFree;

    Fill(double[] kept, double[] lowest, int n, int v) {
      this.kept = kept;
      this.lowest = lowest;
      this.n = n;
      this.v = v;
      best = new double[kept.length + 1][lowest.length + 1];
      last = new double[kept.length + 1][lowest.length + 1];
      wasFree = new boolean[kept.length + 1][lowest.length + 1];
    }

    /** The most the free nodes can hold with rank r capped at bound / (n + r / v), or -1 if the kept ones do not fit. */
    double room(double bound) {
      int k = kept.length;
      int f = lowest.length;
      for (double[] row : best) Arrays.fill(row, Double.NEGATIVE_INFINITY);
      best[0][0] = 0;
      last[0][0] = Double.MAX_VALUE;
      for (int i = 0; i <= k; i++) {
        for (int j = 0; j <= f; j++) {
          if (best[i][j] == Double.NEGATIVE_INFINITY || i + j >= n) continue;
          double cap = bound / (n + (i + j) / v);
          if (i < k && kept[i] <= cap * (1 + 1e-12) && kept[i] <= last[i][j]) {
            if (best[i][j] > best[i + 1][j] || best[i][j] == best[i + 1][j] && kept[i] > last[i + 1][j]) {
              best[i + 1][j] = best[i][j];
              last[i + 1][j] = kept[i];
              wasFree[i + 1][j] = false;
            }
          }
          if (j < f) {
            double value = Math.min(cap, last[i][j]);
            if (i < k && value < kept[i] || value < lowest[j]) continue;
            if (best[i][j] + value > best[i][j + 1]) {
              best[i][j + 1] = best[i][j] + value;
              last[i][j + 1] = value;
              wasFree[i][j + 1] = true;
            }
          }
        }
      }
      return best[k][f] == Double.NEGATIVE_INFINITY ? -1 : best[k][f];
    }

    /** The free nodes' values of the last {@link #room} call, from the top. */
    double[] values() {
      double[] out = new double[lowest.length];
      int i = kept.length, j = lowest.length;
      while (j > 0) {
        if (wasFree[i][j]) {
          out[j - 1] = last[i][j];
          j--;
        } else {
          i--;
        }
      }
      return out;
    }
  }
}
