package io.ringsim.server;

import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.time.Pace;

/**
 * Makes virtual time follow the wall clock while a cluster is served: the simulation loop may run up to (wall time
 * elapsed x speed). The loop paces itself with it ({@link io.ringsim.cluster.time.SimulationLoop#pacedBy}): when it
 * runs out of work it moves up to that instant, takes the clients' requests there, and sleeps until the wall-clock
 * instant its next timer falls due, or until a request comes in. So a request waits for exactly its simulated time,
 * with no fixed tick and no thread in between (docs/performance.md, "Served request latency"). The node actors, the
 * network and every timer stay exactly as in a scenario run; only who moves the clock changes. `run --live` paces a
 * scenario with it too. This is the one place in ringsim where the wall clock drives the simulation, which is what
 * lets drivers' timeouts and heartbeats line up with the nodes' own (docs/design.md).
 */
public final class Pacer implements Pace {
  /**
   * The longest the loop sleeps while no timer falls due sooner: how far virtual time may trail the wall clock for a
   * thread that only reads it (a trace's start, the live view). A request wakes the loop anyway.
   */
  static final long MAX_SLEEP_NANOS = 1_000_000;

  private final SimCluster cluster;
  private final double speed;
  // Taken in start(), not at construction: a served cluster sets its nodes' clock epoch (wall time minus virtual
  // time) just before start(), so virtual time must begin to follow the wall clock from that instant. Counted from
  // construction, the first target() jumped ahead by however long the servers took to set up in between (up to
  // hundreds of ms on a busy machine), and node clocks ran that far ahead of the drivers' clocks: an LWT's
  // server-side timestamp then beat the client timestamp of the statement after it (found by
  // DifferentialAgainstCassandraOracle: a DELETE ... IF followed at once by an UPDATE lost the UPDATE).
  private volatile long startVirtual;
  private volatile long startWall;

  public Pacer(SimCluster cluster, double speed) {
    this.cluster = cluster;
    this.speed = speed;
  }

  public void start() {
    startVirtual = cluster.nowNanos();
    startWall = System.nanoTime();
    cluster.setPaced(true);
    cluster.loop().pacedBy(this);
  }

  /** Virtual time the clock should show now. */
  @Override
  public long target() {
    return startVirtual + (long) ((System.nanoTime() - startWall) * speed);
  }

  @Override
  public long nanosUntil(long virtualNanos) {
    return sleepUntil(virtualNanos, System.nanoTime());
  }

  /** Wall nanoseconds from {@code nowWall} until virtual time reaches {@code dueVirtual}, at most the longest sleep. */
  long sleepUntil(long dueVirtual, long nowWall) {
    if (dueVirtual == Long.MAX_VALUE) return MAX_SLEEP_NANOS;
    double wallDue = startWall + Math.ceil((dueVirtual - startVirtual) / speed);
    return (long) Math.min(MAX_SLEEP_NANOS, wallDue - nowWall);
  }

  public void stop() {
    cluster.loop().pacedBy(null);
    cluster.setPaced(false);
  }
}
