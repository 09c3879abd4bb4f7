package io.ringsim.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.ringsim.report.Anomaly;
import io.ringsim.report.AnomalySections;
import io.ringsim.report.AnomalyStory;
import io.ringsim.report.ReportCsv;
import io.ringsim.report.Lang;
import io.ringsim.report.ReportHtml;
import io.ringsim.report.ReportJson;
import io.ringsim.report.RunReport;
import io.ringsim.report.RunViews;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.RunOutcome;
import io.ringsim.sim.RunResult;
import io.ringsim.sim.trace.Explainer;
import io.ringsim.sim.trace.TraceFile;
import io.ringsim.sim.trace.TraceModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A run's results directory: every file of it is written here, from the run's one {@link RunOutcome}, and read back
 * here (by {@code report} and {@code explain}), so each command tells the same story. Each file is a function of
 * the outcome only; run-info.json (the wall time) is the one that differs between two runs of the same seed.
 */
final class RunFiles {
  private RunFiles() {}

  static final String HTML = "report.html";
  static final String SUMMARY = "summary.json";
  static final String RUN = "run.json";
  static final String RUN_INFO = "run-info.json";
  static final String TIMELINE_CSV = "timeline.csv";
  static final String HISTORY = "history.jsonl";
  static final String HISTORY_GZ = "history.jsonl.gz";
  static final String OPS_CSV = "ops.csv";
  static final String LATENCY_CSV = "latency.csv";
  static final String NODES_CSV = "nodes.csv";
  static final String SERIES_CSV = "series.csv";

  /** Past this many operations the history is written gzip-compressed (about 250 B per operation plain). */
  static final int COMPRESS_HISTORY_ABOVE = 100_000;

  /**
   * Writes every file of a run into {@code dir}: run.json, run-info.json, timeline.csv, history.jsonl, trace.jsonl,
   * views.json, summary.json, report.html and the CSVs. {@code rerun}, the command that reproduces a failed run (null:
   * none), is shown in report.html only, so summary.json and run.json stay the run's alone.
   */
  static void write(Path dir, RunOutcome outcome, String version, String rerun) throws IOException {
    write(dir, outcome, version, rerun, Lang.EN);
  }

  /** As {@link #write(Path, RunOutcome, String, String)}, report.html's labels in {@code lang}. */
  static void write(Path dir, RunOutcome outcome, String version, String rerun, Lang lang) throws IOException {
    // history.jsonl (one line per operation) and trace.jsonl are the largest files: each is written on a thread of
    // its own while the report is built and rendered on this one.
    FutureTask<Void> history = background("ringsim-history-writer", () -> writeHistory(dir, outcome.history()));
    FutureTask<Void> trace = background("ringsim-trace-writer", () -> {
      if (outcome.trace() != null) {
        outcome.trace().write(dir);
      } else { // history off: no trace, and none an earlier run left in the folder
        Files.deleteIfExists(dir.resolve(TraceFile.PLAIN));
        Files.deleteIfExists(dir.resolve(TraceFile.GZ));
      }
    });
    try {
      writeRun(dir, outcome.result());
      RunReport report = outcome.report(version);
      writeReport(report, outcome.views(), dir, outcome.result().passed() ? null : rerun,
          stories(outcome.trace() == null ? null : outcome.trace().model(), outcome.history(), report.anomalies(), lang),
          lang);
    } finally {
      await(history);
      await(trace);
    }
  }

  /** The report's files alone (summary.json, report.html, the CSVs), with no views, stories or rerun line. */
  static List<Path> writeReport(RunReport r, Path dir) {
    return writeReport(r, null, dir, null, List.of(), Lang.EN);
  }

  /**
   * summary.json, views.json (what report.html's interactive views need beyond the report; null: none, and one an
   * earlier run left goes), report.html and the CSVs; returns the paths written, report.html first.
   */
  static List<Path> writeReport(RunReport r, RunViews views, Path dir, String rerun, List<AnomalyStory> stories,
      Lang lang) {
    r = r.summarized();
    Path at = dir.resolve(RunViews.FILE);
    try {
      Files.createDirectories(dir);
      if (views == null) Files.deleteIfExists(at);
      else Files.write(at, views.toBytes());
      at = dir.resolve(SUMMARY);
      Files.write(at, ReportJson.toBytes(r));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + at + ": " + e.getMessage(), e);
    }
    return render(r, dir, rerun, stories, lang);
  }

  /** report.html and the CSVs (not summary.json): what {@code ringsim report DIR} writes again. */
  static List<Path> render(RunReport r, Path dir, String rerun, List<AnomalyStory> stories, Lang lang) {
    Path html = dir.resolve(HTML);
    try {
      Files.createDirectories(dir);
      Files.writeString(html, ReportHtml.render(r, RunViews.readOrNone(dir), rerun, stories, lang), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(OPS_CSV), ReportCsv.ops(r), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(LATENCY_CSV), ReportCsv.latency(r), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(NODES_CSV), ReportCsv.nodes(r), StandardCharsets.UTF_8);
      // series.csv only when the run sampled a scenario-specific series: a file with nothing but a header told
      // users there was data to look for. A stale one from an earlier run in the same folder goes.
      if (r.timeSeries().other().isEmpty()) Files.deleteIfExists(dir.resolve(SERIES_CSV));
      else Files.writeString(dir.resolve(SERIES_CSV), ReportCsv.series(r), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the report in " + dir + ": " + e.getMessage(), e);
    }
    List<Path> written = new ArrayList<>(List.of(html, dir.resolve(SUMMARY), dir.resolve(OPS_CSV),
        dir.resolve(LATENCY_CSV), dir.resolve(NODES_CSV)));
    if (!r.timeSeries().other().isEmpty()) written.add(dir.resolve(SERIES_CSV));
    return written;
  }

  /** run.json (the result without its wall time), run-info.json (the wall time) and timeline.csv. */
  static void writeRun(Path dir, RunResult r) throws IOException {
    Files.createDirectories(dir);
    ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    Files.writeString(dir.resolve(RUN), om.writeValueAsString(r.withoutWallTime()) + "\n");
    Files.writeString(dir.resolve(RUN_INFO), "{\"wallMillis\": " + r.wallMillis() + "}\n");
    try (Writer w = Files.newBufferedWriter(dir.resolve(TIMELINE_CSV), StandardCharsets.UTF_8)) {
      w.write("start_ms,series,ok,failed,p50_ms,p99_ms\n");
      for (RunResult.TimePoint p : r.timeline()) {
        w.write(p.startMillis() + "," + p.series() + "," + p.ok() + "," + p.failed() + "," + p.p50Ms() + ","
            + p.p99Ms() + "\n");
      }
    }
  }

  /**
   * history.jsonl: one compact JSON object per line. Streamed through one generator (no String per operation); the
   * bytes are those of writing each record with {@code writeValueAsString} followed by a newline. A long history
   * (over {@link #COMPRESS_HISTORY_ABOVE} operations: 720,000 made 180 MB) goes to history.jsonl.gz instead, the
   * same lines gzip-compressed (`zcat` reads them); the shipped lessons stay under the limit and keep the plain
   * file. Java's gzip header has no time stamp, so the bytes stay a function of the run.
   */
  static void writeHistory(Path dir, List<OpRecord> history) throws IOException {
    boolean compress = history.size() > COMPRESS_HISTORY_ABOVE;
    Files.deleteIfExists(dir.resolve(compress ? HISTORY : HISTORY_GZ)); // never leave another run's beside this one
    ObjectWriter line = new ObjectMapper().disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE)
        .writerFor(OpRecord.class);
    OutputStream file = Files.newOutputStream(dir.resolve(compress ? HISTORY_GZ : HISTORY));
    OutputStream sink = compress ? new GZIPOutputStream(file, 1 << 16) : file;
    try (Writer w = new java.io.BufferedWriter(new java.io.OutputStreamWriter(sink, StandardCharsets.UTF_8), 1 << 16);
        JsonGenerator g = line.createGenerator(w)) {
      g.setRootValueSeparator(null);
      for (OpRecord op : history) {
        line.writeValue(g, op);
        g.writeRaw('\n');
      }
    }
  }

  /** The history file's name as the terminal names it. */
  static String historyName(int operations) {
    return operations > COMPRESS_HISTORY_ABOVE ? HISTORY_GZ : HISTORY;
  }

  /** history.jsonl (or .gz) of a run directory; empty when there is none. */
  static List<OpRecord> readHistory(Path dir) {
    Path plain = dir.resolve(HISTORY), gz = dir.resolve(HISTORY_GZ);
    Path f = Files.isRegularFile(plain) ? plain : Files.isRegularFile(gz) ? gz : null;
    List<OpRecord> out = new ArrayList<>();
    if (f == null) return out;
    ObjectReader reader = new ObjectMapper().readerFor(OpRecord.class);
    int n = 0;
    try (InputStream raw = Files.newInputStream(f);
        InputStream in = f == gz ? new GZIPInputStream(raw, 1 << 16) : raw;
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      String line;
      while ((line = r.readLine()) != null) {
        n++;
        if (!line.isBlank()) out.add(reader.readValue(line));
      }
    } catch (IOException e) {
      throw new BadInputException(f + ":" + n + ": not a history line (" + e.getMessage().lines().findFirst()
          .orElse("") + ")");
    }
    return out;
  }

  /** The trace of a run directory, or null when it has none; a broken file is a one-line error. */
  static TraceModel readTrace(Path dir) {
    Path f = TraceFile.find(dir);
    if (f == null) return null;
    try {
      return TraceFile.read(f);
    } catch (TraceFile.FormatException e) {
      throw new BadInputException(e.getMessage());
    } catch (IOException e) {
      throw new BadInputException("cannot read " + f + ": " + e.getMessage());
    }
  }

  /** The stories report.html draws: the first {@link AnomalySections#DRAWN} anomalies' ({@code explain} has all). */
  static List<AnomalyStory> stories(TraceModel trace, List<OpRecord> history, List<Anomaly> anomalies,
      io.ringsim.report.Lang lang) {
    if (trace == null || anomalies.isEmpty()) return List.of();
    return new Explainer(trace, history, lang.labels()).explainAll(anomalies.subList(0,
        Math.min(anomalies.size(), AnomalySections.DRAWN)));
  }

  private interface FileWork {
    void run() throws IOException;
  }

  private static FutureTask<Void> background(String name, FileWork work) {
    FutureTask<Void> task = new FutureTask<>(() -> {
      work.run();
      return null;
    });
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    t.start();
    return task;
  }

  private static void await(FutureTask<Void> task) throws IOException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          task.get();
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
}
