package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioReader;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Many coordinators racing LWTs and SERIAL reads on a few keys, no fault. As in Cassandra's Paxos v1, a proposal that
 * some replicas but not a quorum accepted is answered CAS_WRITE_UNKNOWN (a later round may still commit it), a round
 * nobody accepted is retried after a 0-99 ms backoff, and nothing is answered [applied] = false that later takes
 * effect: the checker finds no anomaly. Answered "not applied" after a pre-empted proposal of its own had been
 * accepted somewhere, an LWT's cells could be committed by the next round while its client was told otherwise.
 */
class LwtContentionTest {
  static final String CONTENDED = """
      scenario lwt-contention "LWTs and SERIAL reads from four coordinators on five keys, no fault"
      duration 20s
      seed 11
      cluster {
        nodes 4
        vnodes 8
      }
      cql {
        CREATE KEYSPACE lk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE lk.locks (k int PRIMARY KEY, v text);
      }
      workload locks {
        table lk.locks
        key k uniform(5)
        mix lwt 60% read 40%
        consistency write QUORUM read SERIAL
        rate 300/s
      }
      """;

  @Test
  void contendedLwtsAreAnsweredAsCassandraAnswersThemAndNoneIsAnAnomaly() {
    RunOutcome out = new ScenarioRunner(ScenarioReader.parse(CONTENDED, "lwt-contention.sim", Map.of()),
        ConfigFactory.load("application-test"), line -> {}).run();
    RunResult r = out.result();
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.anomalyCounts().lwtViolations()).isZero();

    List<OpRecord> lwts = out.history().stream().filter(o -> o.type() == OpType.LWT).toList();
    Map<String, Long> errors = out.history().stream().filter(o -> !o.ok())
        .collect(Collectors.groupingBy(o -> o.type().label() + " " + o.error(), Collectors.counting()));
    // Contention shows, and only as Cassandra shows it: results unknown, never another kind of failure.
    assertThat(errors).containsKey("lwt CASWriteUnknown");
    assertThat(errors.keySet()).allSatisfy(k -> assertThat(k).endsWith(" CASWriteUnknown"));
    assertThat(lwts.stream().filter(OpRecord::ok).count()).isGreaterThan(lwts.size() * 9L / 10);
    assertThat(lwts.stream().filter(o -> Boolean.TRUE.equals(o.applied())).map(OpRecord::key).distinct().count())
        .as("one applied IF NOT EXISTS per key").isLessThanOrEqualTo(5);
  }
}
