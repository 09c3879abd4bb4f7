package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.Limits;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.script.ScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ringsim shrink on the shipped scenarios that fail on purpose: the result is smaller and, run, fails the same
 * check. Budgets are counted in tries, so that a slow machine shrinks as far as a fast one.
 */
class ShrinkCommandTest {
  @TempDir Path dir;

  /** A tiny scenario in the manner of lww-clock-skew: one check fails (lost writes), one passes (availability). */
  static final String SKEWED = """
      scenario skewed "n2's clock runs 3 s behind"
      duration 20s
      seed 23
      cluster {
        nodes 3
        vnodes 4
      }
      cql {
        CREATE KEYSPACE lww WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE lww.kv (k int PRIMARY KEY, v text);
      }
      workload updates {
        table lww.kv
        key k uniform(10)
        mix write 50% read 50%
        consistency QUORUM
        rate 50/s
      }
      timeline {
        at 5s skew n2 -3s
      }
      check {
        no lost writes
        availability QUORUM >= 50%
      }
      """;

  @Test
  void zombiesShrinksToAFewOperationsThatStillLoseADelete() throws IOException {
    Path out = dir.resolve("zombies-small.sim");
    CliRun r = CliRun.of("shrink", "simulations/zombies.sim", "--check", "no lost writes", "--out", out.toString(),
        "--tries", "40");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("try 1: ", "best: ");
    assertThat(r.out()).contains("Wrote " + out, "It fails 'no lost writes': bin/ringsim run " + out + " --seed 29");
    RunSpec before = ScenarioReader.read(Path.of("simulations/zombies.sim"), Map.of());
    RunSpec after = ScenarioReader.read(out, Map.of());
    assertThat(after.timeline().size()).isLessThan(before.timeline().size());
    assertThat(operations(after)).isLessThan(operations(before) / 10);
    assertThat(after.checks()).extracting(c -> c.text()).containsExactly("no lost writes");
    String text = Files.readString(out);
    assertThat(text).startsWith("# zombies-small: zombies shrunk by `bin/ringsim shrink simulations/zombies.sim"
        + " --check 'no lost writes'`.\n# It still fails the check 'no lost writes'; see it with:\n"
        + "#   bin/ringsim run " + out + " --seed 29\n");
    assertThat(text).contains("#   - removed the other checks: 'no stale reads'", "#   - removed timeline lines: ");
    CliRun run = CliRun.of("run", out.toString(), "--out", dir.resolve("run").toString(), "--quiet");
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).containsPattern("FAIL  no lost writes - [1-9][0-9]* lost writes");
  }

  @Test
  void lwwClockSkewShrinksTheClusterAndTheWorkload() throws IOException {
    Path out = dir.resolve("lww-small.sim");
    CliRun r = CliRun.of("shrink", "simulations/lww-clock-skew.sim", "--out", out.toString(), "--tries", "100");
    assertThat(r.exitCode()).as(r.err()).isZero();
    RunSpec before = ScenarioReader.read(Path.of("simulations/lww-clock-skew.sim"), Map.of());
    RunSpec after = ScenarioReader.read(out, Map.of());
    assertThat(after.durationMillis()).isLessThan(before.durationMillis());
    assertThat(operations(after)).isLessThan(operations(before));
    assertThat(after.nodeCount() * after.vnodes()).isLessThan(before.nodeCount() * before.vnodes());
    CliRun run = CliRun.of("run", out.toString(), "--out", dir.resolve("run").toString(), "--quiet");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).contains("FAIL  no lost writes");
  }

  @Test
  void theQueriesAndModelSectionsAreKeptSoTheResultCanStillBeModelled() throws IOException {
    Path f = dir.resolve("skewed.sim");
    Files.writeString(f, SKEWED + "queries {\n  SELECT v FROM lww.kv WHERE k = ?;\n}\nmodel {\n  hot_ratio 3\n"
        + "  rows_per_partition 500\n}\n");
    // The result is named after its file, a symbol included (a scenario name takes any Unicode).
    Path out = dir.resolve("small☃.sim");
    CliRun r = CliRun.of("shrink", f.toString(), "--out", out.toString(), "--tries", "6");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.readString(out)).contains("\nscenario small☃ ").contains("queries {\n  SELECT v FROM lww.kv WHERE k = ?;\n}")
        .contains("model {\n  rows_per_partition 500\n  hot_ratio 3\n}");
    // Modelled: the query is judged, and 10 keys over 3 nodes are a finding (exit 1), not bad input (exit 2).
    CliRun model = CliRun.of("model", out.toString());
    assertThat(model.exitCode()).as(model.err()).isEqualTo(1);
    assertThat(model.out()).contains("SELECT v FROM lww.kv WHERE k = ?");
  }

  @Test
  void aFileNamedLikeAWordOfTheLanguageStillGetsAScenarioName() throws IOException {
    Path f = dir.resolve("skewed.sim");
    Files.writeString(f, SKEWED);
    Path out = dir.resolve("check.sim"); // 'scenario check' would not read back: check is a section
    CliRun r = CliRun.of("shrink", f.toString(), "--out", out.toString(), "--tries", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.readString(out)).contains("\nscenario skewed-min ");
    assertThat(CliRun.of("check", out.toString()).exitCode()).isZero();
  }

  @Test
  void theSameTriesGiveTheSameFile() throws IOException {
    Path f = dir.resolve("skewed.sim");
    Files.writeString(f, SKEWED);
    Path a = Files.createDirectories(dir.resolve("a")).resolve("small.sim");
    Path b = Files.createDirectories(dir.resolve("b")).resolve("small.sim");
    CliRun ra = CliRun.of("shrink", f.toString(), "--out", a.toString(), "--tries", "12");
    CliRun rb = CliRun.of("shrink", f.toString(), "--out", b.toString(), "--tries", "12");
    assertThat(ra.exitCode()).as(ra.err()).isZero();
    assertThat(rb.exitCode()).as(rb.err()).isZero();
    assertThat(Files.readString(a).replace(a.toString(), "X"))
        .isEqualTo(Files.readString(b).replace(b.toString(), "X"));
  }

  @Test
  void aPassingCheckOrScenarioIsNothingToShrink() throws IOException {
    Path f = dir.resolve("skewed.sim");
    Files.writeString(f, SKEWED);
    CliRun passing = CliRun.of("shrink", f.toString(), "--check", "availability QUORUM >= 50%", "--out",
        dir.resolve("x.sim").toString());
    assertThat(passing.exitCode()).isEqualTo(2);
    assertThat(passing.err()).containsOnlyOnce("\n")
        .startsWith("ringsim: --check 'availability QUORUM >= 50%' passes (")
        .contains("there is no failure to shrink");
    Files.writeString(f, SKEWED.replace("  no lost writes\n", ""));
    CliRun allPass = CliRun.of("shrink", f.toString(), "--out", dir.resolve("x.sim").toString());
    assertThat(allPass.exitCode()).isEqualTo(2);
    assertThat(allPass.err()).endsWith("every check of " + f + " passes with seed 23: there is no failure to shrink"
        + " (try another --seed)\n");
    assertThat(dir.resolve("x.sim")).doesNotExist();
  }

  @Test
  void badArgumentsAreOneLineBeforeAnyRun() throws IOException {
    Path f = dir.resolve("skewed.sim");
    Files.writeString(f, SKEWED);
    CliRun noSuchCheck = CliRun.of("shrink", f.toString(), "--check", "no stale reads");
    assertThat(noSuchCheck.exitCode()).isEqualTo(2);
    assertThat(noSuchCheck.err()).isEqualTo("ringsim: --check 'no stale reads': " + f + " has no such check (its"
        + " checks: 'no lost writes', 'availability QUORUM >= 50%')\n");
    CliRun budget = CliRun.of("shrink", f.toString(), "--budget", "soon");
    assertThat(budget.exitCode()).isEqualTo(2);
    assertThat(budget.err()).startsWith("ringsim: --budget: 'soon' is not a duration").containsOnlyOnce("\n");
    CliRun folder = CliRun.of("shrink", f.toString(), "--out", dir.resolve("nowhere/x.sim").toString());
    assertThat(folder.exitCode()).isEqualTo(2);
    assertThat(folder.err()).contains("no such folder").containsOnlyOnce("\n");
    CliRun fraction = CliRun.of("shrink", f.toString(), "--set", "workload.updates.rate=0.5");
    assertThat(fraction.exitCode()).isEqualTo(2);
    assertThat(fraction.err()).isEqualTo("ringsim: " + f + ": cannot shrink: workload updates: a rate of 0.5/s is"
        + " not a whole number, which a scenario file cannot say\n");
    CliRun tries = CliRun.of("shrink", f.toString(), "--tries", "0");
    assertThat(tries.exitCode()).isEqualTo(2);
    assertThat(tries.err()).isEqualTo("ringsim: --tries must be at least 1, got 0\n");
  }

  private static long operations(RunSpec s) {
    return s.workloads().stream().mapToLong(w -> Limits.operations(w.rate(),
        w.endMillis() - w.startMillis())).sum();
  }
}
