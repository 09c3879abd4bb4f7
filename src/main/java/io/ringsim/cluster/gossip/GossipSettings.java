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

  PhiAccrualDetector newDetector() {
    long twoIntervals = interval.toNanos() * 2;
    return new PhiAccrualDetector(phiConvictThreshold, twoIntervals, twoIntervals);
  }
}
