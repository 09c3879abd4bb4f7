package io.ringsim.report;

import static io.ringsim.report.Html.esc;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * report.html: one self-contained page (inline SVG and CSS, no scripts, no fonts, no network) with every chart of a
 * run. Each chart is a {@code <section id=...>} so tests and readers can find it; all text from the model is escaped.
 */
public final class ReportHtml {
  /** The section ids, in page order. */
  public static final List<String> SECTIONS = List.of("checks", "ring", "step-through", "ownership-vs-load", "partition-sizes",
      "hot-partitions", "node-ops", "latency", "availability", "series", "anomalies", "storage", "queries", "figures", "events");

  static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};
  /** Consistency levels' lines leave out red: on the timelines red means a failure event. */
  static final String[] LEVEL_COLORS = {PALETTE[0], PALETTE[2], PALETTE[4], PALETTE[3], PALETTE[7], PALETTE[5]};
  /** Error classes' lines leave out green, the colour of recoveries. */
  static final String[] ERROR_COLORS = {PALETTE[1], PALETTE[3], PALETTE[4], PALETTE[5], PALETTE[6], PALETTE[0]};

  private ReportHtml() {}

  static final String STYLE = "nav.contents{margin:12px 0;line-height:1.8}nav.contents a{margin-right:10px;white-space:nowrap}"
      + "@media print{nav.contents{display:none}}"
      + "body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.4;margin:24px auto;max-width:1100px;color:#222;background:#fff;padding:0 16px}"
      + "h1{font-size:22px}h2{font-size:17px;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:32px}"
      + "h3{font-size:14px}table{border-collapse:collapse;font-size:12px;margin:8px 0}"
      + "th,td{border:1px solid #ccc;padding:3px 8px}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
      + "th{background:#f3f3f3}.pass{color:#1b7a2e;font-weight:600}.fail{color:#b3261e;font-weight:600}"
      + "figure{margin:8px 0 16px}figcaption{font-size:12px;color:#555}.meta{color:#555;font-size:13px}"
      + "svg.chart{max-width:100%;height:auto}"
      + ".ringbox{display:flex;flex-wrap:wrap;align-items:center;gap:8px 32px}.ringbox figure{margin:0;flex:0 1 440px}"
      + ".nodes{flex:0 0 auto;margin:0}.nodes td{white-space:nowrap}"
      + ".sw{display:inline-block;width:11px;height:11px;margin-right:6px;vertical-align:-1px;border-radius:2px}"
      // browsers leave backgrounds out of print unless told; the swatches and header shading carry meaning
      + ".sw,th{-webkit-print-color-adjust:exact;print-color-adjust:exact}"
      + "@media print{body{margin:0;max-width:none}h2,h3{page-break-after:avoid}figure,table,tr{page-break-inside:avoid}}";

  public static String render(RunReport r) {
    return render(r, RunViews.NONE, null, List.of(), Lang.EN);
  }

  /** The page in {@code lang} without interactive views' data. */
  public static String render(RunReport r, Lang lang) {
    return render(r, RunViews.NONE, null, List.of(), lang);
  }

  /** The page with its interactive views (the time slider, the explorable ring) fed by {@code views} where they need it. */
  public static String render(RunReport r, RunViews views) {
    return render(r, views, null, List.of(), Lang.EN);
  }

  /**
   * The page: its interactive views fed by {@code views}; {@code rerun}, when not null, the command that reproduces a
   * failed check, shown with the checks; a section per anomaly story after the anomalies' table.
   */
  public static String render(RunReport r, RunViews views, String rerun, List<AnomalyStory> stories) {
    return render(r, views, rerun, stories, Lang.EN);
  }

  /** As {@link #render(RunReport, RunViews, String, List)}, its labels in {@code lang}. */
  public static String render(RunReport r, RunViews views, String rerun, List<AnomalyStory> stories, Lang lang) {
    Labels t = lang.labels();
    StringBuilder b = new StringBuilder(64 * 1024);
    ScenarioInfo sc = r.scenario();
    b.append("<!DOCTYPE html>\n<html lang=\"").append(lang.tag()).append("\"><head><meta charset=\"utf-8\"><title>").append(esc(t.f("report.title", sc.name())))
        .append("</title>\n<style>").append(STYLE).append(StepThrough.STYLE).append(RingExplorer.STYLE).append("</style></head><body>\n");
    b.append("<h1>").append(esc(t.f("report.h1", sc.name()))).append("</h1>\n");
    if (!sc.description().isEmpty()) b.append("<p>").append(esc(sc.description())).append("</p>\n");
    b.append("<p class=\"meta\">").append(esc(t.f("report.meta", sc.seed(), Html.fig(sc.simulatedMillis() / 1000.0),
            sc.bucketMillis(), r.cluster().nodes().size()))).append(esc(r.cluster().partitioner())).append(" \u00b7 ")
        .append(sc.ringsimVersion().startsWith("ringsim") ? "" : "ringsim ").append(esc(sc.ringsimVersion()));
    for (ClusterInfo.KeyspaceReplication k : r.cluster().keyspaces()) {
      String strategy = k.strategy().startsWith(k.keyspace() + " ") ? k.strategy().substring(k.keyspace().length() + 1) : k.strategy();
      b.append(" \u00b7 ").append(esc(k.keyspace())).append(": ").append(esc(strategy));
      if (!k.factors().isEmpty()) b.append(' ').append(esc(k.factors().toString()));
    }
    b.append("</p>\n");
    if (r.wallClock() != null)
      b.append("<p class=\"meta wall\">").append(esc(t.f("report.wall", r.wallClock().startedAt(), r.wallClock().wallMillis())))
          .append(r.wallClock().peakHeapBytes() > 0 ? esc(t.f("report.wall.heap", Html.bytes(r.wallClock().peakHeapBytes()))) : "").append("</p>\n");
    Summary s = r.summary() == null ? Summary.of(r) : r.summary();
    int contentsAt = b.length();
    checks(b, r, s, rerun, t);
    ring(b, r, views.ring(), t);
    StepThrough.section(b, r, views, t);
    ownershipVsLoad(b, r, s, t);
    partitionSizes(b, r, t);
    hot(b, r, t);
    TimeCharts.nodeOps(b, r, t);
    TimeCharts.latency(b, r, s, t);
    TimeCharts.availability(b, r, t);
    TimeCharts.series(b, r, t);
    anomalies(b, r, t);
    AnomalySections.append(b, stories, (int) AnomalySections.total(r), t);
    storage(b, r, t);
    queries(b, r, t);
    figures(b, r, t);
    events(b, r, t);
    b.insert(contentsAt, contents(b.substring(contentsAt), t));
    b.append("</body></html>\n");
    return b.toString();
  }

  private static final java.util.regex.Pattern SECTION =
      java.util.regex.Pattern.compile("<section id=\"([^\"]+)\">\n<h2>([^<]*)</h2>");

  /** A table of contents: a link to every section of the page that follows, in order, titled as it is. */
  static String contents(String page, Labels t) {
    StringBuilder nav = new StringBuilder("<nav class=\"contents\" aria-label=\"contents\"><b>").append(esc(t.get("report.contents"))).append("</b>");
    java.util.regex.Matcher m = SECTION.matcher(page);
    while (m.find()) {
      nav.append(" <a href=\"#").append(m.group(1)).append("\">").append(m.group(2)).append("</a>");
    }
    return nav.append("</nav>\n").toString();
  }

  /** The labels of a table's header, in order. */
  static List<String> heads(Labels t, String... keys) {
    List<String> out = new ArrayList<>(keys.length);
    for (String k : keys) out.add(t.get(k));
    return out;
  }

  static void section(StringBuilder b, String id, String title) {
    b.append("<section id=\"").append(id).append("\">\n<h2>").append(esc(title)).append("</h2>\n");
  }

  static void figure(StringBuilder b, String svg, String caption) {
    b.append("<figure>").append(svg).append("<figcaption>").append(esc(caption)).append("</figcaption></figure>\n");
  }

  static void table(StringBuilder b, List<String> head, List<List<String>> rows, boolean[] numeric) {
    b.append("<table><thead><tr>");
    for (String h : head) b.append("<th>").append(esc(h)).append("</th>");
    b.append("</tr></thead><tbody>\n");
    for (List<String> row : rows) {
      b.append("<tr>");
      for (int i = 0; i < row.size(); i++)
        b.append(numeric != null && numeric[i] ? "<td class=\"n\">" : "<td>").append(esc(row.get(i))).append("</td>");
      b.append("</tr>\n");
    }
    b.append("</tbody></table>\n");
  }

  private static void checks(StringBuilder b, RunReport r, Summary s, String rerun, Labels t) {
    section(b, "checks", t.get("section.checks"));
    if (r.checks().isEmpty()) b.append("<p>").append(esc(t.get("checks.none"))).append("</p>\n");
    else {
      b.append("<p>").append(esc(t.f("checks.counts", s.checksPassed(), s.checksFailed())))
          .append(s.checksNotApplicable() > 0 ? esc(t.f("checks.counts.na", s.checksNotApplicable())) : "")
          .append(esc(t.get("checks.counts.end"))).append("</p>\n<table><thead><tr><th>").append(esc(t.get("checks.th.result")))
          .append("</th><th>").append(esc(t.get("checks.th.check"))).append("</th><th>").append(esc(t.get("checks.th.detail")))
          .append("</th></tr></thead><tbody>\n");
      for (Check c : r.checks())
        b.append("<tr><td class=\"").append(c.passed() ? "pass" : "fail").append("\">").append(esc(verdict(c.verdict(), t))).append("</td><td>").append(esc(c.name()))
            .append("</td><td>").append(esc(t.say(c.detail()))).append("</td></tr>\n");
      b.append("</tbody></table>\n");
      if (rerun != null) b.append("<p id=\"rerun\">").append(esc(t.get("checks.rerun"))).append("<code>").append(esc(rerun))
          .append("</code></p>\n");
    }
    b.append("</section>\n");
  }

  /** The word for a check's verdict: PASS, FAIL or N/A in English. */
  public static String verdict(Check.Verdict v, Labels t) {
    return t.get(switch (v) {
      case PASS -> "verdict.pass";
      case FAIL -> "verdict.fail";
      case NOT_APPLICABLE -> "verdict.na";
    });
  }

  /** The ring's arcs, from the model or else from Murmur3 tokens (signed 64-bit) or RandomPartitioner tokens. */
  static List<RingFigures.Arc> arcs(ClusterInfo c) {
    if (!c.arcs().isEmpty()) return c.arcs();
    TreeMap<Double, Integer> owner = new TreeMap<>();
    BigInteger range = c.partitioner().contains("Random") ? BigInteger.TWO.pow(127) : BigInteger.TWO.pow(64);
    BigInteger offset = c.partitioner().contains("Random") ? BigInteger.ZERO : BigInteger.TWO.pow(63);
    for (int i = 0; i < c.nodes().size(); i++)
      for (String t : c.nodes().get(i).tokens()) {
        try {
          double f = new java.math.BigDecimal(new BigInteger(t.trim()).add(offset))
              .divide(new java.math.BigDecimal(range), java.math.MathContext.DECIMAL64).doubleValue();
          owner.put(f, i);
        } catch (NumberFormatException | ArithmeticException e) {
          return List.of(); // tokens we cannot place (ByteOrdered): no ring drawn
        }
      }
    List<RingFigures.Arc> arcs = new ArrayList<>();
    Double prev = owner.isEmpty() ? null : owner.lastKey();
    for (var e : owner.entrySet()) {
      arcs.add(new RingFigures.Arc(prev, e.getKey(), e.getValue())); // (previous token, this token] is owned here
      prev = e.getKey();
    }
    return arcs;
  }

  private static void ring(StringBuilder b, RunReport r, RingExplorer explorer, Labels t) {
    section(b, "ring", t.get("section.ring"));
    List<RingFigures.NodeFigure> nf = new ArrayList<>();
    for (ClusterInfo.NodeInfo n : r.cluster().nodes()) nf.add(new RingFigures.NodeFigure(n.name(), n.dc(), n.rack(), n.ownership()));
    // an arc naming a node the report does not list cannot be coloured or labelled: leave it out
    List<RingFigures.Arc> arcs = arcs(r.cluster()).stream().filter(a -> a.node() >= 0 && a.node() < nf.size()).toList();
    // explorable only when each arc is one of the explorer's ranges, in the same order
    boolean explore = explorer != null && explorer.tokens().size() == arcs.size()
        && explorer.covers(nf.stream().map(RingFigures.NodeFigure::name).toList());
    if (explore) b.append("<div id=\"ring-explorer\">");
    b.append("<div class=\"ringbox\">");
    if (arcs.isEmpty()) {
      b.append("<p>").append(t.get("ring.none")).append("</p>\n");
    } else {
      RingFigures f = new RingFigures("ring", nf, arcs, "");
      figure(b, RingPage.ringSvg(f, t), t.f("ring.caption", arcs.size()));
    }
    b.append("<table class=\"nodes\"><thead><tr>");
    for (String h : List.of("th.node", "th.dc", "th.rack", "th.tokens", "th.ownership", "th.at-end"))
      b.append("<th>").append(esc(t.get(h))).append("</th>");
    b.append("</tr></thead><tbody>\n");
    for (int i = 0; i < nf.size(); i++) {
      ClusterInfo.NodeInfo n = r.cluster().nodes().get(i);
      b.append(explore ? "<tr data-n=\"" + i + "\">" : "<tr>").append("<td><i class=\"sw\" style=\"background:").append(RingPage.color(i)).append("\"></i>").append(esc(n.name()))
          .append("</td><td>").append(esc(n.dc())).append("</td><td>").append(esc(n.rack())).append("</td><td class=\"n\">").append(n.tokens().size())
          .append("</td><td class=\"n\">").append(Html.pct(n.ownership())).append("</td><td>").append(n.up() ? esc(t.get("ring.up")) : "<b class=\"fail\">" + esc(t.get("ring.down")) + "</b>").append("</td></tr>\n");
    }
    b.append("</tbody></table></div>\n");
    if (explore) {
      List<String> load = new ArrayList<>();
      Map<String, NodeLoad> byNode = new LinkedHashMap<>();
      for (NodeLoad l : r.load()) byNode.put(l.node(), l);
      for (ClusterInfo.NodeInfo n : r.cluster().nodes()) {
        NodeLoad l = byNode.get(n.name());
        load.add(l == null ? "" : t.f("ring.node-load", l.partitions(), Html.bytes(l.bytes())));
      }
      b.append(explorer.controls(nf.stream().map(RingFigures.NodeFigure::name).toList(), load, t)).append("</div>\n");
    }
    b.append("</section>\n");
  }

  private static void ownershipVsLoad(StringBuilder b, RunReport r, Summary s, Labels t) {
    section(b, "ownership-vs-load", t.get("section.ownership-vs-load"));
    List<ClusterInfo.NodeInfo> nodes = r.cluster().nodes();
    Map<String, NodeLoad> load = new LinkedHashMap<>();
    for (NodeLoad l : r.load()) load.put(l.node(), l);
    List<String> names = nodes.stream().map(ClusterInfo.NodeInfo::name).toList();
    List<String> kinds = List.of(t.get("load.kind.ownership"), t.get("load.kind.partitions"), t.get("load.kind.rows"),
        t.get("load.kind.bytes"), t.get("load.kind.coordinated"), t.get("load.kind.replica"));
    Skew[] skews = {s.ownership(), s.partitions(), s.rows(), s.bytes(), s.coordinatedOps(), s.replicaOps()};
    double[][] v = new double[kinds.size()][names.size()];
    for (int i = 0; i < names.size(); i++) {
      NodeLoad l = load.getOrDefault(names.get(i), new NodeLoad(names.get(i), 0, 0, 0, 0, 0));
      double[] raw = {nodes.get(i).ownership(), l.partitions(), l.rows(), l.bytes(), l.coordinatedOps(), l.replicaOps()};
      for (int k = 0; k < kinds.size(); k++) v[k][i] = skews[k].mean() == 0 ? 0 : raw[k] / skews[k].mean();
    }
    List<String> colors = List.of("#555555", PALETTE[0], PALETTE[2], PALETTE[3], PALETTE[4], PALETTE[7]);
    figure(b, SvgCharts.groupedBars(t.get("load.chart"), names, kinds, colors, v, t.get("load.x"),
            t.get("load.y"), 1.0, t.get("load.mean"), x -> String.format(Locale.ROOT, "%.2f", x)),
        t.get("load.caption"));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      NodeLoad l = load.getOrDefault(names.get(i), new NodeLoad(names.get(i), 0, 0, 0, 0, 0));
      rows.add(List.of(names.get(i), Html.pct(nodes.get(i).ownership()), Long.toString(l.partitions()), Long.toString(l.rows()),
          Html.bytes(l.bytes()), Long.toString(l.coordinatedOps()), Long.toString(l.replicaOps())));
    }
    List<String> mm = new ArrayList<>(List.of(t.get("skew.max-mean")));
    List<String> cv = new ArrayList<>(List.of(t.get("skew.cv")));
    for (Skew k : skews) {
      mm.add(String.format(Locale.ROOT, "%.3f", k.maxOverMean()));
      cv.add(String.format(Locale.ROOT, "%.3f", k.cv()));
    }
    rows.add(mm);
    rows.add(cv);
    table(b, heads(t, "th.node", "th.ownership", "th.partitions", "th.rows", "th.bytes", "th.coordinated-ops", "th.replica-ops"), rows,
        new boolean[] {false, true, true, true, true, true, true});
    b.append("</section>\n");
  }

  private static void partitionSizes(StringBuilder b, RunReport r, Labels t) {
    section(b, "partition-sizes", t.get("section.partition-sizes"));
    if (r.partitionSizes().isEmpty()) b.append("<p>").append(esc(t.get("sizes.none"))).append("</p>\n");
    for (PartitionSizeReport p : r.partitionSizes()) {
      b.append("<h3>").append(esc(p.qualifiedTable())).append("</h3>\n<p>").append(esc(t.f("sizes.line", p.partitions(),
              Html.bytes(p.p50Bytes()), Html.bytes(p.p99Bytes()), Html.bytes(p.maxBytes()), Html.bytes(p.guidelineBytes()))))
          .append(p.guidelineNote().isEmpty() ? "" : esc(t.f("sizes.note", t.say(p.guidelineNote()))))
          .append(esc(t.get("sentence.end"))).append("</p>\n");
      String gl = t.f("sizes.guideline", SvgCharts.shortBytes(p.guidelineBytes()));
      figure(b, SvgCharts.sizeHistogram(t.f("sizes.histogram", p.qualifiedTable()), p.histogram(), p.guidelineBytes(), gl, t),
          t.get("sizes.histogram.caption"));
      if (!p.largest().isEmpty()) {
        List<String> labels = p.largest().stream().map(PartitionSizeReport.PartitionStat::key).toList();
        double[][] v = {p.largest().stream().mapToDouble(PartitionSizeReport.PartitionStat::bytes).toArray()};
        figure(b, SvgCharts.horizontalBars(t.f("sizes.largest", p.qualifiedTable()), labels, List.of(t.get("load.kind.bytes")), List.of(PALETTE[0]), v,
                t.get("sizes.largest.x"), (double) p.guidelineBytes(), gl, SvgCharts::shortBytes, true),
            t.get("sizes.largest.caption"));
        List<List<String>> rows = new ArrayList<>();
        for (PartitionSizeReport.PartitionStat st : p.largest())
          rows.add(List.of(st.key(), Html.bytes(st.bytes()), Long.toString(st.rows()),
              p.guidelineBytes() > 0 ? String.format(Locale.ROOT, "%.2f", (double) st.bytes() / p.guidelineBytes()) : "-"));
        table(b, heads(t, "th.partition-key", "th.size", "th.rows", "th.x-guideline"), rows, new boolean[] {false, true, true, true});
      }
    }
    b.append("</section>\n");
  }

  private static void hot(StringBuilder b, RunReport r, Labels t) {
    section(b, "hot-partitions", t.get("section.hot-partitions"));
    List<HotPartition> h = r.hottestPartitions();
    if (h.isEmpty()) b.append("<p>").append(esc(t.get("hot.none"))).append("</p>\n");
    else {
      List<String> labels = h.stream().map(x -> x.keyspace() + "." + x.table() + " " + x.key()).toList();
      double[][] v = {h.stream().mapToDouble(HotPartition::reads).toArray(), h.stream().mapToDouble(HotPartition::writes).toArray()};
      figure(b, SvgCharts.horizontalBars(t.get("hot.chart"), labels, List.of(t.get("th.reads"), t.get("th.writes")), List.of(PALETTE[0], PALETTE[3]), v,
          t.get("hot.x"), null, "", Html::fig, false), t.get("hot.caption"));
      boolean replicas = h.stream().anyMatch(x -> !x.replicas().isEmpty());
      List<List<String>> rows = new ArrayList<>();
      for (HotPartition x : h) {
        List<String> row = new ArrayList<>(List.of(x.keyspace() + "." + x.table(), x.key(), Long.toString(x.reads()), Long.toString(x.writes())));
        if (replicas) row.add(String.join(", ", x.replicas()));
        rows.add(row);
      }
      table(b, replicas ? heads(t, "th.table", "th.partition-key", "th.reads", "th.writes", "th.replicas")
              : heads(t, "th.table", "th.partition-key", "th.reads", "th.writes"),
          rows, new boolean[] {false, false, true, true, false});
    }
    b.append("</section>\n");
  }

  private static void queries(StringBuilder b, RunReport r, Labels t) {
    section(b, "queries", t.get("section.queries"));
    if (r.queries().isEmpty()) b.append("<p>").append(esc(t.get("queries.none"))).append("</p>\n");
    else {
      List<List<String>> rows = new ArrayList<>();
      for (QueryStat q : r.queries())
        rows.add(List.of(q.query(), q.consistency(), Long.toString(q.executions()), Long.toString(q.partitionsTouched()),
            Long.toString(q.rowsScanned()), Long.toString(q.rowsReturned()), String.format(Locale.ROOT, "%.1f", q.scanRatio()),
            Long.toString(q.tombstonesScanned()), Html.ms(q.latency().p50Ms()), Html.ms(q.latency().p99Ms())));
      boolean[] num = new boolean[10];
      java.util.Arrays.fill(num, 2, 10, true);
      table(b, heads(t, "th.query", "th.consistency", "th.executions", "th.partitions", "th.rows-scanned", "th.rows-returned",
          "th.scanned-returned", "th.tombstones-scanned", "th.p50", "th.p99"), rows, num);
    }
    b.append("</section>\n");
  }

  private static void figures(StringBuilder b, RunReport r, Labels t) {
    section(b, "figures", t.get("section.figures"));
    if (r.metrics().isEmpty()) b.append("<p>").append(esc(t.get("figures.none"))).append("</p>\n");
    Map<String, List<Metric>> by = new LinkedHashMap<>();
    for (Metric m : r.metrics()) by.computeIfAbsent(m.group(), k -> new ArrayList<>()).add(m);
    for (var e : by.entrySet()) {
      if (!e.getKey().isEmpty()) b.append("<h3>").append(esc(t.name("figures.group.", e.getKey()))).append("</h3>\n");
      List<List<String>> rows = new ArrayList<>();
      for (Metric m : e.getValue())
        rows.add(List.of(t.say(m.name()), Html.fig(m.value()) + (m.unit().isEmpty() ? "" : " " + m.unit()),
            t.say(m.detail())));
      table(b, heads(t, "th.figure", "th.value", "th.detail"), rows, new boolean[] {false, true, false});
    }
    b.append("</section>\n");
  }

  private static void anomalies(StringBuilder b, RunReport r, Labels t) {
    section(b, "anomalies", t.get("section.anomalies"));
    if (r.anomalies().isEmpty()) b.append("<p>").append(esc(t.get("anomalies.none"))).append("</p>\n");
    else {
      AnomalySections.listed(b, r, t);
      List<List<String>> rows = new ArrayList<>();
      // A cell column when the checker judged cells (the row's clustering values and the column).
      boolean cells = r.anomalies().stream().anyMatch(a -> a.cell() != null);
      for (Anomaly a : r.anomalies()) {
        List<String> row = new ArrayList<>(List.of(t.f("unit.s", Html.fig(a.atMillis() / 1000.0)), t.name("anomaly.kind.", a.kind()), a.table(),
            a.key()));
        if (cells) row.add(a.cell() == null ? "" : a.cell());
        row.addAll(List.of(a.consistency(), t.say(a.details())));
        rows.add(row);
      }
      List<String> head = new ArrayList<>(heads(t, "th.time", "th.kind", "th.table", "th.key"));
      if (cells) head.add(t.get("th.cell"));
      head.addAll(heads(t, "th.consistency", "th.details"));
      boolean[] numeric = new boolean[head.size()];
      numeric[0] = true;
      table(b, head, rows, numeric);
    }
    b.append("</section>\n");
  }

  private static void storage(StringBuilder b, RunReport r, Labels t) {
    section(b, "storage", t.get("section.storage"));
    if (r.storage().isEmpty()) b.append("<p>").append(esc(t.get("storage.none"))).append("</p>\n");
    Map<String, List<TableStorage>> byTable = new LinkedHashMap<>();
    for (TableStorage ts : r.storage()) byTable.computeIfAbsent(ts.qualifiedTable(), k -> new ArrayList<>()).add(ts);
    for (var e : byTable.entrySet()) {
      b.append("<h3>").append(esc(e.getKey())).append("</h3>\n");
      List<List<String>> rows = new ArrayList<>();
      for (TableStorage ts : e.getValue())
        rows.add(List.of(ts.node(), Integer.toString(ts.sstables()), Html.bytes(ts.diskBytes()), Html.bytes(ts.liveBytes()),
            Html.bytes(ts.memtableBytes()), String.format(Locale.ROOT, "%.2f", ts.readAmplification()), Integer.toString(ts.maxSSTablesPerRead()),
            String.format(Locale.ROOT, "%.4f", ts.bloomFalsePositiveRatio()), Long.toString(ts.tombstonesScanned()),
            Long.toString(ts.tombstoneWarnings()), String.format(Locale.ROOT, "%.2f", ts.writeAmplification())));
      boolean[] num = new boolean[11];
      java.util.Arrays.fill(num, 1, 11, true);
      table(b, heads(t, "th.node", "th.sstables", "th.disk", "th.live", "th.memtable", "th.sstables-read", "th.max-sstables-read",
          "th.bloom-fp", "th.tombstones-scanned", "th.tombstone-warnings", "th.write-amplification"), rows, num);
    }
    b.append("</section>\n");
  }

  private static void events(StringBuilder b, RunReport r, Labels t) {
    section(b, "events", t.get("section.events"));
    if (r.events().isEmpty()) b.append("<p>").append(esc(t.get("events.none"))).append("</p>\n");
    else {
      List<List<String>> rows = new ArrayList<>();
      for (RunEvent e : r.events()) rows.add(List.of(t.f("unit.s", Html.fig(e.atMillis() / 1000.0)), e.kind(), e.node(), t.say(e.text())));
      table(b, heads(t, "th.time", "th.kind", "th.node", "th.what-happened"), rows, new boolean[] {true, false, false, false});
    }
    b.append("</section>\n");
  }
}
