package io.ringsim.cluster.time;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SimulationLoopTest {

  sealed interface Cmd {}

  record Tick() implements Cmd {}

  record Ping(int n, ActorRef<Integer> replyTo) implements Cmd {}

  /** Ticks every simulated second and records the virtual time of each tick. */
  static Behavior<Cmd> ticker(SimulationLoop[] loop, List<Long> seen) {
    return Behaviors.withTimers(
        timers -> {
          timers.startTimerWithFixedDelay(new Tick(), Duration.ofSeconds(1));
          return Behaviors.receive(Cmd.class)
              .onMessage(
                  Tick.class,
                  t -> {
                    seen.add(loop[0].nowNanos());
                    return Behaviors.same();
                  })
              .onMessage(
                  Ping.class,
                  p -> {
                    p.replyTo().tell(p.n() + 1);
                    return Behaviors.same();
                  })
              .build();
        });
  }

  @Test
  void tenMinutesOfTimersRunInVirtualTimeAtExactInstants() throws Exception {
    List<Long> seen = new ArrayList<>();
    SimulationLoop[] loop = new SimulationLoop[1];
    ActorSystem<Cmd> system =
        SimulationMode.create(
            Behaviors.setup(ctx -> ticker(loop, seen)), "vt", ConfigFactory.load("application-test"));
    loop[0] = SimulationMode.loop(system);
    try {
      long wallStart = System.nanoTime();
      loop[0].runUntil(TimeUnit.MINUTES.toNanos(10));
      long wall = System.nanoTime() - wallStart;
      assertThat(loop[0].nowNanos()).isEqualTo(TimeUnit.MINUTES.toNanos(10));
      assertThat(seen).hasSize(600);
      for (int i = 0; i < seen.size(); i++) {
        // Timers start when the guardian is set up at virtual time 0.
        assertThat(seen.get(i)).isEqualTo(TimeUnit.SECONDS.toNanos(i + 1));
      }
      // Ten virtual minutes must not wait ten real minutes (a generous bound; not a performance assertion).
      assertThat(wall).isLessThan(TimeUnit.SECONDS.toNanos(60));
    } finally {
      system.terminate();
    }
  }
  @Test
  void cancelledTimersNeverFireNorMoveTheClock() throws Exception {
    SimulationLoop loop = new SimulationLoop();
    loop.start(Thread::new);
    try {
      List<Long> fired = new ArrayList<>();
      // More cancelled timers than the compaction threshold, interleaved with live ones at the same instants.
      List<VirtualTimer> cancelled = new ArrayList<>();
      for (int i = 0; i < 10_000; i++) {
        long due = TimeUnit.MILLISECONDS.toNanos(1 + i % 50);
        if (i % 100 == 0) {
          loop.schedule(due, 0, () -> fired.add(loop.nowNanos()));
        } else {
          cancelled.add(loop.schedule(due, 0, () -> fired.add(-1L)));
        }
      }
      // The latest timer of all is cancelled: idle time must not jump to it.
      cancelled.add(loop.schedule(TimeUnit.SECONDS.toNanos(30), 0, () -> fired.add(-2L)));
      for (VirtualTimer t : cancelled) assertThat(t.cancel()).isTrue();
      for (VirtualTimer t : cancelled) assertThat(t.cancel()).isFalse();
      loop.runUntil(TimeUnit.SECONDS.toNanos(10));
      assertThat(fired).hasSize(100).doesNotContain(-1L, -2L).isSorted();
      assertThat(loop.nowNanos()).isEqualTo(TimeUnit.SECONDS.toNanos(10));
      loop.runUntil(TimeUnit.SECONDS.toNanos(60));
      assertThat(fired).hasSize(100);
    } finally {
      loop.stop();
    }
  }

  /**
   * Paced (a served cluster), a client's request enters virtual time at the pace's instant when it arrives, after
   * every timer due by then, and the loop then sleeps until its next timer, not a fixed step: here the pace says each
   * sleep may last an hour, so a loop that waited for its sleep to end instead of being woken would never answer.
   */
  @Test
  void pacedARequestIsTakenInWhenItArrivesAndTheLoopSleepsUntilItsNextTimer() throws Exception {
    SimulationLoop loop = new SimulationLoop();
    loop.start(Thread::new);
    AtomicLong target = new AtomicLong();
    List<Long> sleptUntil = new CopyOnWriteArrayList<>();
    loop.pacedBy(new Pace() {
      @Override
      public long target() {
        return target.get();
      }

      @Override
      public long nanosUntil(long virtualNanos) {
        sleptUntil.add(virtualNanos);
        return TimeUnit.HOURS.toNanos(1);
      }
    });
    try {
      long ms = TimeUnit.MILLISECONDS.toNanos(1);
      target.set(7 * ms);
      CompletableFuture<Long> takenAt = new CompletableFuture<>();
      CompletableFuture<Long> timerAt = new CompletableFuture<>();
      loop.execute(() -> {
        takenAt.complete(loop.nowNanos());
        loop.runAfter(5 * ms, () -> timerAt.complete(loop.nowNanos())); // the request's simulated work
      });
      assertThat(takenAt.get(30, TimeUnit.SECONDS)).isEqualTo(7 * ms);
      // Asleep until the wall-clock instant of the timer at 12 ms (the pace turns it into a sleep).
      long waited = System.nanoTime();
      while (!sleptUntil.contains(12 * ms) && System.nanoTime() - waited < TimeUnit.SECONDS.toNanos(30)) {
        Thread.sleep(1);
      }
      assertThat(sleptUntil).contains(12 * ms);
      assertThat(timerAt).isNotDone();
      // The clock passes 12 ms while the loop sleeps; the next request wakes it, and it runs the timer first.
      target.set(20 * ms);
      CompletableFuture<Boolean> timerBeforeSecond = new CompletableFuture<>();
      CompletableFuture<Long> secondAt = new CompletableFuture<>();
      loop.execute(() -> {
        timerBeforeSecond.complete(timerAt.isDone());
        secondAt.complete(loop.nowNanos());
      });
      assertThat(secondAt.get(30, TimeUnit.SECONDS)).isEqualTo(20 * ms);
      assertThat(timerBeforeSecond.get()).isTrue();
      assertThat(timerAt.get()).isEqualTo(12 * ms);
    } finally {
      loop.stop();
    }
  }

  /**
   * A fault typed while a paced loop is behind the wall clock (a busy machine, a high --speed) is applied at once: a
   * driver's runUntil returns when the loop has reached its instant, not when it has caught up with a clock that
   * keeps running away (it never would here).
   */
  @Test
  void pacedALoopBehindItsClockStillLetsADriverSettle() throws Exception {
    SimulationLoop loop = new SimulationLoop();
    loop.start(Thread::new);
    long ms = TimeUnit.MILLISECONDS.toNanos(1);
    loop.pacedBy(new Pace() {
      @Override
      public long target() {
        return loop.nowNanos() + TimeUnit.SECONDS.toNanos(1); // always a second ahead: never caught up
      }

      @Override
      public long nanosUntil(long virtualNanos) {
        return virtualNanos == Long.MAX_VALUE ? ms : 0;
      }
    });
    try {
      Runnable[] tick = new Runnable[1];
      tick[0] = () -> loop.runAfter(ms, tick[0]);
      loop.execute(tick[0]);
      CompletableFuture<Boolean> applied = new CompletableFuture<>();
      CompletableFuture.runAsync(() -> {
        try {
          loop.execute(() -> applied.complete(true));
          loop.runUntil(loop.nowNanos());
        } catch (InterruptedException e) {
          applied.completeExceptionally(e);
        }
      }).get(30, TimeUnit.SECONDS);
      assertThat(applied).isCompletedWithValue(true);
    } finally {
      loop.stop();
    }
  }
}
