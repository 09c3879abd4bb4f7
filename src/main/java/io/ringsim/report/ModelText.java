package io.ringsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.ringsim.report.ModelReport.Figures;
import io.ringsim.report.ModelReport.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The model's report as terminal text, and as JSON (the same content, for scripts). */
public final class ModelText {
  private ModelText() {}

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public static String json(ModelReport r) {
    try {
      return MAPPER.writeValueAsString(r) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String text(ModelReport r) {
    return text(r, Lang.EN);
  }

  /**
   * The report in {@code lang}: its labels from the model.* keys, its findings' and suggestions' sentences (written in
   * English from the say.model.* keys) said in that language; figures, codes, names and CQL as they are.
   */
  public static String text(ModelReport r, Lang lang) {
    Labels t = lang.labels();
    StringBuilder sb = new StringBuilder();
    sb.append(t.f("model.text.head", r.scenario(), r.cluster().nodes(), r.cluster().vnodes(), r.cluster().partitioner(),
        duration(r.durationMillis(), t)));
    if (r.scale() != 1) sb.append(t.f("model.text.scale", num(r.scale())));
    sb.append("\n").append(t.f("model.text.limits", bytes(r.limits().partitionBytes()),
        String.format(Locale.ROOT, "%,d", r.limits().partitionRows()), r.limits().tombstones(),
        r.limits().tombstoneFailure(), num(r.limits().hotRatio()), num(r.limits().skew()))).append("\n");
    for (ModelReport.Table tb : r.tables()) {
      sb.append("\n").append(t.f("model.text.table", tb.name(), tb.primaryKey(), tb.replicationFactor(),
          tb.workloads().isEmpty() ? t.get("model.no-workload") : String.join(", ", tb.workloads()))).append("\n");
      sb.append("  ").append(t.f("model.text.formula", say(t, tb.formula()))).append("\n");
      List<List<String>> rows = new ArrayList<>();
      rows.add(row(t.get("model.predicted"), tb.predicted()));
      if (tb.measured() != null) rows.add(row(t.get("model.measured"), tb.measured()));
      sb.append(indent(TextTable.render(List.of("", t.get("model.th.partitions"), t.get("model.th.rows"),
          t.get("model.th.bytes"), t.get("model.th.rows-pp"), t.get("model.th.cells-pp"), t.get("model.th.bytes-pp"),
          t.get("model.th.tombstones-read")), rows, t)));
      if (tb.sampling() != null) sb.append("  ").append(t.f("model.text.sampling", say(t, tb.sampling().note())))
          .append("\n");
      if (tombstones(tb)) {
        List<List<String>> tr = new ArrayList<>();
        tr.add(tombstoneRow(t.get("model.predicted"), tb.predicted().tombstones()));
        if (tb.measured() != null) tr.add(tombstoneRow(t.get("model.measured"), tb.measured().tombstones()));
        sb.append("  ").append(t.get("model.text.tombstones")).append("\n");
        sb.append(indent(TextTable.render(tombstoneHeader(t), tr, t)));
      }
      if (!tb.hottest().isEmpty()) {
        sb.append("  ").append(t.get("model.text.hottest")).append("\n");
        for (ModelReport.Partition p : tb.hottest()) {
          sb.append("    ").append(t.f("model.text.hot", p.key(), String.format(Locale.ROOT, "%,d", p.writes()),
              pct(p.writeShare()), String.format(Locale.ROOT, "%,d", p.rows()), bytes(p.bytes()),
              String.join(", ", p.replicas()))).append("\n");
        }
      }
      if (!tb.nodes().isEmpty()) {
        StringBuilder nl = new StringBuilder();
        for (ModelReport.Node n : tb.nodes()) {
          if (nl.length() > 0) nl.append(t.get("model.text.node.sep"));
          nl.append(t.f("model.text.node", n.node(), bytes(n.bytes()), pct(n.ownership())));
        }
        sb.append("  ").append(t.f("model.text.load", nl, num(tb.loadMaxOverMean()))).append("\n");
      }
    }
    if (!r.queries().isEmpty()) {
      sb.append("\n").append(t.get("model.text.queries")).append("\n");
      for (ModelReport.Query q : r.queries()) {
        String reads = t.f(q.partitionsTouched() == 1 ? "model.text.reads.one" : "model.text.reads",
            String.format(Locale.ROOT, "%,d", q.partitionsTouched()));
        sb.append("  ").append(q.at()).append("  ").append(q.cql()).append("\n    ").append(say(t, q.access()))
            .append(reads).append(q.needsFiltering() ? t.get("model.text.needs-filtering") : "").append("\n");
      }
    }
    sb.append("\n").append(t.f("model.text.findings", r.findings().isEmpty() ? t.get("model.none")
        : r.findings().size())).append("\n");
    for (ModelReport.Finding f : r.findings()) {
      sb.append("  ").append(f.code()).append("  ").append(say(t, f.subject())).append("\n    ")
          .append(t.f("model.text.evidence", say(t, f.evidence()))).append("\n    ")
          .append(t.f("model.text.threshold", say(t, f.threshold()))).append("\n");
    }
    if (!r.suggestions().isEmpty()) {
      sb.append("\n").append(t.get("model.text.suggestions")).append("\n");
      for (ModelReport.Suggestion s : r.suggestions()) {
        sb.append("  ").append(t.f("model.text.fixes", s.fixes(), say(t, s.subject()), say(t, s.title()))).append("\n");
        for (String c : s.cql()) sb.append("    ").append(c).append("\n");
        for (String q : s.queries()) sb.append("    ").append(q).append("\n");
        List<List<String>> ch = new ArrayList<>();
        for (ModelReport.Change c : s.changes()) ch.add(List.of(say(t, c.figure()), say(t, c.before()), say(t, c.after())));
        sb.append(indent(indent(TextTable.render(List.of("", t.get("model.th.before"), t.get("model.th.after")), ch, t))));
        sb.append("    ").append(say(t, s.verdict())).append("\n");
      }
    }
    return sb.toString();
  }

  /**
   * The model's English sentence {@code s} in {@code t}'s language ({@link Labels#say}). A finding's evidence and a
   * suggestion's verdict join several sentences with "; " and may end with a note in parentheses, so besides the whole,
   * the note and each sentence are also said on their own; the reading that leaves the fewest Latin letters (the
   * fewest English words: figures, names and CQL are the same in every reading) wins.
   */
  static String say(Labels t, String s) {
    if (t.lang() == Lang.EN || s == null || s.isEmpty()) return s;
    String best = t.say(s);
    int open = finalParenthesis(s);
    if (open > 0) {
      String note = s.substring(open + 1), saidNote = t.say(note);
      if (!saidNote.equals(note)) best = fewerLetters(best, say(t, s.substring(0, open)) + saidNote);
    }
    List<String> parts = topLevelParts(s);
    if (parts.size() > 1) {
      StringBuilder b = new StringBuilder();
      for (String p : parts) {
        if (b.length() > 0) b.append(t.get("model.sep"));
        b.append(say(t, p));
      }
      best = fewerLetters(best, b.toString());
    }
    Matcher cost = COST.matcher(s);
    if (cost.matches()) best = fewerLetters(best, t.f("model.cost", cost.group(1), say(t, cost.group(2))));
    Matcher but = BUT.matcher(s);
    if (but.matches()) best = fewerLetters(best, t.f("say.model.but", but.group(1), say(t, but.group(2))));
    return CODES_OR.matcher(best).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + t.get("model.or")));
  }

  /** "FILTERING_QUERY or INDEX_QUERY": the "or" between two findings' codes, which a verdict names. */
  private static final Pattern CODES_OR = Pattern.compile("\\b([A-Z]+_[A-Z_]*[A-Z]) or (?=[A-Z]+_[A-Z_]*[A-Z]\\b)");

  /** A finding's code with its evidence, as a suggestion's verdict names what the change costs. */
  private static final Pattern COST = Pattern.compile("([A-Z][A-Z_]+) \\((.*)\\)", Pattern.DOTALL);

  /** The English "but {0} shows {1}" with its table as the first figure and the costs as the second. */
  private static final Pattern BUT = butPattern();

  private static Pattern butPattern() {
    String[] fixed = Lang.EN.labels().get("say.model.but").split("\\{\\d}", -1);
    return Pattern.compile(Pattern.quote(fixed[0]) + "(\\S+)" + Pattern.quote(fixed[1]) + "(.*)" + Pattern.quote(fixed[2]),
        Pattern.DOTALL);
  }

  private static String fewerLetters(String a, String b) {
    return letters(b) < letters(a) ? b : a;
  }

  private static long letters(String s) {
    return s.chars().filter(c -> (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')).count();
  }

  /** Where the parenthesis that closes {@code s} opens (after a space), or -1. */
  private static int finalParenthesis(String s) {
    if (!s.endsWith(")")) return -1;
    int depth = 0;
    for (int i = s.length() - 1; i >= 0; i--) {
      char c = s.charAt(i);
      if (c == ')') depth++;
      else if (c == '(' && --depth == 0) return i > 0 && s.charAt(i - 1) == ' ' ? i - 1 : -1;
    }
    return -1;
  }

  /** {@code s} split at each "; " outside parentheses and quotes. */
  private static List<String> topLevelParts(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0, from = 0;
    boolean quoted = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"') quoted = !quoted;
      else if (!quoted && c == '(') depth++;
      else if (!quoted && c == ')') depth = Math.max(0, depth - 1);
      else if (!quoted && depth == 0 && c == ';' && i + 1 < s.length() && s.charAt(i + 1) == ' ') {
        out.add(s.substring(from, i));
        from = i + 2;
      }
    }
    out.add(s.substring(from));
    return out;
  }

  private static List<String> row(String label, Figures f) {
    return List.of(label, String.format(Locale.ROOT, "%,d", f.partitions()), String.format(Locale.ROOT, "%,d", f.rows()),
        bytes(f.bytes()), counts(f.rowsPerPartition()), counts(f.cellsPerPartition()), sizes(f.bytesPerPartition()),
        String.format(Locale.ROOT, "%,d", f.maxTombstonesPerRead()));
  }

  static List<String> tombstoneHeader(Labels t) {
    return List.of("", t.get("model.th.t.all"), t.get("model.th.t.cell"), t.get("model.th.t.expired"),
        t.get("model.th.t.row"), t.get("model.th.t.range"), t.get("model.th.t.partition"));
  }

  /** Whether either side has a tombstone to show (a table without deletes or TTL shows none). */
  static boolean tombstones(ModelReport.Table t) {
    return t.predicted().tombstones().any() || (t.measured() != null && t.measured().tombstones().any());
  }

  static List<String> tombstoneRow(String label, ModelReport.Tombstones k) {
    return List.of(label, counts(k.total()), counts(k.cell()), counts(k.expired()), counts(k.row()), counts(k.range()),
        counts(k.partition()));
  }

  static String counts(Spread s) {
    return String.format(Locale.ROOT, "%,d %,d %,d", s.p50(), s.p99(), s.max());
  }

  private static String sizes(Spread s) {
    return bytes(s.p50()) + " " + bytes(s.p99()) + " " + bytes(s.max());
  }

  private static final Pattern ROW_COUNT = Pattern.compile("[(（]\\d+ (rows?|行)[)）]");

  /** Indented by two spaces; the table's "(N rows)" footer and blank lines dropped. */
  private static String indent(String s) {
    StringBuilder sb = new StringBuilder();
    for (String line : s.split("\n")) {
      if (line.isBlank() || ROW_COUNT.matcher(line).matches()) continue;
      sb.append("  ").append(line).append("\n");
    }
    return sb.toString();
  }

  static String bytes(double b) {
    if (b < 1024) return Math.round(b) + " B";
    if (b < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KiB", b / 1024);
    if (b < 1024.0 * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MiB", b / 1024 / 1024);
    return String.format(Locale.ROOT, "%.2f GiB", b / 1024 / 1024 / 1024);
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, share < 0.001 && share > 0 ? "%.4f%%" : "%.1f%%", share * 100);
  }

  static String num(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.2f", d);
  }

  static String duration(long ms) {
    return duration(ms, Lang.EN.labels());
  }

  static String duration(long ms, Labels t) {
    long d = 86_400_000L;
    if (ms >= d) return t.f(ms == d ? "say.model.day" : "say.model.days", num((double) ms / d));
    if (ms >= 3_600_000L) return num(ms / 3_600_000.0) + " h";
    if (ms >= 60_000L) return num(ms / 60_000.0) + " min";
    return num(ms / 1000.0) + " s";
  }
}
