package io.ringsim.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.member.MemberRuntime;
import io.ringsim.report.PartitionSizeReport;
import io.ringsim.report.ReportWriter;
import io.ringsim.report.RunReport;
import io.ringsim.report.RunViews;
import io.ringsim.report.TextTable;
import io.ringsim.ring.Ring;
import io.ringsim.sim.ClusterRunner;
import io.ringsim.sim.Durations;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.ReportMapper;
import io.ringsim.sim.RunResult;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.ScenarioRunner;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.sim.trace.TraceCapture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
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

  @Override
  public Integer call() throws IOException {
    checkLiveOptions();
    Map<String, String> overrides = overrides(sets, seed);
    long recordCap = RunTrace.takeRecordCap(overrides);
    RunSpec run = ScenarioReader.read(file, overrides);
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter outw = spec.commandLine().getOut();
    // Before simulating: a folder that cannot be written should cost a second, not a whole run.
    dir = OutputDir.prepare(out != null ? out : OutputDir.defaultFor(run.name(), cluster != null ? "-cluster"
        : "-seed" + run.seed()), out != null);
    for (String note : OverrideNotes.of(run, overrides)) err.println("ringsim: " + note);
    err.flush();
    ProgressLine progress = new ProgressLine(err, !quiet && System.console() != null);
    try {
      if (cluster != null) return runOnCluster(run, progress, outw, err);
      if (live) return runLive(run, progress, outw);
      ScenarioRunner runner = new ScenarioRunner(run, ConfigFactory.load(), progress).withRecordCap(recordCap);
      RunResult result;
      try {
        result = runner.run();
      } catch (ScenarioRunner.ScenarioFailure e) {
        progress.accept(null);
        // A timeline action that stopped the run ("at 30s (...): ...") happened after simulating: say how to get
        // there again, on the same one line.
        String again = e.getMessage().startsWith("at ") ? " (reproduce: " + RerunCommand.of(file, run.seed(), sets)
            + ")" : "";
        throw new BadInputException(file + ": " + e.getMessage() + again);
      }
      return publish(run, result, runner.history(), runner.ring(), runner.partitionSizes(), runner.views(),
          "for " + Durations.format(result.simulatedMillis()) + " simulated", outw, runner.trace());
    } finally {
      progress.close();
    }
  }

  /** Checks the --live options before anything runs (exit 2 on a bad one). */
  private void checkLiveOptions() {
    if (!live && (speed != null || livePort != null))
      throw new BadInputException((speed != null ? "--speed" : "--live-port") + " needs --live");
    if (live && cluster != null) throw new BadInputException("--live cannot be combined with --cluster");
    if (speed != null && !(speed > 0 && speed <= 1000))
      throw new BadInputException("--speed must be in (0, 1000], got " + speed);
    if (livePort != null && (livePort < 0 || livePort > 65535))
      throw new BadInputException("--live-port must be in 0..65535, got " + livePort);
  }

  /** `run --live`: paced, with the live view; Ctrl-C ends the live part and the results are still written. */
  private Integer runLive(RunSpec run, ProgressLine progress, PrintWriter outw) throws IOException {
    RunLive liveRun = new RunLive(run, speed == null ? 1 : speed, livePort == null ? 0 : livePort, outw);
    java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(1);
    Thread hook = new Thread(() -> {
      liveRun.requestStop();
      try {
        finished.await(120, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      ScenarioRunner runner = new ScenarioRunner(run, ConfigFactory.load(), progress).withLive(liveRun);
      RunResult result;
      try {
        result = runner.run();
      } catch (ScenarioRunner.ScenarioFailure e) {
        progress.accept(null);
        throw new BadInputException(file + ": " + e.getMessage());
      }
      // A paced run is not replayed exactly (timeline faults land a few ms late; clicked faults), so no rerun line.
      return publish(dir, run, result, runner.history(), runner.ring(), runner.partitionSizes(), runner.views(),
          "live, " + (result.simulatedMillis() < run.durationMillis() ? "stopped at "
              + Durations.format(result.simulatedMillis()) + " of " + Durations.format(run.durationMillis())
              : Durations.format(result.simulatedMillis())) + " simulated", outw, null, runner.trace());
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
      if (eq <= 0) throw new BadInputException("--set expects key=value, got '" + s + "'");
      overrides.put(s.substring(0, eq).trim(), s.substring(eq + 1).trim());
    }
    if (seed != null) overrides.put("seed", String.valueOf(seed));
    return overrides;
  }

  /** The results folder, checked writable before the run. */
  private Path dir;

  /** Writes the results and the report, prints the summary; the exit code says whether every check passed. */
  private Integer publish(RunSpec run, RunResult result, List<OpRecord> history, Ring ring,
      Map<String, PartitionSizeReport.Measured> partitionSizes, RunViews views,
      String how, PrintWriter outw, TraceCapture.CapturedTrace trace) throws IOException {
    // A simulated run is a function of file, seed and overrides; a run against real JVMs cannot be replayed.
    return publish(dir, run, result, history, ring, partitionSizes, views, how, outw,
        cluster == null ? RerunCommand.of(file, run.seed(), sets) : null, trace);
  }

  /** Writes the results and the report into {@code dir}, prints the summary; also what `serve` ends with. */
  static Integer publish(Path dir, RunSpec run, RunResult result, List<OpRecord> history, Ring ring,
      Map<String, PartitionSizeReport.Measured> partitionSizes, RunViews views,
      String how, PrintWriter outw) throws IOException {
    return publish(dir, run, result, history, ring, partitionSizes, views, how, outw, null, null);
  }

  /**
   * As above; a run that fails a check also prints {@code rerun}, the command that reproduces it (null: none), and
   * shows it in report.html, but not in summary.json or run.json, whose bytes stay those of the run alone. With the
   * run's trace (null: none), written as trace.jsonl and told as the anomalies' stories.
   */
  static Integer publish(Path dir, RunSpec run, RunResult result, List<OpRecord> history, Ring ring,
      Map<String, PartitionSizeReport.Measured> partitionSizes, RunViews views,
      String how, PrintWriter outw, String rerun, TraceCapture.CapturedTrace trace)
      throws IOException {
    // history.jsonl (one line per operation) is the largest file; it is written on a second thread while the
    // report is built and rendered on this one. Each file is a function of the results only, so the order of
    // writing does not matter.
    FutureTask<Void> historyWriter = new FutureTask<>(() -> {
      writeHistory(dir, history);
      return null;
    });
    // trace.jsonl, as large, on a third thread.
    FutureTask<Void> traceWriter = new FutureTask<>(() -> {
      RunTrace.write(dir, trace);
      return null;
    });
    Thread traceThread = new Thread(traceWriter, "ringsim-trace-writer");
    traceThread.setDaemon(true);
    traceThread.start();
    Thread historyThread = new Thread(historyWriter, "ringsim-history-writer");
    historyThread.setDaemon(true);
    historyThread.start();
    try {
      write(dir, result);
      RunReport report = ReportMapper.toReport(result, run, ring, history,
          new VersionProvider().getVersion()[0], partitionSizes);
      ReportWriter.write(report, views, dir, result.passed() ? null : rerun,
          RunTrace.stories(trace == null ? null : trace.model(), history, report.anomalies()));
    } finally {
      awaitHistory(historyWriter);
      awaitHistory(traceWriter);
    }
    outw.print(summary(result));
    outw.println();
    outw.println("Report:  " + dir.resolve("report.html"));
    outw.println("Results: " + dir.resolve("summary.json") + " (run.json, history.jsonl" + (history.size()
        > COMPRESS_HISTORY_ABOVE ? ".gz" : "") + " and CSVs alongside)");
    outw.println("Wall time " + result.wallMillis() + " ms " + how + ", " + result.operations() + " operations");
    if (!result.passed() && rerun != null) outw.println("Reproduce: " + rerun);
    return result.passed() ? ExitCodes.OK : ExitCodes.FAILED;
  }

  private Integer runOnCluster(RunSpec run, ScenarioRunner.Progress progress, PrintWriter outw, PrintWriter err)
      throws IOException {
    try {
      MemberRuntime.address(cluster);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--cluster: " + e.getMessage());
    }
    ClusterRunner runner = new ClusterRunner(run, ConfigFactory.load(), cluster,
        progress);
    RunResult result;
    try {
      result = runner.run();
    } catch (ScenarioRunner.ScenarioFailure e) {
      progress.accept(null);
      throw new BadInputException(file + ": " + e.getMessage());
    } catch (IllegalStateException e) {
      progress.accept(null);
      outw.flush();
      err.println("ringsim: cluster run failed: " + e.getMessage());
      return ExitCodes.FAILED;
    }
    return publish(run, result, runner.history(), runner.ring(), Map.of(), null,
        "against the cluster at " + cluster + " (real time)", outw, null);
  }

  static ObjectMapper json() {
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
  }

  private static void awaitHistory(FutureTask<Void> historyWriter) throws IOException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          historyWriter.get();
          return;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          if (e.getCause() instanceof IOException io) throw io;
          if (e.getCause() instanceof RuntimeException re) throw re;
          throw new IllegalStateException(e.getCause());
        }
      }
    } finally {
      if (interrupted) Thread.currentThread().interrupt();
    }
  }

  /** Past this many operations the history is written gzip-compressed (about 250 B per operation plain). */
  static final int COMPRESS_HISTORY_ABOVE = 100_000;

  /**
   * history.jsonl: one compact JSON object per line. Streamed through one generator (no String per operation); the
   * bytes are those of writing each record with {@code writeValueAsString} followed by a newline. A long history
   * (over {@link #COMPRESS_HISTORY_ABOVE} operations: 720,000 made 180 MB) goes to history.jsonl.gz instead, the
   * same lines gzip-compressed (`zcat` reads them); the shipped lessons stay under the limit and keep the plain
   * file. Java's gzip header has no time stamp, so the bytes stay a function of the run.
   */
  static void writeHistory(Path dir, List<OpRecord> history) throws IOException {
    boolean compress = history.size() > COMPRESS_HISTORY_ABOVE;
    Path plain = dir.resolve("history.jsonl");
    Path gz = dir.resolve("history.jsonl.gz");
    Files.deleteIfExists(compress ? plain : gz); // never leave another run's history beside this one
    ObjectWriter line = new ObjectMapper().disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE)
        .writerFor(OpRecord.class);
    java.io.OutputStream file = Files.newOutputStream(compress ? gz : plain);
    java.io.OutputStream sink = compress ? new java.util.zip.GZIPOutputStream(file, 1 << 16) : file;
    try (Writer w = new java.io.BufferedWriter(new java.io.OutputStreamWriter(sink, StandardCharsets.UTF_8), 1 << 16);
        JsonGenerator g = line.createGenerator(w)) {
      g.setRootValueSeparator(null);
      for (OpRecord op : history) {
        line.writeValue(g, op);
        g.writeRaw('\n');
      }
    }
  }

  static void write(Path dir, RunResult r) throws IOException {
    Files.createDirectories(dir);
    ObjectMapper om = json();
    // summary.json is a function of scenario and seed only: the wall time goes to run-info.json.
    RunResult deterministic = r.withoutWallTime();
    Files.writeString(dir.resolve("run.json"), om.writeValueAsString(deterministic) + "\n");
    Files.writeString(dir.resolve("run-info.json"), "{\"wallMillis\": " + r.wallMillis() + "}\n");
    try (Writer w = Files.newBufferedWriter(dir.resolve("timeline.csv"), StandardCharsets.UTF_8)) {
      w.write("start_ms,series,ok,failed,p50_ms,p99_ms\n");
      for (RunResult.TimePoint p : r.timeline()) {
        w.write(p.startMillis() + "," + p.series() + "," + p.ok() + "," + p.failed() + "," + p.p50Ms() + ","
            + p.p99Ms() + "\n");
      }
    }
  }

  static String summary(RunResult r) {
    StringBuilder sb = new StringBuilder();
    sb.append("Scenario ").append(r.scenario()).append(" (seed ").append(r.seed()).append(", ")
        .append(Durations.format(r.simulatedMillis())).append(" simulated)\n\n");
    List<List<String>> nodes = new ArrayList<>();
    for (RunResult.NodeRow n : r.nodes()) {
      nodes.add(List.of(n.name(), n.dc(), n.rack(), n.upAtEnd() ? "UN" : "DN", pct(n.effectiveOwnership()),
          String.valueOf(n.partitions()), kb(n.bytes()), String.valueOf(n.coordinated()),
          n.hintsStored() + "/" + n.hintsReplayed(), String.valueOf(n.readRepairs())));
    }
    sb.append(TextTable.render(List.of("node", "dc", "rack", "state", "owns", "partitions", "load", "coordinated",
        "hints stored/replayed", "read repairs"), nodes));
    sb.append(String.format("%nownership max/mean %.3f  CV %.3f    load max/mean %.3f  CV %.3f%n%n",
        r.ownershipSkew().maxOverMean(), r.ownershipSkew().cv(), r.loadSkew().maxOverMean(), r.loadSkew().cv()));
    List<List<String>> series = new ArrayList<>();
    for (RunResult.SeriesRow s : r.series()) {
      long failed = s.failures().values().stream().mapToLong(Long::longValue).sum();
      series.add(List.of(s.series(), String.valueOf(s.ok()), String.valueOf(failed),
          String.format("%.2f%%", s.availabilityPercent()), ms(s.p50Ms()), ms(s.p99Ms()), ms(s.maxMs()),
          s.failures().isEmpty() ? "" : s.failures().toString()));
    }
    sb.append(TextTable.render(List.of("operations", "ok", "failed", "available", "p50", "p99", "max", "errors"),
        series));
    sb.append("ok and failed count the coordinators' replies to the workloads' clients (which do not retry);"
        + " p50, p99 and max are of the successful operations\n");
    if (r.throttled() > 0) {
      List<List<String>> levels = new ArrayList<>();
      for (RunResult.LevelRow l : r.levels()) {
        levels.add(List.of(l.consistency(), String.valueOf(l.ok()), String.valueOf(l.failed()),
            String.valueOf(l.throttled()), l.availabilityPercent() == null ? "-"
                : String.format("%.2f%%", l.availabilityPercent())));
      }
      sb.append(String.format("%n%d operations were throttled: a client had its concurrency cap in flight and did"
          + " not send them; availability counts them as not available%n", r.throttled()));
      sb.append(TextTable.render(List.of("level", "ok", "failed", "throttled", "available"), levels));
    }
    RunResult.AnomalyCounts a = r.anomalyCounts();
    if (!r.historyRecorded()) {
      sb.append(String.format("%nnot checked: 'history off' keeps no per-operation history (history.jsonl is empty,"
          + " no read-back, no hot partitions)%n"));
    } else {
      sb.append(String.format("%nchecked %d reads and %d keys: %d stale reads (%d read-your-writes), %d lost writes,"
          + " %d LWT violations%n", a.readsChecked(), a.keysChecked(), a.staleReads(), a.readYourWritesViolations(),
          a.lostWrites(), a.lwtViolations()));
      if (a.notJudgedTotal() > 0) {
        sb.append(String.format("not judged: %d (%s), never counted as anomalies%n", a.notJudgedTotal(),
            String.join(", ", a.notJudged().entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList())));
      }
    }
    long listed = r.anomalies().size();
    if (a.anomaliesUnlisted() > 0) {
      sb.append(String.format("the first %d of the %d anomalies are listed in summary.json%n", listed,
          listed + a.anomaliesUnlisted()));
    }
    if (listed > 5) sb.append(String.format("the first 5 of the %d anomalies:%n", listed + a.anomaliesUnlisted()));
    for (int i = 0; i < Math.min(5, r.anomalies().size()); i++) {
      var an = r.anomalies().get(i);
      sb.append("  ").append(an.kind()).append(" at ").append(Durations.format(an.atMicros() / 1000)).append(" key ")
          .append(an.key()).append(": ").append(an.detail()).append('\n');
    }
    if (!r.events().isEmpty()) {
      sb.append("\nevents:\n");
      for (RunResult.Event e : r.events()) {
        sb.append("  ").append(Durations.format(e.atMicros() / 1000)).append("  ").append(e.text()).append('\n');
      }
    }
    if (!r.checks().isEmpty()) {
      sb.append('\n');
      for (RunResult.CheckRow c : r.checks()) {
        sb.append(switch (c.verdict()) {
          case PASS -> "PASS  ";
          case FAIL -> "FAIL  ";
          case NOT_APPLICABLE -> "N/A   ";
        }).append(c.check()).append(" - ").append(c.detail()).append('\n');
      }
    }
    return sb.toString();
  }

  private static String pct(double v) {
    return String.format("%.1f%%", v * 100);
  }

  private static String kb(long b) {
    return b < 10_240 ? b + " B" : String.format("%.1f KiB", b / 1024.0);
  }

  private static String ms(double v) {
    return String.format("%.2f ms", v);
  }
}
