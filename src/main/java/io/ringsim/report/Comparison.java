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
    Summary sa = summary(a), sb = summary(b);
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("scenario", a.scenario().name(), b.scenario().name()));
    rows.add(new Row("seed", Long.toString(a.scenario().seed()), Long.toString(b.scenario().seed())));
    rows.add(new Row("nodes", Integer.toString(a.cluster().nodes().size()), Integer.toString(b.cluster().nodes().size())));
    rows.add(new Row("simulated s", Html.fig(a.scenario().simulatedMillis() / 1000.0), Html.fig(b.scenario().simulatedMillis() / 1000.0)));
    skew(rows, "ownership", sa.ownership(), sb.ownership());
    skew(rows, "partitions", sa.partitions(), sb.partitions());
    skew(rows, "bytes", sa.bytes(), sb.bytes());
    skew(rows, "coordinated ops", sa.coordinatedOps(), sb.coordinatedOps());
    rows.add(new Row("largest partition", largest(sa), largest(sb)));
    rows.add(new Row("partition size p99 (max over tables)", Html.bytes(p99(a)), Html.bytes(p99(b))));
    rows.add(new Row("partitions over the guideline (of the largest listed)", Long.toString(overGuideline(a)), Long.toString(overGuideline(b))));
    rows.add(new Row("operations", Long.toString(sa.ops()), Long.toString(sb.ops())));
    rows.add(new Row("failed operations", Long.toString(sa.failed()) + " (" + Html.pct(rate(sa.failed(), sa.ops())) + ")",
        Long.toString(sb.failed()) + " (" + Html.pct(rate(sb.failed(), sb.ops())) + ")"));
    TreeSet<String> levels = new TreeSet<>();
    sa.levels().forEach(l -> levels.add(l.consistency()));
    sb.levels().forEach(l -> levels.add(l.consistency()));
    for (String cl : levels) {
      Summary.LevelTotal la = level(sa, cl), lb = level(sb, cl);
      rows.add(new Row(cl + " ops / error rate", opsAndErrors(la), opsAndErrors(lb)));
      rows.add(new Row(cl + " latency p99", la == null ? "-" : Html.ms(la.latency().p99Ms()), lb == null ? "-" : Html.ms(lb.latency().p99Ms())));
    }
    rows.add(new Row("anomalies", anomalies(sa), anomalies(sb)));
    rows.add(new Row("checks passed", sa.checksPassed() + " of " + a.checks().size(), sb.checksPassed() + " of " + b.checks().size()));
    return rows;
  }

  public static String renderText(RunReport a, RunReport b, String firstLabel, String secondLabel) {
    List<List<String>> cells = new ArrayList<>();
    for (Row r : rows(a, b)) cells.add(List.of(r.figure(), r.first(), r.second()));
    return TextTable.render(List.of("figure", firstLabel, secondLabel), cells);
  }

  /** A self-contained HTML page: the comparison table and each run's ownership-vs-load chart. */
  public static String renderHtml(RunReport a, RunReport b, String firstLabel, String secondLabel) {
    StringBuilder s = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ringsim compare</title>\n<style>")
        .append(ReportHtml.STYLE).append("</style></head><body>\n<h1>ringsim: ").append(Html.esc(firstLabel)).append(" vs ")
        .append(Html.esc(secondLabel)).append("</h1>\n<section id=\"figures\">\n<h2>Key figures</h2>\n<table><thead><tr><th>figure</th><th>")
        .append(Html.esc(firstLabel)).append("</th><th>").append(Html.esc(secondLabel)).append("</th></tr></thead><tbody>\n");
    for (Row r : rows(a, b))
      s.append("<tr><td>").append(Html.esc(r.figure())).append("</td><td class=\"n\">").append(Html.esc(r.first()))
          .append("</td><td class=\"n\">").append(Html.esc(r.second())).append("</td></tr>\n");
    s.append("</tbody></table>\n</section>\n");
    String[] labels = {firstLabel, secondLabel};
    RunReport[] reports = {a, b};
    for (int i = 0; i < 2; i++) {
      String page = ReportHtml.render(reports[i]);
      s.append("<section id=\"run").append(i + 1).append("\">\n<h2>").append(Html.esc(labels[i])).append(": ownership vs load</h2>\n");
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

  private static void skew(List<Row> rows, String what, Skew a, Skew b) {
    rows.add(new Row(what + " max/mean", f3(a.maxOverMean()), f3(b.maxOverMean())));
    rows.add(new Row(what + " CV", f3(a.cv()), f3(b.cv())));
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
