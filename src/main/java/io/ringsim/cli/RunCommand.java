package io.ringsim.cli;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.member.MemberRuntime;
import io.ringsim.sim.ClusterRunner;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.sim.Durations;
import io.ringsim.sim.RunOutcome;
import io.ringsim.sim.RunResult;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.ScenarioRunner;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.sim.trace.TraceCapture;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
/** Runs a scenario in virtual time and writes its results. */
@Command(
    name = "run",
    header = "Run a scenario in virtual time and write its report and results.",
    mixinStandardHelpOptions = true,
    description = {"Run a scenario (simulations/*.sim) in virtual time: progress, a summary table, and the results",
        "in --out DIR (report.html, summary.json, run.json, history.jsonl, CSVs). Exit code 1 when a check fails or has nothing to judge (N/A).",
        "",
        "Example:",
        "  ringsim run simulations/quickstart.sim --seed 7 --set workload.orders.rate=1000"})
public final class RunCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  /** The labels' language and its labels, resolved when the command starts. */
  private Lang lang;
  private Labels t;

  @Parameters(index = "0", description = "The scenario file.")
  Path file;

  @Option(names = "--seed", description = "Seed (overrides the scenario's).")
  Long seed;

  @Option(names = "--out", description = "Directory for the results (default: runs/NAME-seedN).")
  Path out;

  @Option(names = "--set", description = "Override a setting: key=value (cluster.nodes, workload.NAME.rate, ...).")
  List<String> sets = new ArrayList<>();

  @Option(names = "--cluster", paramLabel = "HOST:PORT", description = "Run against a real cluster of"
      + " `ringsim member` JVMs (any member's address), in real time, instead of simulating.")
  String cluster;

  @Option(names = "--quiet", description = "No progress bar (there is none either when stderr is not a terminal).")
  boolean quiet;

  @Option(names = "--live", description = "Pace the run to the wall clock and show it on a page at 127.0.0.1 (its"
      + " address is printed), with buttons for faults; a run with clicked faults is not reproducible (docs/live.md).")
  boolean live;

  @Option(names = "--speed", description = "With --live: simulated seconds per wall-clock second (default 1).")
  Double speed;

  @Option(names = "--live-port", description = "With --live: the page's port on 127.0.0.1 (default 0: any free one).")
  Integer livePort;

  /** The results folder, checked writable before the run. */
  private Path dir;

  @Override
  public Integer call() throws IOException {
    lang = langOption.resolve();
    t = lang.labels();
    checkLiveOptions();
    Map<String, String> overrides = overrides(sets, seed);
    long recordCap = takeRecordCap(overrides);
    RunSpec run = ScenarioReader.read(file, overrides);
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter outw = spec.commandLine().getOut();
    // Before simulating: a folder that cannot be written should cost a second, not a whole run.
    dir = OutputDir.prepare(out != null ? out : OutputDir.defaultFor(run.name(), cluster != null ? "-cluster"
        : "-seed" + run.seed()), out != null);
    for (String note : OverrideNotes.of(run, overrides, lang.labels())) err.println("ringsim: " + note);
    err.flush();
    ProgressLine progress = new ProgressLine(err, !quiet && System.console() != null);
    try {
      if (cluster != null) return runOnCluster(run, progress, outw, err);
      if (live) return runLive(run, progress, outw);
      RunOutcome outcome;
      try {
        outcome = new ScenarioRunner(run, ConfigFactory.load(), progress).withRecordCap(recordCap).run();
      } catch (ScenarioRunner.ScenarioFailure e) {
        progress.accept(null);
        // A timeline action that stopped the run ("at 30s (...): ...") happened after simulating: say how to get
        // there again, on the same one line.
        String again = e.getMessage().startsWith("at ") ? " (reproduce: " + RerunCommand.of(file, run.seed(), sets)
            + ")" : "";
        throw new BadInputException(file + ": " + e.getMessage() + again);
      }
      // A simulated run is a function of file, seed and overrides: a failed one says how to get it again.
      return publish(dir, outcome, t.f("term.how.simulated", Durations.format(outcome.result().simulatedMillis())),
          outw, RerunCommand.of(file, run.seed(), sets), lang);
    } finally {
      progress.close();
    }
  }

  /** Checks the --live options before anything runs (exit 2 on a bad one). */
  private void checkLiveOptions() {
    if (!live && (speed != null || livePort != null))
      throw BadInputException.said("err.live.needs", speed != null ? "--speed" : "--live-port");
    if (live && cluster != null) throw BadInputException.said("err.live.cluster");
    if (speed != null && !(speed > 0 && speed <= 1000))
      throw new BadInputException("--speed must be in (0, 1000], got " + speed);
    if (livePort != null && (livePort < 0 || livePort > 65535))
      throw new BadInputException("--live-port must be in 0..65535, got " + livePort);
  }

  /** `run --live`: paced, with the live view; Ctrl-C ends the live part and the results are still written. */
  private Integer runLive(RunSpec run, ProgressLine progress, PrintWriter outw) throws IOException {
    RunLive liveRun = new RunLive(run, speed == null ? 1 : speed, livePort == null ? 0 : livePort, outw, t);
    CountDownLatch finished = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      liveRun.requestStop();
      try {
        finished.await(120, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      RunOutcome outcome;
      try {
        outcome = new ScenarioRunner(run, ConfigFactory.load(), progress).withLive(liveRun).run();
      } catch (ScenarioRunner.ScenarioFailure e) {
        progress.accept(null);
        throw new BadInputException(file + ": " + e.getMessage());
      }
      // A paced run is not replayed exactly (timeline faults land a few ms late; clicked faults), so no rerun line.
      long ranMillis = outcome.result().simulatedMillis();
      return publish(dir, outcome, ranMillis < run.durationMillis()
          ? t.f("term.how.live-stopped", Durations.format(ranMillis), Durations.format(run.durationMillis()))
          : t.f("term.how.live", Durations.format(ranMillis)), outw, null, lang);
    } finally {
      liveRun.close();
      finished.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is already shutting down (Ctrl-C): the hook is running and waits for this run
      }
    }
  }

  /** The --set key=value pairs (and --seed) as the scenario reader takes them; run and serve read them alike. */
  static Map<String, String> overrides(List<String> sets, Long seed) {
    Map<String, String> overrides = new LinkedHashMap<>();
    for (String s : sets) {
      int eq = s.indexOf('=');
      if (eq <= 0) throw BadInputException.said("err.set.no-equals", s);
      overrides.put(s.substring(0, eq).trim(), s.substring(eq + 1).trim());
    }
    if (seed != null) overrides.put("seed", String.valueOf(seed));
    return overrides;
  }

  /** Removes {@code --set record_cap=N} from the overrides (the scenario reader does not know it) and returns N. */
  static long takeRecordCap(Map<String, String> overrides) {
    String v = overrides.remove("record_cap");
    if (v == null) return TraceCapture.DEFAULT_RECORD_CAP;
    try {
      long n = Long.parseLong(v);
      if (n < 0 || n > 100_000_000) throw new NumberFormatException();
      return n;
    } catch (NumberFormatException e) {
      throw new BadInputException("--set record_cap=" + v + ": expected a whole number of records from 0 (record"
          + " nothing) to 100000000");
    }
  }

  /**
   * Writes every file of the run into {@code dir} and prints the summary; also what `serve` ends with. The exit code
   * says whether every check passed. A run that fails a check prints {@code rerun}, the command that reproduces it
   * (null: none), and report.html shows it.
   */
  static Integer publish(Path dir, RunOutcome outcome, String how, PrintWriter outw, String rerun, Lang lang)
      throws IOException {
    RunFiles.write(dir, outcome, new VersionProvider().getVersion()[0], rerun, lang);
    RunResult result = outcome.result();
    Labels t = lang.labels();
    outw.print(TerminalSummary.of(result, lang));
    outw.println();
    outw.println(t.f("term.report", dir.resolve(RunFiles.HTML)));
    outw.println(t.f("term.results", dir.resolve(RunFiles.SUMMARY), RunFiles.historyName(outcome.history().size())));
    outw.println(t.f("term.wall", result.wallMillis(), how, result.operations()));
    if (!result.passed() && rerun != null) outw.println(t.f("term.reproduce", rerun));
    return result.passed() ? ExitCodes.OK : ExitCodes.FAILED;
  }

  private Integer runOnCluster(RunSpec run, ScenarioRunner.Progress progress, PrintWriter outw, PrintWriter err)
      throws IOException {
    try {
      MemberRuntime.address(cluster);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--cluster: " + e.getMessage());
    }
    RunOutcome outcome;
    try {
      outcome = new ClusterRunner(run, ConfigFactory.load(), cluster, progress).run();
    } catch (ScenarioRunner.ScenarioFailure e) {
      progress.accept(null);
      throw new BadInputException(file + ": " + e.getMessage());
    } catch (IllegalStateException e) {
      progress.accept(null);
      outw.flush();
      err.println("ringsim: cluster run failed: " + e.getMessage());
      return ExitCodes.FAILED;
    }
    // A run against real JVMs cannot be replayed: no rerun line.
    return publish(dir, outcome, t.f("term.how.cluster", cluster), outw, null, lang);
  }
}
