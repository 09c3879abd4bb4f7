package io.ringsim.oracle;

import org.apache.cassandra.utils.Clock;

/**
 * Cassandra's wall clock as the oracle runs it (installed with {@code -Dcassandra.clock}): the real clock plus the
 * time a script's {@code @advance} directives let pass. Everything that reads "now" from Cassandra's clock moves
 * with it: write timestamps (so writes after an advance are newer), and compaction's gcBefore and expiry checks (so
 * a tombstone or an expired cell written before an advance is as old to compaction as to reads). nanoTime stays
 * real: it only measures timeouts and latencies.
 */
public final class AdvancingClock implements Clock {
  private static volatile long offsetMillis;

  /** Cassandra instantiates the class named by cassandra.clock itself. */
  public AdvancingClock() {}

  static void advanceSeconds(long seconds) {
    offsetMillis += seconds * 1000;
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public long currentTimeMillis() {
    return System.currentTimeMillis() + offsetMillis;
  }
}
