package io.ringsim.report;

import static io.ringsim.report.Html.esc;
import static io.ringsim.report.Html.num;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * Plain inline-SVG charts: line charts over time with event markers, grouped vertical bars, stacked horizontal bars and
 * a log-scale size histogram. Every chart has labelled axes with ticks, a legend inside the SVG (so it prints) and a
 * {@code <title>} on each mark for hovering without scripts.
 */
final class SvgCharts {
  static final int W = 760, H = 320, LEFT = 78, RIGHT = 24, TOP = 44, BOTTOM = 56;

  /** A white outline under a label drawn over lines or bars, so it stays readable (also in print). */
  static final String HALO = " stroke=\"#fff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\"";

  private SvgCharts() {}

  /** A line: points are (x, y) pairs. */
  record Series(String name, String color, List<double[]> points, boolean dashed) {
    Series(String name, String color, List<double[]> points) {
      this(name, color, points, false);
    }
  }

  /** A vertical marker at x (an event on a timeline). */
  record Marker(double x, String label, boolean failure) {}

  private static StringBuilder open(String aria, int w, int h) {
    return new StringBuilder(String.format(java.util.Locale.ROOT,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\" font-family=\"system-ui,sans-serif\" font-size=\"11\">",
        w, h, w, h, esc(aria)));
  }

  /**
   * Closes a chart: the legend rows go on top and the plot moves down by the rows beyond the first, so a legend of many
   * nodes never covers the plot.
   */
  private static String finish(String aria, int w, int h, StringBuilder plot, List<String> names, List<String> colors, List<Boolean> dashed) {
    StringBuilder leg = new StringBuilder();
    double x = LEFT, y = 16;
    for (int i = 0; i < names.size(); i++) {
      double lw = 26 + TextTable.columns(names.get(i)) * 6.2; // a Chinese character is about two Latin ones wide
      if (x + lw > w - RIGHT && x > LEFT) {
        x = LEFT;
        y += 15;
      }
      boolean d = dashed != null && dashed.get(i);
      leg.append("<line x1=\"").append(num(x)).append("\" y1=\"").append(num(y - 4)).append("\" x2=\"").append(num(x + 16))
          .append("\" y2=\"").append(num(y - 4)).append("\" stroke=\"").append(colors.get(i)).append("\" stroke-width=\"3\"")
          .append(d ? " stroke-dasharray=\"4 3\"" : "").append("/>");
      leg.append("<text x=\"").append(num(x + 20)).append("\" y=\"").append(num(y)).append("\">").append(esc(names.get(i))).append("</text>");
      x += lw;
    }
    int extra = (int) (y - 16);
    StringBuilder out = open(aria, w, h + extra);
    out.append("<g class=\"legend\">").append(leg).append("</g>");
    if (extra > 0) out.append("<g transform=\"translate(0,").append(extra).append(")\">").append(plot).append("</g>");
    else out.append(plot);
    return out.append("</svg>").toString();
  }

  private static void axes(StringBuilder s, int w, int h, String xLabel, String yLabel) {
    double x0 = LEFT, y0 = h - BOTTOM, x1 = w - RIGHT;
    s.append("<line x1=\"").append(num(x0)).append("\" y1=\"").append(num(y0)).append("\" x2=\"").append(num(x1)).append("\" y2=\"").append(num(y0)).append("\" stroke=\"#333\"/>");
    s.append("<line x1=\"").append(num(x0)).append("\" y1=\"").append(num(TOP)).append("\" x2=\"").append(num(x0)).append("\" y2=\"").append(num(y0)).append("\" stroke=\"#333\"/>");
    s.append("<text class=\"axis-label\" x=\"").append(num((x0 + x1) / 2)).append("\" y=\"").append(h - 8).append("\" text-anchor=\"middle\" font-size=\"12\">").append(esc(xLabel)).append("</text>");
    double cy = (TOP + y0) / 2;
    s.append("<text class=\"axis-label\" x=\"14\" y=\"").append(num(cy)).append("\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 ").append(num(cy)).append(")\">").append(esc(yLabel)).append("</text>");
  }

  /** Round tick values covering [lo, hi], about {@code n} of them. */
  static List<Double> ticks(double lo, double hi, int n) {
    if (!(hi > lo)) hi = lo + 1;
    return ticksWithStep(lo, hi, niceStep((hi - lo) / n));
  }

  private static List<Double> ticksWithStep(double lo, double hi, double step) {
    List<Double> t = new ArrayList<>();
    for (double v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) t.add(Math.abs(v) < step * 1e-9 ? 0 : v);
    return t;
  }

  /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
  private static double niceStep(double raw) {
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    return raw / mag > 5 ? 10 * mag : raw / mag > 2 ? 5 * mag : raw / mag > 1 ? 2 * mag : mag;
  }

  /** A value axis from 0 to a round top that is itself a labelled tick. */
  record Scale(double top, List<Double> ticks) {}

  /** About five ticks from 0; byte axes step in whole KiB, MiB... so labels read 4K, 8K rather than 4.9K, 9.8K. */
  static Scale scale(double max, boolean binary) {
    if (!(max > 0)) max = 1;
    double unit = 1;
    if (binary) while (max / unit >= 1024) unit *= 1024;
    double step = niceStep(max / unit / 5) * unit;
    double top = Math.ceil(max / step - 1e-9) * step;
    return new Scale(top, ticksWithStep(0, top, step));
  }

  /** Tick labels on a log axis: 0.1, 0.2, 0.5, 1, 2... without trailing zeros. */
  static String logTick(double v) {
    return v >= 1 ? Html.fig(v) : java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(1)).stripTrailingZeros().toPlainString();
  }

  /** A time chart: series over x, optional log-scale y, event markers as vertical lines labelled at the top. */
  static String lineChart(String aria, List<Series> series, List<Marker> markers, String xLabel, String yLabel,
      boolean logY, DoubleFunction<String> yFmt, double xMin, double xMax) {
    return lineChart(aria, series, markers, xLabel, yLabel, logY, yFmt, xMin, xMax, 0, 0);
  }

  /**
   * As above, with a linear y axis starting at {@code yLo} instead of 0 (so a dip from 100% to 99.5% shows), and lines
   * broken where consecutive points are more than {@code gap} apart in x (a bucket with nothing to draw is a gap, not a
   * slope between its neighbours); {@code gap} 0 never breaks.
   */
  static String lineChart(String aria, List<Series> series, List<Marker> markers, String xLabel, String yLabel,
      boolean logY, DoubleFunction<String> yFmt, double xMin, double xMax, double yLo, double gap) {
    return lineChart(aria, series, markers, xLabel, yLabel, logY, yFmt, xMin, xMax, yLo, gap, Lang.EN.labels());
  }

  /** As above, a point's tooltip ("p99 at 12: 3.2") in {@code t}'s language. */
  static String lineChart(String aria, List<Series> series, List<Marker> markers, String xLabel, String yLabel,
      boolean logY, DoubleFunction<String> yFmt, double xMin, double xMax, double yLo, double gap, Labels words) {
    int w = W, h = H;
    StringBuilder s = new StringBuilder();
    double yMax = 0, yMinPos = Double.MAX_VALUE;
    for (Series se : series)
      for (double[] p : se.points()) {
        yMax = Math.max(yMax, p[1]);
        if (p[1] > 0) yMinPos = Math.min(yMinPos, p[1]);
      }
    if (!(xMax > xMin)) xMax = xMin + 1;
    final double fxMin = xMin, fxMax = xMax;
    double plotW = w - LEFT - RIGHT, plotH = h - TOP - BOTTOM;
    DoubleFunction<Double> X = x -> LEFT + (x - fxMin) / (fxMax - fxMin) * plotW;
    DoubleFunction<Double> Y;
    List<Double> yTicks = new ArrayList<>();
    DoubleFunction<String> tickFmt = yFmt;
    if (logY) {
      double lo = Math.floor(Math.log10(yMinPos == Double.MAX_VALUE ? 1 : yMinPos));
      double hi = Math.ceil(Math.log10(Math.max(yMax, Math.pow(10, lo + 1))));
      if (hi <= lo) hi = lo + 1;
      final double flo = lo, fhi = hi;
      Y = y -> (h - BOTTOM) - (Math.log10(Math.max(y, Math.pow(10, flo))) - flo) / (fhi - flo) * plotH;
      for (double e = lo; e <= hi; e++) {
        yTicks.add(Math.pow(10, e));
        // one or two decades leave room for 2 and 5 between the powers of ten
        if (hi - lo <= 2 && e < hi) {
          yTicks.add(2 * Math.pow(10, e));
          yTicks.add(5 * Math.pow(10, e));
        }
      }
      tickFmt = SvgCharts::logTick;
    } else if (yLo > 0 && yLo < yMax) {
      List<Double> t = ticks(yLo, Math.max(yMax, yLo + 1e-9), 5);
      double top = t.get(t.size() - 1) < yMax ? yMax : t.get(t.size() - 1);
      Y = y -> (h - BOTTOM) - (Math.max(y, yLo) - yLo) / (top - yLo) * plotH;
      yTicks.addAll(t);
      if (yTicks.get(0) > yLo) yTicks.add(0, yLo);
    } else {
      Scale sc = scale(yMax, false);
      Y = y -> (h - BOTTOM) - y / sc.top() * plotH;
      yTicks.addAll(sc.ticks());
    }
    for (double t : yTicks) {
      double y = Y.apply(t);
      s.append("<line x1=\"").append(num(LEFT)).append("\" y1=\"").append(num(y)).append("\" x2=\"").append(num(w - RIGHT)).append("\" y2=\"").append(num(y)).append("\" stroke=\"#e4e4e4\"/>");
      s.append("<text x=\"").append(num(LEFT - 6)).append("\" y=\"").append(num(y + 4)).append("\" text-anchor=\"end\">").append(esc(tickFmt.apply(t))).append("</text>");
    }
    for (double t : ticks(xMin, xMax, 8)) {
      double x = X.apply(t);
      s.append("<line x1=\"").append(num(x)).append("\" y1=\"").append(num(h - BOTTOM)).append("\" x2=\"").append(num(x)).append("\" y2=\"").append(num(h - BOTTOM + 4)).append("\" stroke=\"#333\"/>");
      s.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(h - BOTTOM + 16)).append("\" text-anchor=\"middle\">").append(esc(Html.fig(t))).append("</text>");
    }
    axes(s, w, h, xLabel, yLabel);
    for (Series se : series) {
      if (se.points().isEmpty()) continue;
      StringBuilder d = new StringBuilder();
      double prevX = Double.NaN;
      for (double[] p : se.points()) {
        boolean jump = d.length() == 0 || gap > 0 && p[0] - prevX > gap;
        d.append(d.length() == 0 ? "M" : jump ? " M" : " L").append(num(X.apply(p[0]))).append(' ').append(num(Y.apply(p[1])));
        prevX = p[0];
      }
      s.append("<path class=\"series\" d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(se.color()).append("\" stroke-width=\"2\"")
          .append(se.dashed() ? " stroke-dasharray=\"6 3\"" : "").append("><title>").append(esc(se.name())).append("</title></path>");
      if (se.points().size() <= 120)
        for (double[] p : se.points())
          s.append("<circle cx=\"").append(num(X.apply(p[0]))).append("\" cy=\"").append(num(Y.apply(p[1]))).append("\" r=\"2\" fill=\"").append(se.color()).append("\"><title>")
              .append(esc(words.f("chart.point", se.name(), Html.fig(p[0]), yFmt.apply(p[1])))).append("</title></circle>");
    }
    // markers last, so their labels sit on top of the lines
    int mi = 0;
    for (Marker m : markers) {
      double x = X.apply(m.x());
      String c = m.failure() ? "#c0392b" : "#2e7d32";
      String label = shorten(m.label(), 28);
      boolean flip = x + 3 + label.length() * 5.8 > w - RIGHT; // near the right edge the label goes to the left of its line
      s.append("<g class=\"marker\"><line x1=\"").append(num(x)).append("\" y1=\"").append(num(TOP)).append("\" x2=\"").append(num(x)).append("\" y2=\"").append(num(h - BOTTOM)).append("\" stroke=\"").append(c).append("\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"><title>").append(esc(m.label())).append("</title></line>");
      s.append("<text x=\"").append(num(flip ? x - 3 : x + 3)).append("\" y=\"").append(num(TOP + 10 + (mi++ % 3) * 12)).append("\"")
          .append(flip ? " text-anchor=\"end\"" : "").append(" fill=\"").append(c).append("\" font-size=\"10\"").append(HALO).append(">").append(esc(label)).append("</text></g>");
    }
    return finish(aria, w, h, s, series.stream().map(Series::name).toList(), series.stream().map(Series::color).toList(),
        series.stream().map(Series::dashed).toList());
  }

  /**
   * Vertical bars grouped by category: {@code values[series][category]}, with an optional dashed reference line.
   */
  static String groupedBars(String aria, List<String> categories, List<String> names, List<String> colors,
      double[][] values, String xLabel, String yLabel, Double ref, String refLabel, DoubleFunction<String> yFmt) {
    int n = categories.size(), k = names.size();
    // the reference line's label sits right of the plot, never over a bar
    int labelRoom = ref == null ? 0 : 8 + (int) (TextTable.columns(refLabel) * 6.2);
    // groups share the plot's width (at most 160 px each, so two nodes do not make two giant bars), at least 18 px
    double groupW = Math.max(18, Math.min(160, (W - LEFT - RIGHT - labelRoom - 20.0) / Math.max(1, n)));
    int w = (int) Math.max(W, LEFT + RIGHT + labelRoom + n * groupW + 20), h = H + 20;
    int plotRight = w - RIGHT - labelRoom;
    StringBuilder s = new StringBuilder();
    double max = ref == null ? 0 : ref;
    for (double[] row : values) for (double v : row) max = Math.max(max, v);
    Scale sc = scale(max, false);
    double top = sc.top(), plotH = h - TOP - BOTTOM;
    for (double t : sc.ticks()) {
      double y = h - BOTTOM - t / top * plotH;
      s.append("<line x1=\"").append(num(LEFT)).append("\" y1=\"").append(num(y)).append("\" x2=\"").append(num(plotRight)).append("\" y2=\"").append(num(y)).append("\" stroke=\"#e4e4e4\"/>");
      s.append("<text x=\"").append(num(LEFT - 6)).append("\" y=\"").append(num(y + 4)).append("\" text-anchor=\"end\">").append(esc(yFmt.apply(t))).append("</text>");
    }
    axes(s, plotRight + RIGHT, h, xLabel, yLabel);
    double barW = (groupW - 6) / Math.max(1, k);
    for (int c = 0; c < n; c++) {
      double gx = LEFT + 10 + c * groupW;
      for (int i = 0; i < k; i++) {
        double v = values[i][c], bh = v / top * plotH;
        s.append("<rect class=\"bar\" x=\"").append(num(gx + i * barW)).append("\" y=\"").append(num(h - BOTTOM - bh)).append("\" width=\"").append(num(Math.max(1, barW - 1))).append("\" height=\"").append(num(bh)).append("\" fill=\"").append(colors.get(i)).append("\"><title>")
            .append(esc(categories.get(c) + " " + names.get(i) + ": " + yFmt.apply(v))).append("</title></rect>");
      }
      s.append("<text x=\"").append(num(gx + groupW / 2 - 3)).append("\" y=\"").append(num(h - BOTTOM + 14)).append("\" text-anchor=\"middle\">").append(esc(shorten(categories.get(c), (int) (groupW / 6.5) + 1))).append("</text>");
    }
    if (ref != null) {
      double y = h - BOTTOM - ref / top * plotH;
      s.append("<line class=\"guide\" x1=\"").append(num(LEFT)).append("\" y1=\"").append(num(y)).append("\" x2=\"").append(num(plotRight + 4)).append("\" y2=\"").append(num(y)).append("\" stroke=\"#000\" stroke-dasharray=\"6 4\"/>");
      s.append("<text x=\"").append(num(plotRight + 6)).append("\" y=\"").append(num(y + 4)).append("\">").append(esc(refLabel)).append("</text>");
    }
    return finish(aria, w, h, s, names, colors, null);
  }

  /**
   * Horizontal stacked bars, one per label ({@code values[part][row]}), with an optional dashed vertical guideline (the
   * partition-size guideline on the largest-partitions chart).
   */
  static String horizontalBars(String aria, List<String> labels, List<String> parts, List<String> colors,
      double[][] values, String xLabel, Double guide, String guideLabel, DoubleFunction<String> fmt, boolean bytes) {
    int n = labels.size(), left = 190, rowH = 22;
    int w = W, h = TOP + n * rowH + BOTTOM;
    StringBuilder s = new StringBuilder();
    double max = guide == null ? 0 : guide;
    for (int r = 0; r < n; r++) {
      double sum = 0;
      for (double[] p : values) sum += p[r];
      max = Math.max(max, sum);
    }
    Scale sc = scale(max, bytes);
    double top = sc.top(), plotW = w - left - RIGHT - 70;
    for (double t : sc.ticks()) {
      double x = left + t / top * plotW;
      s.append("<line x1=\"").append(num(x)).append("\" y1=\"").append(num(TOP)).append("\" x2=\"").append(num(x)).append("\" y2=\"").append(num(h - BOTTOM)).append("\" stroke=\"#e4e4e4\"/>");
      s.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(h - BOTTOM + 14)).append("\" text-anchor=\"middle\">").append(esc(fmt.apply(t))).append("</text>");
    }
    s.append("<line x1=\"").append(left).append("\" y1=\"").append(h - BOTTOM).append("\" x2=\"").append(w - RIGHT - 70).append("\" y2=\"").append(h - BOTTOM).append("\" stroke=\"#333\"/>");
    s.append("<line x1=\"").append(left).append("\" y1=\"").append(TOP).append("\" x2=\"").append(left).append("\" y2=\"").append(h - BOTTOM).append("\" stroke=\"#333\"/>");
    s.append("<text class=\"axis-label\" x=\"").append(num(left + plotW / 2)).append("\" y=\"").append(h - 12).append("\" text-anchor=\"middle\" font-size=\"12\">").append(esc(xLabel)).append("</text>");
    for (int r = 0; r < n; r++) {
      double y = TOP + r * rowH + 3, x = left, sum = 0;
      for (int p = 0; p < parts.size(); p++) {
        double bw = values[p][r] / top * plotW;
        s.append("<rect class=\"bar\" x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"").append(num(bw)).append("\" height=\"").append(rowH - 6).append("\" fill=\"").append(colors.get(p)).append("\"><title>")
            .append(esc(labels.get(r) + " " + parts.get(p) + ": " + fmt.apply(values[p][r]))).append("</title></rect>");
        x += bw;
        sum += values[p][r];
      }
      s.append("<text x=\"").append(left - 6).append("\" y=\"").append(num(y + rowH - 10)).append("\" text-anchor=\"end\">").append(esc(shorten(labels.get(r), 28))).append("</text>");
      s.append("<text x=\"").append(num(x + 4)).append("\" y=\"").append(num(y + rowH - 10)).append("\"").append(HALO).append(">").append(esc(fmt.apply(sum))).append("</text>");
    }
    if (guide != null) {
      double x = left + guide / top * plotW;
      s.append("<line class=\"guide\" x1=\"").append(num(x)).append("\" y1=\"").append(TOP - 6).append("\" x2=\"").append(num(x)).append("\" y2=\"").append(h - BOTTOM).append("\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>");
      s.append("<text x=\"").append(num(x)).append("\" y=\"").append(TOP - 9).append("\" text-anchor=\"middle\" fill=\"#c0392b\">").append(esc(guideLabel)).append("</text>");
    }
    return parts.size() > 1 ? finish(aria, w, h, s, parts, colors, null) : finish(aria, w, h, s, List.of(), List.of(), null);
  }

  /** Partition-size histogram on a log2 byte axis, with the guideline as a vertical line. */
  static String sizeHistogram(String aria, List<PartitionSizeReport.SizeBucket> buckets, long guide, String guideLabel, Labels t) {
    int w = W, h = H;
    StringBuilder s = open(aria, w, h);
    double lo = Double.MAX_VALUE, hi = 0, maxCount = 0;
    for (PartitionSizeReport.SizeBucket b : buckets) {
      lo = Math.min(lo, Math.max(1, b.fromBytes()));
      hi = Math.max(hi, b.toBytes());
      maxCount = Math.max(maxCount, b.partitions());
    }
    if (guide > 0) {
      hi = Math.max(hi, guide * 2.0);
      lo = Math.min(lo, guide);
    }
    if (lo == Double.MAX_VALUE) lo = 1;
    if (hi <= lo) hi = lo * 2;
    double l0 = Math.floor(log2(lo)), l1 = Math.ceil(log2(hi));
    // counts on a log scale: the few huge partitions that matter would be invisible next to thousands of small ones
    double plotW = w - LEFT - RIGHT, plotH = h - TOP - BOTTOM;
    double topExp = Math.max(1, Math.ceil(Math.log10(Math.max(1, maxCount)))), topLog = Math.log10(1 + Math.pow(10, topExp));
    DoubleFunction<Double> barH = c -> Math.log10(1 + c) / topLog * plotH;
    DoubleFunction<Double> X = v -> LEFT + (log2(Math.max(v, Math.pow(2, l0))) - l0) / (l1 - l0) * plotW;
    for (double e = 0; e <= topExp; e++) {
      double tick = Math.pow(10, e), y = h - BOTTOM - barH.apply(tick);
      s.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(num(y)).append("\" x2=\"").append(w - RIGHT).append("\" y2=\"").append(num(y)).append("\" stroke=\"#e4e4e4\"/>");
      s.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(num(y + 4)).append("\" text-anchor=\"end\">").append(esc(Html.fig(tick))).append("</text>");
    }
    int step = (int) Math.max(1, Math.ceil((l1 - l0) / 10));
    for (double e = l0; e <= l1; e += step) {
      double x = X.apply(Math.pow(2, e));
      s.append("<line x1=\"").append(num(x)).append("\" y1=\"").append(h - BOTTOM).append("\" x2=\"").append(num(x)).append("\" y2=\"").append(h - BOTTOM + 4).append("\" stroke=\"#333\"/>");
      s.append("<text x=\"").append(num(x)).append("\" y=\"").append(h - BOTTOM + 16).append("\" text-anchor=\"middle\">").append(esc(shortBytes(Math.pow(2, e)))).append("</text>");
    }
    axes(s, w, h, t.get("sizes.histogram.x"), t.get("sizes.histogram.y"));
    for (PartitionSizeReport.SizeBucket b : buckets) {
      double x0 = X.apply(Math.max(1, b.fromBytes())), x1 = X.apply(b.toBytes()), bh = barH.apply(b.partitions());
      s.append("<rect class=\"bar\" x=\"").append(num(x0)).append("\" y=\"").append(num(h - BOTTOM - bh)).append("\" width=\"").append(num(Math.max(1, x1 - x0 - 1))).append("\" height=\"").append(num(bh)).append("\" fill=\"#4a78b5\"><title>")
          .append(esc(t.f("sizes.histogram.bar", Html.bytes(b.fromBytes()), Html.bytes(b.toBytes()), b.partitions()))).append("</title></rect>");
    }
    if (guide > 0) {
      double x = X.apply(guide);
      s.append("<line class=\"guide\" x1=\"").append(num(x)).append("\" y1=\"").append(TOP).append("\" x2=\"").append(num(x)).append("\" y2=\"").append(h - BOTTOM).append("\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>");
      // the label goes on the side of the line with room for it, never over the y axis's tick labels
      boolean right = x < LEFT + plotW / 2;
      s.append("<text x=\"").append(num(right ? x + 4 : x - 4)).append("\" y=\"").append(TOP + 10).append("\" text-anchor=\"").append(right ? "start" : "end")
          .append("\" fill=\"#c0392b\"").append(HALO).append(">").append(esc(guideLabel)).append("</text>");
    }
    return s.append("</svg>").toString();
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  static String shortBytes(double b) {
    String[] u = {"B", "K", "M", "G", "T"};
    int i = 0;
    while (b >= 1024 && i < u.length - 1) {
      b /= 1024;
      i++;
    }
    return (b == Math.rint(b) ? String.valueOf((long) b) : String.format(java.util.Locale.ROOT, "%.1f", b)) + u[i];
  }

  static String shorten(String s, int max) {
    return s.length() <= max ? s : s.substring(0, Math.max(1, max - 1)) + "\u2026";
  }
}
