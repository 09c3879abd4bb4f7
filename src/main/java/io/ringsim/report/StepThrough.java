package io.ringsim.report;

import static io.ringsim.report.Html.esc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "step through the run" section of report.html: a time slider over the run's simulated seconds, with play and
 * step buttons, showing at each second every node's state (up, down, partitioned away, slow, clock skew), the hints
 * pending for it, the messages in flight, the events of that second and the operations of its bucket per consistency
 * level. All of it is one compact JSON array per kind of figure, embedded in the page and drawn by step-through.js.
 */
final class StepThrough {
  private StepThrough() {}

  static final int DOWN = 1, PARTITIONED = 2, SLOW = 4, SKEWED = 8, NOT_JOINED = 16;
  /** One character per node per second: its state bits as a base-32 digit. */
  private static final String DIGITS = "0123456789abcdefghijklmnopqrstuv";

  static final String STYLE = ".steps{display:flex;flex-wrap:wrap;gap:8px 32px;align-items:flex-start}"
      + ".steps figure{margin:0;flex:0 1 380px}.step-bar{display:flex;gap:8px;align-items:center;margin:8px 0;flex-wrap:wrap}"
      + ".step-bar input[type=range]{flex:1 1 420px}.step-bar button{font:inherit;min-width:4.5em}"
      + ".step-time{font-variant-numeric:tabular-nums;min-width:7em;font-weight:600}"
      + "#step-ring circle.node{stroke:#333;stroke-width:1.5}#step-ring .up{fill:#59a14f}#step-ring .down{fill:#bbb;stroke-dasharray:3 2}"
      + "#step-ring .part{fill:#f28e2b}#step-ring .slow{stroke:#b07aa1;stroke-width:5}#step-ring .skew{stroke:#4e79a7;stroke-width:5}"
      + "#step-ring .off{fill:#fff;stroke-dasharray:2 3}.step-side{font-size:12px;flex:1 1 360px}.step-side table{margin:4px 0}"
      + ".step-side .down{color:#b3261e;font-weight:600}.step-side .part{color:#b35900;font-weight:600}";

  static void section(StringBuilder b, RunReport r, RunViews views, Labels t) {
    b.append("<section id=\"step-through\">\n<h2>").append(esc(t.get("section.step-through"))).append("</h2>\n");
    List<String> nodes = r.cluster().nodes().stream().map(ClusterInfo.NodeInfo::name).toList();
    int seconds = (int) Math.max(1, (r.scenario().simulatedMillis() + 999) / 1000);
    if (nodes.isEmpty()) {
      b.append("<p>").append(esc(t.get("step.no-nodes"))).append("</p>\n</section>\n");
      return;
    }
    b.append("<p>").append(t.get("step.intro")).append("</p>\n");
    b.append("<div class=\"step-bar\"><button type=\"button\" class=\"step-back\" title=\"").append(esc(t.get("step.back")))
        .append("\">\u25c0 1 s</button><button type=\"button\" class=\"step-play\">").append(esc(t.get("step.play")))
        .append("</button><button type=\"button\" class=\"step-fwd\" title=\"").append(esc(t.get("step.fwd")))
        .append("\">1 s \u25b6</button><input type=\"range\" class=\"step-slider\" min=\"0\" max=\"").append(seconds - 1)
        .append("\" step=\"1\" value=\"0\" aria-label=\"").append(esc(t.get("axis.simulated-time")))
        .append("\"><span class=\"step-time\">0 s</span></div>\n");
    b.append("<div class=\"steps\"><figure>").append(ringSvg(nodes)).append("<figcaption>").append(esc(t.get("step.caption")))
        .append("</figcaption></figure>\n<div class=\"step-side\"></div></div>\n");
    b.append("<script type=\"application/json\" id=\"step-data\">").append(RingExplorer.json(data(r, views, nodes, seconds, t)))
        .append("</script>\n<script>").append(RingExplorer.script("step-through.js")).append("</script>\n</section>\n");
  }

  private static String ringSvg(List<String> nodes) {
    double c = 180, radius = 130;
    int n = nodes.size();
    double nodeR = Math.max(4, Math.min(18, Math.PI * radius / n - 3));
    boolean labels = n <= 24;
    StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"step-ring\" class=\"chart\" width=\"360\" "
        + "height=\"360\" viewBox=\"0 0 360 360\" role=\"img\" aria-label=\"cluster at a time\" font-family=\"system-ui,sans-serif\" "
        + "font-size=\"11\">");
    s.append(String.format(Locale.ROOT, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"%.0f\" fill=\"none\" stroke=\"#ddd\" stroke-width=\"6\"/>", c, c, radius));
    for (int i = 0; i < n; i++) {
      double a = 2 * Math.PI * i / n - Math.PI / 2;
      double x = c + radius * Math.cos(a), y = c + radius * Math.sin(a);
      s.append(String.format(Locale.ROOT, "<circle class=\"node up\" data-node=\"%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"><title>%s</title></circle>",
          i, x, y, nodeR, esc(nodes.get(i))));
      if (labels) {
        // names outside the ring, the hints pending inside it, both centred on the node's spoke
        double lx = c + (radius + nodeR + 12) * Math.cos(a), ly = c + (radius + nodeR + 12) * Math.sin(a) + 4;
        double hx = c + (radius - nodeR - 14) * Math.cos(a), hy = c + (radius - nodeR - 14) * Math.sin(a) + 4;
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>", lx, ly, esc(SvgCharts.shorten(nodes.get(i), 8))));
        s.append(String.format(Locale.ROOT, "<text class=\"hints\" data-node=\"%d\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#666\"></text>", i, hx, hy));
      }
    }
    s.append(String.format(Locale.ROOT, "<text class=\"clock\" x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" font-size=\"16\">0 s</text>", c, c - 2));
    s.append(String.format(Locale.ROOT, "<text class=\"wire\" x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" fill=\"#555\"></text>", c, c + 16));
    return s.append("</svg>").toString();
  }

  private static Map<String, Object> data(RunReport r, RunViews v, List<String> nodes, int seconds, Labels t) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("seconds", seconds);
    d.put("bucket_ms", r.timeSeries().bucketMillis());
    d.put("nodes", nodes);
    d.put("states", states(r, nodes, seconds));
    Map<String, List<TimeSeries.LevelPoint>> byLevel = new TreeMap<>();
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) byLevel.computeIfAbsent(p.consistency(), k -> new ArrayList<>()).add(p);
    int buckets = (int) ((long) seconds * 1000 / r.timeSeries().bucketMillis() + 1);
    List<Object> ops = new ArrayList<>();
    for (var e : byLevel.entrySet()) {
      // per bucket: ok, failed, and the failures by error class in words ("WriteTimeout 3, Unavailable 1")
      List<Object> perBucket = new ArrayList<>();
      for (int i = 0; i < buckets; i++) perBucket.add(null);
      for (TimeSeries.LevelPoint p : e.getValue()) {
        int i = (int) (p.atMillis() / r.timeSeries().bucketMillis());
        if (i < 0 || i >= buckets) continue;
        StringBuilder why = new StringBuilder();
        p.failures().forEach((k, n) -> why.append(why.length() == 0 ? "" : ", ").append(k).append(' ').append(n));
        perBucket.set(i, List.of(p.ok(), p.failed(), why.toString()));
      }
      // A LinkedHashMap, not Map.of: Map.of's iteration order changes from one JVM to the next, and the page must not.
      Map<String, Object> level = new LinkedHashMap<>();
      level.put("level", e.getKey());
      level.put("buckets", perBucket);
      ops.add(level);
    }
    d.put("ops", ops);
    List<Object> events = new ArrayList<>();
    for (RunEvent e : r.events()) events.add(List.of(e.atMillis(), e.kind(), t.say(e.text())));
    d.put("events", events);
    d.put("sent", clip(v.sent(), seconds));
    d.put("dropped", clip(v.dropped(), seconds));
    List<Double> inFlight = new ArrayList<>();
    for (double x : clip(v.inFlight(), seconds)) inFlight.add(Math.round(x * 10) / 10.0);
    d.put("in_flight", inFlight);
    List<Object> hints = new ArrayList<>();
    boolean anyHints = false;
    for (String n : nodes) {
      List<Integer> h = clip(v.hintsPending().getOrDefault(n, List.of()), seconds);
      anyHints |= !h.isEmpty();
      hints.add(h);
    }
    d.put("hints", anyHints ? hints : null);
    // the script's words; English needs none (they are the script's own), which keeps an English page as it was
    if (t.lang() != Lang.EN) d.put("words", scriptWords(t, "step.js."));
    return d;
  }

  /** The labels under {@code prefix}, keyed by the rest of their key, for a page's script. */
  static Map<String, String> scriptWords(Labels t, String prefix) {
    Map<String, String> w = new TreeMap<>();
    for (String k : t.keys()) if (k.startsWith(prefix)) w.put(k.substring(prefix.length()), t.get(k));
    return w;
  }

  private static <T> List<T> clip(List<T> l, int seconds) {
    return l.size() <= seconds ? l : l.subList(0, seconds);
  }

  private static final Pattern NUMBER = Pattern.compile("(-?\\d+) ms");

  /**
   * Each second's node states, one string per second with a base-32 digit per node, replayed from the run's events:
   * what the node was at the end of that second.
   */
  static List<String> states(RunReport r, List<String> nodes, int seconds) {
    Map<String, Integer> index = new LinkedHashMap<>();
    for (int i = 0; i < nodes.size(); i++) index.put(nodes.get(i), i);
    int[] state = new int[nodes.size()];
    // a node that bootstraps during the run is not part of the ring before it joins
    for (RunEvent e : r.events())
      if (e.kind().startsWith("bootstrap")) {
        Integer i = index.get(firstWord(e));
        if (i != null) state[i] |= NOT_JOINED;
      }
    List<RunEvent> events = r.events();
    List<String> out = new ArrayList<>(seconds);
    int next = 0;
    for (int s = 0; s < seconds; s++) {
      long end = (s + 1) * 1000L;
      while (next < events.size() && events.get(next).atMillis() < end) apply(events.get(next++), index, state);
      StringBuilder b = new StringBuilder(nodes.size());
      for (int x : state) b.append(DIGITS.charAt(x & 31));
      out.add(b.toString());
    }
    return out;
  }

  private static String firstWord(RunEvent e) {
    if (!e.node().isEmpty()) return e.node();
    String t = e.text().trim();
    int sp = t.indexOf(' ');
    return sp < 0 ? t : t.substring(0, sp);
  }

  private static void apply(RunEvent e, Map<String, Integer> index, int[] state) {
    Integer i = index.get(firstWord(e));
    switch (e.kind()) {
      case "crash", "stop", "kill", "decommission" -> { if (i != null) state[i] |= DOWN; }
      case "restart" -> { if (i != null) state[i] &= ~DOWN; }
      case "bootstrap" -> { if (i != null) state[i] &= ~NOT_JOINED; }
      case "slow" -> { if (i != null) state[i] = millis(e) > 0 ? state[i] | SLOW : state[i] & ~SLOW; }
      case "clock-skew" -> { if (i != null) state[i] = millis(e) != 0 ? state[i] | SKEWED : state[i] & ~SKEWED; }
      case "heal" -> { for (int k = 0; k < state.length; k++) state[k] &= ~PARTITIONED; }
      case "partition" -> partition(e.text(), index, state);
      default -> { }
    }
  }

  private static long millis(RunEvent e) {
    Matcher m = NUMBER.matcher(e.text());
    return m.find() ? Long.parseLong(m.group(1)) : 1;
  }

  /** "partition [n1, n2] | [n3]" or "one-way cut [n1] -> [n2]": the smaller side is the one cut away (both when even). */
  private static void partition(String text, Map<String, Integer> index, int[] state) {
    String[] sides = text.split(" \\| | -> ", 2);
    if (sides.length < 2) return;
    TreeSet<Integer> a = names(sides[0], index), b = names(sides[1], index);
    if (a.size() <= b.size()) for (int i : a) state[i] |= PARTITIONED;
    if (b.size() <= a.size()) for (int i : b) state[i] |= PARTITIONED;
  }

  private static TreeSet<Integer> names(String side, Map<String, Integer> index) {
    TreeSet<Integer> out = new TreeSet<>();
    for (String w : side.split("[\\s\\[\\]{},]+")) {
      Integer i = index.get(w);
      if (i != null) out.add(i);
    }
    return out;
  }
}
