package io.ringsim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The English catalogue's {@code say.*} labels read backwards: for a sentence the simulator wrote, the label it was
 * written from and the figures that went into it. When two labels match, the one with more fixed words wins (the more
 * specific sentence), so "{0} restarted for the final check" beats "{0} restarted, {1}".
 */
final class Sentences {
  private static final java.util.Map<String, Sentences> BY_PREFIX = new java.util.concurrent.ConcurrentHashMap<>();

  /** A label as a pattern: its fixed words quoted, each {n} a group. */
  private record Form(String key, Pattern pattern, int[] order, int fixed) {}

  private final List<Form> forms;

  private Sentences(List<Form> forms) {
    this.forms = forms;
  }

  static Sentences of(Labels en) {
    return of(en, "say.");
  }

  /** The English labels whose keys start with {@code prefix}, read backwards: say.* for the simulator's sentences. */
  static Sentences of(Labels en, String prefix) {
    return BY_PREFIX.computeIfAbsent(prefix, p -> {
      List<Form> forms = new ArrayList<>();
      for (String k : en.keys()) if (k.startsWith(p)) forms.add(form(k, en.get(k)));
      // most fixed words first: the first that matches is the most specific
      forms.sort((a, b) -> Integer.compare(b.fixed, a.fixed));
      return new Sentences(List.copyOf(forms));
    });
  }

  private static final Pattern PLACE = Pattern.compile("\\{(\\d{1,2})}");

  static Form form(String key, String text) {
    StringBuilder re = new StringBuilder();
    List<Integer> order = new ArrayList<>();
    Matcher m = PLACE.matcher(text);
    int last = 0, fixed = 0;
    while (m.find()) {
      re.append(Pattern.quote(text.substring(last, m.start())));
      fixed += m.start() - last;
      re.append("(.*?)");
      order.add(Integer.parseInt(m.group(1)));
      last = m.end();
    }
    re.append(Pattern.quote(text.substring(last)));
    fixed += text.length() - last;
    return new Form(key, Pattern.compile(re.toString(), Pattern.DOTALL), order.stream().mapToInt(i -> i).toArray(),
        fixed);
  }

  /**
   * The figures of the sentence {@code template} wrote where {@code text} holds it (alone or inside a longer one), in
   * the template's order ({0} first); null when it holds none.
   */
  static String[] figures(String template, String text) {
    Form f = form("", template);
    Matcher m = f.pattern.matcher(text);
    if (!m.find()) return null;
    int n = 0;
    for (int i : f.order) n = Math.max(n, i + 1);
    String[] out = new String[n];
    for (int g = 0; g < f.order.length; g++) out[f.order[g]] = m.group(g + 1);
    return out;
  }

  /**
   * {@code english} in {@code to}'s language; {@code depth} bounds the sentences said inside sentences. Of the labels
   * that match, the most specific is taken whose figures with a space in them are sentences themselves: a figure is a
   * word, a number or a sentence, so a label that would take "n2 saw no row" for a node is the wrong one ("read #{0}
   * at {1} via {2}, {3}" against "read #{0} at {1} via {2} {3}"). When none is, the most specific (a list of nodes,
   * a CQL statement in a figure).
   *
   * <p>A CQL string literal in the sentence (a row of grade's, 'Smith, John') is one figure or part of one, never split:
   * the sentence is first read with each literal masked, so a label's own words inside it (", ", "; missing ") do not
   * end a figure there; only when that reads nothing is the sentence read as it is.
   */
  String say(String english, Labels to, int depth) {
    List<String> literals = new ArrayList<>();
    String masked = mask(english, literals);
    Reading m = literals.isEmpty() ? null : read(masked, literals, to, depth);
    if (m != null && m.allFiguresRead) return m.text;
    Reading p = read(english, List.of(), to, depth);
    if (p != null && p.allFiguresRead) return p.text;
    return m != null ? m.text : p != null ? p.text : english;
  }

  private record Reading(String text, boolean allFiguresRead) {}

  private Reading read(String english, List<String> literals, Labels to, int depth) {
    Reading fallback = null;
    for (Form f : forms) {
      if (f.fixed == 0) continue;
      Matcher m = f.pattern.matcher(english);
      if (!m.matches() || splitsALiteral(m, literals)) continue;
      int n = 0;
      for (int i : f.order) n = Math.max(n, i + 1);
      Object[] args = new Object[n];
      boolean figuresRead = true;
      for (int g = 0; g < f.order.length; g++) {
        String masked = m.group(g + 1), v = unmask(masked, literals);
        String said = depth < 4 && !v.isEmpty() ? say(v, to, depth + 1) : v;
        // a space inside a literal ('Smith, John') does not make the figure a would-be sentence
        if (masked.indexOf(' ') >= 0 && said.equals(v)) figuresRead = false;
        args[f.order[g]] = said;
      }
      String out = to.f(f.key, args);
      if (figuresRead) return new Reading(out, true);
      if (fallback == null) fallback = new Reading(out, false);
    }
    return fallback;
  }

  /** Whether a figure of the match starts or ends inside a CQL string literal: a wrong reading of the sentence. */
  private static boolean splitsALiteral(Matcher m, List<String> literals) {
    for (int g = 1; g <= m.groupCount(); g++) if (!balanced(unmask(m.group(g), literals))) return true;
    return false;
  }

  /**
   * Whether {@code s} holds whole literals only: an even count of quotes, an English apostrophe between two letters
   * (Cassandra's) not counted.
   */
  static boolean balanced(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) != '\'') continue;
      boolean letterBefore = i > 0 && Character.isLetter(s.charAt(i - 1));
      boolean letterAfter = i + 1 < s.length() && Character.isLetter(s.charAt(i + 1));
      if (!(letterBefore && letterAfter)) n++;
    }
    return n % 2 == 0;
  }

  /** Marks a masked literal: private-use characters, which no label holds. */
  private static final char OPEN = '\uE000', CLOSE = '\uE001';

  /**
   * {@code s} with each CQL string literal ('…', '' inside for a quote) replaced by a token that {@link #unmask} turns
   * back. A literal opens at a quote not preceded by a letter or digit and closes at a quote not followed by one, so
   * an English apostrophe (Cassandra's) opens none.
   */
  static String mask(String s, List<String> literals) {
    StringBuilder b = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '\'' && (i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1)))) {
        int j = i + 1;
        int end = -1;
        while (j < s.length()) {
          if (s.charAt(j) == '\'') {
            if (j + 1 < s.length() && s.charAt(j + 1) == '\'') {
              j += 2;
              continue;
            }
            if (j + 1 == s.length() || !Character.isLetterOrDigit(s.charAt(j + 1))) end = j;
            break;
          }
          j++;
        }
        if (end > 0) {
          b.append(OPEN).append(literals.size()).append(CLOSE);
          literals.add(s.substring(i, end + 1));
          i = end + 1;
          continue;
        }
      }
      b.append(c);
      i++;
    }
    return b.toString();
  }

  static String unmask(String s, List<String> literals) {
    if (literals.isEmpty() || s.indexOf(OPEN) < 0) return s;
    StringBuilder b = new StringBuilder(s.length() + 16);
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      int close = c == OPEN ? s.indexOf(CLOSE, i) : -1;
      if (close > i) {
        b.append(literals.get(Integer.parseInt(s.substring(i + 1, close))));
        i = close + 1;
      } else {
        b.append(c);
        i++;
      }
    }
    return b.toString();
  }
}
