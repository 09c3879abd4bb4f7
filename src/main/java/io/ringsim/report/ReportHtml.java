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
    return render(r, RunViews.NONE, null, List.of());
  }

  /** The page with its interactive views (the time slider, the explorable ring) fed by {@code views} where they need it. */
  public static String render(RunReport r, RunViews views) {
    return render(r, views, null, List.of());
  }

  /**
   * The page: its interactive views fed by {@code views}; {@code rerun}, when not null, the command that reproduces a
   * failed check, shown with the checks; a section per anomaly story after the anomalies' table.
   */
  public static String render(RunReport r, RunViews views, String rerun, List<AnomalyStory> stories) {
    StringBuilder b = new StringBuilder(64 * 1024);
    ScenarioInfo sc = r.scenario();
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ringsim: ").append(esc(sc.name()))
        .append("</title>\n<style>").append(STYLE).append(StepThrough.STYLE).append(RingExplorer.STYLE).append("</style></head><body>\n");
    b.append("<h1>ringsim run: ").append(esc(sc.name())).append("</h1>\n");
    if (!sc.description().isEmpty()) b.append("<p>").append(esc(sc.description())).append("</p>\n");
    b.append("<p class=\"meta\">seed ").append(sc.seed()).append(" \u00b7 ").append(Html.fig(sc.simulatedMillis() / 1000.0))
        .append(" s simulated \u00b7 buckets of ").append(sc.bucketMillis()).append(" ms \u00b7 ").append(r.cluster().nodes().size())
        .append(" nodes \u00b7 ").append(esc(r.cluster().partitioner())).append(" \u00b7 ")
        .append(sc.ringsimVersion().startsWith("ringsim") ? "" : "ringsim ").append(esc(sc.ringsimVersion()));
    for (ClusterInfo.KeyspaceReplication k : r.cluster().keyspaces()) {
      String strategy = k.strategy().startsWith(k.keyspace() + " ") ? k.strategy().substring(k.keyspace().length() + 1) : k.strategy();
      b.append(" \u00b7 ").append(esc(k.keyspace())).append(": ").append(esc(strategy));
      if (!k.factors().isEmpty()) b.append(' ').append(esc(k.factors().toString()));
    }
    b.append("</p>\n");
    if (r.wallClock() != null)
      b.append("<p class=\"meta wall\">wall clock: started ").append(esc(r.wallClock().startedAt())).append(", ")
          .append(r.wallClock().wallMillis()).append(" ms").append(r.wallClock().peakHeapBytes() > 0 ? ", peak heap " + Html.bytes(r.wallClock().peakHeapBytes()) : "").append("</p>\n");
    Summary s = r.summary() == null ? Summary.of(r) : r.summary();
    int contentsAt = b.length();
    checks(b, r, s, rerun);
    ring(b, r, views.ring());
    StepThrough.section(b, r, views);
    ownershipVsLoad(b, r, s);
    partitionSizes(b, r);
    hot(b, r);
    TimeCharts.nodeOps(b, r);
    TimeCharts.latency(b, r, s);
    TimeCharts.availability(b, r);
    TimeCharts.series(b, r);
    anomalies(b, r);
    AnomalySections.append(b, stories, (int) AnomalySections.total(r));
    storage(b, r);
    queries(b, r);
    figures(b, r);
    events(b, r);
    b.insert(contentsAt, contents(b.substring(contentsAt)));
    b.append("</body></html>\n");
    return b.toString();
  }

  private static final java.util.regex.Pattern SECTION =
      java.util.regex.Pattern.compile("<section id=\"([^\"]+)\">\n<h2>([^<]*)</h2>");

  /** A table of contents: a link to every section of the page that follows, in order, titled as it is. */
  static String contents(String page) {
    StringBuilder nav = new StringBuilder("<nav class=\"contents\" aria-label=\"contents\"><b>Contents</b>");
    java.util.regex.Matcher m = SECTION.matcher(page);
    while (m.find()) {
      nav.append(" <a href=\"#").append(m.group(1)).append("\">").append(m.group(2)).append("</a>");
    }
    return nav.append("</nav>\n").toString();
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

  private static void checks(StringBuilder b, RunReport r, Summary s, String rerun) {
    section(b, "checks", "Checks");
    if (r.checks().isEmpty()) b.append("<p>This scenario makes no checks.</p>\n");
    else {
      b.append("<p>").append(s.checksPassed()).append(" passed, ").append(s.checksFailed())
          .append(" failed").append(s.checksNotApplicable() > 0 ? ", " + s.checksNotApplicable()
              + " not applicable (nothing to judge)" : "")
          .append(".</p>\n<table><thead><tr><th>result</th><th>check</th><th>detail</th></tr></thead><tbody>\n");
      for (Check c : r.checks())
        b.append("<tr><td class=\"").append(c.passed() ? "pass" : "fail").append("\">").append(c.label()).append("</td><td>").append(esc(c.name()))
            .append("</td><td>").append(esc(c.detail())).append("</td></tr>\n");
      b.append("</tbody></table>\n");
      if (rerun != null) b.append("<p id=\"rerun\">Reproduce this run: <code>").append(esc(rerun))
          .append("</code></p>\n");
    }
    b.append("</section>\n");
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

  private static void ring(StringBuilder b, RunReport r, RingExplorer explorer) {
    section(b, "ring", "Token ring");
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
      b.append("<p>No token positions to draw (the ring's tokens cannot be placed as fractions of the ring).</p>\n");
    } else {
      RingFigures f = new RingFigures("ring", nf, arcs, "");
      figure(b, RingPage.ringSvg(f), "Each arc is a vnode range, coloured by its primary owner; " + arcs.size() + " ranges.");
    }
    b.append("<table class=\"nodes\"><thead><tr><th>node</th><th>DC</th><th>rack</th><th>tokens</th><th>ownership</th><th>at the end</th></tr></thead><tbody>\n");
    for (int i = 0; i < nf.size(); i++) {
      ClusterInfo.NodeInfo n = r.cluster().nodes().get(i);
      b.append(explore ? "<tr data-n=\"" + i + "\">" : "<tr>").append("<td><i class=\"sw\" style=\"background:").append(RingPage.color(i)).append("\"></i>").append(esc(n.name()))
          .append("</td><td>").append(esc(n.dc())).append("</td><td>").append(esc(n.rack())).append("</td><td class=\"n\">").append(n.tokens().size())
          .append("</td><td class=\"n\">").append(Html.pct(n.ownership())).append("</td><td>").append(n.up() ? "up" : "<b class=\"fail\">down</b>").append("</td></tr>\n");
    }
    b.append("</tbody></table></div>\n");
    if (explore) {
      List<String> load = new ArrayList<>();
      Map<String, NodeLoad> byNode = new LinkedHashMap<>();
      for (NodeLoad l : r.load()) byNode.put(l.node(), l);
      for (ClusterInfo.NodeInfo n : r.cluster().nodes()) {
        NodeLoad l = byNode.get(n.name());
        load.add(l == null ? "" : l.partitions() + " partitions, " + Html.bytes(l.bytes()) + " (the whole node)");
      }
      b.append(explorer.controls(nf.stream().map(RingFigures.NodeFigure::name).toList(), load)).append("</div>\n");
    }
    b.append("</section>\n");
  }

  private static void ownershipVsLoad(StringBuilder b, RunReport r, Summary s) {
    section(b, "ownership-vs-load", "Effective ownership vs actual load");
    List<ClusterInfo.NodeInfo> nodes = r.cluster().nodes();
    Map<String, NodeLoad> load = new LinkedHashMap<>();
    for (NodeLoad l : r.load()) load.put(l.node(), l);
    List<String> names = nodes.stream().map(ClusterInfo.NodeInfo::name).toList();
    String[] kinds = {"effective ownership", "partitions", "rows", "bytes", "coordinated ops", "replica ops"};
    Skew[] skews = {s.ownership(), s.partitions(), s.rows(), s.bytes(), s.coordinatedOps(), s.replicaOps()};
    double[][] v = new double[kinds.length][names.size()];
    for (int i = 0; i < names.size(); i++) {
      NodeLoad l = load.getOrDefault(names.get(i), new NodeLoad(names.get(i), 0, 0, 0, 0, 0));
      double[] raw = {nodes.get(i).ownership(), l.partitions(), l.rows(), l.bytes(), l.coordinatedOps(), l.replicaOps()};
      for (int k = 0; k < kinds.length; k++) v[k][i] = skews[k].mean() == 0 ? 0 : raw[k] / skews[k].mean();
    }
    List<String> colors = List.of("#555555", PALETTE[0], PALETTE[2], PALETTE[3], PALETTE[4], PALETTE[7]);
    figure(b, SvgCharts.groupedBars("ownership vs load per node", names, List.of(kinds), colors, v, "node",
            "share relative to the mean (1 = even)", 1.0, "mean", x -> String.format(Locale.ROOT, "%.2f", x)),
        "Each figure divided by its mean over nodes: a node at 1.3 holds or does 30% more than an even share.");
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      NodeLoad l = load.getOrDefault(names.get(i), new NodeLoad(names.get(i), 0, 0, 0, 0, 0));
      rows.add(List.of(names.get(i), Html.pct(nodes.get(i).ownership()), Long.toString(l.partitions()), Long.toString(l.rows()),
          Html.bytes(l.bytes()), Long.toString(l.coordinatedOps()), Long.toString(l.replicaOps())));
    }
    List<String> mm = new ArrayList<>(List.of("max/mean"));
    List<String> cv = new ArrayList<>(List.of("CV"));
    for (Skew k : skews) {
      mm.add(String.format(Locale.ROOT, "%.3f", k.maxOverMean()));
      cv.add(String.format(Locale.ROOT, "%.3f", k.cv()));
    }
    rows.add(mm);
    rows.add(cv);
    table(b, List.of("node", "ownership", "partitions", "rows", "bytes", "coordinated ops", "replica ops"), rows,
        new boolean[] {false, true, true, true, true, true, true});
    b.append("</section>\n");
  }

  private static void partitionSizes(StringBuilder b, RunReport r) {
    section(b, "partition-sizes", "Partition sizes");
    if (r.partitionSizes().isEmpty()) b.append("<p>No partition sizes were recorded.</p>\n");
    for (PartitionSizeReport p : r.partitionSizes()) {
      b.append("<h3>").append(esc(p.qualifiedTable())).append("</h3>\n<p>").append(p.partitions()).append(" partitions; p50 ")
          .append(Html.bytes(p.p50Bytes())).append(", p99 ").append(Html.bytes(p.p99Bytes())).append(", max ").append(Html.bytes(p.maxBytes()))
          .append("; guideline ").append(Html.bytes(p.guidelineBytes())).append(p.guidelineNote().isEmpty() ? "" : " (" + esc(p.guidelineNote()) + ")").append(".</p>\n");
      String gl = "guideline " + SvgCharts.shortBytes(p.guidelineBytes());
      figure(b, SvgCharts.sizeHistogram("partition size distribution " + p.qualifiedTable(), p.histogram(), p.guidelineBytes(), gl),
          "How many partitions fall in each size range; the dashed red line is the size guideline.");
      if (!p.largest().isEmpty()) {
        List<String> labels = p.largest().stream().map(PartitionSizeReport.PartitionStat::key).toList();
        double[][] v = {p.largest().stream().mapToDouble(PartitionSizeReport.PartitionStat::bytes).toArray()};
        figure(b, SvgCharts.horizontalBars("largest partitions " + p.qualifiedTable(), labels, List.of("bytes"), List.of(PALETTE[0]), v,
                "partition size", (double) p.guidelineBytes(), gl, SvgCharts::shortBytes, true),
            "The largest partitions by key, against the guideline.");
        List<List<String>> rows = new ArrayList<>();
        for (PartitionSizeReport.PartitionStat st : p.largest())
          rows.add(List.of(st.key(), Html.bytes(st.bytes()), Long.toString(st.rows()),
              p.guidelineBytes() > 0 ? String.format(Locale.ROOT, "%.2f", (double) st.bytes() / p.guidelineBytes()) : "-"));
        table(b, List.of("partition key", "size", "rows", "\u00d7 guideline"), rows, new boolean[] {false, true, true, true});
      }
    }
    b.append("</section>\n");
  }

  private static void hot(StringBuilder b, RunReport r) {
    section(b, "hot-partitions", "Hottest partitions by operations");
    List<HotPartition> h = r.hottestPartitions();
    if (h.isEmpty()) b.append("<p>No per-partition operation counts were recorded.</p>\n");
    else {
      List<String> labels = h.stream().map(x -> x.keyspace() + "." + x.table() + " " + x.key()).toList();
      double[][] v = {h.stream().mapToDouble(HotPartition::reads).toArray(), h.stream().mapToDouble(HotPartition::writes).toArray()};
      figure(b, SvgCharts.horizontalBars("hottest partitions", labels, List.of("reads", "writes"), List.of(PALETTE[0], PALETTE[3]), v,
          "operations", null, "", Html::fig, false), "Reads and writes per partition: all of a partition's operations land on its replicas, whatever the cluster size.");
      boolean replicas = h.stream().anyMatch(x -> !x.replicas().isEmpty());
      List<List<String>> rows = new ArrayList<>();
      for (HotPartition x : h) {
        List<String> row = new ArrayList<>(List.of(x.keyspace() + "." + x.table(), x.key(), Long.toString(x.reads()), Long.toString(x.writes())));
        if (replicas) row.add(String.join(", ", x.replicas()));
        rows.add(row);
      }
      table(b, replicas ? List.of("table", "partition key", "reads", "writes", "replicas") : List.of("table", "partition key", "reads", "writes"),
          rows, new boolean[] {false, false, true, true, false});
    }
    b.append("</section>\n");
  }

  private static void queries(StringBuilder b, RunReport r) {
    section(b, "queries", "Queries: work done vs rows returned");
    if (r.queries().isEmpty()) b.append("<p>No per-query figures were recorded.</p>\n");
    else {
      List<List<String>> rows = new ArrayList<>();
      for (QueryStat q : r.queries())
        rows.add(List.of(q.query(), q.consistency(), Long.toString(q.executions()), Long.toString(q.partitionsTouched()),
            Long.toString(q.rowsScanned()), Long.toString(q.rowsReturned()), String.format(Locale.ROOT, "%.1f", q.scanRatio()),
            Long.toString(q.tombstonesScanned()), Html.ms(q.latency().p50Ms()), Html.ms(q.latency().p99Ms())));
      boolean[] num = new boolean[10];
      java.util.Arrays.fill(num, 2, 10, true);
      table(b, List.of("query", "consistency", "executions", "partitions", "rows scanned", "rows returned", "scanned/returned",
          "tombstones scanned", "p50", "p99"), rows, num);
    }
    b.append("</section>\n");
  }

  private static void figures(StringBuilder b, RunReport r) {
    section(b, "figures", "Scenario figures");
    if (r.metrics().isEmpty()) b.append("<p>This scenario records no other figures.</p>\n");
    Map<String, List<Metric>> by = new LinkedHashMap<>();
    for (Metric m : r.metrics()) by.computeIfAbsent(m.group(), k -> new ArrayList<>()).add(m);
    for (var e : by.entrySet()) {
      if (!e.getKey().isEmpty()) b.append("<h3>").append(esc(e.getKey())).append("</h3>\n");
      List<List<String>> rows = new ArrayList<>();
      for (Metric m : e.getValue())
        rows.add(List.of(m.name(), Html.fig(m.value()) + (m.unit().isEmpty() ? "" : " " + m.unit()), m.detail()));
      table(b, List.of("figure", "value", "detail"), rows, new boolean[] {false, true, false});
    }
    b.append("</section>\n");
  }

  private static void anomalies(StringBuilder b, RunReport r) {
    section(b, "anomalies", "Consistency anomalies");
    if (r.anomalies().isEmpty()) b.append("<p>The checker found no anomaly.</p>\n");
    else {
      AnomalySections.listed(b, r);
      List<List<String>> rows = new ArrayList<>();
      // A cell column when the checker judged cells (the row's clustering values and the column).
      boolean cells = r.anomalies().stream().anyMatch(a -> a.cell() != null);
      for (Anomaly a : r.anomalies()) {
        List<String> row = new ArrayList<>(List.of(Html.fig(a.atMillis() / 1000.0) + " s", a.kind(), a.table(),
            a.key()));
        if (cells) row.add(a.cell() == null ? "" : a.cell());
        row.addAll(List.of(a.consistency(), a.details()));
        rows.add(row);
      }
      List<String> head = new ArrayList<>(List.of("time", "kind", "table", "key"));
      if (cells) head.add("cell");
      head.addAll(List.of("consistency", "details"));
      boolean[] numeric = new boolean[head.size()];
      numeric[0] = true;
      table(b, head, rows, numeric);
    }
    b.append("</section>\n");
  }

  private static void storage(StringBuilder b, RunReport r) {
    section(b, "storage", "Storage per table");
    if (r.storage().isEmpty()) b.append("<p>No storage figures were recorded.</p>\n");
    Map<String, List<TableStorage>> byTable = new LinkedHashMap<>();
    for (TableStorage t : r.storage()) byTable.computeIfAbsent(t.qualifiedTable(), k -> new ArrayList<>()).add(t);
    for (var e : byTable.entrySet()) {
      b.append("<h3>").append(esc(e.getKey())).append("</h3>\n");
      List<List<String>> rows = new ArrayList<>();
      for (TableStorage t : e.getValue())
        rows.add(List.of(t.node(), Integer.toString(t.sstables()), Html.bytes(t.diskBytes()), Html.bytes(t.liveBytes()),
            Html.bytes(t.memtableBytes()), String.format(Locale.ROOT, "%.2f", t.readAmplification()), Integer.toString(t.maxSSTablesPerRead()),
            String.format(Locale.ROOT, "%.4f", t.bloomFalsePositiveRatio()), Long.toString(t.tombstonesScanned()),
            Long.toString(t.tombstoneWarnings()), String.format(Locale.ROOT, "%.2f", t.writeAmplification())));
      boolean[] num = new boolean[11];
      java.util.Arrays.fill(num, 1, 11, true);
      table(b, List.of("node", "SSTables", "disk", "live", "memtable", "SSTables/read", "max SSTables/read", "bloom FP ratio",
          "tombstones scanned", "tombstone warnings", "write amplification"), rows, num);
    }
    b.append("</section>\n");
  }

  private static void events(StringBuilder b, RunReport r) {
    section(b, "events", "Events");
    if (r.events().isEmpty()) b.append("<p>No failure was injected.</p>\n");
    else {
      List<List<String>> rows = new ArrayList<>();
      for (RunEvent e : r.events()) rows.add(List.of(Html.fig(e.atMillis() / 1000.0) + " s", e.kind(), e.node(), e.text()));
      table(b, List.of("time", "kind", "node", "what happened"), rows, new boolean[] {true, false, false, false});
    }
    b.append("</section>\n");
  }
}
