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
  /** Lanes narrower than this cut node and client names to nothing useful: fold the clients first. */
  private static final int MIN_COL = 10;
  /** The width the diagram keeps to, as an 80-column terminal and a 120-column one both read it. */
  public static final int WIDTH = 120;
  private static final int TIME = 12;
  /** Room left after the lanes for an arrow's label (a longer label runs on). */
  static final int LABEL = 40;

  public static String render(SequenceDiagram d) {
    return render(d, WIDTH);
  }

  /**
   * Fits {@code width} columns: when the lanes at full width would not, the client lanes fold into one (each arrow
   * to or from a client then names it); lanes narrow from 16 columns to 10 (names cut to fit) before that.
   */
  public static String render(SequenceDiagram d, int width) {
    return render(d, width, Lang.EN.labels());
  }

  /** As {@link #render(SequenceDiagram, int)}, its notes in {@code t}'s language. */
  public static String render(SequenceDiagram d, int width, Labels t) {
    StringBuilder b = new StringBuilder();
    if (TIME + d.lanes().size() * MIN_COL + LABEL > width && d.clientLanes() > 1) {
      b.append(t.f("diagram.folded", d.clientLanes())).append(String.format("%n"));
      d = foldClients(d, t);
    }
    int col = Math.max(MIN_COL, Math.min(COL, (width - TIME - LABEL) / Math.max(1, d.lanes().size())));
    return b.append(render(d, d.lanes(), col, t)).toString();
  }

  private static SequenceDiagram foldClients(SequenceDiagram d, Labels t) {
    java.util.Set<String> clients = new java.util.HashSet<>(d.lanes().subList(0, d.clientLanes()));
    String lane = t.get("diagram.clients");
    List<String> lanes = new java.util.ArrayList<>();
    lanes.add(lane);
    lanes.addAll(d.lanes().subList(d.clientLanes(), d.lanes().size()));
    List<SequenceDiagram.Arrow> arrows = new java.util.ArrayList<>();
    for (SequenceDiagram.Arrow a : d.arrows()) {
      String client = clients.contains(a.from()) ? a.from() : clients.contains(a.to()) ? a.to() : null;
      arrows.add(client == null ? a : new SequenceDiagram.Arrow(a.sendMicros(), a.arriveMicros(),
          clients.contains(a.from()) ? lane : a.from(), clients.contains(a.to()) ? lane : a.to(),
          client + ": " + a.label(), a.outcome()));
    }
    return new SequenceDiagram(lanes, d.fromMicros(), d.toMicros(), arrows, d.bands(), d.elidedBefore(),
        d.elidedAfter(), 1);
  }

  private static String render(SequenceDiagram d, List<String> lanes, int col, Labels words) {
    StringBuilder b = new StringBuilder();
    if (d.elidedBefore() > 0) b.append(words.f("diagram.elided.before", String.format(Locale.ROOT, "%,d", d.elidedBefore())))
        .append(String.format("%n"));
    String time = words.get("diagram.time");
    b.append(" ".repeat(Math.max(0, 10 - TextTable.columns(time)))).append(time).append("  ");
    for (String l : lanes) b.append(pad(l.length() > col - 1 ? l.substring(0, col - 1) : l, col));
    b.append('\n');
    for (SequenceDiagram.Band band : d.bands()) {
      b.append(String.format(Locale.ROOT, "%10s  [%s]%n", "", band.text()));
    }
    for (SequenceDiagram.Arrow a : d.arrows()) {
      int f = lanes.indexOf(a.from()), t = lanes.indexOf(a.to());
      char[] line = new char[lanes.size() * col];
      java.util.Arrays.fill(line, ' ');
      for (int l = 0; l < lanes.size(); l++) line[l * col] = '|';
      if (a.outcome().equals("event") || f == t) {
        line[f * col] = '*';
      } else {
        int lo = Math.min(f, t) * col, hi = Math.max(f, t) * col;
        for (int i = lo + 1; i < hi; i++) line[i] = '-';
        if (a.dropped()) {
          int x = f < t ? hi - col / 3 : lo + col / 3;
          for (int i = Math.min(x, f * col) + 1; i < Math.max(x, f * col); i++) line[i] = '-';
          for (int i = Math.min(x, t * col) + 1; i < Math.max(x, t * col); i++) line[i] = ' ';
          line[x] = 'X';
        } else if (f < t) line[hi - 1] = '>';
        else line[lo + 1] = '<';
      }
      b.append(String.format(Locale.ROOT, "%10.3f  ", a.sendMicros() / 1e6)).append(new String(line).stripTrailing())
          .append("  ").append(a.label());
      if (a.dropped()) b.append(words.f("diagram.dropped", words.name("diagram.outcome.", a.outcome())));
      else if (!a.outcome().equals("event") && a.arriveMicros() != a.sendMicros())
        b.append(words.f("diagram.arrives", String.format(Locale.ROOT, "%.3f", a.arriveMicros() / 1e6)));
      b.append('\n');
    }
    if (d.elidedAfter() > 0) b.append(words.f("diagram.elided.after", String.format(Locale.ROOT, "%,d", d.elidedAfter())))
        .append(String.format("%n"));
    return b.toString();
  }

  private static String pad(String s, int col) {
    return s + " ".repeat(Math.max(1, col - s.length()));
  }
}
