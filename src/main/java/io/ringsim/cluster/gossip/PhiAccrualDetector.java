package io.ringsim.cluster.gossip;

import java.util.HashMap;
import java.util.Map;

/**
 * Cassandra's phi-accrual failure detector, as one node sees the others. Each heartbeat a node learns of (through
 * gossip) is an arrival; phi grows with the time since the last arrival, relative to the mean interval between
 * arrivals: {@code phi = (now - last) / mean / ln(10)}. A node is convicted (seen down) when phi passes
 * phi_convict_threshold (8 by default: about 18 s of silence with 1 s gossip).
 *
 * <p>As in Cassandra, the first arrival counts as one interval of {@code initialIntervalNanos} (erring on the slow
 * side avoids flapping at start), intervals longer than {@code maxIntervalNanos} are ignored (a node coming back after
 * an outage must not teach the detector that long silences are normal), and the mean is over the last 1,000 (fewer
 * in a big simulated cluster: see {@link GossipSettings#windowFor}).
 */
public final class PhiAccrualDetector {
  private static final double PHI_FACTOR = 1.0 / Math.log(10.0);
  /** Cassandra's window: the mean is over the last 1,000 intervals. */
  public static final int CASSANDRA_WINDOW = 1000;

  private final double convictThreshold;
  private final long initialIntervalNanos;
  private final long maxIntervalNanos;
  private final int window;
  private final Map<String, ArrivalWindow> windows = new HashMap<>();

  public PhiAccrualDetector(double convictThreshold, long initialIntervalNanos, long maxIntervalNanos) {
    this(convictThreshold, initialIntervalNanos, maxIntervalNanos, CASSANDRA_WINDOW);
  }

  /** @param window how many of the latest intervals the mean is over */
  public PhiAccrualDetector(double convictThreshold, long initialIntervalNanos, long maxIntervalNanos, int window) {
    if (convictThreshold <= 0) throw new IllegalArgumentException("phi_convict_threshold must be > 0");
    if (window < 1) throw new IllegalArgumentException("the detector's window must hold at least 1 interval");
    this.convictThreshold = convictThreshold;
    this.initialIntervalNanos = initialIntervalNanos;
    this.maxIntervalNanos = maxIntervalNanos;
    this.window = window;
  }

  /** Cassandra's defaults for a 1 s gossip interval: threshold 8, initial and maximum interval 2 s. */
  public static PhiAccrualDetector cassandraDefaults() {
    return new PhiAccrualDetector(8.0, 2_000_000_000L, 2_000_000_000L);
  }

  /** Records that a fresh heartbeat of {@code node} was learnt at {@code nowNanos}. */
  public void heartbeat(String node, long nowNanos) {
    window(node).add(nowNanos);
  }

  /**
   * The arrival window of a node, made empty if it has none. For a caller that keeps nodes by index rather than by
   * name (the gossiper, which checks every peer every round): it looks each window up once instead of every time.
   */
  ArrivalWindow window(String node) {
    return windows.computeIfAbsent(node, n -> new ArrivalWindow());
  }

  /** {@link #isAvailable(String, long)} for a window from {@link #window}; null: never heard of. */
  boolean isAvailable(ArrivalWindow w, long nowNanos) {
    return w != null && w.phi(nowNanos) <= convictThreshold;
  }

  /** Phi of a node at {@code nowNanos}; 0 for a node never heard of. */
  public double phi(String node, long nowNanos) {
    ArrivalWindow w = windows.get(node);
    return w == null ? 0.0 : w.phi(nowNanos);
  }

  /** Whether the node is seen up: heard of, and phi not above the threshold. */
  public boolean isAvailable(String node, long nowNanos) {
    return isAvailable(windows.get(node), nowNanos);
  }

  /** Forgets a node (it left the ring). */
  public void remove(String node) {
    windows.remove(node);
  }

  public double convictThreshold() {
    return convictThreshold;
  }

  /** The arrival intervals of one node's heartbeats. */
  final class ArrivalWindow {
    // Grows up to the window: a fixed long[1000] per peer is 8 GB for 1000 nodes that each watch 999 others.
    private long[] intervals = new long[Math.min(8, window)];
    private int count;
    private int next;
    private long sum;
    private long last = -1;

    void add(long now) {
      if (last >= 0) {
        long interval = now - last;
        if (interval <= maxIntervalNanos) push(interval);
      } else {
        push(initialIntervalNanos);
      }
      last = now;
    }

    private void push(long interval) {
      if (count == intervals.length && count < window) {
        // Not yet wrapped (count < window means next == count == length): grow in place.
        intervals = java.util.Arrays.copyOf(intervals, Math.min(window, intervals.length * 2));
      }
      if (count == window) sum -= intervals[next];
      else count++;
      intervals[next] = interval;
      sum += interval;
      next = (next + 1) % window; // the array is the whole window by the time next wraps
    }

    double phi(long now) {
      if (count == 0 || last < 0) return 0.0;
      double mean = (double) sum / count;
      return PHI_FACTOR * (now - last) / mean;
    }
  }
}
