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

  static void nodeOps(StringBuilder b, RunReport r, Labels t) {
    ReportHtml.section(b, "node-ops", t.get("section.node-ops"));
    Map<String, List<double[]>> byNode = new LinkedHashMap<>();
    for (ClusterInfo.NodeInfo n : r.cluster().nodes()) byNode.put(n.name(), new ArrayList<>());
    double perSec = 1000.0 / r.timeSeries().bucketMillis();
    for (TimeSeries.NodeOps p : r.timeSeries().nodeOps())
      byNode.computeIfAbsent(p.node(), k -> new ArrayList<>()).add(new double[] {mid(r, p.atMillis()), p.ops() * perSec});
    List<SvgCharts.Series> series = new ArrayList<>();
    int i = 0;
    for (var e : byNode.entrySet()) series.add(new SvgCharts.Series(e.getKey(), RingPage.color(i++), e.getValue()));
    ReportHtml.figure(b, SvgCharts.lineChart(t.get("node-ops.chart"), series, markers(r), t.get("axis.simulated-time"), t.get("node-ops.y"),
        false, Html::fig, 0, xMax(r), 0, gap(r), t), t.get("node-ops.caption"));
    b.append("</section>\n");
  }

  static void latency(StringBuilder b, RunReport r, Summary s, Labels t) {
    ReportHtml.section(b, "latency", t.get("section.latency"));
    Map<String, List<TimeSeries.LevelPoint>> byCl = byLevel(r);
    if (byCl.isEmpty()) b.append("<p>").append(esc(t.get("latency.none"))).append("</p>\n");
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
      ReportHtml.figure(b, SvgCharts.lineChart(t.f("latency.chart", e.getKey()), List.of(
              new SvgCharts.Series("p50", ReportHtml.PALETTE[0], p50), new SvgCharts.Series("p95", ReportHtml.PALETTE[2], p95),
              new SvgCharts.Series("p99", ReportHtml.PALETTE[3], p99), new SvgCharts.Series(t.get("th.max"), ReportHtml.PALETTE[1], max, true)),
          markers(r), t.get("axis.simulated-time"), t.get("latency.y"), true, v -> Html.fig(v), 0, xMax(r), 0, gap(r), t),
          t.f("latency.caption", e.getKey()));
    }
    if (!s.levels().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      boolean anyThrottled = false;
      for (Summary.LevelTotal lt : s.levels()) {
        anyThrottled |= lt.throttled() > 0;
        rows.add(List.of(lt.consistency(), Long.toString(lt.ops()), Long.toString(lt.failed()), Html.pct(lt.errorRate()),
            Long.toString(lt.throttled()), lt.consistency().contains(" ") ? "-" : Html.pct(lt.availability()),
            Html.ms(lt.latency().p50Ms()), Html.ms(lt.latency().p95Ms()), Html.ms(lt.latency().p99Ms()), Html.ms(lt.latency().maxMs())));
      }
      ReportHtml.table(b, ReportHtml.heads(t, "th.consistency", "th.ops", "th.failed", "th.error-rate", "th.throttled", "th.available",
          "th.p50", "th.p95", "th.p99", "th.max"), rows, new boolean[] {false, true, true, true, true, true, true, true, true, true});
      b.append("<p>").append(t.get(r.clientRetries().isEmpty() ? "latency.note.workloads" : "latency.note.served"))
          .append(t.get("latency.note.timeouts"))
          .append(anyThrottled ? t.get("latency.note.throttled") : "").append("</p>\n");
    }
    if (!r.clientRetries().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      for (ClientRetries c : r.clientRetries()) {
        rows.add(List.of(c.consistency(), Long.toString(c.replies()), Long.toString(c.failed()),
            Long.toString(c.retries()), Long.toString(c.failuresRetried())));
      }
      b.append("<h3 id=\"client-retries\">").append(esc(t.get("retries.h3"))).append("</h3>\n");
      ReportHtml.table(b, ReportHtml.heads(t, "th.consistency", "th.replies", "th.failed", "th.driver-retries",
          "th.failures-retried"), rows, new boolean[] {false, true, true, true, true});
      b.append("<p>").append(Html.esc(ClientRetries.explanation(t))).append(esc(t.get("retries.note"))).append("</p>\n");
    }
    b.append("</section>\n");
  }

  private static Map<String, List<TimeSeries.LevelPoint>> byLevel(RunReport r) {
    Map<String, List<TimeSeries.LevelPoint>> m = new TreeMap<>();
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) m.computeIfAbsent(p.consistency(), k -> new ArrayList<>()).add(p);
    return m;
  }

  static void availability(StringBuilder b, RunReport r, Labels t) {
    ReportHtml.section(b, "availability", t.get("section.availability"));
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
      avail.add(new SvgCharts.Series(t.f("availability.series", e.getKey()), ReportHtml.LEVEL_COLORS[i++ % ReportHtml.LEVEL_COLORS.length], pts));
    }
    // a dip to 99.5% is invisible on a 0-100 axis: start the axis at the round figure just below the worst bucket
    double lo = 0;
    for (double f : new double[] {99, 95, 90, 80, 50})
      if (worst < 100 && f < worst) {
        lo = f;
        break;
      }
    ReportHtml.figure(b, SvgCharts.lineChart(t.get("availability.chart"), avail, markers(r), t.get("axis.simulated-time"), t.get("availability.y"),
        false, Html::fig, 0, xMax(r), lo, gap(r), t), t.get("availability.caption")
        + (lo > 0 ? t.f("availability.caption.axis", Html.fig(lo)) : t.get("availability.caption.gap")));
    TreeSet<String> classes = new TreeSet<>();
    String throttledClass = t.get("errors.throttled");
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) {
      classes.addAll(p.failures().keySet());
      if (p.throttled() > 0) classes.add(throttledClass);
    }
    if (classes.isEmpty()) b.append("<p>").append(esc(t.get("errors.none"))).append("</p>\n");
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
        for (long at : times) pts.add(new double[] {mid(r, at), e.getValue().getOrDefault(at, 0L)});
        err.add(new SvgCharts.Series(e.getKey(), ReportHtml.ERROR_COLORS[j++ % ReportHtml.ERROR_COLORS.length], pts));
      }
      ReportHtml.figure(b, SvgCharts.lineChart(t.get("errors.chart"), err, markers(r), t.get("axis.simulated-time"), t.get("errors.y"),
          false, Html::fig, 0, xMax(r), 0, gap(r), t), t.get("errors.caption"));
    }
    b.append("</section>\n");
  }

  static void series(StringBuilder b, RunReport r, Labels t) {
    ReportHtml.section(b, "series", t.get("section.series"));
    Map<String, List<double[]>> by = new TreeMap<>();
    for (TimeSeries.Point p : r.timeSeries().other())
      by.computeIfAbsent(p.series(), k -> new ArrayList<>()).add(new double[] {p.atMillis() / 1000.0, p.value()});
    if (by.isEmpty()) b.append("<p>").append(esc(t.get("series.none"))).append("</p>\n");
    int i = 0;
    for (var e : by.entrySet()) {
      b.append("<h3>").append(esc(e.getKey())).append("</h3>\n");
      ReportHtml.figure(b, SvgCharts.lineChart(e.getKey(), List.of(new SvgCharts.Series(e.getKey(), ReportHtml.PALETTE[i++ % ReportHtml.PALETTE.length], e.getValue())),
          markers(r), t.get("axis.simulated-time"), e.getKey(), false, Html::fig, 0, xMax(r), 0, 0, t),
          t.f("series.caption", e.getKey()));
    }
    b.append("</section>\n");
  }
}
