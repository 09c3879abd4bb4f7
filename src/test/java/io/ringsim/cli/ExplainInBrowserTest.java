package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The anomalies' sequence diagrams of report.html in headless Chromium, with the checks ReportInBrowserTest applies
 * to every chart: no console error, nothing empty or cut off, no label printed over another, no page wider than the
 * window. Skipped the way ReportInBrowserTest is when Chromium is absent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExplainInBrowserTest {
  HeadlessChromium browser;
  String missing;

  @BeforeAll
  void startBrowser() throws IOException {
    missing = HeadlessChromium.missing();
    if (missing == null) browser = HeadlessChromium.start();
    else System.err.println("ExplainInBrowserTest skipped: " + missing);
  }

  @AfterAll
  void stopBrowser() throws IOException {
    if (browser != null) browser.close();
  }

  @Test
  void theAnomalyDiagramsRenderWithTheirDropsAndNoLabelOnAnother() throws IOException {
    Assumptions.assumeTrue(browser != null, () -> missing);
    Path dir = ReportInBrowserTest.OUT.resolve("explain");
    CliRun run = CliRun.of("run", ExplainCommandTest.SCENARIO, "--quiet", "--out", dir.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    browser.open(dir.resolve("report.html"));
    browser.screenshotFullPage(ReportInBrowserTest.OUT.resolve("explain.png"));
    assertThat(browser.consoleProblems()).isEmpty();
    ReportInBrowserTest.Chart[] charts = new ObjectMapper().readValue((String) browser.script(
        ReportInBrowserTest.MEASURE), ReportInBrowserTest.Chart[].class);
    List<String> problems = new ArrayList<>();
    int diagrams = 0;
    for (ReportInBrowserTest.Chart c : charts) {
      if (!c.section().startsWith("anomaly-")) continue;
      diagrams++;
      String name = "diagram of " + c.section();
      if (c.width() < 200 || c.height() < 150) problems.add(name + " is only " + c.width() + "x" + c.height() + " px");
      if (c.marks() < 3) problems.add(name + " draws " + c.marks() + " marks");
      if (!c.outside().isEmpty()) problems.add(name + " cuts off " + c.outside());
      if (!c.overlaps().isEmpty()) problems.add(name + " prints labels over each other: " + c.overlaps());
    }
    assertThat(problems).isEmpty();
    assertThat(diagrams).as("diagrams drawn (the first 20 anomalies)").isEqualTo(20);
    Object wide = browser.script("return document.documentElement.scrollWidth > window.innerWidth");
    assertThat(wide).as("report.html wider than the window").isEqualTo(false);
    Object drops = browser.script(
        "return document.querySelectorAll('#anomaly-1 svg line[stroke-dasharray]').length");
    assertThat(((Number) drops).intValue()).as("dropped messages drawn in anomaly 1").isPositive();
  }
}
