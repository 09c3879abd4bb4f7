package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.NetworkTopologyStrategy;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.ring.TokenAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The explorable ring of {@code ringsim ring --html} in headless Chromium: clicking a node highlights exactly the ranges
 * Java's ring says it owns and replicates, and a typed key gets the token and replicas {@code ring --key} prints.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InteractiveRingInBrowserTest {
  static final Path OUT = Path.of("target", "browser");

  HeadlessChromium browser;
  String missing;

  @BeforeAll
  void startBrowser() throws IOException {
    missing = HeadlessChromium.missing();
    if (missing == null) browser = HeadlessChromium.start();
    else System.err.println("InteractiveRingInBrowserTest skipped: " + missing);
  }

  @BeforeEach
  void needsTheBrowser() {
    Assumptions.assumeTrue(browser != null, () -> missing);
  }

  @AfterAll
  void stopBrowser() throws IOException {
    if (browser != null) browser.close();
  }

  /** Keys of every type the page hashes, short and past 16 bytes, with non-ASCII bytes (>= 0x80) in the tail. */
  static final List<String> KEYS = List.of(
      "text:northamerica", "text:a", "text:''", "text:'hello, world'", "text:caf\u00e9", "text:\u00fc\u00f1\u00ee\u00e7\u00f8d\u00e9 key",
      "text:abcdefghijklmnop", "text:abcdefghijklmnopq", "text:the quick brown fox jumps over the lazy dog",
      "text:'it''s'", "varchar:98100", "ascii:10001", "text:\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8",
      "int:0", "int:1", "int:-1", "int:5", "int:42", "int:2147483647", "int:-2147483648", "int:+17", "int:'123'",
      "bigint:0", "bigint:9223372036854775807", "bigint:-9223372036854775808", "bigint:1234567890123",
      "bigint:-77", "smallint:-32768", "smallint:300", "tinyint:-128", "tinyint:127",
      "uuid:123e4567-e89b-12d3-a456-426614174000", "uuid:00000000-0000-0000-0000-000000000000",
      "uuid:FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF", "uuid:9b2c8f4e-7d1a-4c3b-8e5f-0a1b2c3d4e5f",
      "timeuuid:50554d6e-29bb-11e5-b345-feff819cdc9f", "boolean:true", "boolean:FALSE",
      "blob:0x", "blob:0xcafebabe", "blob:0x00ff80817f",
      "int:5,text:'a,b'", "text:app1,text:prod", "text:app2,text:staging", "int:1,int:2", "int:-7,bigint:99",
      "uuid:123e4567-e89b-12d3-a456-426614174000,int:3", "text:zip,text:98100,int:4",
      "text:\u00e9t\u00e9,text:hiver", "bigint:1,boolean:true,blob:0x01", "text:a very long first component of a key,text:b");

  @Test
  void typedKeysGetTheTokenAndReplicasRingKeyPrints() throws IOException {
    Path page = OUT.resolve("ring-explorer.html");
    Files.createDirectories(OUT);
    String[] ring = {"ring", "--nodes", "12", "--vnodes", "16", "--rf", "3", "--allocator", "balanced", "--seed", "7"};
    CliRun r = CliRun.of(concat(ring, "--html", page.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    browser.open(page);
    assertThat(KEYS).hasSizeGreaterThanOrEqualTo(50);
    for (String key : KEYS) {
      CliRun k = CliRun.of(concat(ring, "--key", key));
      assertThat(k.exitCode()).as("ring --key %s: %s", key, k.err()).isZero();
      String expected = k.out().lines().filter(l -> l.startsWith("key ")).findFirst().orElseThrow();
      assertThat(type(key)).as("the page's answer for %s", key).isEqualTo(expected);
    }
    assertThat(browser.script("return document.querySelectorAll('#ring-explorer .key-mark').length")).as("the key's tick").isEqualTo(1L);
    assertThat(browser.consoleProblems()).isEmpty();
    browser.screenshotFullPage(OUT.resolve("ring-explorer.png"));
  }

  @Test
  void aBadKeyIsExplainedInOneLine() throws IOException {
    Path page = OUT.resolve("ring-explorer-bad.html");
    Files.createDirectories(OUT);
    assertThat(CliRun.of("ring", "--nodes", "4", "--vnodes", "4", "--html", page.toString()).exitCode()).isZero();
    browser.open(page);
    assertThat(type("int:abc")).isEqualTo("'abc' is not a valid int");
    assertThat(type("int:2147483648")).isEqualTo("'2147483648' is not a valid int");
    assertThat(type("northamerica")).contains("TYPE:VALUE");
    assertThat(type("date:2024-01-01")).contains("type 'date'").contains("ring --key");
    assertThat(browser.script("return document.querySelector('.ring-key output').className")).isEqualTo("bad");
  }

  @Test
  void clickingANodeHighlightsTheRangesItOwnsAndReplicates() throws IOException {
    Path page = OUT.resolve("ring-explorer-click.html");
    Files.createDirectories(OUT);
    CliRun r = CliRun.of("ring", "--nodes", "12", "--vnodes", "16", "--rf", "3", "--allocator", "balanced", "--seed", "7",
        "--html", page.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    ReplicaMap map = javaRing(12, 16, 3, 1, 7);
    browser.open(page);
    for (int n : new int[] {0, 4, 11}) {
      browser.script("document.querySelector('#ring-explorer li[data-n=\"" + n + "\"]').click()");
      assertHighlights(map, n);
    }
    // an arc click picks its primary owner
    int owner = map.replicasOfRange(7)[0];
    browser.script("document.querySelector('#ring-explorer path[data-r=\"7\"]').dispatchEvent(new MouseEvent('click'))");
    assertHighlights(map, owner);
    browser.script("document.querySelector('#ring-explorer path[data-r=\"30\"]').dispatchEvent(new MouseEvent('mouseenter'))");
    String info = (String) browser.script("return document.querySelector('#ring-explorer .ring-info').textContent");
    assertThat(info).contains("owner " + map.ring().node(map.replicasOfRange(30)[0]).name())
        .contains(String.format(java.util.Locale.ROOT, "%.3f%% of the ring", map.ring().rangeSize(30) * 100));
    assertThat(browser.consoleProblems()).isEmpty();
  }

  @Test
  void networkTopologyReplicasComeFromJava() throws IOException {
    Path page = OUT.resolve("ring-explorer-nts.html");
    Files.createDirectories(OUT);
    String[] ring = {"ring", "--dc", "dc1:6:3:3", "--dc", "dc2:4:2:2", "--vnodes", "8"};
    assertThat(CliRun.of(concat(ring, "--html", page.toString())).exitCode()).isZero();
    browser.open(page);
    for (String key : List.of("text:north", "int:77", "text:app1,text:prod", "uuid:123e4567-e89b-12d3-a456-426614174000")) {
      String expected = CliRun.of(concat(ring, "--key", key)).out().lines().filter(l -> l.startsWith("key ")).findFirst().orElseThrow();
      assertThat(type(key)).isEqualTo(expected);
    }
  }

  private void assertHighlights(ReplicaMap map, int node) {
    TreeSet<Long> prim = new TreeSet<>(), repl = new TreeSet<>();
    for (int i = 0; i < map.ring().size(); i++) {
      int[] rs = map.replicasOfRange(i);
      if (rs[0] == node) prim.add((long) i);
      else for (int x : rs) if (x == node) repl.add((long) i);
    }
    assertThat(highlighted("prim")).as("primary ranges of %s", map.ring().node(node).name()).isEqualTo(new ArrayList<>(prim));
    assertThat(highlighted("repl")).as("replica ranges of %s", map.ring().node(node).name()).isEqualTo(new ArrayList<>(repl));
    assertThat(prim).hasSize(map.ring().node(node).tokens().size());
  }

  @SuppressWarnings("unchecked")
  private List<Long> highlighted(String cls) {
    return (List<Long>) browser.script("return Array.from(document.querySelectorAll('#ring-explorer path." + cls
        + "')).map(p => Number(p.dataset.r)).sort((a, b) => a - b)");
  }

  /** Types a key into the page's box as a person would and returns the line the page shows. */
  private String type(String key) {
    return (String) browser.script("""
        const input = document.querySelector('.ring-key input');
        input.value = arguments[0];
        input.dispatchEvent(new Event('input'));
        return document.querySelector('.ring-key output').textContent;
        """, key);
  }

  /** The ring `ringsim ring` builds for one DC (the balanced allocator), with its replicas. */
  static ReplicaMap javaRing(int nodes, int vnodes, int rf, int racks, long seed) {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 0; i < nodes; i++) specs.add(new NodeSpec("n" + (i + 1), "datacenter1", "rack" + (i % racks + 1), vnodes));
    ReplicationStrategy s = racks > 1 ? new NetworkTopologyStrategy(Map.of("datacenter1", rf)) : new SimpleStrategy(rf);
    Murmur3Partitioner p = Murmur3Partitioner.INSTANCE;
    Ring ring = new Ring(p, TokenAllocator.byName("balanced", seed, s).allocate(p, List.of(), specs));
    return new ReplicaMap(ring, s);
  }

  static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
