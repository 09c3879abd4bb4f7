package io.ringsim.server;

import io.ringsim.cluster.SimCluster;
import java.util.concurrent.locks.LockSupport;

/**
 * Makes virtual time follow the wall clock while a cluster is served: every millisecond it lets the simulation loop
 * run up to (wall time elapsed x speed). The node actors, the network and every timer stay exactly as in a
 * scenario run; only who moves the clock changes. `run --live` paces a scenario with it too. This is the one place in ringsim where the wall clock drives the
 * simulation, which is what lets drivers' timeouts and heartbeats line up with the nodes' own (docs/design.md).
 */
public final class Pacer implements Runnable {
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
  private volatile boolean stopped;
  private final Thread thread;

  public Pacer(SimCluster cluster, double speed) {
    this.cluster = cluster;
    this.speed = speed;
    this.thread = new Thread(this, "ringsim-pacer");
    thread.setDaemon(true);
  }

  public void start() {
    startVirtual = cluster.nowNanos();
    startWall = System.nanoTime();
    cluster.setPaced(true);
    thread.start();
  }

  /** Virtual time the clock should show now. */
  long target() {
    return startVirtual + (long) ((System.nanoTime() - startWall) * speed);
  }

  @Override
  public void run() {
    while (!stopped) {
      cluster.runUntil(target());
      LockSupport.parkNanos(500_000);
    }
  }

  public void stop() {
    stopped = true;
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    cluster.setPaced(false);
  }
}
