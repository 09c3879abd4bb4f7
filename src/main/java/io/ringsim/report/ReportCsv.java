package io.ringsim.report;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The time series as CSV (RFC 4180, header row, '\n' line ends), one row per bucket and series, for spreadsheets:
 * ops.csv (per consistency level, failures by error class), latency.csv (percentiles per consistency level) and
 * nodes.csv (operations each node coordinated) and series.csv (scenario-specific series).
 */
public final class ReportCsv {
  private ReportCsv() {}

  /**
   * bucket_start_ms, consistency, ops, ok, failed, then one column per error class seen in the run, then throttled
   * (operations never sent) when any were.
   */
  public static String ops(RunReport r) {
    TreeSet<String> classes = new TreeSet<>();
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) classes.addAll(p.failures().keySet());
    StringBuilder b = new StringBuilder("bucket_start_ms,consistency,ops,ok,failed");
    for (String c : classes) b.append(',').append(field("failed_" + c));
    boolean throttled = r.timeSeries().levels().stream().anyMatch(p -> p.throttled() > 0);
    if (throttled) b.append(",throttled");
    b.append('\n');
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) {
      b.append(p.atMillis()).append(',').append(field(p.consistency())).append(',').append(p.ops()).append(',').append(p.ok())
          .append(',').append(p.failed());
      for (String c : classes) b.append(',').append(p.failures().getOrDefault(c, 0L));
      if (throttled) b.append(',').append(p.throttled());
      b.append('\n');
    }
    return b.toString();
  }

  /** bucket_start_ms, consistency, count, p50_ms, p95_ms, p99_ms, max_ms. */
  public static String latency(RunReport r) {
    StringBuilder b = new StringBuilder("bucket_start_ms,consistency,count,p50_ms,p95_ms,p99_ms,max_ms\n");
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) {
      Latency l = p.latency();
      b.append(p.atMillis()).append(',').append(field(p.consistency())).append(',').append(l.count());
      for (double v : List.of(l.p50Ms(), l.p95Ms(), l.p99Ms(), l.maxMs())) b.append(',').append(String.format(Locale.ROOT, "%.3f", v));
      b.append('\n');
    }
    return b.toString();
  }

  /** bucket_start_ms, node, coordinated_ops. */
  public static String nodes(RunReport r) {
    StringBuilder b = new StringBuilder("bucket_start_ms,node,coordinated_ops\n");
    for (TimeSeries.NodeOps p : r.timeSeries().nodeOps())
      b.append(p.atMillis()).append(',').append(field(p.node())).append(',').append(p.ops()).append('\n');
    return b.toString();
  }

  /** series, at_ms, value: the scenario-specific series (hints pending, out-of-sync partitions...). */
  public static String series(RunReport r) {
    StringBuilder b = new StringBuilder("series,at_ms,value\n");
    for (TimeSeries.Point p : r.timeSeries().other())
      b.append(field(p.series())).append(',').append(p.atMillis()).append(',').append(Double.toString(p.value())).append('\n');
    return b.toString();
  }

  static String field(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
