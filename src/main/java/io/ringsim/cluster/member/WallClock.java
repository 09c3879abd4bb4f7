package io.ringsim.cluster.member;

import java.time.Instant;

/**
 * Real-time mode's clock: nanoseconds since the Unix epoch. Every member JVM and the driver read the same kind of
 * clock, so write timestamps from different machines compare as Cassandra's do (and drift as NTP lets them).
 */
public final class WallClock {
  private WallClock() {}

  public static long nowNanos() {
    Instant i = Instant.now();
    return i.getEpochSecond() * 1_000_000_000L + i.getNano();
  }
}
