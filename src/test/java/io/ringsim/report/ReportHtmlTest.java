package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** report.html as a reader sees it: every section, well formed, escaped, self-contained. */
class ReportHtmlTest {
  static final Pattern TAG = Pattern.compile("<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*?)(/?)>");
  static final List<String> VOID = List.of("meta", "br", "hr", "img", "input", "link");

  /** Every non-void element is closed in order: enough to catch a broken chart or a leaked '<' from the model. */
  static void assertBalanced(String html) {
    String body = html.substring(html.indexOf("<html"));
    Deque<String> open = new ArrayDeque<>();
    Matcher m = TAG.matcher(body);
    while (m.find()) {
      String name = m.group(2).toLowerCase();
      if (VOID.contains(name) || !m.group(4).isEmpty()) continue;
      if (m.group(1).isEmpty()) open.push(name);
      else {
        assertThat(open).as("closing </%s> at %d", name, m.start()).isNotEmpty();
        assertThat(open.pop()).as("element closed by </%s> at offset %d", name, m.start()).isEqualTo(name);
      }
    }
    assertThat(open).as("unclosed elements").isEmpty();
  }

  /** A student finds a lab's chart from the top of the page: every section is linked, in page order. */
  @Test
  void theTableOfContentsLinksEverySectionInOrder() {
    String html = ReportHtml.render(ReportFixtures.sixNodes());
    int nav = html.indexOf("<nav class=\"contents\"");
    assertThat(nav).isPositive().isLessThan(html.indexOf("<section id="));
    String contents = html.substring(nav, html.indexOf("</nav>", nav));
    java.util.regex.Matcher ids = java.util.regex.Pattern.compile("<section id=\"([^\"]+)\">\n<h2>").matcher(html);
    List<String> sections = new java.util.ArrayList<>();
    while (ids.find()) sections.add(ids.group(1));
    java.util.regex.Matcher links = java.util.regex.Pattern.compile("href=\"#([^\"]+)\"").matcher(contents);
    List<String> linked = new java.util.ArrayList<>();
    while (links.find()) linked.add(links.group(1));
    assertThat(sections).contains("checks", "availability", "partition-sizes", "anomalies");
    assertThat(linked).isEqualTo(sections);
  }

  @Test
  void htmlHasEveryChartSectionWithAnSvgAndIsWellFormed() {
    String html = ReportHtml.render(ReportFixtures.sixNodes());
    assertBalanced(html);
    for (String id : ReportHtml.SECTIONS) assertThat(html).contains("<section id=\"" + id + "\">");
    for (String id : List.of("ring", "ownership-vs-load", "partition-sizes", "hot-partitions", "node-ops", "latency", "availability", "series")) {
      String sec = section(html, id);
      assertThat(sec).as(id).contains("<svg xmlns=\"http://www.w3.org/2000/svg\"");
    }
    // one latency chart per consistency level, two partition-size charts (histogram + largest)
    assertThat(count(section(html, "latency"), "<svg")).isEqualTo(2);
    assertThat(count(section(html, "partition-sizes"), "<svg")).isEqualTo(2);
    assertThat(section(html, "ring")).contains(" d=\"M"); // vnode arcs drawn
    assertThat(section(html, "ring")).doesNotContain("NaN");
    assertThat(html).doesNotContain("NaN").doesNotContain("Infinity");
  }

  @Test
  void failureEventsAreDrawnOnTheTimelines() {
    String html = ReportHtml.render(ReportFixtures.sixNodes());
    String avail = section(html, "availability");
    assertThat(avail).contains("class=\"marker\"").contains("crash n3").contains("restart n3");
    assertThat(avail).contains("stroke=\"#c0392b\""); // crash is red
    assertThat(section(html, "node-ops")).contains("crash n3");
    assertThat(section(html, "availability")).contains("WriteTimeout").contains("ReadTimeout");
  }

  @Test
  void guidelineAndLargestPartitionsAreNamed() {
    String sec = section(ReportHtml.render(ReportFixtures.sixNodes()), "partition-sizes");
    assertThat(sec).contains("class=\"guide\"").contains("guideline 976.6K").contains("10001").contains("2.40"); // 2.4 MB / 1 MB
  }

  @Test
  void noExternalResourcesAndOnlyItsOwnInlineScripts() {
    String html = ReportHtml.render(ReportFixtures.sixNodes());
    // in-page links (the table of contents) fetch nothing
    String withoutNs = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "").replace("'http://www.w3.org/2000/svg'", "")
        .replaceAll("href=\"#[a-z0-9-]+\"", "");
    assertThat(withoutNs).doesNotContainPattern("(?i)(src|href)\\s*=").doesNotContainPattern("(?i)https?://").doesNotContain("@import").doesNotContain("url(");
    // the time slider's data and code, inline; nothing fetched
    assertThat(count(html, "<script")).isEqualTo(2);
    assertThat(html).contains("<script type=\"application/json\" id=\"step-data\">").doesNotContain("fetch(").doesNotContain("XMLHttpRequest");
  }

  @Test
  void textFromTheModelIsEscaped() {
    String html = ReportHtml.render(ReportFixtures.sixNodes());
    assertThat(html).doesNotContain(ReportFixtures.EVIL_KEY).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    assertThat(html).contains("&amp; &lt;b&gt;more&lt;/b&gt;");
  }

  @Test
  void scenarioFiguresQueriesAndSeriesHaveTheirSections() {
    String html = ReportHtml.render(ReportFixtures.sixNodes());
    assertThat(section(html, "figures")).contains("hints replayed").contains("412");
    assertThat(section(html, "queries")).contains("ALLOW FILTERING").contains("3967.7"); // 1,230,000 scanned for 310 returned
    assertThat(section(html, "series")).contains("hints pending").contains("<svg");
    assertThat(section(html, "storage")).contains("shop.orders_by_zip").contains("tombstones scanned");
    assertThat(section(html, "anomalies")).contains("stale-read").contains("4.30 s");
  }

  @Test
  void aLegendOfManyNodesPushesThePlotDownInsteadOfCoveringIt() {
    RunReport.Builder b = RunReport.builder("big");
    for (int i = 1; i <= 24; i++) b.node("node-" + i, "dc1", "r1", List.of(), 0.125, true).nodeOps(0, "node-" + i, i);
    String ops = section(ReportHtml.render(b.build()), "node-ops");
    Matcher h = Pattern.compile("height=\"(\\d+)\"").matcher(ops);
    assertThat(h.find()).isTrue();
    assertThat(Integer.parseInt(h.group(1))).isGreaterThan(SvgCharts.H);
    assertThat(ops).contains("<g transform=\"translate(0,");
    assertThat(count(ops, "<text x=") - count(ops, "class=\"axis-label\"")).isGreaterThanOrEqualTo(24); // every node named
  }

  @Test
  void wallClockIsShownOnlyWhenGiven() {
    assertThat(ReportHtml.render(ReportFixtures.sixNodes())).doesNotContain("wall clock");
    RunReport r = RunReport.builder("x").wallClock(new RunTiming("2026-01-01T00:00:00Z", 1500, 0)).build();
    assertThat(ReportHtml.render(r)).contains("wall clock: started 2026-01-01T00:00:00Z, 1500 ms");
  }

  @Test
  void emptyReportStillRendersEverySection() {
    String html = ReportHtml.render(RunReport.builder("empty").build());
    assertBalanced(html);
    for (String id : ReportHtml.SECTIONS) assertThat(html).contains("<section id=\"" + id + "\">");
    assertThat(html).doesNotContain("NaN").doesNotContain("Infinity");
  }

  @Test
  void ringIsDerivedFromMurmur3TokensWhenNoArcsGiven() {
    RunReport r = RunReport.builder("t").partitioner("Murmur3Partitioner")
        .node("a", "dc1", "r1", List.of("-9223372036854775808", "0"), 1, true)
        .node("b", "dc1", "r1", List.of("-4611686018427387904", "4611686018427387904"), 1, true).build();
    List<RingFigures.Arc> arcs = ReportHtml.arcs(r.cluster());
    assertThat(arcs).hasSize(4);
    assertThat(arcs.get(1)).isEqualTo(new RingFigures.Arc(0.0, 0.25, 1)); // (min, -2^62] belongs to b
    assertThat(arcs.get(0).node()).isZero(); // the wrap-around range ends at a's minimum token
  }

  static String section(String html, String id) {
    int s = html.indexOf("<section id=\"" + id + "\">");
    assertThat(s).as("section " + id).isGreaterThanOrEqualTo(0);
    return html.substring(s, html.indexOf("</section>", s));
  }

  static int count(String s, String needle) {
    int n = 0;
    for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) n++;
    return n;
  }
}
