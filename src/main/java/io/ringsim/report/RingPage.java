package io.ringsim.report;

import java.util.Locale;

/**
 * A self-contained HTML page (inline SVG, no scripts, no external resources, so it opens offline and prints) with the
 * ring drawn as coloured arcs, one per vnode range, coloured by primary owner, and a bar chart of effective ownership
 * with the mean marked.
 */
public final class RingPage {
  private RingPage() {}

  public static String render(RingFigures f) {
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
        .append(esc(f.title()))
        .append("</title>\n<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}"
            + "h1{font-size:20px}figure{display:inline-block;vertical-align:top;margin:0 24px 24px 0}"
            + "figcaption{font-size:13px;color:#555;margin-top:4px}.legend span{display:inline-block;margin:0 10px 4px 0;font-size:12px}"
            + ".sw{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}</style></head><body>\n");
    sb.append("<h1>").append(esc(f.title())).append("</h1>\n<p>").append(esc(f.summary())).append("</p>\n");
    sb.append("<figure>").append(ring(f)).append("<figcaption>Token ring: each arc is a vnode range, coloured by the node that owns it (primary).</figcaption></figure>\n");
    sb.append("<figure>").append(bars(f)).append("<figcaption>Effective ownership per node; the dashed line is the mean.</figcaption></figure>\n");
    sb.append("<div class=\"legend\">");
    for (int i = 0; i < f.nodes().size(); i++) {
      RingFigures.NodeFigure n = f.nodes().get(i);
      sb.append("<span><i class=\"sw\" style=\"background:").append(color(i)).append("\"></i>")
          .append(esc(n.name())).append(" (").append(esc(n.dc())).append('/').append(esc(n.rack())).append(")</span>");
    }
    sb.append("</div>\n</body></html>\n");
    return sb.toString();
  }

  /** The ring alone as an inline SVG element, for embedding in other pages. */
  public static String ringSvg(RingFigures f) {
    return ring(f);
  }

  /** The ownership bar chart alone as an inline SVG element. */
  public static String ownershipSvg(RingFigures f) {
    return bars(f);
  }

  private static String ring(RingFigures f) {
    double cx = 220, cy = 220, r = 170, w = 36;
    StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"440\" height=\"440\" viewBox=\"0 0 440 440\" role=\"img\" aria-label=\"token ring\">");
    s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#ddd\" stroke-width=\"%.1f\"/>", cx, cy, r, w));
    for (RingFigures.Arc a : f.arcs()) {
      double len = a.end() - a.start();
      if (len <= 0) len += 1.0;
      if (len >= 0.999999) {
        s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"/>", cx, cy, r, color(a.node()), w));
        continue;
      }
      double a0 = 2 * Math.PI * a.start() - Math.PI / 2;
      double a1 = a0 + 2 * Math.PI * len;
      s.append(String.format(Locale.ROOT,
          "<path d=\"M %.2f %.2f A %.1f %.1f 0 %d 1 %.2f %.2f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"><title>%s</title></path>",
          cx + r * Math.cos(a0), cy + r * Math.sin(a0), r, r, len > 0.5 ? 1 : 0, cx + r * Math.cos(a1), cy + r * Math.sin(a1),
          color(a.node()), w, esc(f.nodes().get(a.node()).name())));
    }
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"14\">%d nodes</text>", cx, cy - 4, f.nodes().size()));
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" fill=\"#666\">%d ranges</text>", cx, cy + 14, f.arcs().size()));
    return s.append("</svg>").toString();
  }

  private static String bars(RingFigures f) {
    int n = f.nodes().size();
    double left = 60, top = 20, height = 300, barW = Math.max(4, Math.min(28, 600.0 / Math.max(1, n)));
    double width = left + n * (barW + 4) + 20;
    double max = 0, sum = 0;
    for (RingFigures.NodeFigure nf : f.nodes()) {
      max = Math.max(max, nf.ownership());
      sum += nf.ownership();
    }
    double mean = sum / Math.max(1, n);
    double scale = max <= 0 ? 1 : height / (max * 1.1);
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\" aria-label=\"ownership per node\">", width, height + top + 60));
    s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>", left, top + height, width - 10, top + height));
    for (int i = 0; i < n; i++) {
      RingFigures.NodeFigure nf = f.nodes().get(i);
      double h = nf.ownership() * scale;
      double x = left + i * (barW + 4);
      s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %.2f%%</title></rect>",
          x, top + height - h, barW, h, color(i), esc(nf.name()), nf.ownership() * 100));
      if (n <= 40)
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" transform=\"rotate(-60 %.1f %.1f)\">%s</text>",
            x + barW / 2, top + height + 12, x + barW / 2, top + height + 12, esc(nf.name())));
    }
    double my = top + height - mean * scale;
    s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" stroke-dasharray=\"6 4\"/>", left, my, width - 10, my));
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">mean %.2f%%</text>", left - 4, my + 4, mean * 100));
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%.2f%%</text>", left - 4, top + height - max * scale + 4, max * 100));
    return s.append("</svg>").toString();
  }

  /** A palette that keeps neighbouring node indices apart (golden-angle hues). */
  static String color(int i) {
    double hue = (i * 137.508) % 360;
    return String.format(Locale.ROOT, "hsl(%.0f,62%%,%d%%)", hue, i % 2 == 0 ? 48 : 62);
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
