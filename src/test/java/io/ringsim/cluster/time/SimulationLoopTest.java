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
import java.util.concurrent.TimeUnit;
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
}
