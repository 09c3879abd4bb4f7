package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.cli.shell.StatementBuffer;
import io.ringsim.cluster.SimCluster;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 39, one ring everywhere: for a shipped scenario, the replicas of a key printed by {@code ring --scenario},
 * {@code token --scenario}, {@code cqlsh --scenario} (GETENDPOINTS and a trace at ALL) and the ones the run itself
 * wrote (the keys of trace.jsonl, the ring of views.json, the mutations its coordinators sent) are the same nodes,
 * named the same; and the same shape and seed given as options builds the same ring.
 */
class RingEverywhereTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest(name = "{0}")
  @CsvSource({"quickstart, shop, orders, id, int", "multi-dc, geo, kv, k, int"})
  void everyCommandPlacesAKeyOnTheReplicasTheRunUsed(String scenario, String ks, String table, String column,
      String type)
      throws IOException {
    ShippedRuns.Run run = ShippedRuns.scenario(scenario);
    assertThat(run.cli().exitCode()).as(run.cli().err()).isIn(0, 1);
    Path file = Path.of("simulations/" + scenario + ".sim");
    Map<String, List<String>> fromRun = keysOfTrace(run.dir(), ks + "." + table, 4);
    assertThat(fromRun).hasSize(4);
    Map<String, List<String>> messaged = replicasMessaged(run.dir(), fromRun);

    CqlshCommand shell = new CqlshCommand();
    new picocli.CommandLine(shell).parseArgs("--scenario", file.toString(), "--now", "2026-01-01T00:00:00Z");
    try (SimCluster sim = shell.cluster.start()) {
      var session = shell.cluster.session(sim);
      StatementBuffer buffer = new StatementBuffer();
      for (var e : fromRun.entrySet()) {
        String key = e.getKey();
        List<String> expected = e.getValue();
        String what = scenario + " key " + key;

        CliRun ring = CliRun.of("ring", "--scenario", file.toString(), "--key", type + ":" + key);
        assertThat(ring.exitCode()).as(ring.err()).isZero();
        assertThat(after(ring.out(), "-> replicas ")).as(what + ": ring --scenario").isEqualTo(expected);

        CliRun token = CliRun.of("token", "--scenario", file.toString(), "--table", ks + "." + table, key);
        assertThat(token.exitCode()).as(token.err()).isZero();
        assertThat(after(token.out(), "replicas     ")).as(what + ": token --scenario").isEqualTo(expected);

        String endpoints = type(shell, buffer, session, sim, "GETENDPOINTS " + ks + " " + table + " " + key);
        assertThat(endpoints.lines().skip(1).toList()).as(what + ": cqlsh GETENDPOINTS").isEqualTo(expected);
        String traced = type(shell, buffer, session, sim, "CONSISTENCY ALL", "TRACING ON",
            "SELECT * FROM " + ks + "." + table + " WHERE " + column + " = "
                + (type.equals("text") ? "'" + key + "'" : key) + ";", "TRACING OFF");
        assertThat(after(traced, "is replicated on ")).as(what + ": cqlsh TRACING").isEqualTo(expected);

        assertThat(replicasInViews(run.dir(), token.out())).as(what + ": views.json's ring").isEqualTo(expected);
        if (messaged.containsKey(key))
          assertThat(expected).as(what + ": nodes the run's coordinators sent its mutations to")
              .containsAll(messaged.get(key));
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"quickstart, --nodes 6 --vnodes 16 --seed 42",
      "multi-dc, --dc dc1:3:3:3 --dc dc2:3:3:3 --vnodes 16 --seed 29"})
  void theSameShapeAndSeedGivenAsOptionsIsTheSameRing(String scenario, String options) {
    List<String> args = new ArrayList<>(List.of("ring", "--format", "json"));
    args.addAll(List.of(options.split(" ")));
    CliRun byOptions = CliRun.of(args.toArray(String[]::new));
    CliRun byScenario = CliRun.of("ring", "--format", "json", "--scenario", "simulations/" + scenario + ".sim");
    assertThat(byOptions.exitCode()).as(byOptions.err()).isZero();
    assertThat(byScenario.out()).isEqualTo(byOptions.out()).contains("\"name\" : \"n6\"")
        .doesNotContain("dc1-n1");
  }

  @org.junit.jupiter.api.Test
  void aScenarioWithOptionsThatShapeAnotherRingIsRefusedInOneLine() {
    String q = "simulations/quickstart.sim";
    BadInputTest.refused(CliRun.of("ring", "--scenario", q, "--nodes", "3"),
        "--nodes cannot be combined with --scenario: the scenario gives the ring's shape");
    BadInputTest.refused(CliRun.of("token", "--scenario", q, "--partitioner", "random", "1"),
        "--partitioner cannot be combined with --scenario");
    BadInputTest.refused(CliRun.of("token", "--scenario", q, "--table", "shop.nope", "1"),
        q + " has no table 'shop.nope'");
    BadInputTest.refused(CliRun.of("ring", "--scenario", q, "--keyspace", "nope"),
        q + " has no keyspace 'nope' (it has shop)");
    BadInputTest.refused(CliRun.of("serve", q, "--scenario", "simulations/zombies.sim"), "two scenarios given");
  }

  private static String type(CqlshCommand shell, StatementBuffer buffer, io.ringsim.cluster.ClientSession session,
      SimCluster sim, String... lines) {
    StringWriter s = new StringWriter();
    PrintWriter out = new PrintWriter(s);
    for (String l : lines) shell.handleLine(l, buffer, session, sim, out);
    out.flush();
    return s.toString();
  }

  /** The node names after {@code marker} on the first line that has it. */
  private static List<String> after(String out, String marker) {
    for (String line : out.lines().toList()) {
      int i = line.indexOf(marker);
      if (i < 0) continue;
      Matcher m = Pattern.compile("n\\d+").matcher(line.substring(i + marker.length()).replaceAll("[(|].*", ""));
      List<String> names = new ArrayList<>();
      while (m.find()) names.add(m.group());
      return names;
    }
    throw new AssertionError("no '" + marker + "' in:\n" + out);
  }

  /** The first {@code n} keys of {@code table} the run's trace.jsonl names, with the replicas it gives them. */
  private static Map<String, List<String>> keysOfTrace(Path dir, String table, int n) throws IOException {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (JsonNode v : traceRecords(dir)) {
      if (!v.get(0).asText().equals("k") || !v.get(1).asText().equals(table)) continue;
      List<String> reps = new ArrayList<>();
      v.get(5).forEach(x -> reps.add(x.asText()));
      out.put(v.get(2).asText(), reps);
      if (out.size() == n) break;
    }
    return out;
  }

  /** For each key, the nodes its mutations were delivered to during the run (by the key's token). */
  private static Map<String, List<String>> replicasMessaged(Path dir, Map<String, List<String>> keys)
      throws IOException {
    Map<Long, String> byToken = new LinkedHashMap<>();
    List<String> nodes = new ArrayList<>();
    Map<String, List<String>> out = new LinkedHashMap<>();
    List<JsonNode> all = traceRecords(dir);
    for (JsonNode v : all) {
      if (v.get(0).asText().equals("k") && keys.containsKey(v.get(2).asText()))
        byToken.put(v.get(4).asLong(), v.get(2).asText());
    }
    for (JsonNode v : all) {
      String kind = v.get(0).asText();
      if (kind.equals("n")) nodes.add(v.get(1).asText());
      if (!kind.equals("m") || !v.get(5).asText().equals("mutation") || v.get(8).isNull()) continue;
      String key = byToken.get(v.get(8).asLong());
      if (key == null) continue;
      String to = nodes.get(v.get(4).asInt());
      List<String> l = out.computeIfAbsent(key, k -> new ArrayList<>());
      if (!l.contains(to)) l.add(to);
    }
    return out;
  }

  private static List<JsonNode> traceRecords(Path dir) throws IOException {
    Path gz = dir.resolve("trace.jsonl.gz");
    Path plain = dir.resolve("trace.jsonl");
    List<JsonNode> out = new ArrayList<>();
    try (var raw = Files.newInputStream(Files.exists(gz) ? gz : plain);
        var in = new BufferedReader(new InputStreamReader(Files.exists(gz) ? new GZIPInputStream(raw) : raw,
            StandardCharsets.UTF_8))) {
      in.readLine(); // the header
      for (String line; (line = in.readLine()) != null; ) out.add(JSON.readTree(line));
    }
    return out;
  }

  /** The replicas views.json's ring gives the token {@code token} printed: the range ending at or after it. */
  private static List<String> replicasInViews(Path dir, String tokenOut) throws IOException {
    long token = Long.parseLong(tokenOut.lines().filter(l -> l.startsWith("token")).findFirst().orElseThrow()
        .split("\\s+")[1]);
    JsonNode ring = JSON.readTree(dir.resolve("views.json").toFile()).get("ring");
    JsonNode tokens = ring.get("tokens");
    int at = 0;
    while (at < tokens.size() && Long.parseLong(tokens.get(at).asText()) < token) at++;
    if (at == tokens.size()) at = 0;
    List<String> names = new ArrayList<>();
    for (JsonNode i : ring.get("replicas").get(at)) names.add(ring.get("nodes").get(i.asInt()).asText());
    return names;
  }
}
