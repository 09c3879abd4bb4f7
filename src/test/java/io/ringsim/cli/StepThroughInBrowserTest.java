package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.report.ClusterInfo;
import io.ringsim.report.ReportJson;
import io.ringsim.report.RunReport;
import io.ringsim.report.TimeSeries;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.ring.Token;
import io.ringsim.schema.types.CqlTypes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * report.html's time slider and explorable ring in headless Chromium, on the run of {@link ReportInBrowserTest}'s
 * scenario (n2 crashes at 10 s and restarts at 20 s): what the page shows at a second is what the run recorded.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StepThroughInBrowserTest {
  static final Path OUT = Path.of("target", "browser", "steps");

  HeadlessChromium browser;
  String missing;
  Path dir;
  RunReport report;
  JsonNode views;

  @BeforeAll
  void runAndStartBrowser() throws IOException {
    missing = HeadlessChromium.missing();
    if (missing == null) browser = HeadlessChromium.start();
    else {
      System.err.println("StepThroughInBrowserTest skipped: " + missing);
      return;
    }
    dir = OUT.resolve("run");
    Files.createDirectories(dir);
    Path sim = OUT.resolve("browser.sim");
    Files.writeString(sim, ReportInBrowserTest.SCENARIO);
    CliRun run = CliRun.of("run", sim.toString(), "--quiet", "--out", dir.toString());
    assertThat(dir.resolve("report.html")).as("report.html of the run (exit %d): %s", run.exitCode(), run.err()).exists();
    report = ReportJson.read(dir.resolve("summary.json"));
    views = new ObjectMapper().readTree(dir.resolve("views.json").toFile());
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
  void theSliderShowsTheCrashedNodeDownWithTheOperationsOfThatSecond() throws IOException {
    browser.open(dir.resolve("report.html"));
    drag(15);
    assertThat(shownTime()).isEqualTo("15 s");
    assertThat(nodeState("n2")).as("n2 at 15 s, crashed at 10 s").isEqualTo("down");
    assertThat(circleClass(1)).contains("down");
    assertThat(nodeState("n1")).isEqualTo("up");
    assertOpsOfSecond(15);
    // hints for n2 pile up while it is down: the page shows what the run sampled
    int hints = views.get("hints_pending").get("n2").get(15).asInt();
    assertThat(hints).as("hints pending for n2 at 15 s").isPositive();
    assertThat(hintsShown("n2")).isEqualTo(String.valueOf(hints));
    assertThat((String) browser.script("return document.querySelector('#step-through .step-wire').textContent"))
        .contains(views.get("sent").get(15).asText() + " messages sent");

    click(".step-fwd");
    assertThat(shownTime()).isEqualTo("16 s");
    assertOpsOfSecond(16);
    click(".step-back");
    click(".step-back");
    assertThat(shownTime()).isEqualTo("14 s");
    assertOpsOfSecond(14);

    drag(5);
    assertThat(nodeState("n2")).as("n2 before the crash").isEqualTo("up");
    drag(25);
    assertThat(nodeState("n2")).as("n2 after its restart at 20 s").isEqualTo("up");
    drag(10);
    assertThat((String) browser.script("return document.querySelector('#step-through .step-events').textContent")).contains("n2 crashed");
    assertThat(browser.consoleProblems()).isEmpty();
    browser.screenshotFullPage(OUT.resolve("steps.png"));
  }

  @Test
  void playRunsTheClockForward() {
    browser.open(dir.resolve("report.html"));
    drag(3);
    click(".step-play");
    long until = System.nanoTime() + 20_000_000_000L;
    while (Integer.parseInt(shownTime().replace(" s", "")) < 6 && System.nanoTime() < until) Thread.onSpinWait();
    click(".step-play");
    assertThat(Integer.parseInt(shownTime().replace(" s", ""))).isGreaterThanOrEqualTo(6);
  }

  @Test
  void theReportsRingHighlightsWhatJavaSaysANodeOwnsAndLooksUpKeys() {
    browser.open(dir.resolve("report.html"));
    List<Node> nodes = new ArrayList<>();
    for (ClusterInfo.NodeInfo n : report.cluster().nodes()) {
      List<Token> tokens = new ArrayList<>();
      for (String t : n.tokens()) tokens.add(new LongToken(Long.parseLong(t)));
      nodes.add(new Node(n.name(), n.dc(), n.rack(), tokens));
    }
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, nodes);
    ReplicaMap map = new ReplicaMap(ring, new SimpleStrategy(3)); // the scenario's keyspace: SimpleStrategy RF 3
    List<String> pageNodes = report.cluster().nodes().stream().map(ClusterInfo.NodeInfo::name).toList();
    for (int n = 0; n < pageNodes.size(); n++) {
      browser.script("document.querySelector('#ring-explorer tr[data-n=\"" + n + "\"]').click()");
      int ringIndex = ring.indexOf(pageNodes.get(n));
      List<Long> prim = new ArrayList<>(), repl = new ArrayList<>();
      for (int i = 0; i < ring.size(); i++) {
        int[] rs = map.replicasOfRange(i);
        if (rs[0] == ringIndex) prim.add((long) i);
        else for (int x : rs) if (x == ringIndex) repl.add((long) i);
      }
      assertThat(highlighted("prim")).as("primary ranges of %s", pageNodes.get(n)).isEqualTo(prim);
      assertThat(highlighted("repl")).as("replica ranges of %s", pageNodes.get(n)).isEqualTo(repl);
      browser.script("document.querySelector('#ring-explorer tr[data-n=\"" + n + "\"]').click()"); // unpick
    }
    for (int id = 0; id < 60; id += 7) {
      byte[] key = CqlTypes.INT.serialize(id);
      long token = Murmur3Partitioner.tokenValue(key);
      String replicas = String.join(", ", map.replicasFor(new LongToken(token)).stream().map(Node::name).toList());
      String shown = (String) browser.script("""
          const input = document.querySelector('.ring-key input');
          input.value = arguments[0];
          input.dispatchEvent(new Event('input'));
          return document.querySelector('.ring-key output').textContent;
          """, "int:" + id);
      assertThat(shown).isEqualTo("key " + id + " -> token " + token + " -> replicas " + replicas);
    }
    assertThat(browser.consoleProblems()).isEmpty();
  }

  @Test
  void theSameRunGivesTheSameBytes() throws IOException {
    Path again = OUT.resolve("again");
    Files.createDirectories(again);
    Path sim = OUT.resolve("browser.sim");
    CliRun run = CliRun.of("run", sim.toString(), "--quiet", "--out", again.toString());
    assertThat(run.exitCode()).as(run.err()).isIn(0, 1);
    for (String f : List.of("report.html", "views.json", "summary.json"))
      assertThat(Files.readString(again.resolve(f), StandardCharsets.UTF_8)).as(f).isEqualTo(Files.readString(dir.resolve(f), StandardCharsets.UTF_8));
    // `ringsim report DIR` renders the same page again from summary.json and views.json
    CliRun rerender = CliRun.of("report", again.toString());
    assertThat(rerender.exitCode()).as(rerender.err()).isZero();
    assertThat(Files.readString(again.resolve("report.html"))).isEqualTo(Files.readString(dir.resolve("report.html")));
  }

  /** The same run's page in Chinese: the scripts speak Chinese and show the same figures as in English. */
  @Test
  void theChinesePageShowsTheSameSecondInChinese() throws IOException {
    Path zh = OUT.resolve("zh");
    Files.createDirectories(zh);
    for (String f : List.of("summary.json", "views.json"))
      Files.copy(dir.resolve(f), zh.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    CliRun render = CliRun.of("report", zh.toString(), "--lang", "zh-CN");
    assertThat(render.exitCode()).as(render.err()).isZero();
    browser.open(zh.resolve("report.html"));
    drag(15);
    assertThat(shownTime()).isEqualTo("15 s");
    assertThat(nodeState("n2")).isEqualTo("down");
    assertThat((String) browser.script("return document.querySelector('#step-through tr[data-node=\"n2\"]').children[1].textContent"))
        .isEqualTo("宕机");
    assertThat((String) browser.script("return document.querySelector('#step-through .step-play').textContent")).isEqualTo("播放");
    assertThat((String) browser.script("return document.querySelector('#step-through .step-wire').textContent"))
        .isEqualTo("这一秒的网络：发送 " + views.get("sent").get(15).asText() + " 条消息，丢弃 " + views.get("dropped").get(15).asText()
            + " 条，平均 " + browser.script("return String(JSON.parse(document.getElementById('step-data').textContent).in_flight[15])")
            + " 条在传输中。");
    assertOpsOfSecond(15);
    assertThat(hintsShown("n2")).isEqualTo(views.get("hints_pending").get("n2").get(15).asText());
    browser.script("document.querySelector('#ring-explorer tr[data-n=\"0\"]').click()");
    assertThat((String) browser.script("return document.querySelector('#ring-explorer .ring-info').textContent"))
        .startsWith("n1：").contains(" 个范围的主副本（深色）");
    assertThat(browser.consoleProblems()).isEmpty();
    browser.screenshotFullPage(OUT.resolve("steps-zh.png"));
  }

  private void assertOpsOfSecond(int t) {
    long bucket = report.timeSeries().bucketMillis();
    for (TimeSeries.LevelPoint p : report.timeSeries().levels()) {
      if (p.atMillis() != t * 1000L / bucket * bucket) continue;
      @SuppressWarnings("unchecked")
      List<String> row = (List<String>) browser.script(
          "return Array.from(document.querySelectorAll('#step-through tr[data-level=\"' + arguments[0] + '\"] td')).map(c => c.textContent)",
          p.consistency());
      assertThat(row).as("%s at %d s", p.consistency(), t).startsWith(p.consistency(), String.valueOf(p.ok()), String.valueOf(p.failed()));
    }
  }

  private void drag(int second) {
    // as a mouse drag ends: the range input's value changes and it fires 'input'
    browser.script("const s = document.querySelector('#step-through .step-slider'); s.value = arguments[0];"
        + " s.dispatchEvent(new Event('input'));", String.valueOf(second));
  }

  private void click(String selector) {
    browser.script("document.querySelector('#step-through " + selector + "').click()");
  }

  private String shownTime() {
    return (String) browser.script("return document.querySelector('#step-through .step-time').textContent");
  }

  private String nodeState(String node) {
    return (String) browser.script("return document.querySelector('#step-through tr[data-node=\"' + arguments[0] + '\"]').dataset.state", node);
  }

  private String circleClass(int index) {
    return (String) browser.script("return document.querySelector('#step-ring circle[data-node=\"' + arguments[0] + '\"]').getAttribute('class')", String.valueOf(index));
  }

  private String hintsShown(String node) {
    return (String) browser.script("return document.querySelector('#step-through tr[data-node=\"' + arguments[0] + '\"]').children[2].textContent", node);
  }

  @SuppressWarnings("unchecked")
  private List<Long> highlighted(String cls) {
    return (List<Long>) browser.script("return Array.from(document.querySelectorAll('#ring-explorer path." + cls
        + "')).map(p => Number(p.dataset.r)).sort((a, b) => a - b)");
  }
}
