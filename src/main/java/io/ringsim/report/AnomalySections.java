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
  static void listed(StringBuilder b, RunReport r, Labels t) {
    if (total(r) > r.anomalies().size()) {
      b.append("<p class=\"meta\">").append(esc(t.f("anomalies.listed", r.anomalies().size(), total(r)))).append("</p>\n");
    }
  }

  static void append(StringBuilder b, List<AnomalyStory> stories, int anomalies, Labels t) {
    if (stories.isEmpty()) return;
    if (anomalies > stories.size()) {
      b.append("<p class=\"meta\">").append(esc(t.f("anomalies.explained", stories.size(), anomalies)))
          .append("<code>ringsim explain DIR --anomaly N</code>").append(esc(t.get("anomalies.explained.end"))).append("</p>\n");
    }
    for (AnomalyStory s : stories) {
      b.append("<section id=\"anomaly-").append(s.number()).append("\" class=\"anomaly\">\n<h3>")
          .append(esc(t.f("anomaly.h3", s.number(), t.name("anomaly.kind.", s.kind()), s.table(), s.key()))).append("</h3>\n");
      String unknown = t.get("anomaly.unknown");
      b.append("<p class=\"meta\">").append(esc(t.f("anomaly.meta", s.token().isEmpty() ? unknown : s.token(),
          s.replicas().isEmpty() ? unknown : String.join(", ", s.replicas()),
          String.format(Locale.ROOT, "%.3f", s.atMillis() / 1000.0)))).append("</p>\n");
      b.append("<p class=\"story\">").append(esc(s.story())).append("</p>\n");
      if (s.number() <= DRAWN) {
        b.append("<figure>").append(SequenceDiagramSvg.render(s.diagram(), t)).append("<figcaption>")
            .append(esc(caption(s.diagram(), t))).append("</figcaption></figure>\n");
      } else {
        b.append("<p class=\"meta\">").append(esc(t.f("anomaly.not-drawn", DRAWN))).append("<code>ringsim explain DIR --anomaly ")
            .append(s.number()).append("</code>").append(esc(t.get("anomaly.not-drawn.end"))).append("</p>\n");
      }
      b.append("</section>\n");
    }
  }

  /** What the diagram shows and what it leaves out. */
  static String caption(SequenceDiagram d, Labels t) {
    StringBuilder c = new StringBuilder(t.f("diagram.caption", String.format(Locale.ROOT, "%.3f", d.fromMicros() / 1e6),
        String.format(Locale.ROOT, "%.3f", d.toMicros() / 1e6)));
    if (d.elidedBefore() > 0) c.append(t.f("diagram.earlier", String.format(Locale.ROOT, "%,d", d.elidedBefore())));
    if (d.elidedAfter() > 0) c.append(t.f("diagram.later", String.format(Locale.ROOT, "%,d", d.elidedAfter())));
    return c.append(t.get("sentence.end")).toString();
  }
}
