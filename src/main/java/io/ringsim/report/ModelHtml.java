package io.ringsim.report;

import static io.ringsim.report.Html.esc;

import java.util.List;
import java.util.Locale;

/**
 * {@code model.html}: one self-contained page (no script, no external file) with, per table, the predicted and
 * measured figures, the partition-size histogram, the hottest partitions and each node's load; then the queries,
 * and the findings beside the suggestions that fix them.
 */
public final class ModelHtml {
  private ModelHtml() {}

  public static String render(ModelReport r) {
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>model: ")
        .append(esc(r.scenario())).append("</title><style>")
        .append("body{font-family:sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0}")
        .append("td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#f3f3f3}")
        .append("td.l,th.l{text-align:left}.bar{display:inline-block;height:12px;background:#4a7bd0}")
        .append(".over{background:#d04a4a}.cols{display:flex;gap:2em}.cols>section{flex:1}")
        .append("code,pre{background:#f6f6f6;white-space:pre-wrap}.finding{border-left:4px solid #d04a4a;")
        .append("padding-left:.5em;margin:.5em 0}.ok{border-left-color:#3a3}</style></head><body>");
    sb.append("<h1>Data model of ").append(esc(r.scenario())).append("</h1><p>")
        .append(r.cluster().nodes()).append(" nodes &times; ").append(r.cluster().vnodes()).append(" vnodes, ")
        .append(esc(r.cluster().partitioner())).append("; data of ").append(esc(ModelText.duration(r.durationMillis())))
        .append(r.scale() != 1 ? " (scale &times;" + esc(ModelText.num(r.scale())) + ")" : "")
        .append(". Limits: partition ").append(esc(ModelText.bytes(r.limits().partitionBytes()))).append(" or ")
        .append(String.format(Locale.ROOT, "%,d", r.limits().partitionRows())).append(" rows.</p>");
    for (ModelReport.Table t : r.tables()) table(sb, t, r.limits());
    if (!r.queries().isEmpty()) {
      sb.append("<h2>Queries</h2><table class=\"queries\"><tr><th class=\"l\">at</th><th class=\"l\">query</th>")
          .append("<th class=\"l\">access</th><th>partitions read</th><th>ALLOW FILTERING needed</th></tr>");
      for (ModelReport.Query q : r.queries()) {
        sb.append("<tr><td class=\"l\">").append(esc(q.at())).append("</td><td class=\"l\"><code>").append(esc(q.cql()))
            .append("</code></td><td class=\"l\">").append(esc(q.access())).append("</td><td>")
            .append(String.format(Locale.ROOT, "%,d", q.partitionsTouched())).append("</td><td>")
            .append(q.needsFiltering() ? "yes" : "no").append("</td></tr>");
      }
      sb.append("</table>");
    }
    sb.append("<div class=\"cols\"><section id=\"findings\"><h2>Findings (").append(r.findings().size())
        .append(")</h2>");
    for (ModelReport.Finding f : r.findings()) {
      sb.append("<div class=\"finding\"><b>").append(esc(f.code())).append("</b> ").append(esc(f.subject()))
          .append("<br>").append(esc(f.evidence())).append("<br><i>threshold: ").append(esc(f.threshold()))
          .append("</i></div>");
    }
    if (r.findings().isEmpty()) sb.append("<p>none</p>");
    sb.append("</section><section id=\"suggestions\"><h2>Suggestions (").append(r.suggestions().size())
        .append(")</h2>");
    for (ModelReport.Suggestion s : r.suggestions()) {
      sb.append("<div class=\"finding").append(s.verified() ? " ok" : "").append("\"><b>fixes ").append(esc(s.fixes()))
          .append("</b> on ").append(esc(s.subject())).append("<br>").append(esc(s.title())).append("<pre>");
      for (String c : s.cql()) sb.append(esc(c)).append("\n");
      for (String q : s.queries()) sb.append(esc(q)).append("\n");
      sb.append("</pre><table><tr><th class=\"l\"></th><th>before</th><th>after</th></tr>");
      for (ModelReport.Change c : s.changes()) {
        sb.append("<tr><td class=\"l\">").append(esc(c.figure())).append("</td><td>").append(esc(c.before()))
            .append("</td><td>").append(esc(c.after())).append("</td></tr>");
      }
      sb.append("</table><p>").append(esc(s.verdict())).append("</p></div>");
    }
    if (r.suggestions().isEmpty()) sb.append("<p>none</p>");
    sb.append("</section></div></body></html>\n");
    return sb.toString();
  }

  private static void table(StringBuilder sb, ModelReport.Table t, ModelReport.Limits lim) {
    sb.append("<section class=\"table\"><h2>").append(esc(t.name())).append("</h2><p><code>").append(esc(t.primaryKey()))
        .append("</code>, RF ").append(t.replicationFactor()).append("<br><small>").append(esc(t.formula()))
        .append("</small></p><table><tr><th class=\"l\"></th><th>partitions</th><th>rows</th><th>bytes</th>")
        .append("<th>rows/partition p50 / p99 / max</th><th>bytes/partition p50 / p99 / max</th></tr>");
    figures(sb, "predicted", t.predicted());
    if (t.measured() != null) figures(sb, "measured", t.measured());
    sb.append("</table>");
    if (t.sampling() != null) sb.append("<p><small>").append(esc(t.sampling().note())).append("</small></p>");
    if (ModelText.tombstones(t)) {
      sb.append("<h3>Tombstones a read of a whole partition crosses, per partition (p50 / p99 / max)</h3>")
          .append("<table class=\"tombstones\"><tr>");
      for (String h : ModelText.TOMBSTONE_HEADER) sb.append("<th").append(h.isEmpty() ? " class=\"l\"" : "").append(">")
          .append(esc(h)).append("</th>");
      sb.append("</tr>");
      tombstones(sb, ModelText.tombstoneRow("predicted", t.predicted().tombstones()));
      if (t.measured() != null) tombstones(sb, ModelText.tombstoneRow("measured", t.measured().tombstones()));
      sb.append("</table>");
    }
    if (!t.histogram().isEmpty()) {
      long max = t.histogram().stream().mapToLong(ModelReport.Bin::partitions).max().orElse(1);
      sb.append("<h3>Partition sizes (measured)</h3><table class=\"histogram\"><tr><th>size</th><th>partitions</th>")
          .append("<th class=\"l\"></th></tr>");
      for (ModelReport.Bin b : t.histogram()) {
        boolean over = b.fromBytes() >= lim.partitionBytes();
        sb.append("<tr><td>").append(esc(ModelText.bytes(b.fromBytes()))).append(" &ndash; ")
            .append(esc(ModelText.bytes(b.toBytes()))).append("</td><td>")
            .append(String.format(Locale.ROOT, "%,d", b.partitions())).append("</td><td class=\"l\"><span class=\"bar")
            .append(over ? " over" : "").append("\" style=\"width:")
            .append(Math.max(1, Math.round(300.0 * b.partitions() / Math.max(1, max)))).append("px\"></span></td></tr>");
      }
      sb.append("</table>");
    }
    if (!t.hottest().isEmpty()) {
      sb.append("<h3>Hottest partitions (measured)</h3><table class=\"hottest\"><tr><th class=\"l\">key</th>")
          .append("<th>writes</th><th>share</th><th>rows</th><th>bytes</th><th class=\"l\">replicas</th></tr>");
      for (ModelReport.Partition p : t.hottest()) {
        sb.append("<tr><td class=\"l\">").append(esc(p.key())).append("</td><td>")
            .append(String.format(Locale.ROOT, "%,d", p.writes())).append("</td><td>").append(esc(ModelText.pct(p.writeShare())))
            .append("</td><td>").append(String.format(Locale.ROOT, "%,d", p.rows())).append("</td><td>")
            .append(esc(ModelText.bytes(p.bytes()))).append("</td><td class=\"l\">")
            .append(esc(String.join(", ", p.replicas()))).append("</td></tr>");
      }
      sb.append("</table>");
    }
    if (!t.nodes().isEmpty()) {
      long max = t.nodes().stream().mapToLong(ModelReport.Node::bytes).max().orElse(1);
      sb.append("<h3>Ring: node load (measured) and ownership</h3><table class=\"ring\"><tr><th class=\"l\">node</th>")
          .append("<th>ownership</th><th>bytes</th><th>of mean</th><th class=\"l\"></th></tr>");
      for (ModelReport.Node n : t.nodes()) {
        sb.append("<tr><td class=\"l\">").append(esc(n.node())).append("</td><td>").append(esc(ModelText.pct(n.ownership())))
            .append("</td><td>").append(esc(ModelText.bytes(n.bytes()))).append("</td><td>")
            .append(esc(ModelText.num(Math.round(n.ofMean() * 100) / 100.0))).append("</td><td class=\"l\"><span class=\"bar")
            .append(n.ofMean() >= lim.skew() ? " over" : "").append("\" style=\"width:")
            .append(Math.max(1, Math.round(300.0 * n.bytes() / Math.max(1, max)))).append("px\"></span></td></tr>");
      }
      sb.append("</table><p>max/mean ").append(esc(ModelText.num(Math.round(t.loadMaxOverMean() * 100) / 100.0)))
          .append("</p>");
    }
    sb.append("</section>");
  }

  private static void tombstones(StringBuilder sb, List<String> row) {
    sb.append("<tr>");
    for (int i = 0; i < row.size(); i++) {
      sb.append(i == 0 ? "<td class=\"l\">" : "<td>").append(esc(i == 0 ? row.get(i) : row.get(i).replace(" ", " / ")))
          .append("</td>");
    }
    sb.append("</tr>");
  }

  private static void figures(StringBuilder sb, String label, ModelReport.Figures f) {
    sb.append("<tr><td class=\"l\">").append(label).append("</td><td>").append(String.format(Locale.ROOT, "%,d", f.partitions()))
        .append("</td><td>").append(String.format(Locale.ROOT, "%,d", f.rows())).append("</td><td>")
        .append(esc(ModelText.bytes(f.bytes()))).append("</td><td>")
        .append(String.format(Locale.ROOT, "%,d / %,d / %,d", f.rowsPerPartition().p50(), f.rowsPerPartition().p99(),
            f.rowsPerPartition().max())).append("</td><td>")
        .append(esc(ModelText.bytes(f.bytesPerPartition().p50()) + " / " + ModelText.bytes(f.bytesPerPartition().p99())
            + " / " + ModelText.bytes(f.bytesPerPartition().max()))).append("</td></tr>");
  }
}
