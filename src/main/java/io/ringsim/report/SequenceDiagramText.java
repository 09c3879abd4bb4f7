package io.ringsim.report;

import java.util.List;
import java.util.Locale;

/**
 * A {@link SequenceDiagram} for the terminal: lanes as columns, one line per message, time on the left. An arrow runs
 * from its sender's column to its receiver's; a dropped message ends in {@code X} and says why; a node event is a
 * {@code *} on its lane.
 */
public final class SequenceDiagramText {
  private SequenceDiagramText() {}

  static final int COL = 16;

  public static String render(SequenceDiagram d) {
    List<String> lanes = d.lanes();
    StringBuilder b = new StringBuilder();
    if (d.elidedBefore() > 0) b.append(String.format(Locale.ROOT, "(%,d earlier messages not shown)%n",
        d.elidedBefore()));
    b.append(String.format(Locale.ROOT, "%10s  ", "time"));
    for (String l : lanes) b.append(pad(l.length() > COL - 1 ? l.substring(0, COL - 1) : l));
    b.append('\n');
    for (SequenceDiagram.Band band : d.bands()) {
      b.append(String.format(Locale.ROOT, "%10s  [%s]%n", "", band.text()));
    }
    for (SequenceDiagram.Arrow a : d.arrows()) {
      int f = lanes.indexOf(a.from()), t = lanes.indexOf(a.to());
      char[] line = new char[lanes.size() * COL];
      java.util.Arrays.fill(line, ' ');
      for (int l = 0; l < lanes.size(); l++) line[l * COL] = '|';
      if (a.outcome().equals("event") || f == t) {
        line[f * COL] = '*';
      } else {
        int lo = Math.min(f, t) * COL, hi = Math.max(f, t) * COL;
        for (int i = lo + 1; i < hi; i++) line[i] = '-';
        if (a.dropped()) {
          int x = f < t ? hi - COL / 3 : lo + COL / 3;
          for (int i = Math.min(x, f * COL) + 1; i < Math.max(x, f * COL); i++) line[i] = '-';
          for (int i = Math.min(x, t * COL) + 1; i < Math.max(x, t * COL); i++) line[i] = ' ';
          line[x] = 'X';
        } else if (f < t) line[hi - 1] = '>';
        else line[lo + 1] = '<';
      }
      b.append(String.format(Locale.ROOT, "%10.3f  ", a.sendMicros() / 1e6)).append(new String(line).stripTrailing())
          .append("  ").append(a.label());
      if (a.dropped()) b.append(" DROPPED: ").append(a.outcome());
      else if (!a.outcome().equals("event") && a.arriveMicros() != a.sendMicros())
        b.append(String.format(Locale.ROOT, " (arrives %.3f s)", a.arriveMicros() / 1e6));
      b.append('\n');
    }
    if (d.elidedAfter() > 0) b.append(String.format(Locale.ROOT, "(%,d later messages not shown)%n",
        d.elidedAfter()));
    return b.toString();
  }

  private static String pad(String s) {
    return s + " ".repeat(Math.max(1, COL - s.length()));
  }
}
