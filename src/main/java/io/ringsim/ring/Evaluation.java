package io.ringsim.ring;

import java.util.Arrays;

/**
 * What inserting a node's token into one range does to ownership, per node it touches: a constant change {@code c}
 * and a change per unit of u, the token's distance from the range start, {@code g} (both exact). Filled by
 * {@link GroupOwnership#evaluate}; whoever asked for it reads it and then {@link #clear}s it.
 */
final class Evaluation {
  double[] c = new double[16];
  int[] g = new int[16];
  int[] touched = new int[64];
  int count;

  /** Room for node ids below {@code nodes}. */
  void ensureNodes(int nodes) {
    if (c.length < nodes) {
      c = Arrays.copyOf(c, nodes * 2);
      g = Arrays.copyOf(g, nodes * 2);
    }
  }

  void bumpG(int n, int v) {
    touch(n);
    g[n] += v;
  }

  void bumpC(int n, double v) {
    touch(n);
    c[n] += v;
  }

  private void touch(int n) {
    if (g[n] == 0 && c[n] == 0) {
      for (int t = 0; t < count; t++) if (touched[t] == n) return;
      if (count == touched.length) touched = Arrays.copyOf(touched, count * 2);
      touched[count++] = n;
    }
  }

  boolean isTouched(int n) {
    for (int t = 0; t < count; t++) if (touched[t] == n) return true;
    return false;
  }

  /** Node n's ownership once the token is in at u. */
  double after(double ownership, int n, double u) {
    return ownership + c[n] + u * g[n];
  }

  void clear() {
    for (int t = 0; t < count; t++) {
      c[touched[t]] = 0;
      g[touched[t]] = 0;
    }
    count = 0;
  }
}
