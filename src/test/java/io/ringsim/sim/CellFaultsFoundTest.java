package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioReader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Injected faults that lose acknowledged writes are still found when workloads are judged cell by cell, and each
 * anomaly names the cell: the shipped range-tombstones lesson (range deletions missed by a replica past gc_grace) and
 * partial updates at ONE under a partition.
 */
class CellFaultsFoundTest {
  private static RunResult run(RunSpec spec) {
    return new ScenarioRunner(spec, ConfigFactory.load("application-test"), line -> {}).run().result();
  }

  @Test
  void rangeDeletionsThatDidNotStickAreLostAtTheCellThatCameBack() {
    RunResult r = run(ScenarioReader.read(Path.of("simulations", "range-tombstones.sim"), Map.of()));
    assertThat(r.anomalyCounts().lostWrites()).isPositive();
    assertThat(r.anomalyCounts().staleReads()).isPositive();
    for (Checker.Anomaly a : r.anomalies()) {
      assertThat(a.key()).startsWith("mail.inbox ");
      assertThat(a.cell()).as(a.detail()).matches("row \\(\\d+\\) column (subject|unread)");
      assertThat(a.detail()).contains(a.cell() + ": saw timestamp").contains("older than range deletion of rows (");
    }
    // The same outage with a repair before the purge: nothing comes back, nothing is reported.
    String repaired = ScenarioReaderText.of("simulations/range-tombstones.sim").replace("  at 2m05s flush",
        "  at 1m55s repair n3\n  at 2m05s flush");
    RunResult ok = run(ScenarioReader.parse(repaired, "repaired.sim", Map.of()));
    assertThat(ok.anomalies()).isEmpty();
    assertThat(ok.anomalyCounts().readsChecked()).isPositive();
  }

  @Test
  void partialUpdatesAtOneUnderAPartitionAreStaleAtTheirColumn() {
    String text = """
        scenario one "partial updates at ONE across a partition"
        duration 40s
        seed 3
        cluster {
          nodes 5
        }
        cql {
          CREATE KEYSPACE p WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
          CREATE TABLE p.t (k int, c int, a int, b int, PRIMARY KEY (k, c));
        }
        workload w {
          table p.t
          key k uniform(20)
          column c uniform(5)
          mix update 50% read 50%
          consistency ONE
          rate 200/s
        }
        timeline {
          at 10s partition {n1 n2} {n3 n4 n5}
          at 30s heal
        }
        """;
    RunResult r = run(ScenarioReader.parse(text, "one.sim", Map.of()));
    assertThat(r.anomalyCounts().staleReads()).isPositive();
    assertThat(r.anomalies()).allSatisfy(a -> {
      assertThat(a.cell()).matches("row \\(\\d\\) column [ab]");
      assertThat(a.detail()).contains(a.cell());
    });
  }

  /** A scenario file's text. */
  private static final class ScenarioReaderText {
    static String of(String path) {
      try {
        return java.nio.file.Files.readString(Path.of(path));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }
}
