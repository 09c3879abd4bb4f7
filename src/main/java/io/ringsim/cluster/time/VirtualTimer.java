package io.ringsim.cluster.time;

import akka.actor.Cancellable;

/** A pending timer of the virtual-time scheduler; fires in order of due time, then of scheduling. */
final class VirtualTimer implements Cancellable {
  private final SimulationLoop loop;
  long dueNanos;
  final long intervalNanos;
  private long seq;
  final Runnable task;
  /** The {@link TimerQueue}'s fixed-delay lane it is queued in, and its position there; null: in the heap. */
  TimerLane lane;
  long lanePos;
  private volatile boolean cancelled;
  private volatile boolean fired;

  VirtualTimer(SimulationLoop loop, long dueNanos, long intervalNanos, long seq, Runnable task) {
    this.loop = loop;
    this.dueNanos = dueNanos;
    this.intervalNanos = intervalNanos;
    this.seq = seq;
    this.task = task;
  }

  void reschedule(long due, long newSeq) {
    dueNanos = due;
    seq = newSeq;
  }

  long seq() {
    return seq;
  }

  void markFired() {
    fired = true;
  }

  @Override
  public boolean cancel() {
    if (cancelled || fired) return false;
    cancelled = true;
    return loop.cancel(this);
  }

  /** Cancels without telling the loop (for tests of the queue alone). */
  void markCancelledForTest() {
    cancelled = true;
  }

  @Override
  public boolean isCancelled() {
    return cancelled;
  }
}
