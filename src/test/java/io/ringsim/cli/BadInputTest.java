package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21, class by class: what a user who types something wrong or extreme sees. Every case is one line on stderr
 * naming the place or the value, exit code 2, and no stack trace.
 */
class BadInputTest {
  @TempDir Path dir;

  static final String BASE = """
      scenario base "a small scenario"
      duration 10s
      cluster {
        nodes 3
      }
      cql {
        CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE shop.orders (id int PRIMARY KEY, v text);
      }
      workload w {
        table shop.orders
        key id uniform(100)
        rate 50/s
      }
      """;

  private Path sim(String text) throws IOException {
    Path f = dir.resolve("s.sim");
    Files.writeString(f, text);
    return f;
  }

  /** Exit 2, one line that contains {@code expected}, no trace. */
  static void refused(CliRun r, String expected) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains(expected);
    assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception:");
  }

  @Test
  void hugeDurationsInAFileAreRefusedByCheckAndRunAtTheirPlace() throws IOException {
    Path f = sim(BASE.replace("duration 10s", "duration 99999999999999999999h"));
    refused(CliRun.of("check", f.toString()), f + ":2:10: '99999999999999999999h' is longer than the longest");
    refused(CliRun.of("run", f.toString(), "--quiet", "--out", dir.resolve("o").toString()), f + ":2:10:");
    f = sim(BASE + "timeline {\n  at 5s skew n2 -2562047788016h\n}\n");
    refused(CliRun.of("check", f.toString()), f + ":16:");
    f = sim(BASE + "timeline {\n  at 9999999999999999h crash n2\n}\n");
    refused(CliRun.of("check", f.toString()), f + ":16:6:");
  }

  @Test
  void aScenarioLongerThanTheLimitIsRefusedWhereverItsDurationComesFrom() throws IOException {
    Path f = sim(BASE.replace("duration 10s", "duration 25h"));
    refused(CliRun.of("check", f.toString()), f + ":2:1: duration must be between 1ms and 24h, got 25h");
    refused(CliRun.of("run", sim(BASE).toString(), "--set", "duration=8000h"), "--set duration=8000h: duration must"
        + " be between 1ms and 24h, got 8000h");
  }

  @Test
  @Timeout(value = 20, unit = TimeUnit.SECONDS) // had it simulated first, a 24-hour run would take far longer
  void anOutputFolderThatCannotBeWrittenIsRefusedBeforeSimulating() throws IOException {
    Path f = sim(BASE.replace("duration 10s", "duration 24h\nhistory off")); // 4.3 million operations
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    CliRun r = CliRun.of("run", f.toString(), "--quiet", "--out", file.resolve("sub").toString());
    refused(r, "--out " + file.resolve("sub") + ": cannot write there");
    assertThat(r.out()).isEmpty();
    refused(CliRun.of("run", f.toString(), "--quiet", "--out", file.toString()), "exists and is not a folder");
  }

  @Test
  void sizesHaveOneLimitInFilesSetRingAndCql() throws IOException {
    Path f = sim(BASE.replace("nodes 3", "nodes 3\n  vnodes 100000"));
    refused(CliRun.of("check", f.toString()), f + ":5:3: vnodes must be between 1 and 256, got 100000");
    f = sim(BASE.replace("nodes 3", "nodes 99999999999999999999999"));
    refused(CliRun.of("check", f.toString()), f + ":4:3: the number 99999999999999999999999 is too large");
    f = sim(BASE.replace("nodes 3", "nodes 1000") + "timeline {\n  at 1s bootstrap n1001\n}\n");
    refused(CliRun.of("check", f.toString()), f + ":16:3: bootstrapping n1001 would make 1001 nodes, more than the"
        + " 1000");
    refused(CliRun.of("run", sim(BASE).toString(), "--set", "cluster.nodes=0"),
        "--set cluster.nodes=0: nodes must be between 1 and 1000, got 0");
    refused(CliRun.of("run", sim(BASE).toString(), "--set", "cluster.vnodes=1024"), "--set cluster.vnodes=1024:"
        + " vnodes must be between 1 and 256");
    refused(CliRun.of("ring", "--nodes", "5000"), "--nodes: nodes must be between 1 and 1000, got 5000");
    refused(CliRun.of("ring", "--nodes", "1000", "--vnodes", "32"), "32000 tokens, more than the 16384");
    Path q = Files.writeString(dir.resolve("q.cql"), "SELECT * FROM system.local;\n");
    refused(CliRun.of("cql", "-f", q.toString(), "--nodes", "5000", "--vnodes", "1024"), "--nodes: nodes must be"
        + " between 1 and 1000");
    refused(CliRun.of("cql", "-f", q.toString(), "--vnodes", "0"), "--vnodes: vnodes must be between 1 and 256");
  }

  @Test
  void plannedWorkThatCannotFitIsRefusedWithTheEstimate() throws IOException {
    Path f = sim(BASE.replace("duration 10s", "duration 24h").replace("rate 50/s", "rate 100000/s"));
    refused(CliRun.of("check", f.toString()), "the workloads plan 8640000000 operations");
    refused(CliRun.of("run", sim(BASE).toString(), "--set", "workload.w.rate=1e300"), "--set workload.w.rate=1e300:"
        + " rate must be above 0 and at most 100000/s");
  }

  @Test
  void checkRunsTheValidationRunRunsBeforeSimulating() throws IOException {
    Path f = sim(BASE.replace("CREATE TABLE", "CREAT TABLE"));
    refused(CliRun.of("check", f.toString()), f + ":8: CQL: SyntaxError");
    f = sim(BASE.replace("table shop.orders", "table shop.nothere"));
    refused(CliRun.of("check", f.toString()), f + ":10:1: workload w: table shop.nothere does not exist");
    f = sim(BASE.replace("key id uniform(100)", "key id uniform(100)\n  column colour uuid"));
    refused(CliRun.of("check", f.toString()), "workload w: table shop.orders has no column 'colour' (its columns:"
        + " id, v)");
    f = sim(BASE.replace("key id uniform(100)", "key id values('a', 'b')"));
    refused(CliRun.of("check", f.toString()), "workload w: column id (int) cannot take the values of its generator");
    f = sim(BASE.replace("CREATE TABLE shop.orders (id int PRIMARY KEY, v text);",
        "CREATE TABLE shop.orders (id int PRIMARY KEY, v text);\n  INSERT INTO shop.orders (id, nope) VALUES (1, 2);"));
    refused(CliRun.of("check", f.toString()), f + ":9: CQL: InvalidRequest");
    // A data centre the scenario's cluster does not have, named in NetworkTopologyStrategy's options.
    f = sim(BASE.replace("{'class': 'SimpleStrategy', 'replication_factor': 3}",
        "{'class': 'NetworkTopologyStrategy', 'dc9': 3}"));
    refused(CliRun.of("check", f.toString()), f + ":7: CQL: ConfigurationError: Unrecognized strategy option {dc9}"
        + " passed to NetworkTopologyStrategy for keyspace shop");
  }

  @Test
  void generatorsThatCannotDrawAreRefused() throws IOException {
    for (String[] g : new String[][] {{"uniform(0)", "uniform(...): the number of values must be at least 1, got 0"},
        {"zipf(0, 1.1)", "zipf(...): the number of values"}, {"zipf(10, 0)", "zipf(...): the exponent must be above 0"},
        {"values()", "values(...): needs at least one value"}, {"text(5, 2)", "text(...): text length must be between 5"},
        {"hot(1.5, 10)", "hot(...): the hot share must be between 0% and 100%"}}) {
      Path f = sim(BASE.replace("uniform(100)", g[0]));
      refused(CliRun.of("check", f.toString()), f + ":12:10: " + g[1]);
    }
  }

  @Test
  void historyOffFromTheCommandLineIsExplainedInTermsOfTheFlag() throws IOException {
    Path f = sim(BASE + "check {\n  no lost writes\n}\n");
    CliRun r = CliRun.of("run", f.toString(), "--set", "history=off");
    refused(r, "--set history=off: this scenario has checks (" + f + ":15)");
    assertThat(r.err()).doesNotContain("remove 'history off'");
  }

  @Test
  void unknownAllocatorOrPartitionerInSetIsRefused() throws IOException {
    refused(CliRun.of("run", sim(BASE).toString(), "--set", "cluster.allocator=magic"), "--set cluster.allocator=magic:"
        + " unknown allocator");
    refused(CliRun.of("run", sim(BASE).toString(), "--set", "cluster.partitioner=nope"), "--set"
        + " cluster.partitioner=nope:");
  }

  @Test
  void keyspaceNamesLongerThanFortyEightCharactersAndTableNamesOfOtherCharactersAreRefusedWithCassandrasMessages()
      throws IOException {
    String ks = "k".repeat(49);
    Path q = Files.writeString(dir.resolve("q.cql"), "CREATE KEYSPACE " + ks + " WITH replication = {'class':"
        + " 'SimpleStrategy', 'replication_factor': 1};\nCREATE KEYSPACE ok WITH replication = {'class':"
        + " 'SimpleStrategy', 'replication_factor': 1};\nCREATE TABLE ok.\"t-t\" (k int PRIMARY KEY);\n"
        + "CREATE KEYSPACE " + "k".repeat(48) + " WITH replication = {'class': 'SimpleStrategy',"
        + " 'replication_factor': 1};\nCREATE TABLE ok." + "t".repeat(192) + " (k int PRIMARY KEY);\n");
    CliRun r = CliRun.of("cql", "-f", q.toString());
    // Cassandra 4.1.10 refuses a keyspace name as an invalid request, quoting it with single quotes (the oracle's
    // answer in cql/36_error_classes_ddl), and a table name as a configuration error naming the table first; it no
    // longer limits a table name's length (cql/74_cqlpy_view_name_findings).
    assertThat(r.out()).contains(":1: InvalidRequest: Keyspace name must not be empty, more than 48 characters"
        + " long, or contain non-alphanumeric-underscore characters (got '" + ks + "')");
    assertThat(r.out()).contains(":3: ConfigurationError: ok.t-t: Table name must not be empty, more than 48"
        + " characters long, or contain non-alphanumeric-underscore characters (got \"t-t\")");
    assertThat(r.out()).doesNotContain(":4:").doesNotContain(":5:");
  }

  @Test
  void unicodeIsAcceptedWhereverAUserWritesText() throws IOException {
    Path f = sim(BASE.replace("scenario base", "scenario 東京_ventes").replace("workload w", "workload écriture")
        .replace("nodes 3", "dc Zürich nodes 3").replace("\"a small scenario\"", "\"un scénario 😀\"")
        + "# commentaire: ça marche\n");
    CliRun r = CliRun.of("check", f.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains(": ok (3 nodes, 1 workload, 0 actions, duration 10s)");
    // Symbols beyond ASCII and combining marks are text too (the snowman, an emoji sequence, a Hindi name).
    f = sim(BASE.replace("scenario base", "scenario sénsors☃").replace("workload w", "workload लेखन_👩‍💻"));
    r = CliRun.of("check", f.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    r = CliRun.of("run", f.toString(), "--quiet", "--out", dir.resolve("snow").toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.readString(dir.resolve("snow").resolve("summary.json"))).contains("\"sénsors☃\"");
    assertThat(Files.readString(dir.resolve("snow").resolve("report.html"))).contains("<meta charset=\"utf-8\">")
        .contains("<title>ringsim: sénsors☃");
    assertThat(r.out()).contains("Scenario sénsors☃ (seed 1");
    // Without --out, the run's folder is named after the scenario, symbol and emoji included.
    assertThat(OutputDir.defaultFor("sénsors☃", "-seed1")).isEqualTo(Path.of("runs", "sénsors☃-seed1"));
  }

  @Test
  void aLongerDurationSaysWhichWorkloadsKeepTheirWindow() throws IOException {
    Path f = sim(BASE.replace("rate 50/s", "rate 20/s\n  from 0s to 5s"));
    CliRun r = CliRun.of("run", f.toString(), "--quiet", "--out", dir.resolve("o").toString(), "--set",
        "duration=20s");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("ringsim: --set duration=20s: workload w keeps the window its file gives it (0ms to"
        + " 5s); the last 15s run without its load");
    // A workload without a window runs to the end of whatever duration: nothing to say.
    r = CliRun.of("run", sim(BASE).toString(), "--quiet", "--out", dir.resolve("p").toString(), "--set",
        "duration=20s");
    assertThat(r.err()).doesNotContain("keeps the window");
  }

  @Test
  void aClockStartThatIsNoInstantIsNamed() throws IOException {
    Path f = dir.resolve("s.cql");
    Files.writeString(f, "SELECT now() FROM system.local;\n");
    refused(CliRun.of("cql", "-f", f.toString(), "--now", "yesterday"),
        "--now: 'yesterday' is not an instant such as 2026-01-01T00:00:00Z (or 'wall')");
    CliRun ok = CliRun.of("cql", "-f", f.toString(), "--now", "2026-01-01T00:00:00Z");
    assertThat(ok.exitCode()).as(ok.err()).isZero();
  }

  @Test
  void anOffendingValueWithControlCharactersIsShownEscapedOnOneLine() {
    // Found by GeneratedInputProperties: a NUL, a line break and a terminal escape used to reach the terminal raw.
    refused(CliRun.of("ring", "--partitioner", "\u0000\n\u001b[31m"),
        "ringsim: unknown partitioner '\\u0000 \\u001b[31m' (expected murmur3, random or byteordered)");
  }
}
