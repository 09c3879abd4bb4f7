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
  private static volatile Sentences english;

  /** A label as a pattern: its fixed words quoted, each {n} a group. */
  private record Form(String key, Pattern pattern, int[] order, int fixed) {}

  private final List<Form> forms;

  private Sentences(List<Form> forms) {
    this.forms = forms;
  }

  static Sentences of(Labels en) {
    Sentences s = english;
    if (s == null) {
      List<Form> forms = new ArrayList<>();
      for (String k : en.keys()) if (k.startsWith("say.")) forms.add(form(k, en.get(k)));
      // most fixed words first: the first that matches is the most specific
      forms.sort((a, b) -> Integer.compare(b.fixed, a.fixed));
      english = s = new Sentences(List.copyOf(forms));
    }
    return s;
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
   * {@code english} in {@code to}'s language; {@code depth} bounds the sentences said inside sentences. Of the labels
   * that match, the most specific is taken whose figures with a space in them are sentences themselves: a figure is a
   * word, a number or a sentence, so a label that would take "n2 saw no row" for a node is the wrong one ("read #{0}
   * at {1} via {2}, {3}" against "read #{0} at {1} via {2} {3}"). When none is, the most specific (a list of nodes,
   * a CQL statement in a figure).
   */
  String say(String english, Labels to, int depth) {
    String fallback = null;
    for (Form f : forms) {
      if (f.fixed == 0) continue;
      Matcher m = f.pattern.matcher(english);
      if (!m.matches()) continue;
      int n = 0;
      for (int i : f.order) n = Math.max(n, i + 1);
      Object[] args = new Object[n];
      boolean figuresRead = true;
      for (int g = 0; g < f.order.length; g++) {
        String v = m.group(g + 1);
        String said = depth < 4 && !v.isEmpty() ? say(v, to, depth + 1) : v;
        if (v.indexOf(' ') >= 0 && said.equals(v)) figuresRead = false;
        args[f.order[g]] = said;
      }
      String out = to.f(f.key, args);
      if (figuresRead) return out;
      if (fallback == null) fallback = out;
    }
    return fallback != null ? fallback : english;
  }
}
