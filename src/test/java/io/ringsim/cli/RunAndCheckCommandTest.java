package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunAndCheckCommandTest {
  @TempDir Path dir;

  @Test
  void everyShippedScenarioPassesCheck() throws IOException {
    try (var files = Files.list(Path.of("simulations"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".sim")).sorted().toList()) {
        CliRun r = CliRun.of("check", f.toString());
        assertThat(r.exitCode()).as(f + ": " + r.err()).isZero();
        assertThat(r.out()).contains(": ok (");
      }
    }
  }

  @Test
  void errorsNameFileLineAndColumn() throws IOException {
    Path f = dir.resolve("bad.sim");
    Files.writeString(f, "scenario bad\nduration 1m\ncluster {\n  nodes 3\n}\ntimeline {\n  at 10s crash n9\n}\n");
    CliRun r = CliRun.of("check", f.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains(f + ":7:3: no node named 'n9'");
    Files.writeString(f, "scenario bad\nduration 1m\nclustr {\n}\n");
    r = CliRun.of("check", f.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith(f + ":3:1: ");
    Files.writeString(f, "scenario bad\nworkload w {\n  table ks.t\n  mix write 60% read 60%\n}\n");
    r = CliRun.of("check", f.toString());
    assertThat(r.err()).contains(":2:1: the mix of workload w adds up to 120%, not 100%");
  }

  static final String SHORT = """
      scenario short "a crash under QUORUM"
      duration 40s
      seed 3
      cluster {
        nodes 4
        vnodes 8
      }
      cql {
        CREATE KEYSPACE s WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE s.kv (k int PRIMARY KEY, v text);
      }
      workload kv {
        table s.kv
        key k uniform(100)
        mix write 50% read 50%
        consistency QUORUM
        rate 100/s
        from 0s to 35s
      }
      timeline {
        at 10s crash n3
        at 25s restart n3
      }
      check {
        no lost writes
        no stale reads
      }
      """;

  @Test
  void aShortScenarioRunsPassesAndIsReproducible() throws IOException {
    Path sim = dir.resolve("short.sim");
    Files.writeString(sim, SHORT);
    Path a = dir.resolve("a"), b = dir.resolve("b");
    CliRun r1 = CliRun.of("run", sim.toString(), "--quiet", "--out", a.toString());
    assertThat(r1.exitCode()).as(r1.err()).isZero();
    assertThat(r1.out()).contains("PASS  no lost writes").contains("n3 crashed");
    CliRun r2 = CliRun.of("run", sim.toString(), "--quiet", "--out", b.toString());
    assertThat(r2.exitCode()).isZero();
    for (String f : new String[] {"summary.json", "run.json", "history.jsonl", "report.html"}) {
      assertThat(Files.readAllBytes(a.resolve(f))).as(f).isEqualTo(Files.readAllBytes(b.resolve(f)));
    }
    CliRun seeded = CliRun.of("run", sim.toString(), "--quiet", "--seed", "4", "--out", dir.resolve("c").toString());
    assertThat(seeded.exitCode()).isZero();
    assertThat(Files.readAllBytes(dir.resolve("c").resolve("history.jsonl")))
        .isNotEqualTo(Files.readAllBytes(a.resolve("history.jsonl")));
  }

  @Test
  void bootstrapAndDecommissionStreamDataAndLoseNothingAtQuorum() throws IOException {
    Path sim = dir.resolve("boot.sim");
    try (var in = getClass().getResourceAsStream("/bootstrap.sim")) {
      Files.write(sim, in.readAllBytes());
    }
    CliRun r = CliRun.of("run", sim.toString(), "--quiet", "--out", dir.resolve("boot").toString());
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).containsPattern("n5 joined, [1-9][0-9]* partitions streamed to it")
        .containsPattern("n2 left, [1-9][0-9]* partitions streamed away")
        .contains("0 stale reads").contains("0 lost writes");
    assertThat(r.out()).doesNotContain("  n2 | ");
    Path bad = dir.resolve("bad.sim");
    Files.writeString(bad, Files.readString(sim).replace("decommission n2", "decommission n9"));
    assertThat(CliRun.of("check", bad.toString()).err()).contains("no node named 'n9'");
  }

  @Test
  void aFailingCheckExitsWithOne() throws IOException {
    Path sim = dir.resolve("skew.sim");
    Files.writeString(sim, SHORT.replace("at 10s crash n3\n  at 25s restart n3", "at 5s skew n2 -3s"));
    CliRun r = CliRun.of("run", sim.toString(), "--quiet", "--out", dir.resolve("s").toString());
    assertThat(r.exitCode()).as(r.out()).isEqualTo(1);
    assertThat(r.out()).contains("FAIL  no stale reads");
  }

  @Test
  void stoppingAMemberIsRefusedInASimulationWithTheReason() throws IOException {
    Path sim = dir.resolve("stop.sim");
    Files.writeString(sim, SHORT.replace("at 25s restart n3", "at 25s stop member 1"));
    assertThat(CliRun.of("check", sim.toString()).exitCode()).isZero();
    CliRun r = CliRun.of("run", sim.toString(), "--quiet", "--out", dir.resolve("stop").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("stop.sim").contains("stop member 1").contains("--cluster");
  }

  @Test
  void historyOffRunsTheSameOperationsAndKeepsNoHistory() throws IOException {
    String noChecks = SHORT.substring(0, SHORT.indexOf("check {"));
    Path on = dir.resolve("on.sim"), off = dir.resolve("off.sim");
    Files.writeString(on, noChecks);
    Files.writeString(off, noChecks.replace("seed 3\n", "seed 3\nhistory off\n"));
    CliRun a = CliRun.of("run", on.toString(), "--quiet", "--out", dir.resolve("on").toString());
    CliRun b = CliRun.of("run", off.toString(), "--quiet", "--out", dir.resolve("off").toString());
    assertThat(a.exitCode()).as(a.err()).isZero();
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(b.out()).contains("not checked: 'history off'").doesNotContain("checked 0 reads");
    // The same operations ran (same seed): only the record of them differs.
    String ops = "\"operations\" : ";
    String runOn = Files.readString(dir.resolve("on").resolve("run.json"));
    String runOff = Files.readString(dir.resolve("off").resolve("run.json"));
    assertThat(runOff.substring(runOff.indexOf(ops), runOff.indexOf(",", runOff.indexOf(ops))))
        .isEqualTo(runOn.substring(runOn.indexOf(ops), runOn.indexOf(",", runOn.indexOf(ops))))
        .isNotEqualTo(ops + "0");
    assertThat(Files.readString(dir.resolve("on").resolve("history.jsonl"))).isNotEmpty();
    assertThat(Files.readString(dir.resolve("off").resolve("history.jsonl"))).isEmpty();
    assertThat(runOff).contains("\"historyRecorded\" : false", "\"hottestPartitions\" : [ ]");

    Path bad = dir.resolve("bad-history.sim");
    Files.writeString(bad, SHORT.replace("seed 3\n", "seed 3\nhistory off\n"));
    CliRun withChecks = CliRun.of("check", bad.toString());
    assertThat(withChecks.exitCode()).isEqualTo(2);
    assertThat(withChecks.err()).contains("bad-history.sim:4:1: the checks need the per-operation history");
    Files.writeString(bad, noChecks.replace("seed 3\n", "seed 3\nhistory maybe\n"));
    CliRun maybe = CliRun.of("check", bad.toString());
    assertThat(maybe.exitCode()).isEqualTo(2);
    assertThat(maybe.err()).contains("bad-history.sim:4:1: history must be 'on' or 'off', not 'maybe'");
  }

  @Test
  void aWorkloadWithoutAWindowFollowsAShorterDurationSet() throws IOException {
    Path sim = dir.resolve("open.sim");
    Files.writeString(sim, SHORT.replace("  from 0s to 35s\n", "").replace("at 25s restart n3", "at 15s restart n3"));
    CliRun r = CliRun.of("run", sim.toString(), "--quiet", "--set", "duration=20s", "--out", dir.resolve("o").toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(Files.readString(dir.resolve("o").resolve("run.json"))).contains("\"simulatedMillis\" : 20000");
    // A workload with its own window still may not run past the end.
    Files.writeString(sim, SHORT);
    CliRun past = CliRun.of("run", sim.toString(), "--quiet", "--set", "duration=30s", "--out",
        dir.resolve("p").toString());
    assertThat(past.exitCode()).isEqualTo(2);
    assertThat(past.err()).contains("workload kv runs past the end of the scenario (duration 30s)");
  }

  @Test
  void aMemberNumberTooLargeForANumberIsAPositionedError() throws IOException {
    Path sim = dir.resolve("huge.sim");
    Files.writeString(sim, SHORT.replace("at 25s restart n3", "at 25s stop member 99999999999"));
    CliRun r = CliRun.of("check", sim.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("huge.sim:").contains("no member 99999999999 (members are numbered from 1)")
        .doesNotContain("Exception");
  }

  static final String LOCKS = """
      scenario locks "IF NOT EXISTS contention through a crash"
      duration 40s
      seed 5
      cluster {
        nodes 4
        vnodes 8
      }
      cql {
        CREATE KEYSPACE s WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE s.locks (k int PRIMARY KEY, v text);
      }
      workload locks {
        table s.locks
        key k uniform(5)
        mix lwt 60% read 40%
        consistency write QUORUM read SERIAL
        rate 100/s
        concurrency 8
        from 0s to 35s
      }
      timeline {
        at 10s crash n3
        at 25s restart n3
      }
      check {
        no lwt violations
      }
      """;

  @Test
  void lightweightTransactionsUnderContentionAndACrashAreLinearizable() throws IOException {
    Path sim = dir.resolve("locks.sim");
    Files.writeString(sim, LOCKS);
    CliRun r = CliRun.of("run", sim.toString(), "--quiet", "--out", dir.resolve("locks").toString());
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("PASS  no lwt violations").contains("0 LWT violations");
  }

  @Test
  void plainDeletesMixedWithLightweightTransactionsBreakLinearizabilityAndTheCheckSaysWhy() throws IOException {
    Path sim = dir.resolve("mixed.sim");
    Files.writeString(sim, LOCKS.replace("mix lwt 60% read 40%", "mix lwt 50% delete 20% read 30%")
        .replace("consistency write QUORUM read SERIAL", "consistency write ONE read SERIAL")
        .replace("at 10s crash n3\n  at 25s restart n3", "at 10s partition {n1 n2} {n3 n4}\n  at 25s heal"));
    CliRun r = CliRun.of("run", sim.toString(), "--quiet", "--out", dir.resolve("mixed").toString());
    assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
    assertThat(r.out()).contains("FAIL  no lwt violations").contains("not linearizable")
        .contains("plain writes or deletes");
  }
}
