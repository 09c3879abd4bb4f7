package io.ringsim.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a run's output directory: report.html, summary.json, ops.csv, latency.csv, nodes.csv and
 * series.csv. (history.jsonl, the
 * operation history the consistency checker reads, is written by the scenario runner itself.)
 */
public final class ReportWriter {
  public static final String HTML = "report.html";
  public static final String SUMMARY = "summary.json";
  public static final String HISTORY = "history.jsonl";
  public static final String OPS_CSV = "ops.csv";
  public static final String LATENCY_CSV = "latency.csv";
  public static final String NODES_CSV = "nodes.csv";
  public static final String SERIES_CSV = "series.csv";

  private ReportWriter() {}

  /** Writes every file, creating {@code dir} if needed, and returns the paths written (report.html first). */
  public static List<Path> write(RunReport r, Path dir) {
    return write(r, null, dir, null, List.of());
  }

  /** The same, with the anomalies' stories drawn in report.html (see {@link AnomalySections}). */
  public static List<Path> write(RunReport r, Path dir, List<AnomalyStory> stories) {
    return write(r, null, dir, null, stories);
  }

  /**
   * As {@link #write(RunReport, Path)}, with the extras of report.html's interactive views, kept in views.json (null:
   * none, and a views.json left by an earlier run in the folder goes).
   */
  public static List<Path> write(RunReport r, RunViews views, Path dir) {
    return write(r, views, dir, null, List.of());
  }

  /**
   * Every file: report.html with its interactive views ({@code views}, kept in views.json), {@code rerun} (the
   * command that reproduces a failure, or null) and the anomalies' {@code stories}.
   */
  public static List<Path> write(RunReport r, RunViews views, Path dir, String rerun, List<AnomalyStory> stories) {
    try {
      Files.createDirectories(dir);
      if (views == null) Files.deleteIfExists(dir.resolve(RunViews.FILE));
      else Files.write(dir.resolve(RunViews.FILE), views.toBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + dir.resolve(RunViews.FILE) + ": " + e.getMessage(), e);
    }
    if (r.summary() == null) r = r.withSummary(Summary.of(r));
    try {
      Files.createDirectories(dir);
      Files.write(dir.resolve(SUMMARY), ReportJson.toBytes(r));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + dir.resolve(SUMMARY) + ": " + e.getMessage(), e);
    }
    return render(r, dir, rerun, stories);
  }

  /**
   * Writes report.html and the CSVs (not summary.json): what {@code ringsim report DIR} does. The interactive views
   * take what they need beyond the report from DIR/views.json, when there is one.
   */
  public static List<Path> render(RunReport r, Path dir) {
    return render(r, dir, null, List.of());
  }

  /** report.html and the CSVs, with the anomalies' stories. */
  public static List<Path> render(RunReport r, Path dir, List<AnomalyStory> stories) {
    return render(r, dir, null, stories);
  }

  private static List<Path> render(RunReport r, Path dir, String rerun, List<AnomalyStory> stories) {
    Path html = dir.resolve(HTML);
    try {
      Files.createDirectories(dir);
      Files.writeString(html, ReportHtml.render(r, RunViews.readOrNone(dir), rerun, stories), StandardCharsets.UTF_8);
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
    List<Path> written = new java.util.ArrayList<>(List.of(html, dir.resolve(SUMMARY), dir.resolve(OPS_CSV),
        dir.resolve(LATENCY_CSV), dir.resolve(NODES_CSV)));
    if (!r.timeSeries().other().isEmpty()) written.add(dir.resolve(SERIES_CSV));
    return written;
  }
}
