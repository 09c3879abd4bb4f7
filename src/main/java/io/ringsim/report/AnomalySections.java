package io.ringsim.report;

import static io.ringsim.report.Html.esc;

import java.util.List;
import java.util.Locale;

/**
 * The anomalies' stories on report.html: one {@code <section id="anomaly-N">} each with the key, its token and
 * replicas, the story, and the sequence diagram. The run explains its first {@link #DRAWN} anomalies here; the
 * anomalies' table lists them all and {@code ringsim explain DIR --anomaly N} tells any of them, which keeps the
 * page (and the time to write it) small for a run with hundreds.
 */
public final class AnomalySections {
  /** Anomalies drawn with a diagram; later ones get their story only. */
  public static final int DRAWN = 20;

  private AnomalySections() {}

  /** Every anomaly the run found: the summary counts those past the listed ones too. */
  static long total(RunReport r) {
    return Math.max(r.anomalies().size(), r.summary() == null ? 0 : r.summary().anomalies());
  }

  /** Says how many of how many anomalies are listed, when the list does not hold them all. */
  static void listed(StringBuilder b, RunReport r) {
    if (total(r) > r.anomalies().size()) {
      b.append("<p class=\"meta\">The first ").append(r.anomalies().size()).append(" of the ").append(total(r))
          .append(" anomalies are listed.</p>\n");
    }
  }

  static void append(StringBuilder b, List<AnomalyStory> stories, int anomalies) {
    if (stories.isEmpty()) return;
    if (anomalies > stories.size()) {
      b.append("<p class=\"meta\">The first ").append(stories.size()).append(" of the ").append(anomalies)
          .append(" anomalies are explained below; <code>ringsim explain DIR --anomaly N</code> explains any of them."
          + "</p>\n");
    }
    for (AnomalyStory s : stories) {
      b.append("<section id=\"anomaly-").append(s.number()).append("\" class=\"anomaly\">\n<h3>Anomaly ")
          .append(s.number()).append(": ").append(esc(s.kind())).append(" on ").append(esc(s.table())).append(' ')
          .append(esc(s.key())).append("</h3>\n");
      b.append("<p class=\"meta\">token ").append(esc(s.token().isEmpty() ? "unknown" : s.token()))
          .append(" \u00b7 replicas ").append(esc(s.replicas().isEmpty() ? "unknown" : String.join(", ", s.replicas())))
          .append(" \u00b7 at ").append(String.format(Locale.ROOT, "%.3f s", s.atMillis() / 1000.0)).append("</p>\n");
      b.append("<p class=\"story\">").append(esc(s.story())).append("</p>\n");
      if (s.number() <= DRAWN) {
        b.append("<figure>").append(SequenceDiagramSvg.render(s.diagram())).append("<figcaption>")
            .append(esc(caption(s.diagram()))).append("</figcaption></figure>\n");
      } else {
        b.append("<p class=\"meta\">Diagram not drawn (only the first ").append(DRAWN)
            .append(" anomalies are): <code>ringsim explain DIR --anomaly ").append(s.number())
            .append("</code> prints it.</p>\n");
      }
      b.append("</section>\n");
    }
  }

  /** What the diagram shows and what it leaves out. */
  static String caption(SequenceDiagram d) {
    StringBuilder c = new StringBuilder(String.format(Locale.ROOT, "Messages about this key from %.3f s to %.3f s",
        d.fromMicros() / 1e6, d.toMicros() / 1e6));
    if (d.elidedBefore() > 0)
      c.append(String.format(Locale.ROOT, "; %,d earlier messages not shown", d.elidedBefore()));
    if (d.elidedAfter() > 0) c.append(String.format(Locale.ROOT, "; %,d later messages not shown", d.elidedAfter()));
    return c.append('.').toString();
  }
}
