package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.report.Comparison;
import io.ringsim.report.ReportFixtures;
import io.ringsim.report.RunReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Opens the pages ringsim writes in a real headless Chromium, as a student would: no console errors, every chart drawn
 * (an SVG of real size with marks in it), no label cut off by its chart or printed over another, nothing wider than the
 * window; then saves a full-page screenshot under target/browser/ to look at.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportInBrowserTest {
  static final Path OUT = Path.of("target", "browser");

  /** A short run with what every timeline chart needs: two consistency levels, two tables, a crash and a restart. */
  static final String SCENARIO = """
      scenario browser "QUORUM and ALL traffic on two tables while n2 crashes and restarts"
      duration 30s
      seed 11
      cluster {
        nodes 5
        vnodes 8
      }
      cql {
        CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE shop.orders (id int PRIMARY KEY, customer text);
        CREATE TABLE shop.by_zip (zip text, id uuid, name text, PRIMARY KEY ((zip), id));
      }
      workload orders {
        table shop.orders
        key id uniform(400)
        column customer text(6, 12)
        mix write 50% read 50%
        consistency QUORUM
        rate 80/s
        from 0s to 28s
      }
      workload zips {
        table shop.by_zip
        key zip values('98100', '10001', '75000')
        column name text(5, 10)
        mix write 70% read 30%
        consistency ALL
        rate 40/s
        from 0s to 28s
      }
      timeline {
        at 10s crash n2
        at 20s restart n2
      }
      check {
        no lost writes
      }
      """;

  /** The JSON of one SVG as the browser laid it out. */
  record Chart(String section, String name, double width, double height, int marks, List<String> outside, List<String> overlaps) {}

  static final String MEASURE = """
      const rect = e => e.getBoundingClientRect();
      const out = [];
      for (const svg of document.querySelectorAll('svg')) {
        const box = rect(svg);
        let marks = 0;
        for (const m of svg.querySelectorAll('path, rect, circle')) {
          const b = m.getBBox();
          if (m.tagName === 'rect' ? b.width > 0 && b.height > 0 : b.width > 0 || b.height > 0) marks++;
        }
        const texts = [];
        for (const t of svg.querySelectorAll('text')) {
          const r = rect(t);
          if (r.width > 0) texts.push({s: t.textContent, r: r, rotated: (t.getAttribute('transform') || '').includes('rotate')});
        }
        const outside = texts.filter(x => x.r.left < box.left - 1 || x.r.right > box.right + 1
            || x.r.top < box.top - 1 || x.r.bottom > box.bottom + 1).map(x => x.s);
        const overlaps = [];
        const flat = texts.filter(x => !x.rotated);
        for (let i = 0; i < flat.length; i++)
          for (let j = i + 1; j < flat.length; j++) {
            const a = flat[i].r, b = flat[j].r;
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 2 && h > 2) overlaps.push(flat[i].s + ' / ' + flat[j].s);
          }
        const section = svg.closest('section');
        out.push({section: section ? section.id : '', name: svg.getAttribute('aria-label') || '', width: box.width,
            height: box.height, marks: marks, outside: outside, overlaps: overlaps});
      }
      return JSON.stringify(out);
      """;

  HeadlessChromium browser;
  String missing;

  /** Without chromium and chromedriver every test is skipped with the reason (under CI=true this fails instead). */
  @BeforeAll
  void startBrowser() throws IOException {
    missing = HeadlessChromium.missing();
    if (missing == null) browser = HeadlessChromium.start();
    else System.err.println("ReportInBrowserTest skipped: " + missing);
  }

  @BeforeEach
  void needsTheBrowser() {
    Assumptions.assumeTrue(browser != null, () -> missing);
  }

  @AfterAll
  void stopBrowser() throws IOException {
    if (browser != null) browser.close();
  }

  @Test
  void aScenarioReportRendersEveryChart() throws IOException {
    Path dir = OUT.resolve("scenario");
    Files.createDirectories(dir);
    Path sim = dir.resolve("browser.sim");
    Files.writeString(sim, SCENARIO);
    CliRun run = CliRun.of("run", sim.toString(), "--quiet", "--out", dir.toString());
    assertThat(dir.resolve("report.html")).as("report.html of the run (exit %d): %s", run.exitCode(), run.err()).exists();

    List<Chart> charts = show(dir.resolve("report.html"), OUT.resolve("report.png"));
    assertThat(names(charts)).contains("token ring", "ownership vs load per node", "partition size distribution shop.orders",
        "partition size distribution shop.by_zip", "largest partitions shop.by_zip", "hottest partitions",
        "operations per node over time", "latency ALL", "latency QUORUM", "availability over time", "errors over time");
    assertMarks(charts, "token ring", 5 * 8); // one arc per vnode range
    assertMarks(charts, "ownership vs load per node", 5 * 6); // six bars per node
    assertMarks(charts, "largest partitions shop.by_zip", 3); // three zip codes
    assertMarks(charts, "latency QUORUM", 4 + 20); // four percentile lines and their points
    assertMarks(charts, "availability over time", 2 + 20);
  }

  @Test
  void theConsoleCheckSeesABrokenChart() throws IOException {
    Path page = OUT.resolve("broken.html");
    Files.createDirectories(OUT);
    Files.writeString(page, "<!DOCTYPE html><html><body><svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M NaN 0 L 10 10\"/></svg></body></html>");
    browser.open(page);
    assertThat(browser.consoleProblems()).anyMatch(m -> m.startsWith("SEVERE") && m.contains("attribute d"));
  }

  @Test
  void theLayoutChecksSeeLabelsOnTopOfEachOtherAndTextOutOfItsBox() throws IOException {
    Files.createDirectories(OUT);
    String chart = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"200\" aria-label=\"%s\">"
        + "<rect x=\"10\" y=\"10\" width=\"50\" height=\"50\"/><text x=\"100\" y=\"100\">one label</text>%s</svg>";
    Path overlap = OUT.resolve("overlap.html");
    Files.writeString(overlap, "<!DOCTYPE html><html><body>" + chart.formatted("crowded", "<text x=\"104\" y=\"102\">another</text>") + "</body></html>");
    assertThatThrownBy(() -> show(overlap, OUT.resolve("overlap.png"))).hasMessageContaining("chart 'crowded'")
        .hasMessageContaining("prints labels over each other: [one label / another]");
    Path spill = OUT.resolve("spill.html");
    Files.writeString(spill, "<!DOCTYPE html><html><body><ul style=\"columns:2 100px;width:240px\"><li style=\"white-space:nowrap\">"
        + "a line far too long for its column</li><li>b</li></ul>" + chart.formatted("fine", "") + "</body></html>");
    assertThatThrownBy(() -> show(spill, OUT.resolve("spill.png"))).hasMessageContaining("running out of its box")
        .hasMessageContaining("LI: a line far too long");
  }

  @Test
  void theHandMadeFixtureWithEverySectionRenders() throws IOException {
    Path dir = OUT.resolve("fixture");
    RunReport r = ReportFixtures.sixNodes();
    RunFiles.writeReport(r, dir);
    List<Chart> charts = show(dir.resolve("report.html"), OUT.resolve("fixture.png"));
    assertThat(names(charts)).contains("hints pending", "latency ONE", "latency QUORUM", "errors over time");
    // the page's only scripts are its own (the time slider's data and code): the evil key stays text
    assertThat(browser.script("return Array.from(document.querySelectorAll('script')).map(s => s.id || s.type || 'code').join(' ')"))
        .isEqualTo("step-data code");
    assertThat((String) browser.script("return document.body.innerText")).contains(ReportFixtures.EVIL_KEY);
  }

  @Test
  void theRingPageDrawsItsArcsAndOwnershipBars() throws IOException {
    Path page = OUT.resolve("ring.html");
    Files.createDirectories(OUT);
    CliRun r = CliRun.of("ring", "--nodes", "12", "--vnodes", "16", "--rf", "3", "--allocator", "balanced", "--seed", "7",
        "--html", page.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<Chart> charts = show(page, OUT.resolve("ring.png"));
    assertMarks(charts, "token ring", 12 * 16 * 9 / 10); // a range of a few millionths of the ring is narrower than a pixel
    assertMarks(charts, "ownership per node", 12);
  }

  @Test
  void theComparePageRenders() throws IOException {
    Path page = OUT.resolve("compare.html");
    Files.createDirectories(OUT);
    Files.writeString(page, Comparison.renderHtml(ReportFixtures.sixNodes("zip-key", 1), ReportFixtures.sixNodes("uuid-key", 2), "zip", "uuid"));
    List<Chart> charts = show(page, OUT.resolve("compare.png"));
    assertThat(charts).hasSizeGreaterThanOrEqualTo(4);
  }

  /**
   * Opens the page, fails on console errors and on any chart that is empty, too small, cut off or has labels printed on
   * top of each other (naming the chart), then saves the screenshot.
   */
  List<Chart> show(Path page, Path png) throws IOException {
    browser.open(page);
    browser.screenshotFullPage(png);
    assertThat(browser.consoleProblems()).as("console of %s", page).isEmpty();
    Chart[] charts = new ObjectMapper().readValue((String) browser.script(MEASURE), Chart[].class);
    assertThat(charts).as("charts in %s", page).isNotEmpty();
    List<String> problems = new ArrayList<>();
    for (Chart c : charts) {
      String name = "chart '" + c.name() + "' in section " + c.section();
      if (c.width() < 200 || c.height() < 150) problems.add(name + " is only " + c.width() + "x" + c.height() + " px");
      if (c.marks() < 1) problems.add(name + " draws nothing");
      if (!c.outside().isEmpty()) problems.add(name + " cuts off " + c.outside());
      if (!c.overlaps().isEmpty()) problems.add(name + " prints labels over each other: " + c.overlaps());
    }
    assertThat(problems).as("charts of %s (screenshot %s)", page, png).isEmpty();
    Object wide = browser.script("return document.documentElement.scrollWidth > window.innerWidth");
    assertThat(wide).as("%s is wider than the 1280 px window", page).isEqualTo(false);
    Object spills = browser.script("""
        return Array.from(document.querySelectorAll('h1, h2, h3, p, li, th, td, figcaption'))
            .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.tagName + ': ' + e.textContent.slice(0, 60));
        """);
    assertThat((List<?>) spills).as("text running out of its box in %s", page).isEmpty();
    return List.of(charts);
  }

  static List<String> names(List<Chart> charts) {
    return charts.stream().map(Chart::name).toList();
  }

  static void assertMarks(List<Chart> charts, String name, int atLeast) {
    Chart c = charts.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no chart " + name));
    assertThat(c.marks()).as("marks drawn in chart '%s'", name).isGreaterThanOrEqualTo(atLeast);
  }
}
