package io.ringsim.cli;

import io.ringsim.cli.live.CommandQueue;
import io.ringsim.cli.live.LiveView;
import io.ringsim.cli.shell.FaultCommands;
import io.ringsim.cluster.SimCluster;
import io.ringsim.report.Labels;
import io.ringsim.server.Pacer;
import io.ringsim.sim.Checker;
import io.ringsim.sim.Durations;
import io.ringsim.sim.LiveRun;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.RunResult;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.Say;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * `run --live`: the scenario plays paced to the wall clock (--speed simulated seconds per second) while a page on
 * 127.0.0.1 shows the cluster and sends fault words, which are applied here, between the pacer's steps, with the
 * shell's and the serve console's parser. Clicked faults make the run non-deterministic; they are kept as events.
 */
final class RunLive implements LiveRun {
  private final RunSpec run;
  private final double speed;
  private final PrintWriter out;
  private final CommandQueue commands = new CommandQueue();
  private final List<RunResult.Event> events = new ArrayList<>();
  private volatile boolean stop;
  private Pacer pacer;
  private final LiveView view;
  /** The reader's language: the terminal's lines and the live view's log; the run's events are kept in English. */
  private final Labels t;

  /** Binds the page's port at once (exit 2 when it is taken, before anything runs). */
  RunLive(RunSpec run, double speed, int port, PrintWriter out, Labels t) throws java.io.IOException {
    this.run = run;
    this.t = t;
    this.speed = speed;
    this.out = out;
    try {
      view = LiveView.bind(run.name(), "run", speed, run.durationMillis(), port, commands, t);
    } catch (java.net.BindException e) {
      throw new BadInputException("--live-port: cannot listen on 127.0.0.1:" + port + " (" + e.getMessage() + ")");
    }
  }

  /** Ends the live part early (Ctrl-C): the run then finishes at full speed and writes its results. */
  void requestStop() {
    stop = true;
  }

  @Override
  public void started(SimCluster sim) throws Exception {
    view.start(sim);
    view.log(t.f("live.log.run-starts", Durations.format(run.durationMillis()), speed));
    out.println(t.f("live.run.url", view.url(), speed));
    out.flush();
    pacer = new Pacer(sim, speed);
    pacer.start();
  }

  @Override
  public boolean awaitTime(SimCluster sim, long nanos) {
    while (sim.nowNanos() < nanos && !stop) {
      commands.runPending(line -> apply(sim, line));
      try {
        TimeUnit.MILLISECONDS.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        stop = true;
      }
    }
    commands.runPending(line -> apply(sim, line));
    return !stop;
  }

  /** One clicked fault word, as the shell and the serve console run it; kept as an event of the run. */
  private String apply(SimCluster sim, String line) {
    StringWriter printed = new StringWriter();
    PrintWriter w = new PrintWriter(printed);
    long at = sim.nowNanos() / 1000;
    String verb = line.trim().split("\\s+")[0].toUpperCase(Locale.ROOT);
    if (!FaultCommands.handle(line, sim, w, () -> false, t)) w.println("unknown command '" + line + "'");
    w.flush();
    String answer = printed.toString().strip();
    if (!FaultCommands.refused(answer, verb, t) && !answer.startsWith("unknown")) {
      synchronized (events) {
        events.add(new RunResult.Event(at, verb.toLowerCase(Locale.ROOT), Say.EN.f("say.live.clicked", line.trim())));
      }
    }
    out.println(t.f("live.answer", line.trim(), answer));
    out.flush();
    return answer;
  }

  @Override
  public void event(RunResult.Event e) {
    view.log(e.atMicros() / 1000, t.say(e.text()));
  }

  @Override
  public void completed(OpRecord op) {
    view.operation(op.completeMicros(), op.consistency(), op.type(), op.ok(), op.error(), op.key(), op.coordinator());
  }

  @Override
  public void stopped(SimCluster sim) {
    view.ended();
    commands.close(t.get("live.over"));
    pacer.stop();
    pacer = null;
    long at = sim.nowNanos() / 1_000_000L;
    view.log(at < run.durationMillis()
        ? t.f("live.log.run-stopped", Durations.format(at), Durations.format(run.durationMillis()))
        : t.get("live.log.run-over"));
  }

  /** Closes the page's server (after the results are written). */
  void close() {
    commands.close(t.get("live.run-over"));
    if (pacer != null) pacer.stop(); // the run failed while live: stop moving its clock
    view.close();
  }

  @Override
  public List<OpRecord> history() {
    return List.of();
  }

  @Override
  public List<RunResult.Event> events() {
    synchronized (events) {
      return List.copyOf(events);
    }
  }
}
