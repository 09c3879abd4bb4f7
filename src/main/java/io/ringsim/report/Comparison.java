package io.ringsim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Two runs side by side (zip-code key vs UUID key, 16 vnodes vs 256...): the key figures as rows of (figure, first,
 * second), rendered as a terminal table or an HTML page.
 */
public final class Comparison {
  private Comparison() {}

  /** A row of the comparison: the figure's name and its value in each run, formatted. */
  public record Row(String figure, String first, String second) {}

  public static List<Row> rows(RunReport a, RunReport b) {
    return rows(a, b, Lang.EN.labels());
  }

  /** The rows, their figures' names in {@code t}'s language. */
  public static List<Row> rows(RunReport a, RunReport b, Labels t) {
    Summary sa = summary(a), sb = summary(b);
    List<Row> rows = new ArrayList<>();
    rows.add(new Row(t.get("cmp.scenario"), a.scenario().name(), b.scenario().name()));
    rows.add(new Row(t.get("cmp.seed"), Long.toString(a.scenario().seed()), Long.toString(b.scenario().seed())));
    rows.add(new Row(t.get("cmp.nodes"), Integer.toString(a.cluster().nodes().size()), Integer.toString(b.cluster().nodes().size())));
    rows.add(new Row(t.get("cmp.simulated-s"), Html.fig(a.scenario().simulatedMillis() / 1000.0), Html.fig(b.scenario().simulatedMillis() / 1000.0)));
    skew(rows, t.get("cmp.ownership"), sa.ownership(), sb.ownership(), t);
    skew(rows, t.get("cmp.partitions"), sa.partitions(), sb.partitions(), t);
    skew(rows, t.get("cmp.bytes"), sa.bytes(), sb.bytes(), t);
    skew(rows, t.get("cmp.coordinated-ops"), sa.coordinatedOps(), sb.coordinatedOps(), t);
    rows.add(new Row(t.get("cmp.largest-partition"), largest(sa), largest(sb)));
    rows.add(new Row(t.get("cmp.p99-size"), Html.bytes(p99(a)), Html.bytes(p99(b))));
    rows.add(new Row(t.get("cmp.over-guideline"), Long.toString(overGuideline(a)), Long.toString(overGuideline(b))));
    rows.add(new Row(t.get("cmp.operations"), Long.toString(sa.ops()), Long.toString(sb.ops())));
    rows.add(new Row(t.get("cmp.failed"), Long.toString(sa.failed()) + " (" + Html.pct(rate(sa.failed(), sa.ops())) + ")",
        Long.toString(sb.failed()) + " (" + Html.pct(rate(sb.failed(), sb.ops())) + ")"));
    TreeSet<String> levels = new TreeSet<>();
    sa.levels().forEach(l -> levels.add(l.consistency()));
    sb.levels().forEach(l -> levels.add(l.consistency()));
    for (String cl : levels) {
      Summary.LevelTotal la = level(sa, cl), lb = level(sb, cl);
      rows.add(new Row(t.f("cmp.level-ops", cl), opsAndErrors(la), opsAndErrors(lb)));
      rows.add(new Row(t.f("cmp.level-p99", cl), la == null ? "-" : Html.ms(la.latency().p99Ms()), lb == null ? "-" : Html.ms(lb.latency().p99Ms())));
    }
    rows.add(new Row(t.get("cmp.anomalies"), anomalies(sa), anomalies(sb)));
    rows.add(new Row(t.get("cmp.checks-passed"), t.f("cmp.n-of", sa.checksPassed(), a.checks().size()), t.f("cmp.n-of", sb.checksPassed(), b.checks().size())));
    return rows;
  }

  public static String renderText(RunReport a, RunReport b, String firstLabel, String secondLabel) {
    return renderText(a, b, firstLabel, secondLabel, Lang.EN);
  }

  public static String renderText(RunReport a, RunReport b, String firstLabel, String secondLabel, Lang lang) {
    Labels t = lang.labels();
    List<List<String>> cells = new ArrayList<>();
    for (Row r : rows(a, b, t)) cells.add(List.of(r.figure(), r.first(), r.second()));
    return TextTable.render(List.of(t.get("th.figure"), firstLabel, secondLabel), cells);
  }

  /** A self-contained HTML page: the comparison table and each run's ownership-vs-load chart. */
  public static String renderHtml(RunReport a, RunReport b, String firstLabel, String secondLabel) {
    return renderHtml(a, b, firstLabel, secondLabel, Lang.EN);
  }

  public static String renderHtml(RunReport a, RunReport b, String firstLabel, String secondLabel, Lang lang) {
    Labels t = lang.labels();
    StringBuilder s = new StringBuilder("<!DOCTYPE html>\n<html lang=\"").append(lang.tag()).append("\"><head><meta charset=\"utf-8\"><title>")
        .append(Html.esc(t.get("cmp.title"))).append("</title>\n<style>")
        .append(ReportHtml.STYLE).append("</style></head><body>\n<h1>").append(Html.esc(t.f("cmp.h1", firstLabel, secondLabel)))
        .append("</h1>\n<section id=\"figures\">\n<h2>").append(Html.esc(t.get("cmp.key-figures"))).append("</h2>\n<table><thead><tr><th>")
        .append(Html.esc(t.get("th.figure"))).append("</th><th>")
        .append(Html.esc(firstLabel)).append("</th><th>").append(Html.esc(secondLabel)).append("</th></tr></thead><tbody>\n");
    for (Row r : rows(a, b, t))
      s.append("<tr><td>").append(Html.esc(r.figure())).append("</td><td class=\"n\">").append(Html.esc(r.first()))
          .append("</td><td class=\"n\">").append(Html.esc(r.second())).append("</td></tr>\n");
    s.append("</tbody></table>\n</section>\n");
    List<String> labels = List.of(firstLabel, secondLabel);
    List<RunReport> reports = List.of(a, b);
    for (int i = 0; i < 2; i++) {
      String page = ReportHtml.render(reports.get(i), lang);
      s.append("<section id=\"run").append(i + 1).append("\">\n<h2>").append(Html.esc(t.f("cmp.run-h2", labels.get(i)))).append("</h2>\n");
      int from = page.indexOf("<section id=\"ownership-vs-load\">");
      int figStart = page.indexOf("<figure>", from), figEnd = page.indexOf("</figure>", figStart) + "</figure>".length();
      s.append(page, figStart, figEnd).append('\n');
      int ps = page.indexOf("<section id=\"partition-sizes\">");
      int pf = page.indexOf("<figure>", ps), pe = page.indexOf("</section>", ps);
      if (pf >= 0 && pf < pe) s.append(page, pf, page.indexOf("</figure>", pf) + "</figure>".length()).append('\n');
      s.append("</section>\n");
    }
    return s.append("</body></html>\n").toString();
  }

  private static Summary summary(RunReport r) {
    return r.summary() == null ? Summary.of(r) : r.summary();
  }

  private static void skew(List<Row> rows, String what, Skew a, Skew b, Labels t) {
    rows.add(new Row(t.f("cmp.max-mean", what), f3(a.maxOverMean()), f3(b.maxOverMean())));
    rows.add(new Row(t.f("cmp.cv", what), f3(a.cv()), f3(b.cv())));
  }

  private static String f3(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static double rate(long failed, long ops) {
    return ops == 0 ? 0 : (double) failed / ops;
  }

  private static String largest(Summary s) {
    return s.largestPartitionBytes() == 0 ? "-" : Html.bytes(s.largestPartitionBytes()) + " (" + s.largestPartition() + ")";
  }

  private static long p99(RunReport r) {
    return r.partitionSizes().stream().mapToLong(PartitionSizeReport::p99Bytes).max().orElse(0);
  }

  private static long overGuideline(RunReport r) {
    long n = 0;
    for (PartitionSizeReport p : r.partitionSizes())
      if (p.guidelineBytes() > 0) n += p.largest().stream().filter(x -> x.bytes() > p.guidelineBytes()).count();
    return n;
  }

  private static Summary.LevelTotal level(Summary s, String cl) {
    return s.levels().stream().filter(l -> l.consistency().equals(cl)).findFirst().orElse(null);
  }

  private static String opsAndErrors(Summary.LevelTotal l) {
    return l == null ? "-" : l.ops() + " / " + Html.pct(l.errorRate());
  }

  private static String anomalies(Summary s) {
    if (s.anomaliesByKind().isEmpty()) return "0";
    long total = s.anomaliesByKind().values().stream().mapToLong(Long::longValue).sum();
    StringBuilder b = new StringBuilder().append(total).append(" (");
    s.anomaliesByKind().forEach((k, v) -> b.append(b.charAt(b.length() - 1) == '(' ? "" : ", ").append(k).append(' ').append(v));
    return b.append(')').toString();
  }
}
