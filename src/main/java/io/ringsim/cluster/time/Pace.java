package io.ringsim.cluster.time;

/**
 * What lets a {@link SimulationLoop} follow a clock outside the simulation (a served cluster follows the wall clock:
 * {@code io.ringsim.server.Pacer}). The loop itself never reads that clock: it asks its pace how far it may run and how
 * long to sleep before its next timer falls due.
 */
public interface Pace {
  /** The virtual time, in nanoseconds, the loop may run up to now. */
  long target();

  /**
   * How long, in nanoseconds of the pace's own clock, until {@link #target} reaches {@code virtualNanos}
   * ({@link Long#MAX_VALUE}: no timer pending); at most the longest the loop may sleep, 0 or less when already due.
   */
  long nanosUntil(long virtualNanos);
}
