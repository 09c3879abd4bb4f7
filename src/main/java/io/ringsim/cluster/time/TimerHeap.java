package io.ringsim.cluster.time;

import java.util.Arrays;

/**
 * A 4-ary min-heap of timers ordered by (due time, scheduling sequence), with both keys copied into primitive arrays
 * beside the timers: sifting compares longs in a few contiguous arrays instead of reaching each timer object (a
 * cache miss per level in {@link java.util.PriorityQueue}, whose sift was about 5% of a simulated QUORUM write). Four
 * children per node halve the levels a removal walks down (each level's children are side by side in the arrays):
 * the binary heap's sift was still 3-4% of a simulated QUORUM write or read. The order is the same: (due, sequence)
 * is unique per timer.
 *
 * <p>An entry is a {@link VirtualTimer}, a bare task ({@link SimulationLoop#runAfter}), which needs no timer
 * object: it is never cancelled and never repeats, or a {@link TaskFifo} standing for its earliest task (a simulated
 * network link's deliveries).
 */
final class TimerHeap {
  private long[] due = new long[64];
  private long[] seq = new long[64];
  /** A {@link VirtualTimer} or a {@link Runnable}. */
  private Object[] timers = new Object[64];
  private int size;

  int size() {
    return size;
  }

  void add(VirtualTimer t) {
    add(t, t.dueNanos, t.seq());
  }

  /** Adds a timer or a bare task due at {@code d}, scheduled {@code s}-th. */
  void add(Object t, long d, long s) {
    if (size == timers.length) grow();
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      if (!less(d, s, due[parent], seq[parent])) break;
      set(i, due[parent], seq[parent], timers[parent]);
      i = parent;
    }
    set(i, d, s, t);
  }

  Object peek() {
    return size == 0 ? null : timers[0];
  }

  /** The earliest entry's due time and sequence (when there is one). */
  long peekDue() {
    return due[0];
  }

  long peekSeq() {
    return seq[0];
  }

  /** Whether the earliest entry is a cancelled timer. */
  boolean peekCancelled() {
    return size > 0 && timers[0] instanceof VirtualTimer t && t.isCancelled();
  }

  Object poll() {
    if (size == 0) return null;
    Object top = timers[0];
    int last = --size;
    long d = due[last], s = seq[last];
    Object t = timers[last];
    timers[last] = null;
    if (last > 0) siftDown(0, d, s, t);
    return top;
  }

  /** Replaces the earliest entry with {@code t}, due at {@code d}, scheduled {@code s}-th (one sift, not two). */
  void replaceTop(Object t, long d, long s) {
    siftDown(0, d, s, t);
  }

  private void siftDown(int i, long d, long s, Object t) {
    while (true) {
      int first = 4 * i + 1;
      if (first >= size) break;
      int child = first;
      int end = Math.min(first + 4, size);
      for (int c = first + 1; c < end; c++) {
        if (less(due[c], seq[c], due[child], seq[child])) child = c;
      }
      if (!less(due[child], seq[child], d, s)) break;
      set(i, due[child], seq[child], timers[child]);
      i = child;
    }
    set(i, d, s, t);
  }

  /** Drops every cancelled timer and restores the heap order. */
  void removeCancelled() {
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (!(timers[i] instanceof VirtualTimer t && t.isCancelled())) set(n++, due[i], seq[i], timers[i]);
    }
    Arrays.fill(timers, n, size, null);
    size = n;
    for (int i = (size - 2) >>> 2; i >= 0 && size > 1; i--) siftDown(i, due[i], seq[i], timers[i]);
  }

  void clear() {
    for (int i = 0; i < size; i++) if (timers[i] instanceof TaskFifo f) f.clear();
    Arrays.fill(timers, 0, size, null);
    size = 0;
  }

  /** Whether (due {@code d1}, sequence {@code s1}) fires before (d2, s2): the one order of every timer. */
  static boolean less(long d1, long s1, long d2, long s2) {
    return d1 < d2 || (d1 == d2 && s1 < s2);
  }

  private void set(int i, long d, long s, Object t) {
    due[i] = d;
    seq[i] = s;
    timers[i] = t;
  }

  private void grow() {
    int n = timers.length * 2;
    due = Arrays.copyOf(due, n);
    seq = Arrays.copyOf(seq, n);
    timers = Arrays.copyOf(timers, n);
  }
}
