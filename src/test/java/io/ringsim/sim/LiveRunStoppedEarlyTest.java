package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.SimCluster;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A live run the user stops early (issue 39: `run --live` stopped at 1m51s printed the whole run's operation count):
 * the results count what ran until the stop, say where it stopped, and the timeline's events reach the live side as
 * they happen. The live side here moves virtual time itself, as the pacer would, and stops at 20 s of 60 s.
 */
class LiveRunStoppedEarlyTest {
  static final long STOP_NANOS = 20_000_000_000L;

  /** A live run without a page or clients, stopped by the user at 20 s. */
  static final class StoppedAt20s implements LiveRun {
    final List<RunResult.Event> seen = new ArrayList<>();
    final List<Long> seenAtNanos = new ArrayList<>();
    SimCluster sim;

    @Override
    public void started(SimCluster s) {
      sim = s;
    }

    @Override
    public boolean awaitTime(SimCluster s, long nanos) {
      s.runUntil(Math.min(nanos, STOP_NANOS));
      return nanos <= STOP_NANOS;
    }

    @Override
    public void stopped(SimCluster s) {}

    @Override
    public void event(RunResult.Event e) {
      seen.add(e);
      seenAtNanos.add(sim.nowNanos());
    }

    @Override
    public List<OpRecord> history() {
      return List.of();
    }

    @Override
    public List<RunResult.Event> events() {
      return List.of();
    }
  }

  @Test
  void theResultsCountWhatRanUntilTheStopAndSayWhereItStopped() {
    // 200 operations per simulated second for 50 s, a crash at 10 s and a restart at 30 s (after the stop).
    RunSpec spec = ScenarioRunnerTest.spec(ConsistencyLevel.QUORUM, List.of(
        new TimedAction(10_000, new Action.Crash("n3"), "crash n3"),
        new TimedAction(30_000, new Action.Restart("n3"), "restart n3")), 5);
    StoppedAt20s live = new StoppedAt20s();
    ScenarioRunner runner = new ScenarioRunner(spec, ConfigFactory.load("application-test"), line -> {}).withLive(live);
    RunOutcome outcome = runner.run();
    RunResult r = outcome.result();

    // 20 s at 200/s: about 4,000 operations, not the 10,000 of the whole run.
    assertThat(r.operations()).isBetween(3_900L, 4_100L);
    assertThat(r.simulatedMillis()).isEqualTo(20_000);
    assertThat(r.events()).extracting(RunResult.Event::text)
        .contains("the run was stopped at 20s of 1m: nothing the scenario plans after it ran (operations, timeline)")
        .noneMatch(t -> t.startsWith("n3 restarted, commit log")); // the timeline's 30 s line did not run
    // No operation started after the stop; every one that ran is in the history.
    assertThat(outcome.history()).hasSize((int) r.operations())
        .allMatch(op -> op.invokeMicros() <= 20_000_000L, "invoked by 20 s");
    // The crash reached the live side when it happened, at 10 s, not at the end.
    assertThat(live.seen).extracting(RunResult.Event::text).containsExactly("n3 crashed");
    assertThat(live.seenAtNanos).containsExactly(10_000_000_000L);
  }
}
