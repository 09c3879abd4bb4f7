package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioException;
import io.ringsim.sim.script.ScenarioReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Scenario workloads on counter tables: `mix increment ...` sends UPDATE t SET n = n + ? and the reads read the
 * counters, judged as sums of increments by the same model as served traffic.
 */
class CounterWorkloadsTest {
  private static String scenario(String timeline, String commitlog, String write, String read) {
    return """
        scenario counters "increments and reads"
        duration 30s
        seed 7
        cluster {
          nodes 3
          commitlog %s
        }
        cql {
          CREATE KEYSPACE c WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
          CREATE TABLE c.hits (page int PRIMARY KEY, views counter);
          CREATE TABLE c.daily (page int, day int, views counter, errors counter, total counter static,
            PRIMARY KEY (page, day));
        }
        workload views {
          table c.hits
          key page uniform(20)
          mix increment 50%% read 50%%
          consistency write %s read %s
          rate 100/s
        }
        workload daily {
          table c.daily
          key page uniform(10)
          key day uniform(4)
          column errors values('1', '-2')
          mix increment 50%% read 20%% read slice 10%% read in 10%% read limit 10%%
          consistency write %s read %s
          rate 100/s
        }
        timeline {
        %s
        }
        """.formatted(commitlog, write, read, write, read, timeline);
  }

  private static RunResult run(String text) {
    return new ScenarioRunner(ScenarioReader.parse(text, "counters.sim", Map.of()),
        ConfigFactory.load("application-test"), line -> {}).run().result();
  }

  @Test
  void faultFreeIncrementsAreJudgedWithoutAnomaly() {
    RunResult r = run(scenario("", "batch", "QUORUM", "QUORUM"));
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.anomalyCounts().readsChecked()).isGreaterThan(1000);
    assertThat(r.anomalyCounts().keysChecked()).isPositive();
    assertThat(r.anomalyCounts().notJudged()).isEmpty();
  }

  @Test
  void readsAtOneThatMissIncrementsAtOneThroughAPartitionAreStaleAndSayWhy() {
    RunResult r = run(scenario("  at 10s partition {n1} {n2 n3}\n  at 20s heal", "batch", "ONE", "ONE"));
    assertThat(r.anomalies()).isNotEmpty().allSatisfy(a -> {
      assertThat(a.kind()).isIn(AnomalyKind.STALE_READ, AnomalyKind.READ_YOUR_WRITES);
      assertThat(a.detail()).contains("R + W <= RF");
    });
    assertThat(r.anomalyCounts().notJudged()).doesNotContainKey("counter-weak-read");
  }

  /**
   * Increments acknowledged by every replica (ALL), read at ONE (ALL + ONE &gt; RF): a replica that crashes before its
   * periodic commit log sync comes back without its last increments (their leaders had synced theirs), and a read
   * at ONE through it misses them: a stale read at the counter's cell.
   */
  @Test
  void aReplicaThatLostUnsyncedIncrementsServesStaleCounters() {
    RunResult r = run(scenario("  at 20s crash n3\n  at 21s restart n3", "periodic 30s", "ALL", "ONE"));
    assertThat(r.anomalyCounts().staleReads()).isPositive();
    assertThat(r.anomalies()).allSatisfy(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.STALE_READ);
      assertThat(a.detail()).contains("at ONE via n3").contains(a.cell() + ": saw ")
          .contains("an acknowledged increment is missing");
      assertThat(a.cell()).matches("column views|row \\(\\d\\) column (views|errors)|static row column total");
    });
    assertThat(r.anomalyCounts().lostWrites()).isZero();
  }

  @Test
  void aCounterTableTakesIncrementsAndReadsOnly() {
    String text = scenario("", "batch", "QUORUM", "QUORUM");
    assertThatThrownBy(() -> ScenarioReader.parse(text.replace("mix increment 50% read 50%", "mix write 50% read 50%"),
        "counters.sim", Map.of())).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("counters.sim:").hasMessageContaining("c.hits is a counter table: its mix takes"
            + " 'increment'");
    String plain = text.replace("CREATE TABLE c.hits (page int PRIMARY KEY, views counter);",
        "CREATE TABLE c.hits (page int PRIMARY KEY, views int);");
    assertThatThrownBy(() -> ScenarioReader.parse(plain, "counters.sim", Map.of()))
        .isInstanceOf(ScenarioException.class)
        .hasMessageContaining("'increment' adds to counters, and c.hits is not a counter table");
  }
}
