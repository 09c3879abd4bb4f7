package io.ringsim.ring;

import java.util.Arrays;

/**
 * The balanced allocator's candidate queue: a binary min-heap ordered by score change, then by the range's end
 * position, held in primitive arrays. It replaced a {@code PriorityQueue} of records, whose comparator calls and
 * allocations were a fifth of the time of a 1,000-node allocation; sifting is the same as {@code PriorityQueue}'s, so
 * candidates come out in the same order and allocations are unchanged.
 */
final class CandidateHeap {
  private double[] delta = new double[256];
  private double[] end = new double[256];
  private double[] u = new double[256];
  private long[] version = new long[256];
  private int size;

  // The entry taken by the last poll.
  double polledEnd;
  double polledU;
  long polledVersion;

  void clear() {
    size = 0;
  }

  void add(double d, double e, double uu, long v) {
    if (size == delta.length) {
      int n = size * 2;
      delta = Arrays.copyOf(delta, n);
      end = Arrays.copyOf(end, n);
      u = Arrays.copyOf(u, n);
      version = Arrays.copyOf(version, n);
    }
    int k = size++;
    while (k > 0) {
      int parent = (k - 1) >>> 1;
      if (compare(d, e, delta[parent], end[parent]) >= 0) break;
      move(parent, k);
      k = parent;
    }
    set(k, d, e, uu, v);
  }

  /** Takes the smallest entry into the polled fields; false if the heap is empty. */
  boolean poll() {
    if (size == 0) return false;
    polledEnd = end[0];
    polledU = u[0];
    polledVersion = version[0];
    int n = --size;
    if (n > 0) {
      double d = delta[n], e = end[n], uu = u[n];
      long v = version[n];
      int k = 0;
      int half = n >>> 1;
      while (k < half) {
        int child = (k << 1) + 1;
        int right = child + 1;
        if (right < n && compare(delta[child], end[child], delta[right], end[right]) > 0) child = right;
        if (compare(d, e, delta[child], end[child]) <= 0) break;
        move(child, k);
        k = child;
      }
      set(k, d, e, uu, v);
    }
    return true;
  }

  private static int compare(double d1, double e1, double d2, double e2) {
    int c = Double.compare(d1, d2);
    return c != 0 ? c : Double.compare(e1, e2);
  }

  private void move(int from, int to) {
    delta[to] = delta[from];
    end[to] = end[from];
    u[to] = u[from];
    version[to] = version[from];
  }

  private void set(int k, double d, double e, double uu, long v) {
    delta[k] = d;
    end[k] = e;
    u[k] = uu;
    version[k] = v;
  }
}
