package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.storage.StorageSettings;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScenarioRunnerTest {

  static RunSpec spec(ConsistencyLevel cl, List<TimedAction> timeline, long seed) {
    WorkloadSpec w = new WorkloadSpec("kv", "shop.kv", Map.of("k", new ValueGen.Uniform(200)), 0.5, 0.5, 0, 0, cl, cl,
        200, 32, 0, 50_000, 0);
    return new RunSpec("test", "test scenario", seed, 60_000, List.of(new ClusterBuilder.Dc("dc1", 5, 1)), 8,
        "random", "murmur3", new LatencyModel.LogNormal(500_000, 5_000_000), 0, StorageSettings.DEFAULTS,
        List.of("CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}",
            "CREATE TABLE shop.kv (k int PRIMARY KEY, v text)"),
        List.of(w), timeline,
        List.of(new CheckSpec.AnomalyLimit(CheckSpec.Counted.LOST_WRITES, 0, "no lost writes"),
            new CheckSpec.AnomalyLimit(CheckSpec.Counted.STALE_READS, 0, "no stale reads")));
  }

  static RunResult run(RunSpec s) {
    return new ScenarioRunner(s, ConfigFactory.load("application-test"), line -> {}).run().result();
  }

  @Test
  void quorumSurvivesACrashWithoutAnomalies() {
    RunResult r = run(spec(ConsistencyLevel.QUORUM, List.of(
        new TimedAction(10_000, new Action.Crash("n3"), "crash n3"),
        new TimedAction(30_000, new Action.Restart("n3"), "restart n3")), 5));
    assertThat(r.operations()).isGreaterThan(5000);
    assertThat(r.anomalyCounts().lostWrites()).isZero();
    assertThat(r.anomalyCounts().staleReads()).isZero();
    assertThat(r.passed()).isTrue();
    assertThat(r.events()).extracting(RunResult.Event::kind).contains("crash", "restart");
  }

  @Test
  void oneOneUnderAPartitionShowsStaleReads() {
    RunResult r = run(spec(ConsistencyLevel.ONE, List.of(
        new TimedAction(10_000, new Action.Partition(Set.of("n1", "n2"), Set.of("n3", "n4", "n5"), false),
            "partition"),
        new TimedAction(40_000, new Action.Heal(), "heal")), 6));
    assertThat(r.anomalyCounts().staleReads()).isPositive();
    assertThat(r.passed()).isFalse();
  }

  @Test
  void sameSeedSameResult() {
    List<TimedAction> t = List.of(new TimedAction(5_000, new Action.Crash("n2"), "crash n2"));
    RunResult a = run(spec(ConsistencyLevel.QUORUM, t, 9));
    RunResult b = run(spec(ConsistencyLevel.QUORUM, t, 9));
    assertThat(withoutWall(a)).isEqualTo(withoutWall(b));
  }

  private static RunResult withoutWall(RunResult r) {
    return r.withoutWallTime();
  }
}
