package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.sim.script.ScenarioReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

/**
 * Scenario workloads of every operation the checker judges cell by cell (whole-row writes, partial updates that add
 * collection elements, deletions of a cell, a row, a clustering range and a partition, row reads, reads of part of a
 * partition (a clustering slice, IN, LIMIT, some columns: each judged on the cells it selected), IF NOT EXISTS,
 * TTLs, client timestamps), on one node and on six, at every pair of consistency levels whose replicas overlap, with
 * one client or many and two workloads on one table: with no fault injected, the checker finds no anomaly.
 */
class CellWorkloadCheckerProperties {
  /** Levels a write can wait for on one data centre (ANY is left out: a hint is no replica a read can ask). */
  static final List<ConsistencyLevel> WRITE = List.of(ConsistencyLevel.ONE, ConsistencyLevel.TWO,
      ConsistencyLevel.THREE, ConsistencyLevel.QUORUM, ConsistencyLevel.ALL, ConsistencyLevel.LOCAL_QUORUM,
      ConsistencyLevel.EACH_QUORUM, ConsistencyLevel.LOCAL_ONE);
  static final List<ConsistencyLevel> READ = List.of(ConsistencyLevel.ONE, ConsistencyLevel.TWO,
      ConsistencyLevel.THREE, ConsistencyLevel.QUORUM, ConsistencyLevel.ALL, ConsistencyLevel.LOCAL_QUORUM,
      ConsistencyLevel.LOCAL_ONE, ConsistencyLevel.SERIAL);

  static int replicas(ConsistencyLevel cl, int rf) {
    return switch (cl) {
      case ONE, LOCAL_ONE -> 1;
      case TWO -> 2;
      case THREE -> 3;
      case QUORUM, LOCAL_QUORUM, EACH_QUORUM, SERIAL, LOCAL_SERIAL -> rf / 2 + 1;
      default -> rf;
    };
  }

  record Traffic(int nodes, ConsistencyLevel write, ConsistencyLevel read, int concurrency, List<Integer> mix,
      boolean clientTimestamps, int ttl, long seed) {
    String scenario() {
      int rf = Math.min(3, nodes);
      String[] ops = {"write", "read", "delete", "lwt", "update", "delete cell", "delete range", "delete partition",
          "read slice", "read in", "read limit", "read columns"};
      int total = mix.stream().mapToInt(Integer::intValue).sum();
      StringBuilder m = new StringBuilder("mix");
      int left = 100;
      for (int i = 0; i < ops.length; i++) {
        int p = i == ops.length - 1 ? left : mix.get(i) * 100 / total;
        left -= p;
        if (p > 0) m.append(' ').append(ops[i]).append(' ').append(p).append('%');
      }
      String workload = """
          workload %s {
            table t.inbox
            key user uniform(8)
            column msg uniform(20)
            %s
            consistency write %s read %s
            rate 40/s
            concurrency %d
            %s
            %s
          }
          """;
      String extra = clientTimestamps ? "timestamps client" : "";
      String ttlLine = ttl > 0 ? "ttl " + ttl + "s" : "";
      return """
          scenario traffic "fault-free traffic of every kind"
          duration 8s
          seed %d
          cluster {
            nodes %d
          }
          cql {
            CREATE KEYSPACE t WITH replication = {'class': 'SimpleStrategy', 'replication_factor': %d};
            CREATE TABLE t.inbox (user int, msg int, subject text, unread boolean, tags set<int>, labels map<int, text>,
                seen list<int>, owner text static, PRIMARY KEY (user, msg));
          }
          """.formatted(seed, nodes, rf)
          + workload.formatted("a", m, write, read, concurrency, extra, ttlLine)
          + workload.formatted("b", "mix write 40% read 20% read slice 5% read in 5% read limit 5% read columns 5% delete range 10% update 10%", write, read, concurrency,
              "", "");
    }
  }

  @Provide
  Arbitrary<Traffic> traffic() {
    Arbitrary<Integer> nodes = Arbitraries.of(1, 6);
    Arbitrary<List<Integer>> mix = Arbitraries.integers().between(0, 10).list().ofSize(12)
        .filter(l -> l.stream().mapToInt(Integer::intValue).sum() > 0);
    return Combinators.combine(nodes, Arbitraries.of(WRITE), Arbitraries.of(READ), Arbitraries.of(1, 16), mix,
        Arbitraries.of(true, false), Arbitraries.of(0, 0, 3), Arbitraries.longs().between(1, 1_000_000))
        .as(Traffic::new)
        .filter(t -> replicas(t.write(), Math.min(3, t.nodes())) <= Math.min(3, t.nodes())
            && replicas(t.read(), Math.min(3, t.nodes())) <= Math.min(3, t.nodes())
            && replicas(t.write(), Math.min(3, t.nodes())) + replicas(t.read(), Math.min(3, t.nodes()))
                > Math.min(3, t.nodes()));
  }

  @Property(tries = 12, shrinking = ShrinkingMode.OFF)
  void faultFreeTrafficOfEveryKindHasNoAnomaly(@ForAll("traffic") Traffic t) {
    RunSpec spec = ScenarioReader.parse(t.scenario(), "traffic.sim", Map.of());
    RunResult r = new ScenarioRunner(spec, ConfigFactory.load("application-test"), line -> {}).run().result();
    List<String> found = new ArrayList<>();
    for (Checker.Anomaly a : r.anomalies()) {
      found.add(a.kind().label() + " " + a.key() + " " + a.cell() + ": " + a.detail());
    }
    assertThat(found).as(t.scenario()).isEmpty();
    assertThat(r.anomalyCounts().readsChecked()).as("reads were judged").isPositive();
    assertThat(r.anomalyCounts().keysChecked()).as("partitions were read back").isPositive();
  }
}
