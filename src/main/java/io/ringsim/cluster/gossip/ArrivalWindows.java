package io.ringsim.cluster.gossip;

/**
 * The arrival windows of Cassandra's phi-accrual detector for many nodes at once, one numbered slot per node: when its
 * last heartbeat arrived, and the last {@code window} intervals between arrivals with their sum. {@link
 * PhiAccrualDetector} explains the rules; this is where they are computed.
 *
 * <p>Arrays rather than an object per node: a gossiper of a 1,000-node cluster records about a thousand arrivals a
 * second and checks every peer every round, and an object and an array of its own per peer made each of those reach
 * two or three cold places in memory (a thousand such gossipers keep 800 MB of intervals). Here the last arrivals,
 * sums and counts are read in slot order, and the intervals of all slots share one table, slot after slot.
 */
final class ArrivalWindows {
  private static final double PHI_FACTOR = 1.0 / Math.log(10.0);
  /** Intervals kept per slot before the table first grows. */
  private static final int FIRST_CAPACITY = 8;

  private final long initialIntervalNanos;
  private final long maxIntervalNanos;
  private final int window;
  /** The last arrival per slot; -1: none yet. */
  private final long[] last;
  private final long[] sum;
  private final int[] count;
  /** Where a slot's next interval goes, from 0 to window - 1. */
  private final int[] next;
  /** Slot s's intervals at [s * capacity, s * capacity + capacity). */
  private long[] intervals;
  /**
   * Intervals kept per slot so far: the table grows, doubling, up to the window, so that a short run of a big cluster
   * does not hold the whole window for every pair of nodes. A slot's ring never wraps before the table is the window.
   */
  private int capacity;

  /** @param window how many of the latest intervals the mean is over */
  ArrivalWindows(int slots, long initialIntervalNanos, long maxIntervalNanos, int window) {
    if (window < 1) throw new IllegalArgumentException("the detector's window must hold at least 1 interval");
    this.initialIntervalNanos = initialIntervalNanos;
    this.maxIntervalNanos = maxIntervalNanos;
    this.window = window;
    this.last = new long[slots];
    java.util.Arrays.fill(last, -1);
    this.sum = new long[slots];
    this.count = new int[slots];
    this.next = new int[slots];
    this.capacity = Math.min(FIRST_CAPACITY, window);
    this.intervals = new long[slots * capacity];
  }

  int slots() {
    return last.length;
  }

  /** Whether a heartbeat of the slot's node ever arrived. */
  boolean heard(int slot) {
    return last[slot] >= 0;
  }

  /**
   * A heartbeat of the slot's node arrived at {@code now}. The first counts as one interval of the initial length
   * (erring on the slow side avoids flapping at start); an interval longer than the maximum is not counted (a node
   * coming back after an outage must not teach the detector that long silences are normal).
   */
  void add(int slot, long now) {
    long previous = last[slot];
    if (previous < 0) {
      push(slot, initialIntervalNanos);
    } else if (now - previous <= maxIntervalNanos) {
      push(slot, now - previous);
    }
    last[slot] = now;
  }

  /** Phi of the slot's node at {@code now}: the time since its last arrival over the mean interval, over ln 10. */
  double phi(int slot, long now) {
    if (count[slot] == 0 || last[slot] < 0) return 0.0;
    double mean = (double) sum[slot] / count[slot];
    return PHI_FACTOR * (now - last[slot]) / mean;
  }

  /** Whether the slot's node is seen up: heard of, and phi not above the threshold. */
  boolean isAvailable(int slot, long now, double convictThreshold) {
    return last[slot] >= 0 && phi(slot, now) <= convictThreshold;
  }

  /**
   * The same windows in other slots: slot i of the result holds what slot {@code from[i]} holds here, or nothing when
   * {@code from[i]} is -1.
   */
  ArrivalWindows rearranged(int[] from) {
    ArrivalWindows to = new ArrivalWindows(from.length, initialIntervalNanos, maxIntervalNanos, window);
    to.capacity = capacity;
    to.intervals = new long[from.length * capacity];
    for (int i = 0; i < from.length; i++) {
      int f = from[i];
      if (f < 0) continue;
      to.last[i] = last[f];
      to.sum[i] = sum[f];
      to.count[i] = count[f];
      to.next[i] = next[f];
      System.arraycopy(intervals, f * capacity, to.intervals, i * capacity, capacity);
    }
    return to;
  }

  private void push(int slot, long interval) {
    int n = count[slot];
    if (n == capacity && n < window) grow();
    int at = slot * capacity + next[slot];
    if (n == window) sum[slot] -= intervals[at];
    else count[slot] = n + 1;
    intervals[at] = interval;
    sum[slot] += interval;
    next[slot] = (next[slot] + 1) % window; // the slot holds the whole window by the time next wraps
  }

  /** Doubles every slot's room (up to the window). No slot has wrapped yet, so its intervals are its first ones. */
  private void grow() {
    int larger = Math.min(window, capacity * 2);
    long[] table = new long[last.length * larger];
    for (int s = 0; s < last.length; s++) System.arraycopy(intervals, s * capacity, table, s * larger, capacity);
    intervals = table;
    capacity = larger;
  }
}
