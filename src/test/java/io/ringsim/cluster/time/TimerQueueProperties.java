package io.ringsim.cluster.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The heap-plus-lanes queue fires timers in exactly the order one priority queue over (due time, sequence) fires
 * them, whatever mix of fixed delays (lanes), random delays (heap), bare tasks (in the heap without a timer object),
 * tasks queued on fifos (network links' deliveries, the heap holding each fifo's head; now and then one due before
 * its fifo's last, which must still fire in its place), periodic timers and cancellations a run makes.
 */
class TimerQueueProperties {
  /** The order the loop must fire timers in: due time, then scheduling sequence. */
  private static final java.util.Comparator<VirtualTimer> FIRING_ORDER =
      java.util.Comparator.comparingLong((VirtualTimer t) -> t.dueNanos).thenComparingLong(VirtualTimer::seq);

  @Property(tries = 200)
  void firesInTheOrderOfOnePriorityQueue(@ForAll long seed) {
    check(seed, 3_000, 2);
  }

  /**
   * Ten thousand heap timers, most of them then cancelled: the heap compacts itself (past 4,096 cancelled timers, and
   * more than half of it) and must still give the rest, and timers added after, in order.
   */
  @Property(tries = 20)
  void keepsTheOrderThroughACompaction(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    TimerQueue queue = new TimerQueue();
    PriorityQueue<VirtualTimer> reference = new PriorityQueue<>(FIRING_ORDER);
    List<VirtualTimer> all = new ArrayList<>();
    long seq = 0;
    for (int i = 0; i < 10_000; i++) {
      long delay = 1 + r.nextLong(50_000_000L);
      VirtualTimer t = new VirtualTimer(null, delay, 0, seq++, () -> {});
      queue.add(t, delay);
      all.add(t);
    }
    for (VirtualTimer t : all) {
      if (r.nextInt(10) < 7) {
        t.markCancelledForTest();
        queue.cancelled(t);
      } else {
        reference.add(t);
      }
    }
    for (int i = 0; i < 100; i++) { // after the compaction
      long delay = 1 + r.nextLong(50_000_000L);
      VirtualTimer t = new VirtualTimer(null, delay, 0, seq++, () -> {});
      queue.add(t, delay);
      reference.add(t);
    }
    while (!reference.isEmpty()) {
      Object a = queue.peek();
      assertThat(a).isSameAs(reference.poll());
      queue.remove(a);
    }
    assertThat(queue.peek()).isNull();
  }

  /** {@code steps} random adds, cancels (weight {@code cancels} in 10) and removals of the earliest. */
  private static void check(long seed, int steps, int cancels) {
    SplittableRandom r = new SplittableRandom(seed);
    TimerQueue queue = new TimerQueue();
    PriorityQueue<VirtualTimer> reference = new PriorityQueue<>(FIRING_ORDER);
    List<VirtualTimer> live = new ArrayList<>();
    List<Long> fired = new ArrayList<>();
    List<Long> expected = new ArrayList<>();
    // A bare task stands in the reference as a timer with its due time and sequence.
    java.util.Map<Object, VirtualTimer> shadowOf = new java.util.IdentityHashMap<>();
    long now = 0, seq = 0;
    TaskFifo[] fifos = {new TaskFifo(), new TaskFifo(), new TaskFifo()};
    long[] fifoLast = new long[fifos.length];
    long[] fixed = {100_000_000L, 2_000_000_000L, 5_000_000_000L, 1_000_000_000L, 300_000_000L};
    for (int step = 0; step < steps; step++) {
      int op = r.nextInt(10);
      if (op < 5) {
        long delay = switch (r.nextInt(4)) {
          case 0, 1 -> fixed[r.nextInt(fixed.length)];
          case 2 -> r.nextLong(50_000_000L);
          default -> r.nextInt(3) * 1_000_000L; // 0 (the heap) or a lane of one or two milliseconds
        };
        if (r.nextInt(3) == 0) { // a link's delivery: due no earlier than its link's last, but for one in twenty
          int f = r.nextInt(fifos.length);
          long due = r.nextInt(20) == 0 ? now + delay : Math.max(now + delay, fifoLast[f]);
          fifoLast[f] = Math.max(fifoLast[f], due);
          Runnable task = new Runnable() {
            @Override
            public void run() {}
          };
          VirtualTimer shadow = new VirtualTimer(null, due, 0, seq, task);
          queue.addTask(fifos[f], task, due, seq++);
          shadowOf.put(task, shadow);
          reference.add(shadow);
          continue;
        }
        if (r.nextInt(4) == 0) {
          Runnable task = new Runnable() { // one object per task (a lambda without captures is one object for all)
            @Override
            public void run() {}
          };
          VirtualTimer shadow = new VirtualTimer(null, now + delay, 0, seq, task);
          queue.addTask(task, now + delay, seq++);
          shadowOf.put(task, shadow);
          reference.add(shadow);
          continue;
        }
        long interval = r.nextInt(20) == 0 ? 1_000_000_000L : 0;
        VirtualTimer t = new VirtualTimer(null, now + delay, interval, seq++, () -> {});
        queue.add(t, delay);
        reference.add(t);
        live.add(t);
      } else if (op < 5 + cancels && !live.isEmpty()) {
        VirtualTimer t = live.remove(r.nextInt(live.size()));
        t.markCancelledForTest();
        queue.cancelled(t);
      } else {
        Object next = queue.peek();
        VirtualTimer b = reference.peek();
        while (b != null && b.isCancelled()) {
          reference.poll();
          b = reference.peek();
        }
        if (next == null) {
          assertThat(b).isNull();
          continue;
        }
        long peekedDue = queue.peekedDue();
        Object ran = queue.remove(next);
        VirtualTimer a = ran instanceof VirtualTimer ? (VirtualTimer) ran : shadowOf.get(ran);
        assertThat(a).isSameAs(b);
        assertThat(peekedDue).isEqualTo(a.dueNanos);
        reference.poll();
        now = Math.max(now, a.dueNanos);
        fired.add(a.seq());
        expected.add(b.seq());
        if (a.intervalNanos > 0) {
          a.reschedule(now + a.intervalNanos, seq++);
          queue.add(a, a.intervalNanos);
          reference.add(a);
        } else {
          live.remove(a);
        }
      }
    }
    assertThat(fired).isEqualTo(expected);
  }
}
