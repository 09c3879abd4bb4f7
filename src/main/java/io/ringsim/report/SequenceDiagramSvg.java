package io.ringsim.report;

import static io.ringsim.report.Html.esc;

import java.util.List;

/**
 * Draws a {@link SequenceDiagram} as inline SVG: lanes as vertical lines, time downwards, one row per arrow (rows
 * keep labels apart however close the times), a drop as an arrow ending in a red X with its reason, a node event as a
 * dot, faults as shaded bands over the rows they span. Hover an arrow for its times (SVG title).
 */
public final class SequenceDiagramSvg {
  private SequenceDiagramSvg() {}

  static final int LANE = 130, ROW = 22, TOP = 40, LEFT = 70;

  public static String render(SequenceDiagram d) {
    return render(d, Lang.EN.labels());
  }

  /** As {@link #render(SequenceDiagram)}, its words in {@code t}'s language. */
  public static String render(SequenceDiagram d, Labels t) {
    List<String> lanes = d.lanes();
    List<SequenceDiagram.Arrow> arrows = d.arrows();
    // Room on the right for the label of an event on the last lane.
    int width = LEFT + Math.max(1, lanes.size()) * LANE + 170;
    int height = TOP + (arrows.size() + 1) * ROW + 10;
    StringBuilder b = new StringBuilder();
    b.append("<svg class=\"chart seq\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width)
        .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
        .append("\" font-size=\"11\" role=\"img\" aria-label=\"").append(esc(t.get("diagram.aria"))).append("\">");
    b.append("<defs><marker id=\"ah\" markerWidth=\"8\" markerHeight=\"8\" refX=\"7\" refY=\"3\" orient=\"auto\">"
        + "<path d=\"M0,0 L7,3 L0,6 z\" fill=\"#333\"/></marker></defs>");
    // Bands: the rows whose time falls inside the fault.
    for (SequenceDiagram.Band band : d.bands()) {
      int first = -1, last = -1;
      for (int i = 0; i < arrows.size(); i++) {
        long at = arrows.get(i).sendMicros();
        if (at >= band.fromMicros() && at <= band.toMicros()) {
          if (first < 0) first = i;
          last = i;
        }
      }
      if (first < 0) continue;
      int y0 = TOP + first * ROW + 4, y1 = TOP + (last + 1) * ROW + 8;
      int x0, x1;
      if (band.lane().isEmpty()) {
        x0 = LEFT - 10;
        x1 = width - 10;
      } else {
        int l = lanes.indexOf(band.lane());
        x0 = LEFT + l * LANE + LANE / 2 - 14;
        x1 = x0 + 28;
      }
      b.append("<rect x=\"").append(x0).append("\" y=\"").append(y0).append("\" width=\"").append(x1 - x0)
          .append("\" height=\"").append(y1 - y0).append("\" fill=\"").append(band.lane().isEmpty() ? "#fbe3e1"
          : "#f6c9c5").append("\" opacity=\"0.7\"><title>").append(esc(band.text())).append("</title></rect>");
    }
    for (int l = 0; l < lanes.size(); l++) {
      int x = LEFT + l * LANE + LANE / 2;
      b.append("<text x=\"").append(x).append("\" y=\"16\" text-anchor=\"middle\" font-weight=\"600\">")
          .append(esc(shorten(lanes.get(l), 20))).append("</text>");
      b.append("<line x1=\"").append(x).append("\" y1=\"24\" x2=\"").append(x).append("\" y2=\"").append(height - 6)
          .append("\" stroke=\"#bbb\"/>");
    }
    for (int i = 0; i < arrows.size(); i++) {
      SequenceDiagram.Arrow a = arrows.get(i);
      int y = TOP + i * ROW + ROW / 2;
      int fx = LEFT + lanes.indexOf(a.from()) * LANE + LANE / 2, tx = LEFT + lanes.indexOf(a.to()) * LANE + LANE / 2;
      b.append("<g><title>").append(esc(t.f("diagram.svg.title", a.label(), a.from(), a.to(), secs(a.sendMicros()),
          a.outcome().equals("event") ? ""
              : a.dropped() ? t.f("diagram.svg.dropped", t.name("diagram.outcome.", a.outcome()))
          : t.f("diagram.svg.arrived", secs(a.arriveMicros()))))).append("</title>");
      b.append("<text x=\"4\" y=\"").append(y + 4).append("\" fill=\"#555\">").append(secs(a.sendMicros()))
          .append("</text>");
      if (a.outcome().equals("event") || fx == tx) {
        b.append("<circle cx=\"").append(fx).append("\" cy=\"").append(y).append("\" r=\"4\" fill=\"")
            .append(a.dropped() ? "#b3261e" : "#1f77b4").append("\"/>");
        b.append("<text x=\"").append(fx + 8).append("\" y=\"").append(y + 4).append("\">")
            .append(esc(shorten(a.label(), 34))).append("</text></g>");
        continue;
      }
      int end = a.dropped() ? fx + (tx - fx) * 2 / 3 : tx;
      b.append("<line x1=\"").append(fx).append("\" y1=\"").append(y).append("\" x2=\"").append(end)
          .append("\" y2=\"").append(y).append("\" stroke=\"").append(a.dropped() ? "#b3261e" : "#333")
          .append(a.dropped() ? "\" stroke-dasharray=\"4 3\"" : "\" marker-end=\"url(#ah)\"").append("/>");
      if (a.dropped()) {
        b.append("<path d=\"M").append(end - 5).append(',').append(y - 5).append(" l10,10 M").append(end - 5)
            .append(',').append(y + 5).append(" l10,-10\" stroke=\"#b3261e\" stroke-width=\"2\"/>");
      }
      int mid = (fx + end) / 2;
      String label = a.label() + (a.dropped() ? " \u2715 " + t.name("diagram.outcome.", a.outcome()) : "");
      b.append("<text x=\"").append(mid).append("\" y=\"").append(y - 3).append("\" text-anchor=\"middle\"")
          .append(a.dropped() ? " fill=\"#b3261e\"" : "").append('>').append(esc(shorten(label, 40)))
          .append("</text></g>");
    }
    b.append("</svg>");
    return b.toString();
  }

  /** Seconds with three decimals, as %.3f would print them, without String.format's cost per arrow. */
  static String secs(long micros) {
    long ms = Math.round(micros / 1000.0);
    String sign = ms < 0 ? "-" : "";
    ms = Math.abs(ms);
    long frac = ms % 1000;
    return sign + ms / 1000 + "." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + frac + " s";
  }

  private static String shorten(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
  }
}
