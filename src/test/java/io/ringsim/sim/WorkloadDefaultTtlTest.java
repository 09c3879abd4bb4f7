package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A whole-row workload without its own {@code ttl} writes as a CQL INSERT without USING TTL does: Cassandra stamps
 * the rows with the table's default_time_to_live, so they expire, and the checker judges them with it.
 */
class WorkloadDefaultTtlTest {
  static RunOutcome run(String ttlLine) {
    String text = """
        scenario ttl "rows written into a table with default_time_to_live = 5"
        duration 20s
        seed 7
        cluster {
          nodes 3
        }
        cql {
          CREATE KEYSPACE d WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
          CREATE TABLE d.kv (k int PRIMARY KEY, v text) WITH default_time_to_live = 5;
        }
        workload writes {
          table d.kv
          key k uniform(30)
          mix write 100%
          consistency QUORUM
          rate 50/s
          from 0s to 3s
          TTL_LINE
        }
        workload reads {
          table d.kv
          key k uniform(30)
          mix read 100%
          consistency QUORUM
          rate 50/s
          from 2s to 20s
        }
        """.replace("TTL_LINE", ttlLine);
    return new ScenarioRunner(ScenarioReader.parse(text, "ttl.sim", Map.of()), ConfigFactory.load("application-test"),
        line -> {}).run();
  }

  @Test
  void rowsWrittenWithoutATtlExpireAtTheTablesDefault() {
    RunOutcome out = run("");
    List<OpRecord> reads = out.history().stream().filter(o -> o.type() == OpType.READ && o.ok()).toList();
    // Written by 3 s with a 5 s TTL: expired from second 8 (whole seconds), gone for every read from 9 s.
    assertThat(reads.stream().filter(o -> o.invokeMicros() >= 9_000_000)).isNotEmpty()
        .allSatisfy(o -> assertThat(o.version()).as("read #" + o.id() + " saw no row").isEqualTo(-1));
    assertThat(reads.stream().filter(o -> o.invokeMicros() < 3_000_000 && o.version() >= 0)).isNotEmpty();
    assertThat(out.result().anomalies()).isEmpty();
    // The workload's own ttl wins over the table's default: 15 s keeps them until second 15 at least.
    RunOutcome longer = run("ttl 15s");
    assertThat(longer.history().stream().filter(o -> o.type() == OpType.READ && o.ok()
        && o.invokeMicros() >= 9_000_000 && o.invokeMicros() < 14_000_000 && o.version() >= 0)).isNotEmpty();
    assertThat(longer.result().anomalies()).isEmpty();
  }
}
