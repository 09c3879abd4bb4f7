package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioReader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Injected faults that lose acknowledged writes are still found when workloads are judged cell by cell, and each
 * anomaly names the cell, for each class of fault: range deletions missed by a replica past gc_grace whose hints expired
 * (the shipped range-tombstones lesson), partial updates at ONE under a partition, updates through a coordinator whose
 * clock is behind (last-write-wins), and a replica that missed updates while hint replay was off.
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
          mix update 50% read 10% read slice 10% read in 10% read limit 10% read columns 10%
          consistency ONE
          rate 200/s
        }
        timeline {
          at 10s partition {n1 n2} {n3 n4 n5}
          at 30s heal
        }
        """;
    RunOutcome out = new ScenarioRunner(ScenarioReader.parse(text, "one.sim", Map.of()),
        ConfigFactory.load("application-test"), line -> {}).run();
    RunResult r = out.result();
    assertThat(r.anomalyCounts().staleReads()).isPositive();
    assertThat(r.anomalies()).allSatisfy(a -> {
      assertThat(a.cell()).matches("row \\(\\d\\) column [ab]");
      assertThat(a.detail()).contains(a.cell());
    });
    // Reads of part of a partition are judged on the cells they selected: each kind finds stale cells too.
    Map<Long, OpType> typeOf = new java.util.HashMap<>();
    for (OpRecord o : out.history()) typeOf.put(o.id(), o.type());
    java.util.Set<OpType> staleKinds = java.util.EnumSet.noneOf(OpType.class);
    for (Checker.Anomaly a : r.anomalies()) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("read #(\\d+)").matcher(a.detail());
      if (m.find()) staleKinds.add(typeOf.get(Long.parseLong(m.group(1))));
    }
    assertThat(staleKinds).contains(OpType.READ_SLICE, OpType.READ_IN, OpType.READ_LIMIT, OpType.READ_COLUMNS);
  }

  @Test
  void updatesThatLoseToAClockBehindAreLostAtTheirCell() {
    // The shipped lesson with partial updates in its mix: the table is judged cell by cell.
    String text = ScenarioReaderText.of("simulations/lww-clock-skew.sim").replace("mix write 50% read 50%",
        "mix write 40% update 10% read 50%");
    RunResult r = run(ScenarioReader.parse(text, "skew.sim", Map.of()));
    assertThat(r.anomalyCounts().staleReads()).isPositive();
    assertThat(r.anomalyCounts().lostWrites()).isPositive();
    assertThat(r.anomalies()).allSatisfy(a -> {
      assertThat(a.key()).startsWith("lww.kv ");
      assertThat(a.cell()).isEqualTo("column v");
      assertThat(a.detail()).contains("via n2").contains("lost to it by its older timestamp");
      assertThat(a.atMicros()).isGreaterThanOrEqualTo(20_000_000L);
    });
    // Without the skew the same traffic is judged clean.
    RunResult fine = run(ScenarioReader.parse(text.replace("  at 20s skew n2 -3s\n", ""), "fine.sim", Map.of()));
    assertThat(fine.anomalies()).isEmpty();
    assertThat(fine.anomalyCounts().readsChecked()).isPositive();
  }

  @Test
  void withoutHintReplayAReplicaThatWasDownServesStaleCellsAtOne() {
    String text = """
        scenario nohints "a replica down while rows are updated"
        duration 1m
        seed 5
        cluster {
          nodes 3
        }
        cql {
          CREATE KEYSPACE h WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
          CREATE TABLE h.t (k int, c int, a int, b int, PRIMARY KEY (k, c));
        }
        workload writers {
          table h.t
          key k uniform(50)
          column c uniform(5)
          mix write 50% update 50%
          consistency QUORUM
          rate 100/s
          from 0s to 30s
        }
        workload readers {
          table h.t
          key k uniform(50)
          column c uniform(5)
          mix read 100%
          consistency ONE
          rate 100/s
          from 40s to 1m
        }
        timeline {
          at 10s crash n3
          at 25s restart n3
        }
        """;
    com.typesafe.config.Config noHints = ConfigFactory.parseString("ringsim.node.hinted-handoff = off")
        .withFallback(ConfigFactory.load("application-test"));
    RunResult r = new ScenarioRunner(ScenarioReader.parse(text, "nohints.sim", Map.of()), noHints, line -> {})
        .run().result();
    assertThat(r.anomalyCounts().staleReads()).isPositive();
    assertThat(r.anomalies()).allSatisfy(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.STALE_READ);
      assertThat(a.detail()).contains("at ONE via n3");
      // a row n3 never got is missing whole: its row marker is named
      assertThat(a.cell()).matches("row \\(\\d\\) (column [ab]|row marker)");
      assertThat(a.detail()).contains(a.cell() + ": saw ");
    });
    // With hints replayed on restart, n3 has caught up before the reads begin.
    RunResult hinted = run(ScenarioReader.parse(text, "hints.sim", Map.of()));
    assertThat(hinted.anomalies()).isEmpty();
    assertThat(hinted.anomalyCounts().readsChecked()).isPositive();
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
