package io.ringsim.oracle;

import org.apache.cassandra.utils.Clock;

/**
 * Cassandra's wall clock as the oracle runs it (installed with {@code -Dcassandra.clock}): it starts at the script's
 * "now", moves a millisecond per statement ({@link #tick}) and as far as a script's {@code @advance} directive says,
 * and never with real time. The millisecond per statement keeps schema changes apart: schema mutations take their
 * timestamp from this clock, and a DROP TABLE and a CREATE TABLE of the same name in one millisecond tie, the drop
 * wins, and the table is gone once the node restarts (seen). Everything in Cassandra that
 * reads the time then agrees with the now_in_seconds the statements carry: write timestamps (kept distinct and
 * increasing by ClientState, a microsecond apart), compaction's gcBefore and expiry checks, the secondary-index
 * read path's staleness check. A clock running in real time lagged the frozen now by Cassandra's start-up and
 * the script's own run time, so a 4-second TTL looked expired to the index path at once; and with restarts the
 * lag grew by every JVM start. nanoTime stays real: it only measures timeouts and latencies.
 */
public final class AdvancingClock implements Clock {
  /** Until {@link #startAt} is called: the real clock, as for any other use of these classes. */
  private static volatile long nowMillis = -1;

  /** Cassandra instantiates the class named by cassandra.clock itself. */
  public AdvancingClock() {}

  /** Stops the clock at {@code millis} (before Cassandra starts, so that start-up writes are on the same time line). */
  static void startAt(long millis) {
    nowMillis = millis;
  }

  /** A statement is about to run: a millisecond passes. */
  static void tick() {
    if (nowMillis >= 0) nowMillis += 1;
  }

  static void advanceSeconds(long seconds) {
    nowMillis += seconds * 1000;
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public long currentTimeMillis() {
    long now = nowMillis;
    return now < 0 ? System.currentTimeMillis() : now;
  }
}
