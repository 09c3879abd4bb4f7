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
    return render(r, Lang.EN);
  }

  /** The page in {@code lang}: labels from the model.* keys, the findings' and suggestions' sentences said in it. */
  public static String render(ModelReport r, Lang lang) {
    Labels t = lang.labels();
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html><html lang=\"").append(lang.tag()).append("\"><head><meta charset=\"utf-8\"><title>")
        .append(esc(t.get("model.html.title"))).append(" ")
        .append(esc(r.scenario())).append("</title><style>")
        .append("body{font-family:sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0}")
        .append("td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#f3f3f3}")
        .append("td.l,th.l{text-align:left}.bar{display:inline-block;height:12px;background:#4a7bd0}")
        .append(".over{background:#d04a4a}.cols{display:flex;gap:2em}.cols>section{flex:1}")
        .append("code,pre{background:#f6f6f6;white-space:pre-wrap}.finding{border-left:4px solid #d04a4a;")
        .append("padding-left:.5em;margin:.5em 0}.ok{border-left-color:#3a3}</style></head><body>");
    sb.append("<h1>").append(esc(t.f("model.html.h1", r.scenario()))).append("</h1><p>")
        .append(esc(t.f("model.html.cluster", r.cluster().nodes(), r.cluster().vnodes(), r.cluster().partitioner(),
            ModelText.duration(r.durationMillis(), t))).replace(" x ", " &times; "))
        .append(r.scale() != 1 ? esc(t.f("model.html.scale", ModelText.num(r.scale()))).replace(" x", " &times;") : "")
        .append(esc(t.f("model.html.limits", ModelText.bytes(r.limits().partitionBytes()),
            String.format(Locale.ROOT, "%,d", r.limits().partitionRows())))).append("</p>");
    for (ModelReport.Table tb : r.tables()) table(sb, tb, r.limits(), t);
    if (!r.queries().isEmpty()) {
      sb.append("<h2>").append(esc(t.get("model.html.queries"))).append("</h2><table class=\"queries\"><tr>")
          .append(th(t, "l", "model.html.th.at")).append(th(t, "l", "model.html.th.query"))
          .append(th(t, "l", "model.html.th.access")).append(th(t, null, "model.html.th.read"))
          .append(th(t, null, "model.html.th.filtering")).append("</tr>");
      for (ModelReport.Query q : r.queries()) {
        sb.append("<tr><td class=\"l\">").append(esc(q.at())).append("</td><td class=\"l\"><code>").append(esc(q.cql()))
            .append("</code></td><td class=\"l\">").append(esc(ModelText.say(t, q.access()))).append("</td><td>")
            .append(String.format(Locale.ROOT, "%,d", q.partitionsTouched())).append("</td><td>")
            .append(esc(t.get(q.needsFiltering() ? "model.yes" : "model.no"))).append("</td></tr>");
      }
      sb.append("</table>");
    }
    sb.append("<div class=\"cols\"><section id=\"findings\"><h2>")
        .append(esc(t.f("model.html.findings", r.findings().size()))).append("</h2>");
    for (ModelReport.Finding f : r.findings()) {
      sb.append("<div class=\"finding\"><b>").append(esc(f.code())).append("</b> ").append(esc(ModelText.say(t, f.subject())))
          .append("<br>").append(esc(ModelText.say(t, f.evidence()))).append("<br><i>")
          .append(esc(t.f("model.text.threshold", ModelText.say(t, f.threshold())))).append("</i></div>");
    }
    if (r.findings().isEmpty()) sb.append("<p>").append(esc(t.get("model.none"))).append("</p>");
    sb.append("</section><section id=\"suggestions\"><h2>")
        .append(esc(t.f("model.html.suggestions", r.suggestions().size()))).append("</h2>");
    for (ModelReport.Suggestion s : r.suggestions()) {
      sb.append("<div class=\"finding").append(s.verified() ? " ok" : "").append("\"><b>")
          .append(esc(t.f("model.html.fixes", s.fixes()))).append("</b> ")
          .append(esc(t.f("model.html.on", ModelText.say(t, s.subject())))).append("<br>").append(esc(ModelText.say(t, s.title())))
          .append("<pre>");
      for (String c : s.cql()) sb.append(esc(c)).append("\n");
      for (String q : s.queries()) sb.append(esc(q)).append("\n");
      sb.append("</pre><table><tr><th class=\"l\"></th>").append(th(t, null, "model.th.before"))
          .append(th(t, null, "model.th.after")).append("</tr>");
      for (ModelReport.Change c : s.changes()) {
        sb.append("<tr><td class=\"l\">").append(esc(ModelText.say(t, c.figure()))).append("</td><td>")
            .append(esc(ModelText.say(t, c.before()))).append("</td><td>").append(esc(ModelText.say(t, c.after()))).append("</td></tr>");
      }
      sb.append("</table><p>").append(esc(ModelText.say(t, s.verdict()))).append("</p></div>");
    }
    if (r.suggestions().isEmpty()) sb.append("<p>").append(esc(t.get("model.none"))).append("</p>");
    sb.append("</section></div></body></html>\n");
    return sb.toString();
  }

  private static String th(Labels t, String cls, String key) {
    return "<th" + (cls == null ? "" : " class=\"" + cls + "\"") + ">" + esc(t.get(key)) + "</th>";
  }

  private static void table(StringBuilder sb, ModelReport.Table t, ModelReport.Limits lim, Labels w) {
    sb.append("<section class=\"table\"><h2>").append(esc(t.name())).append("</h2><p><code>").append(esc(t.primaryKey()))
        .append("</code>, RF ").append(t.replicationFactor()).append("<br><small>").append(esc(ModelText.say(w, t.formula())))
        .append("</small></p><table><tr><th class=\"l\"></th>").append(th(w, null, "model.th.partitions"))
        .append(th(w, null, "model.th.rows")).append(th(w, null, "model.th.bytes"))
        .append(th(w, null, "model.html.th.rows-pp")).append(th(w, null, "model.html.th.bytes-pp")).append("</tr>");
    figures(sb, w.get("model.predicted"), t.predicted());
    if (t.measured() != null) figures(sb, w.get("model.measured"), t.measured());
    sb.append("</table>");
    if (t.sampling() != null) sb.append("<p><small>").append(esc(ModelText.say(w, t.sampling().note()))).append("</small></p>");
    if (ModelText.tombstones(t)) {
      sb.append("<h3>").append(esc(w.get("model.html.tombstones"))).append("</h3>")
          .append("<table class=\"tombstones\"><tr>");
      for (String h : ModelText.tombstoneHeader(w)) sb.append("<th").append(h.isEmpty() ? " class=\"l\"" : "").append(">")
          .append(esc(h)).append("</th>");
      sb.append("</tr>");
      tombstones(sb, ModelText.tombstoneRow(w.get("model.predicted"), t.predicted().tombstones()));
      if (t.measured() != null) tombstones(sb, ModelText.tombstoneRow(w.get("model.measured"), t.measured().tombstones()));
      sb.append("</table>");
    }
    if (!t.histogram().isEmpty()) {
      long max = t.histogram().stream().mapToLong(ModelReport.Bin::partitions).max().orElse(1);
      sb.append("<h3>").append(esc(w.get("model.html.sizes"))).append("</h3><table class=\"histogram\"><tr>")
          .append(th(w, null, "model.html.th.size")).append(th(w, null, "model.th.partitions"))
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
      sb.append("<h3>").append(esc(w.get("model.html.hottest"))).append("</h3><table class=\"hottest\"><tr>")
          .append(th(w, "l", "model.html.th.key")).append(th(w, null, "model.html.th.writes"))
          .append(th(w, null, "model.html.th.share")).append(th(w, null, "model.th.rows"))
          .append(th(w, null, "model.th.bytes")).append(th(w, "l", "model.html.th.replicas")).append("</tr>");
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
      sb.append("<h3>").append(esc(w.get("model.html.ring"))).append("</h3><table class=\"ring\"><tr>")
          .append(th(w, "l", "model.html.th.node")).append(th(w, null, "model.html.th.ownership"))
          .append(th(w, null, "model.th.bytes")).append(th(w, null, "model.html.th.of-mean"))
          .append("<th class=\"l\"></th></tr>");
      for (ModelReport.Node n : t.nodes()) {
        sb.append("<tr><td class=\"l\">").append(esc(n.node())).append("</td><td>").append(esc(ModelText.pct(n.ownership())))
            .append("</td><td>").append(esc(ModelText.bytes(n.bytes()))).append("</td><td>")
            .append(esc(ModelText.num(Math.round(n.ofMean() * 100) / 100.0))).append("</td><td class=\"l\"><span class=\"bar")
            .append(n.ofMean() >= lim.skew() ? " over" : "").append("\" style=\"width:")
            .append(Math.max(1, Math.round(300.0 * n.bytes() / Math.max(1, max)))).append("px\"></span></td></tr>");
      }
      sb.append("</table><p>").append(esc(w.f("model.html.max-mean",
          ModelText.num(Math.round(t.loadMaxOverMean() * 100) / 100.0)))).append("</p>");
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
    sb.append("<tr><td class=\"l\">").append(esc(label)).append("</td><td>").append(String.format(Locale.ROOT, "%,d", f.partitions()))
        .append("</td><td>").append(String.format(Locale.ROOT, "%,d", f.rows())).append("</td><td>")
        .append(esc(ModelText.bytes(f.bytes()))).append("</td><td>")
        .append(String.format(Locale.ROOT, "%,d / %,d / %,d", f.rowsPerPartition().p50(), f.rowsPerPartition().p99(),
            f.rowsPerPartition().max())).append("</td><td>")
        .append(esc(ModelText.bytes(f.bytesPerPartition().p50()) + " / " + ModelText.bytes(f.bytesPerPartition().p99())
            + " / " + ModelText.bytes(f.bytesPerPartition().max()))).append("</td></tr>");
  }
}
