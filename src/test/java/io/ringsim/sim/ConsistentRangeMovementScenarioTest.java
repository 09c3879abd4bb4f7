package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioException;
import io.ringsim.sim.script.ScenarioReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bootstrapping while a replica that loses ranges to the new node is down: refused by default, as Cassandra's
 * consistent range movement refuses it; streamed from another replica with {@code consistent_range_movement off}.
 */
class ConsistentRangeMovementScenarioTest {
  static final String SCENARIO = """
      scenario join-with-a-node-down "n5 bootstraps while n2 is down"
      duration 1m
      seed 4
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
        key k uniform(300)
        mix write 50% read 50%
        consistency QUORUM
        rate 100/s
        from 0s to 55s
      }
      timeline {
        at 10s crash n2
        at 30s bootstrap n5
        at 45s restart n2
      }
      """;

  private static RunResult run(Map<String, String> overrides) {
    RunSpec spec = ScenarioReader.parse(SCENARIO, "join.sim", overrides);
    return new ScenarioRunner(spec, ConfigFactory.load("application-test"), line -> {}).run().result();
  }

  private static RunResult.Event bootstrapEvent(RunResult r) {
    return r.events().stream().filter(e -> e.kind().startsWith("bootstrap")).findFirst().orElseThrow();
  }

  @Test
  void aBootstrapThatNeedsADownReplicaIsRefusedAndTheRunGoesOn() {
    RunResult r = run(Map.of());
    RunResult.Event e = bootstrapEvent(r);
    assertThat(e.kind()).isEqualTo("bootstrap-failed");
    assertThat(e.text()).startsWith("n5 did not join: A node required to move the data consistently is down: [n2]");
    assertThat(r.nodes()).extracting(RunResult.NodeRow::name).containsExactly("n1", "n2", "n3", "n4");
    assertThat(r.events()).extracting(RunResult.Event::kind).contains("restart"); // the timeline went on
  }

  @Test
  void withConsistentRangeMovementOffItStreamsFromAnotherReplica() {
    RunResult r = run(Map.of("cluster.consistent_range_movement", "off"));
    RunResult.Event e = bootstrapEvent(r);
    assertThat(e.kind()).isEqualTo("bootstrap");
    assertThat(e.text()).matches("n5 joined, [1-9][0-9]* partitions streamed to it");
    assertThat(r.nodes()).extracting(RunResult.NodeRow::name).contains("n5");
  }

  @Test
  void theSettingIsOnOrOff() {
    assertThatThrownBy(() -> ScenarioReader.parse(SCENARIO.replace("  vnodes 8\n",
        "  vnodes 8\n  consistent_range_movement maybe\n"), "join.sim", Map.of()))
        .isInstanceOf(ScenarioException.class)
        .hasMessage("join.sim:7:3: consistent_range_movement must be 'on' or 'off', not 'maybe'");
    assertThat(ScenarioReader.parse(SCENARIO.replace("  vnodes 8\n", "  vnodes 8\n  consistent_range_movement off\n"),
        "join.sim", Map.of()).consistentRangeMovement()).isFalse();
  }
}
