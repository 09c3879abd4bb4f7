package io.ringsim.sim;

import io.ringsim.cluster.SimCluster;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The second phase of a run: moves virtual time through the scenario's timeline, applying each action at its time
 * while the workloads run, and reports progress between steps. A live run's pacer moves time instead, and the user
 * may stop it early; the run then ends where it stopped.
 */
final class TimelinePlayer {
  private final RunSpec spec;
  /** Null unless the run is live (see {@link LiveRun}). */
  private final LiveRun live;
  private final ScenarioRunner.Progress progress;

  TimelinePlayer(RunSpec spec, LiveRun live, ScenarioRunner.Progress progress) {
    this.spec = spec;
    this.live = live;
    this.progress = progress;
  }

  /**
   * Moves virtual time through the timeline, applying each action at its time, to the end of the run; returns the
   * spec as it ran (a live run the user stopped early ran for less than its duration).
   */
  RunSpec play(ScenarioRunner.Running run) {
    List<TimedAction> timeline = new ArrayList<>(spec.timeline());
    timeline.sort(Comparator.comparingLong(TimedAction::atMillis));
    long step = Math.max(1000, spec.durationMillis() / 50);
    long t = 0;
    for (TimedAction a : timeline) {
      t = advance(run, t, a.atMillis(), step);
      if (t < a.atMillis()) break; // stopped early by the user (live runs)
      int before = run.events().size();
      run.actions().apply(a);
      if (live != null) for (RunResult.Event e : run.events().subList(before, run.events().size())) live.event(e);
    }
    long lastAction = timeline.isEmpty() ? 0 : timeline.get(timeline.size() - 1).atMillis();
    if (t >= lastAction) t = advance(run, t, spec.durationMillis(), step);
    if (live == null) return spec;
    SimCluster sim = run.sim();
    run.metrics().listen(null);
    live.stopped(sim);
    long endMillis = Math.max(1, sim.nowNanos() / 1_000_000L);
    RunSpec ran = spec;
    if (endMillis < spec.durationMillis()) {
      // Stopped early: the workloads start nothing more, so the results count what ran while live (what is in
      // flight finishes or times out in the next phase), and the run says where it stopped.
      ran = spec.withDurationMillis(endMillis);
      run.actions().stopWorkloads();
      // An empty served cluster (serve without a scenario) plans nothing: its end is no early stop.
      if (!spec.workloads().isEmpty() || !spec.timeline().isEmpty()) {
        run.events().add(new RunResult.Event(sim.nowNanos() / 1000, "live-stopped",
            Say.EN.f("say.event.live-stopped", Durations.format(endMillis), Durations.format(spec.durationMillis()))));
      }
    }
    run.events().addAll(live.events());
    run.events().sort(Comparator.comparingLong(RunResult.Event::atMicros));
    return ran;
  }

  /**
   * Lets virtual time run to {@code to} ms, a step at a time (progress is reported between steps). Live: the pacer
   * moves time and this only waits for it; it returns early, short of {@code to}, when the user stops the run.
   */
  private long advance(ScenarioRunner.Running run, long from, long to, long step) {
    long t = from;
    while (t < to) {
      long next = Math.min(to, t + step);
      if (live != null) {
        if (!live.awaitTime(run.sim(), next * 1_000_000L)) return t;
      } else {
        run.sim().runUntil(next * 1_000_000L);
      }
      t = next;
      progress.accept(progressLine(t, run.operations()));
    }
    return Math.max(from, to);
  }

  private String progressLine(long t, long ops) {
    int width = 30;
    int done = (int) Math.min(width, width * t / Math.max(1, spec.durationMillis()));
    return "[" + "=".repeat(done) + (done < width ? ">" : "") + " ".repeat(Math.max(0, width - done - 1)) + "] "
        + Durations.format(t) + " / " + Durations.format(spec.durationMillis()) + "  " + ops + " ops";
  }
}
