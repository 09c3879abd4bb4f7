package io.ringsim.report;

import java.util.List;
import java.util.Locale;

/**
 * A self-contained HTML page (inline SVG, no scripts, no external resources, so it opens offline and prints) with the
 * ring drawn as coloured arcs, one per vnode range, coloured by primary owner, and a bar chart of effective ownership
 * with the mean marked.
 */
public final class RingPage {
  private RingPage() {}

  public static String render(RingFigures f) {
    return render(f, null);
  }

  /**
   * The page, explorable when {@code explorer} is given (click a node, hover a range, type a key: ring-explorer.js);
   * the same static page as {@link #render(RingFigures)} otherwise.
   */
  public static String render(RingFigures f, RingExplorer explorer) {
    return render(f, explorer, Lang.EN.labels());
  }

  /** As {@link #render(RingFigures, RingExplorer)}, its words in {@code t}'s language. */
  public static String render(RingFigures f, RingExplorer explorer, Labels t) {
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"").append(t.lang().tag()).append("\"><head><meta charset=\"utf-8\"><title>")
        .append(esc(f.title()))
        .append("</title>\n<style>body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1200px;padding:0 16px;color:#222}"
            + "h1{font-size:20px}.figs{display:flex;flex-wrap:wrap;align-items:flex-start;gap:16px 40px}figure{margin:0}"
            + "figcaption{font-size:13px;color:#555;margin-top:4px;max-width:440px}"
            + ".legend{list-style:none;padding:0;margin:16px 0 0;font-size:13px;columns:4 180px}.legend li{margin:2px 0;white-space:nowrap}"
            + ".sw{display:inline-block;width:11px;height:11px;margin-right:6px;vertical-align:-1px;border-radius:2px;"
            + "-webkit-print-color-adjust:exact;print-color-adjust:exact}svg{max-width:100%;height:auto}"
            + "@media print{body{margin:0;max-width:none}}" + (explorer == null ? "" : RingExplorer.STYLE) + "</style></head><body>\n");
    sb.append("<h1>").append(esc(f.title())).append("</h1>\n<p>").append(esc(f.summary())).append("</p>\n");
    if (explorer != null) sb.append("<div id=\"ring-explorer\">\n");
    sb.append("<div class=\"figs\">\n");
    sb.append("<figure>").append(ring(f, t)).append("<figcaption>").append(esc(t.get("ringpage.caption.ring")))
        .append("</figcaption></figure>\n");
    sb.append("<figure>").append(bars(f)).append("<figcaption>").append(esc(t.get("ringpage.caption.ownership")))
        .append("</figcaption></figure>\n</div>\n");
    sb.append("<ul class=\"legend\">");
    for (int i = 0; i < f.nodes().size(); i++) {
      RingFigures.NodeFigure n = f.nodes().get(i);
      sb.append("<li data-n=\"").append(i).append("\"><i class=\"sw\" style=\"background:").append(color(i)).append("\"></i>")
          .append(esc(n.name())).append(" (").append(esc(n.dc())).append('/').append(esc(n.rack()))
          .append(String.format(Locale.ROOT, ") %.2f%%", n.ownership() * 100)).append("</li>");
    }
    sb.append("</ul>\n");
    if (explorer != null) sb.append(explorer.controls(f.nodes().stream().map(RingFigures.NodeFigure::name).toList(), List.of(), t)).append("</div>\n");
    sb.append("</body></html>\n");
    return sb.toString();
  }

  /** The ring alone as an inline SVG element, for embedding in other pages. */
  public static String ringSvg(RingFigures f) {
    return ring(f, Lang.EN.labels());
  }

  /** The ring with its centre's words in {@code t}'s language. */
  static String ringSvg(RingFigures f, Labels t) {
    return ring(f, t);
  }

  /** The ownership bar chart alone as an inline SVG element. */
  public static String ownershipSvg(RingFigures f) {
    return bars(f);
  }

  private static String ring(RingFigures f, Labels t) {
    double cx = 220, cy = 220, r = 170, w = 36;
    StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"440\" height=\"440\" viewBox=\"0 0 440 440\" role=\"img\" aria-label=\"token ring\">");
    s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#ddd\" stroke-width=\"%.1f\"/>", cx, cy, r, w));
    for (int i = 0; i < f.arcs().size(); i++) {
      RingFigures.Arc a = f.arcs().get(i);
      double len = a.end() - a.start();
      if (len <= 0) len += 1.0;
      if (len >= 0.999999) {
        s.append(String.format(Locale.ROOT, "<circle data-r=\"%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"/>", i, cx, cy, r, color(a.node()), w));
        continue;
      }
      double a0 = 2 * Math.PI * a.start() - Math.PI / 2;
      double a1 = a0 + 2 * Math.PI * len;
      s.append(String.format(Locale.ROOT,
          "<path data-r=\"%d\" d=\"M %.2f %.2f A %.1f %.1f 0 %d 1 %.2f %.2f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"><title>%s</title></path>",
          i, cx + r * Math.cos(a0), cy + r * Math.sin(a0), r, r, len > 0.5 ? 1 : 0, cx + r * Math.cos(a1), cy + r * Math.sin(a1),
          color(a.node()), w, esc(f.nodes().get(a.node()).name())));
    }
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"14\">%s</text>", cx, cy - 4,
        esc(t.f("ring.svg.nodes", f.nodes().size()))));
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" fill=\"#666\">%s</text>", cx, cy + 14,
        esc(t.f("ring.svg.ranges", f.arcs().size()))));
    return s.append("</svg>").toString();
  }

  private static String bars(RingFigures f) {
    int n = f.nodes().size();
    double left = 64, right = 84, top = 20, plotH = 300, bottom = 64;
    double barW = Math.max(1, Math.min(28, 600.0 / Math.max(1, n) - 4)), gap = barW < 10 ? 1 : 4;
    double plotW = n * (barW + gap) + gap, width = left + plotW + right, height = top + plotH + bottom;
    double max = 0, sum = 0;
    int longest = 0;
    for (RingFigures.NodeFigure nf : f.nodes()) {
      max = Math.max(max, nf.ownership());
      sum += nf.ownership();
      longest = Math.max(longest, nf.name().length());
    }
    double mean = sum / Math.max(1, n);
    SvgCharts.Scale sc = SvgCharts.scale(max * 100, false);
    double base = top + plotH;
    java.util.function.DoubleUnaryOperator y = pct -> base - pct / sc.top() * plotH;
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
            + "aria-label=\"ownership per node\" font-family=\"system-ui,sans-serif\" font-size=\"11\">", width, height, width, height));
    for (double t : sc.ticks()) {
      s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>", left, y.applyAsDouble(t), left + plotW, y.applyAsDouble(t)));
      s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s%%</text>", left - 6, y.applyAsDouble(t) + 4, Html.fig(t)));
    }
    s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>", left, base, left + plotW, base));
    s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>", left, top, left, base));
    s.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 %.1f)\">effective ownership</text>",
        top + plotH / 2, top + plotH / 2));
    // names under the bars when they fit, slanted when they do not, left out when there are too many bars to tell apart
    boolean flat = longest * 6.5 <= barW + gap;
    for (int i = 0; i < n; i++) {
      RingFigures.NodeFigure nf = f.nodes().get(i);
      double x = left + gap + i * (barW + gap), h = base - y.applyAsDouble(nf.ownership() * 100);
      s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %.2f%%</title></rect>",
          x, base - h, barW, h, color(i), esc(nf.name()), nf.ownership() * 100));
      double cx = x + barW / 2;
      if (flat)
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>", cx, base + 15, esc(nf.name())));
      else if (n <= 60)
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" transform=\"rotate(-60 %.1f %.1f)\">%s</text>",
            cx, base + 10, cx, base + 10, esc(SvgCharts.shorten(nf.name(), 10))));
    }
    double my = y.applyAsDouble(mean * 100);
    s.append(String.format(Locale.ROOT, "<line class=\"guide\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" stroke-dasharray=\"6 4\"/>", left, my, left + plotW + 4, my));
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">mean %.2f%%</text>", left + plotW + 6, my + 4, mean * 100));
    return s.append("</svg>").toString();
  }

  /** Tableau's ten categorical colours, then their light partners: neighbouring arcs of different nodes stay apart. */
  private static final String[] NODE_COLORS = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
      "#ff9da7", "#9c755f", "#bab0ac", "#a0cbe8", "#ffbe7d", "#ff9d9a", "#86bcb6", "#8cd17d", "#f1ce63", "#d4a6c8", "#fabfd2",
      "#d7b5a6", "#79706e"};

  /** A node's colour: the palette first, then golden-angle hues at three lightnesses for large clusters. */
  static String color(int i) {
    if (i < NODE_COLORS.length) return NODE_COLORS[i];
    double hue = (i * 137.508) % 360;
    return String.format(Locale.ROOT, "hsl(%.0f,60%%,%d%%)", hue, 40 + (i % 3) * 12);
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
