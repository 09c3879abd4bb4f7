package io.ringsim.cluster.gossip;

import java.time.Duration;

/** Gossip and failure-detection settings (Cassandra's defaults: 1 s rounds, phi_convict_threshold 8). */
public record GossipSettings(Duration interval, double phiConvictThreshold) {
  public static final GossipSettings CASSANDRA_DEFAULTS = new GossipSettings(Duration.ofSeconds(1), 8.0);

  public GossipSettings {
    if (interval.isNegative() || interval.isZero())
      throw new IllegalArgumentException("gossip interval must be > 0, got " + interval);
    if (phiConvictThreshold <= 0)
      throw new IllegalArgumentException("phi_convict_threshold must be > 0, got " + phiConvictThreshold);
  }

  /** Intervals all the detectors of one simulated cluster may keep: 100 million longs, 800 MB. */
  static final long CLUSTER_INTERVAL_BUDGET = 100_000_000L;

  /** The smallest window a big cluster falls back to: a mean over 100 s of 1 s gossip is as steady as over 1,000 s. */
  static final int MIN_WINDOW = 100;

  /** The detector's windows by number, {@code slots} of them, for a node that watches {@code peers} others. */
  ArrivalWindows newWindows(int slots, int peers) {
    long twoIntervals = interval.toNanos() * 2;
    return new ArrivalWindows(slots, twoIntervals, twoIntervals, windowFor(peers));
  }

  /**
   * How many intervals each detector averages over, when every node of the cluster watches {@code peers} others. A
   * real node keeps Cassandra's 1,000 for each peer; a simulation keeps them for every node at once, n x (n - 1)
   * windows, which for 1,000 nodes is 8 GB after 17 simulated minutes. So clusters beyond about 300 nodes average over
   * fewer, down to 100, which keeps all windows under 800 MB. It depends on the cluster's size only, never on the heap,
   * so a scenario gives the same results on every machine.
   */
  public static int windowFor(int peers) {
    long windows = (long) Math.max(1, peers) * (peers + 1);
    return (int) Math.max(MIN_WINDOW, Math.min(PhiAccrualDetector.CASSANDRA_WINDOW, CLUSTER_INTERVAL_BUDGET / windows));
  }
}
