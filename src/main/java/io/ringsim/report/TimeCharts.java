package io.ringsim.report;

import static io.ringsim.report.Html.esc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * report.html's charts over simulated time: operations per node, latency and availability per consistency level
 * (with the throttled operations), errors by class, and the scenario's own series, each with the failure events
 * as markers.
 */
final class TimeCharts {
  private TimeCharts() {}

  private static List<SvgCharts.Marker> markers(RunReport r) {
    List<SvgCharts.Marker> m = new ArrayList<>();
    for (RunEvent e : r.events())
      m.add(new SvgCharts.Marker(e.atMillis() / 1000.0, e.kind() + (e.node().isEmpty() ? "" : " " + e.node()), e.isFailure()));
    return m;
  }

  private static double xMax(RunReport r) {
    double max = r.scenario().simulatedMillis() / 1000.0;
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) max = Math.max(max, (p.atMillis() + r.timeSeries().bucketMillis()) / 1000.0);
    return max;
  }

  /** Bucketed lines break across a bucket with nothing to draw rather than slope over it. */
  private static double gap(RunReport r) {
    return 1.5 * r.timeSeries().bucketMillis() / 1000.0;
  }

  /** Points are drawn at the middle of their bucket. */
  private static double mid(RunReport r, long atMillis) {
    return (atMillis + r.timeSeries().bucketMillis() / 2.0) / 1000.0;
  }

  static void nodeOps(StringBuilder b, RunReport r) {
    ReportHtml.section(b, "node-ops", "Operations per node over time");
    Map<String, List<double[]>> byNode = new LinkedHashMap<>();
    for (ClusterInfo.NodeInfo n : r.cluster().nodes()) byNode.put(n.name(), new ArrayList<>());
    double perSec = 1000.0 / r.timeSeries().bucketMillis();
    for (TimeSeries.NodeOps p : r.timeSeries().nodeOps())
      byNode.computeIfAbsent(p.node(), k -> new ArrayList<>()).add(new double[] {mid(r, p.atMillis()), p.ops() * perSec});
    List<SvgCharts.Series> series = new ArrayList<>();
    int i = 0;
    for (var e : byNode.entrySet()) series.add(new SvgCharts.Series(e.getKey(), RingPage.color(i++), e.getValue()));
    ReportHtml.figure(b, SvgCharts.lineChart("operations per node over time", series, markers(r), "simulated time (s)", "coordinated ops/s",
        false, Html::fig, 0, xMax(r), 0, gap(r)), "Client operations each node coordinated per second; dashed lines are events (red: failures, green: recoveries).");
    b.append("</section>\n");
  }

  static void latency(StringBuilder b, RunReport r, Summary s) {
    ReportHtml.section(b, "latency", "Latency percentiles over time per consistency level");
    Map<String, List<TimeSeries.LevelPoint>> byCl = byLevel(r);
    if (byCl.isEmpty()) b.append("<p>No operations were recorded.</p>\n");
    for (var e : byCl.entrySet()) {
      List<double[]> p50 = new ArrayList<>(), p95 = new ArrayList<>(), p99 = new ArrayList<>(), max = new ArrayList<>();
      for (TimeSeries.LevelPoint p : e.getValue()) {
        if (p.latency().count() == 0) continue;
        double x = mid(r, p.atMillis());
        p50.add(new double[] {x, p.latency().p50Ms()});
        p95.add(new double[] {x, p.latency().p95Ms()});
        p99.add(new double[] {x, p.latency().p99Ms()});
        max.add(new double[] {x, p.latency().maxMs()});
      }
      b.append("<h3>").append(esc(e.getKey())).append("</h3>\n");
      ReportHtml.figure(b, SvgCharts.lineChart("latency " + e.getKey(), List.of(
              new SvgCharts.Series("p50", ReportHtml.PALETTE[0], p50), new SvgCharts.Series("p95", ReportHtml.PALETTE[2], p95),
              new SvgCharts.Series("p99", ReportHtml.PALETTE[3], p99), new SvgCharts.Series("max", ReportHtml.PALETTE[1], max, true)),
          markers(r), "simulated time (s)", "latency (ms, log scale)", true, v -> Html.fig(v), 0, xMax(r), 0, gap(r)),
          "Client-observed latency at " + e.getKey() + " per bucket (HdrHistogram percentiles).");
    }
    if (!s.levels().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      boolean anyThrottled = false;
      for (Summary.LevelTotal t : s.levels()) {
        anyThrottled |= t.throttled() > 0;
        rows.add(List.of(t.consistency(), Long.toString(t.ops()), Long.toString(t.failed()), Html.pct(t.errorRate()),
            Long.toString(t.throttled()), t.consistency().contains(" ") ? "-" : Html.pct(t.availability()),
            Html.ms(t.latency().p50Ms()), Html.ms(t.latency().p95Ms()), Html.ms(t.latency().p99Ms()), Html.ms(t.latency().maxMs())));
      }
      ReportHtml.table(b, List.of("consistency", "ops", "failed", "error rate", "throttled", "available", "p50", "p95", "p99",
          "max"), rows, new boolean[] {false, true, true, true, true, true, true, true, true, true});
      b.append(r.clientRetries().isEmpty()
          ? "<p>ops and failed count the coordinators' replies to the workloads' clients, which do not retry;"
          : "<p>ops and failed count the coordinators' replies, one per try: a served client's driver may have"
              + " retried a failed request, as the table below shows;")
          .append(" the latency percentiles are of every answered operation, timeouts included.")
          .append(anyThrottled ? " Throttled operations were never sent (a client had its concurrency cap in flight);"
              + " available counts them as not available." : "").append("</p>\n");
    }
    if (!r.clientRetries().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      for (ClientRetries c : r.clientRetries()) {
        rows.add(List.of(c.consistency(), Long.toString(c.replies()), Long.toString(c.failed()),
            Long.toString(c.retries()), Long.toString(c.failuresRetried())));
      }
      b.append("<h3 id=\"client-retries\">Served clients: replies and driver retries</h3>\n");
      ReportHtml.table(b, List.of("consistency", "replies", "failed", "of which driver retries",
          "failures followed by a retry"), rows, new boolean[] {false, true, true, true, true});
      b.append("<p>").append(Html.esc(ClientRetries.explanation())).append(". replies minus driver retries is about"
          + " the requests the applications made; failed minus failures followed by a retry, the failures they"
          + " saw.</p>\n");
    }
    b.append("</section>\n");
  }

  private static Map<String, List<TimeSeries.LevelPoint>> byLevel(RunReport r) {
    Map<String, List<TimeSeries.LevelPoint>> m = new TreeMap<>();
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) m.computeIfAbsent(p.consistency(), k -> new ArrayList<>()).add(p);
    return m;
  }

  static void availability(StringBuilder b, RunReport r) {
    ReportHtml.section(b, "availability", "Availability and errors over time");
    List<SvgCharts.Series> avail = new ArrayList<>();
    int i = 0;
    double worst = 100;
    for (var e : byLevel(r).entrySet()) {
      List<double[]> pts = new ArrayList<>();
      if (e.getKey().contains(" ")) continue; // throttled operations of a workload using several levels
      for (TimeSeries.LevelPoint p : e.getValue())
        if (p.ops() + p.throttled() > 0) {
          double pct = 100.0 * p.ok() / (p.ops() + p.throttled());
          pts.add(new double[] {mid(r, p.atMillis()), pct});
          worst = Math.min(worst, pct);
        }
      avail.add(new SvgCharts.Series(e.getKey() + " success %", ReportHtml.LEVEL_COLORS[i++ % ReportHtml.LEVEL_COLORS.length], pts));
    }
    // a dip to 99.5% is invisible on a 0-100 axis: start the axis at the round figure just below the worst bucket
    double lo = 0;
    for (double f : new double[] {99, 95, 90, 80, 50})
      if (worst < 100 && f < worst) {
        lo = f;
        break;
      }
    ReportHtml.figure(b, SvgCharts.lineChart("availability over time", avail, markers(r), "simulated time (s)", "successful operations (%)",
        false, Html::fig, 0, xMax(r), lo, gap(r)), "Share of operations that succeeded per bucket and consistency level (throttled operations, never sent, count as not available), with the failure events"
        + (lo > 0 ? "; the axis starts at " + Html.fig(lo) + "% so that small dips show." : "; a gap is a bucket in which no operation completed."));
    TreeSet<String> classes = new TreeSet<>();
    String throttledClass = "throttled (not sent)";
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) {
      classes.addAll(p.failures().keySet());
      if (p.throttled() > 0) classes.add(throttledClass);
    }
    if (classes.isEmpty()) b.append("<p>No operation failed.</p>\n");
    else {
      Map<String, TreeMap<Long, Long>> byClass = new TreeMap<>();
      TreeSet<Long> times = new TreeSet<>();
      for (TimeSeries.LevelPoint p : r.timeSeries().levels()) {
        times.add(p.atMillis());
        for (String c : classes) byClass.computeIfAbsent(c, k -> new TreeMap<>()).merge(p.atMillis(),
            c.equals(throttledClass) ? p.throttled() : p.failures().getOrDefault(c, 0L), Long::sum);
      }
      List<SvgCharts.Series> err = new ArrayList<>();
      int j = 0;
      for (var e : byClass.entrySet()) {
        List<double[]> pts = new ArrayList<>();
        for (long t : times) pts.add(new double[] {mid(r, t), e.getValue().getOrDefault(t, 0L)});
        err.add(new SvgCharts.Series(e.getKey(), ReportHtml.ERROR_COLORS[j++ % ReportHtml.ERROR_COLORS.length], pts));
      }
      ReportHtml.figure(b, SvgCharts.lineChart("errors over time", err, markers(r), "simulated time (s)", "failed operations per bucket",
          false, Html::fig, 0, xMax(r), 0, gap(r)), "Failed operations by error class, all consistency levels, and the operations throttled (never sent) if any.");
    }
    b.append("</section>\n");
  }

  static void series(StringBuilder b, RunReport r) {
    ReportHtml.section(b, "series", "Other series over time");
    Map<String, List<double[]>> by = new TreeMap<>();
    for (TimeSeries.Point p : r.timeSeries().other())
      by.computeIfAbsent(p.series(), k -> new ArrayList<>()).add(new double[] {p.atMillis() / 1000.0, p.value()});
    if (by.isEmpty()) b.append("<p>This scenario records no other series.</p>\n");
    int i = 0;
    for (var e : by.entrySet()) {
      b.append("<h3>").append(esc(e.getKey())).append("</h3>\n");
      ReportHtml.figure(b, SvgCharts.lineChart(e.getKey(), List.of(new SvgCharts.Series(e.getKey(), ReportHtml.PALETTE[i++ % ReportHtml.PALETTE.length], e.getValue())),
          markers(r), "simulated time (s)", e.getKey(), false, Html::fig, 0, xMax(r)), e.getKey() + " as the scenario sampled it, with the events.");
    }
    b.append("</section>\n");
  }
}
