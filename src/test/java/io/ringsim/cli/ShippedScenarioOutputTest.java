package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The safety net under every change to the run path: each shipped scenario, run at its own seed, must write the
 * same results as when its digests were recorded in {@code src/test/resources/scenario-digests.tsv}. A change that
 * is meant to change a scenario's results records new digests in the same commit and says why:
 *
 * <pre>./mvnw test -Dtest=ShippedScenarioOutputTest -Dringsim.digests.update=true</pre>
 *
 * <p>What is compared is what the simulation decided: summary.json, run.json, history.jsonl, trace.jsonl (either
 * compressed or not, by content), views.json and the CSVs. Not compared: run-info.json (wall-clock time of the
 * run) and report.html (a rendering of the files above; its layout changes for reasons of its own).
 */
class ShippedScenarioOutputTest {
  static final Path DIGESTS = Path.of("src/test/resources/scenario-digests.tsv");
  static final boolean UPDATE = Boolean.getBoolean("ringsim.digests.update");
  private static final List<String> NOT_COMPARED = List.of("run-info.json", "report.html");

  static Stream<String> scenarios() throws IOException {
    try (var files = Files.list(Path.of("simulations"))) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sim"))
          .map(n -> n.substring(0, n.length() - 4)).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void resultsAreThoseRecorded(String scenario) throws IOException {
    // Shared with the tests of the labs' figures and of the one ring: each scenario runs once per test JVM.
    ShippedRuns.Run run = ShippedRuns.scenario(scenario);
    Path dir = run.dir();
    CliRun r = run.cli();
    // Some lessons fail their checks on purpose (exit 1); anything else is not a result to record.
    assertThat(r.exitCode()).as(scenario + ": " + r.err()).isIn(0, 1);
    Map<String, String> now = digests(dir);
    assertThat(now).as(scenario + ": files written").containsKeys("summary.json", "run.json", "history.jsonl");
    if (UPDATE) {
      record(scenario, now);
      return;
    }
    Map<String, String> recorded = recorded().getOrDefault(scenario, Map.of());
    assertThat(recorded).as("no digests recorded for " + scenario + "; record them with -Dringsim.digests.update=true")
        .isNotEmpty();
    List<String> changed = new ArrayList<>();
    for (String f : union(now, recorded)) {
      if (!String.valueOf(now.get(f)).equals(String.valueOf(recorded.get(f)))) changed.add(f);
    }
    assertThat(changed).as(scenario + ": these outputs differ from the recorded ones. If the change is meant, record "
        + "the new digests with -Dringsim.digests.update=true and say why in the commit").isEmpty();
  }

  @Test
  void everyRecordedScenarioStillShips() throws IOException {
    if (UPDATE) return;
    assertThat(recorded().keySet()).containsExactlyInAnyOrderElementsOf(scenarios().toList());
  }

  private static List<String> union(Map<String, String> a, Map<String, String> b) {
    TreeMap<String, String> all = new TreeMap<>(a);
    all.putAll(b);
    return new ArrayList<>(all.keySet());
  }

  /** File name (".gz" dropped: the content is what counts) to the SHA-256 of its content. */
  static Map<String, String> digests(Path dir) throws IOException {
    Map<String, String> d = new TreeMap<>();
    try (var files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        String name = f.getFileName().toString();
        if (NOT_COMPARED.contains(name) || !Files.isRegularFile(f)) continue;
        boolean gz = name.endsWith(".gz");
        if (name.equals("summary.json")) {
          // The version of ringsim that ran it is not a result (and reads "dev" outside the jar).
          String json = Files.readString(f, StandardCharsets.UTF_8).replaceAll("\\n *\"ringsim_version\" : \"[^\"]*\",?", "");
          d.put(name, sha256(new java.io.ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))));
          continue;
        }
        try (InputStream raw = Files.newInputStream(f);
            InputStream in = gz ? new GZIPInputStream(raw) : raw) {
          d.put(gz ? name.substring(0, name.length() - 3) : name, sha256(in));
        }
      }
    }
    return d;
  }

  private static String sha256(InputStream in) throws IOException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** scenario to (file to digest), from the committed file. */
  static Map<String, Map<String, String>> recorded() throws IOException {
    Map<String, Map<String, String>> all = new TreeMap<>();
    if (!Files.exists(DIGESTS)) return all;
    for (String line : Files.readAllLines(DIGESTS, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) continue;
      String[] f = line.split("\t");
      all.computeIfAbsent(f[0], k -> new TreeMap<>()).put(f[1], f[2]);
    }
    return all;
  }

  private static synchronized void record(String scenario, Map<String, String> digests) {
    try {
      Map<String, Map<String, String>> all = recorded();
      all.put(scenario, digests);
      StringBuilder sb = new StringBuilder("# scenario\tfile\tsha256 of its content, run at the scenario's own seed "
          + "(ShippedScenarioOutputTest)\n");
      all.forEach((s, files) -> files.forEach((f, h) -> sb.append(s).append('\t').append(f).append('\t').append(h)
          .append('\n')));
      Files.writeString(DIGESTS, sb.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
