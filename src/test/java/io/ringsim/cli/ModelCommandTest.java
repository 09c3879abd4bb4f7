package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@code ringsim model} as a user runs it: text, JSON, bad input, and model.html in headless Chromium. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ModelCommandTest {
  static final Path OUT = Path.of("target", "browser", "model");
  HeadlessChromium browser;
  String missing;

  @BeforeAll
  void startBrowser() throws IOException {
    missing = HeadlessChromium.missing();
    if (missing == null) browser = HeadlessChromium.start();
  }

  @AfterAll
  void stopBrowser() throws IOException {
    if (browser != null) browser.close();
  }

  @Test
  void theLogsLabShowsGrowthAndAFilteringQueryAndExitsOne() {
    CliRun r = CliRun.of("model", "simulations/model-application-logs.sim");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("table logs.application_logs", "predicted", "measured", "UNBOUNDED_GROWTH",
        "FILTERING_QUERY", "suggestions:", "verified:");
  }

  @Test
  void jsonHasTheSameContent() throws IOException {
    CliRun r = CliRun.of("model", "simulations/model-playlists.sim", "--format", "json");
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.get("tables").get(0).get("name").asText()).isEqualTo("music.playlists");
    assertThat(j.get("tables").get(0).get("predicted").get("partitions").asLong()).isEqualTo(2000);
    assertThat(j.get("tables").get(0).get("measured").get("partitions").asLong()).isEqualTo(2000);
    assertThat(j.get("findings").findValuesAsText("code")).contains("INDEX_QUERY");
    assertThat(j.get("queries").get(0).get("access").asText()).isEqualTo("single partition");
  }

  @Test
  void aBadQueryIsOneLineWithItsPlaceAndExitTwo() throws IOException {
    Path sim = OUT.resolve("bad.sim");
    Files.createDirectories(OUT);
    Files.writeString(sim, Files.readString(Path.of("simulations/model-playlists.sim"))
        .replace("SELECT * FROM music.playlists WHERE artist = ?;", "SELECT * FROM music.songs WHERE artist = ?;"));
    CliRun r = CliRun.of("model", sim.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").matches("ringsim: .*bad\\.sim:\\d+:3: .*music\\.songs.*");
  }

  @Test
  void modelHtmlShowsTheTablesHistogramRingFindingsAndSuggestions() throws IOException {
    Path dir = OUT.resolve("users");
    CliRun r = CliRun.of("model", "simulations/model-users.sim", "--scale", "50", "--out", dir.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    String html = Files.readString(dir.resolve("model.html"));
    assertThat(html).doesNotContain("<script src", "<link ", "http://", "https://");
    Assumptions.assumeTrue(browser != null, () -> missing);
    browser.open(dir.resolve("model.html"));
    assertThat((String) browser.script("return document.querySelector('h2').textContent")).isEqualTo("people.users");
    long bins = (Long) browser.script("return document.querySelectorAll('table.histogram tr').length");
    assertThat(bins).isGreaterThan(1);
    long nodes = (Long) browser.script("return document.querySelectorAll('table.ring tr').length");
    assertThat(nodes).isEqualTo(7); // a header and six nodes
    String findings = (String) browser.script("return document.querySelector('#findings').textContent");
    assertThat(findings).contains("LARGE_PARTITION", "LOW_CARDINALITY_KEY", "FILTERING_QUERY");
    String suggestions = (String) browser.script("return document.querySelector('#suggestions').textContent");
    assertThat(suggestions).contains("PRIMARY KEY ((mainland, state), uid)", "people.users_by_uid", "verified");
    assertThat(browser.consoleProblems()).isEmpty();
    browser.screenshotFullPage(OUT.resolve("model.png"));
  }
}
