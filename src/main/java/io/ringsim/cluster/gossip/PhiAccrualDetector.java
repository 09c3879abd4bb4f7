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
 *
 * <p>This is the detector by node name; the gossiper, which numbers its peers, uses the same {@link ArrivalWindows}
 * by number.
 */
public final class PhiAccrualDetector {
  /** Cassandra's window: the mean is over the last 1,000 intervals. */
  public static final int CASSANDRA_WINDOW = 1000;

  private final double convictThreshold;
  private final Map<String, Integer> slots = new HashMap<>();
  private ArrivalWindows windows;
  /** Slots given out so far. */
  private int used;

  public PhiAccrualDetector(double convictThreshold, long initialIntervalNanos, long maxIntervalNanos) {
    this(convictThreshold, initialIntervalNanos, maxIntervalNanos, CASSANDRA_WINDOW);
  }

  /** @param window how many of the latest intervals the mean is over */
  public PhiAccrualDetector(double convictThreshold, long initialIntervalNanos, long maxIntervalNanos, int window) {
    if (convictThreshold <= 0) throw new IllegalArgumentException("phi_convict_threshold must be > 0");
    this.convictThreshold = convictThreshold;
    this.windows = new ArrivalWindows(4, initialIntervalNanos, maxIntervalNanos, window);
  }

  /** Cassandra's defaults for a 1 s gossip interval: threshold 8, initial and maximum interval 2 s. */
  public static PhiAccrualDetector cassandraDefaults() {
    return new PhiAccrualDetector(8.0, 2_000_000_000L, 2_000_000_000L);
  }

  /** Records that a fresh heartbeat of {@code node} was learnt at {@code nowNanos}. */
  public void heartbeat(String node, long nowNanos) {
    Integer slot = slots.get(node);
    if (slot == null) slot = newSlot(node);
    windows.add(slot, nowNanos);
  }

  /** Phi of a node at {@code nowNanos}; 0 for a node never heard of. */
  public double phi(String node, long nowNanos) {
    Integer slot = slots.get(node);
    return slot == null ? 0.0 : windows.phi(slot, nowNanos);
  }

  /** Whether the node is seen up: heard of, and phi not above the threshold. */
  public boolean isAvailable(String node, long nowNanos) {
    Integer slot = slots.get(node);
    return slot != null && windows.isAvailable(slot, nowNanos, convictThreshold);
  }

  /** Forgets a node (it left the ring). */
  public void remove(String node) {
    Integer slot = slots.remove(node);
    if (slot == null) return;
    // The slot is emptied and left unused: a node heard of again later gets a new one.
    int[] keep = new int[windows.slots()];
    for (int i = 0; i < keep.length; i++) keep[i] = i == slot ? -1 : i;
    windows = windows.rearranged(keep);
  }

  public double convictThreshold() {
    return convictThreshold;
  }

  private int newSlot(String node) {
    if (used == windows.slots()) {
      int[] same = new int[used * 2];
      for (int i = 0; i < same.length; i++) same[i] = i < used ? i : -1;
      windows = windows.rearranged(same);
    }
    slots.put(node, used);
    return used++;
  }
}
