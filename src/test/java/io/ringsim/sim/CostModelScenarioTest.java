package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cost model as a user sees it in a run's latencies: batch mode's commit-log sync and a node that queues the
 * requests it cannot serve at once (reads over SSTables and tombstones: ReadCostTest). One node with RF 1 at ONE: the
 * coordinator is the replica, so what a request costs is its latency (the network adds nothing).
 */
class CostModelScenarioTest {

  private static final String ONE_NODE = """
      scenario cost "one node, what its work costs"
      duration 1m
      seed 3
      cluster {
        nodes 1
        vnodes 4
      }
      cql {
        CREATE KEYSPACE s WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        CREATE TABLE s.t (k int, c int, v text, PRIMARY KEY (k, c));
      }
      """;

  private static RunResult run(String text, Map<String, String> overrides) {
    RunSpec spec = ScenarioReader.parse(text, "cost.sim", overrides);
    return new ScenarioRunner(spec, ConfigFactory.load("application-test"), line -> {}).run().result();
  }

  private static RunResult.SeriesRow series(RunResult r, String name) {
    return r.series().stream().filter(s -> s.series().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no series " + name + " in " + r.series()));
  }

  private static final String WRITES = ONE_NODE + """
      workload w {
        table s.t
        key k uniform(100)
        column c uniform(100)
        mix write 100%
        consistency ONE
        rate 100/s
      }
      """;

  @Test
  void batchCommitLogMakesEveryWriteWaitForTheSync() {
    double periodic = series(run(WRITES, Map.of()), "ONE write").p50Ms();
    double batch = series(run(WRITES, Map.of("cluster.commitlog", "batch", "cluster.cost.commitlog-sync", "1ms")),
        "ONE write").p50Ms();
    // One write at a time: each waits for a sync of its own, 1 ms.
    assertThat(batch - periodic).isBetween(0.9, 1.1);
  }

  private static final String BUSY = ONE_NODE + """
      workload w {
        table s.t
        key k uniform(100)
        column c uniform(100)
        mix write 50% read 50%
        consistency ONE
        rate 150/s
        concurrency 64
      }
      """;

  @Test
  void aNodePastItsCapacityQueuesRequests() {
    // 4 ms of work per request: the node serves 250 a second at most.
    Map<String, String> slow = Map.of("cluster.cost.request-cpu", "4ms");
    RunResult.SeriesRow under = series(run(BUSY, slow), "ONE write");
    RunResult.SeriesRow over = series(run(BUSY, Map.of("cluster.cost.request-cpu", "4ms",
        "workload.w.rate", "300")), "ONE write");
    assertThat(under.p50Ms()).isBetween(4.0, 20.0);
    assertThat(over.p50Ms()).isGreaterThan(5 * under.p50Ms());
  }

  @Test
  void sameSeedSameLatencies() {
    Map<String, String> o = Map.of("cluster.commitlog", "batch", "workload.w.rate", "300");
    assertThat(run(BUSY, o).series()).isEqualTo(run(BUSY, o).series());
  }
}
