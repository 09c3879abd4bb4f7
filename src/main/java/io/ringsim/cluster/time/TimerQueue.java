package io.ringsim.cluster.time;

import java.util.ArrayList;
import java.util.List;

/**
 * The simulation loop's pending timers, earliest first (due time, then scheduling order), as one heap plus a FIFO lane
 * per fixed delay.
 *
 * <p>Why lanes: almost every timer is a request timeout with one of a few fixed delays (2 s for a write, 5 s for a
 * read, ...), and almost all of them are cancelled when the answer comes. In a heap they sat among a few hundred
 * thousand others, each insertion and removal a walk through cold heap slots (the sift and its comparisons were 7%
 * of a simulated QUORUM write's time and 9% of a read's, async-profiler; with lanes, ClusterWriteBench's writes and
 * reads go 6-9% faster). Timers scheduled with the same delay fall due in the order they were scheduled, since
 * virtual time never goes back, so a plain queue per delay keeps them in order, and taking the earliest head of the
 * heap and the lanes gives exactly the order the single heap gave: the same run, event for event.
 *
 * <p>Which delays get a lane: whole milliseconds, the first {@value #MAX_LANES} such delays met (configured timeouts,
 * intervals and the 50 ms speculative-retry delay are whole milliseconds; simulated network latencies, drawn in
 * nanoseconds, almost never are, and stay in the heap). Periodic timers stay in the heap.
 */
final class TimerQueue {
  static final int MAX_LANES = 8;

  private final TimerHeap heap = new TimerHeap();
  private final List<TimerLane> lanes = new ArrayList<>(MAX_LANES);
  /** Cancelled timers still in the heap (lanes drop theirs when they come up: they cost no search). */
  private long cancelledInHeap;
  /**
   * No lane's live head is due before this (a lower bound: cancelling and firing only make the heads later), so
   * {@link #peek} need not look at the lanes while the heap's earliest comes before it, which in a busy run is
   * nearly always: the lanes hold request timeouts, the heap the network's deliveries.
   */
  private long laneBound = Long.MAX_VALUE;

  void add(VirtualTimer t, long delayNanos) {
    if (t.intervalNanos == 0) {
      TimerLane lane = laneFor(delayNanos);
      if (lane != null) {
        lane.add(t);
        if (t.dueNanos < laneBound) laneBound = t.dueNanos;
        return;
      }
    }
    t.lane = null;
    heap.add(t);
  }

  /** A bare task due at {@code due}, scheduled {@code seq}-th: never cancelled, never repeated (the heap takes it). */
  void addTask(Runnable task, long due, long seq) {
    heap.add(task, due, seq);
  }

  /**
   * A bare task due at {@code due}, scheduled {@code seq}-th, queued behind {@code fifo}'s others: the heap holds
   * only the fifo's head. A task due before the fifo's last (its caller broke the fifo's promise) goes to the heap
   * on its own, so the order stays right whatever the caller does.
   */
  void addTask(TaskFifo fifo, Runnable task, long due, long seq) {
    if (!fifo.accepts(due)) {
      heap.add(task, due, seq);
      return;
    }
    if (fifo.isEmpty()) heap.add(fifo, due, seq);
    fifo.add(task, due, seq);
  }

  private TimerLane laneFor(long delayNanos) {
    for (int i = 0; i < lanes.size(); i++) {
      if (lanes.get(i).delayNanos == delayNanos) return lanes.get(i);
    }
    if (lanes.size() < MAX_LANES && delayNanos > 0 && delayNanos % 1_000_000 == 0) {
      TimerLane lane = new TimerLane(delayNanos);
      lanes.add(lane);
      return lane;
    }
    return null;
  }

  /**
   * A timer was cancelled. It stays queued and is dropped when it comes up: removing it from the heap would cost a
   * linear search. The heap is compacted when cancelled timers make up most of it.
   */
  void cancelled(VirtualTimer t) {
    if (t.lane != null) {
      t.lane.cancel(t);
      return;
    }
    if (++cancelledInHeap > 4096 && cancelledInHeap > heap.size() / 2) {
      heap.removeCancelled();
      cancelledInHeap = 0;
    }
  }

  /** Due time of what {@link #peek} last returned. */
  private long peekedDue;

  /**
   * The earliest timer not cancelled or task, left in place ({@link #peekedDue} tells when it is due); null when
   * none is pending.
   */
  Object peek() {
    while (heap.peekCancelled()) {
      heap.poll();
      if (cancelledInHeap > 0) cancelledInHeap--;
    }
    Object best = heap.peek();
    long bestDue = best == null ? 0 : heap.peekDue(), bestSeq = best == null ? 0 : heap.peekSeq();
    if (best != null && bestDue < laneBound) { // no lane's head can come first: no need to look at them
      peekedDue = bestDue;
      return best;
    }
    long bound = Long.MAX_VALUE;
    for (int i = 0; i < lanes.size(); i++) {
      TimerLane lane = lanes.get(i);
      if (!lane.hasLiveHead()) continue;
      long d = lane.headDue(), s = lane.headSeq();
      if (d < bound) bound = d;
      if (best == null || TimerHeap.less(d, s, bestDue, bestSeq)) {
        best = lane.head();
        bestDue = d;
        bestSeq = s;
      }
    }
    laneBound = bound;
    peekedDue = bestDue;
    return best;
  }

  long peekedDue() {
    return peekedDue;
  }

  /**
   * Removes {@code next}, which {@link #peek} just returned, and returns what is to run: the timer or bare task
   * itself, or for a {@link TaskFifo} its earliest task (the fifo's next one, if any, takes its place in the heap).
   */
  Object remove(Object next) {
    if (next instanceof TaskFifo fifo) {
      Runnable task = fifo.poll();
      if (fifo.isEmpty()) heap.poll();
      else heap.replaceTop(fifo, fifo.headDue(), fifo.headSeq());
      return task;
    }
    if (!(next instanceof VirtualTimer t) || t.lane == null) {
      heap.poll();
      return next;
    }
    if (t.lane.head() != t) throw new IllegalStateException("a lane timer that is not at the head of its lane");
    t.lane.pollHead();
    return next;
  }

  void clear() {
    heap.clear();
    lanes.clear();
    laneBound = Long.MAX_VALUE;
    cancelledInHeap = 0;
  }
}
