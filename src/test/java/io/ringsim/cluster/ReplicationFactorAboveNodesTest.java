package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.ring.Murmur3Partitioner;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A keyspace that asks for more replicas than its data centre has nodes (issue 18): Cassandra counts consistency
 * levels against the replication factor, not against the replicas that exist, so ALL can never succeed and QUORUM
 * needs a majority of the RF; Paxos, though, counts the replicas that exist (its electorate).
 */
class ReplicationFactorAboveNodesTest {

  private static ClientSession session(SimCluster sim, String replication) {
    ClientSession s = new ClientSession(sim, 5);
    s.execute("CREATE KEYSPACE ks WITH replication = " + replication);
    s.execute("CREATE TABLE ks.kv (k text PRIMARY KEY, v int)");
    return s;
  }

  private static SimCluster cluster(List<ClusterBuilder.Dc> dcs) {
    var ring = ClusterBuilder.ring(dcs, 4, "random", 5, Murmur3Partitioner.INSTANCE,
        ClusterBuilder.defaultAllocationReplication());
    return ClusterBuilder.start(ring, 5, ConfigFactory.load("application-test"));
  }

  private static CoordinatorException failure(ClientSession s, String cql) {
    return catchThrowableOfType(() -> s.execute(cql), CoordinatorException.class);
  }

  @Test
  void rf3OnTwoNodesMakesAllUnavailableAndQuorumNeedTwo() {
    try (SimCluster sim = cluster(List.of(new ClusterBuilder.Dc("dc1", 2, 1)))) {
      ClientSession s = session(sim, "{'class': 'SimpleStrategy', 'replication_factor': 3}");

      s.setConsistency(ConsistencyLevel.ALL);
      for (String cql : List.of("INSERT INTO ks.kv (k, v) VALUES ('a', 1)", "SELECT v FROM ks.kv WHERE k = 'a'")) {
        CoordinatorException e = failure(s, cql);
        assertThat(e).as(cql).isNotNull();
        assertThat(e.errorClass()).isEqualTo(CqlErrorClass.Unavailable);
        assertThat(e.getMessage()).isEqualTo("Cannot achieve consistency level ALL (required 3, alive 2)");
        assertThat(e.required()).isEqualTo(3);
        assertThat(e.received()).isEqualTo(2);
      }
      s.setConsistency(ConsistencyLevel.THREE);
      assertThat(failure(s, "INSERT INTO ks.kv (k, v) VALUES ('a', 1)").getMessage())
          .isEqualTo("Cannot achieve consistency level THREE (required 3, alive 2)");

      // QUORUM of RF 3 is 2: both nodes must answer, and they can.
      s.setConsistency(ConsistencyLevel.QUORUM);
      s.execute("INSERT INTO ks.kv (k, v) VALUES ('a', 1)");
      assertThat(s.execute("SELECT v FROM ks.kv WHERE k = 'a'").rows()).containsExactly(List.of(1));

      // With one node down QUORUM cannot be met (2 of RF 3 required), though the one replica left is all there is.
      sim.crash("n2");
      sim.advance(Duration.ofSeconds(60)); // the failure detector convicts n2 (phi 8: ~20-40 s)
      assertThat(failure(s, "SELECT v FROM ks.kv WHERE k = 'a'").getMessage())
          .isEqualTo("Cannot achieve consistency level QUORUM (required 2, alive 1)");
    }
  }

  @Test
  void networkTopologyCountsEachDcAgainstItsOwnFactor() {
    // dc1 has 2 nodes but asks for 3 replicas; dc2 has 2 nodes and asks for 1.
    try (SimCluster sim = cluster(List.of(new ClusterBuilder.Dc("dc1", 2, 1), new ClusterBuilder.Dc("dc2", 2, 1)))) {
      ClientSession s = session(sim, "{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 1}");
      s.setCoordinator("n1");

      s.setConsistency(ConsistencyLevel.ALL);
      assertThat(failure(s, "INSERT INTO ks.kv (k, v) VALUES ('a', 1)").getMessage())
          .isEqualTo("Cannot achieve consistency level ALL (required 4, alive 3)");
      s.setConsistency(ConsistencyLevel.LOCAL_QUORUM); // 2 of dc1's 3
      s.execute("INSERT INTO ks.kv (k, v) VALUES ('a', 1)");
      s.setConsistency(ConsistencyLevel.EACH_QUORUM); // 2 in dc1 and 1 in dc2
      s.execute("INSERT INTO ks.kv (k, v) VALUES ('b', 2)");
      // A lightweight transaction's electorate is the 3 replicas that exist (2 in dc1, 1 in dc2), not RF 4; its read
      // of the current values is a QUORUM read of RF 4 (3 replicas): all three up, it applies. The commit runs at ONE.
      s.setConsistency(ConsistencyLevel.ONE);
      assertThat(s.execute("INSERT INTO ks.kv (k, v) VALUES ('c', 3) IF NOT EXISTS").rows())
          .containsExactly(List.of(true));

      sim.crash("n2");
      sim.advance(Duration.ofSeconds(60)); // the failure detector convicts n2 (phi 8: ~20-40 s)
      s.setConsistency(ConsistencyLevel.LOCAL_QUORUM);
      assertThat(failure(s, "SELECT v FROM ks.kv WHERE k = 'a'").getMessage())
          .isEqualTo("Cannot achieve consistency level LOCAL_QUORUM (required 2, alive 1)");

      // With n2 down, 2 of the 3 still promise (a Paxos majority), but the round's own read, Cassandra's readOne at
      // QUORUM, needs 3 replicas of RF 4, and only 2 are alive: Unavailable, as Cassandra answers it.
      s.setConsistency(ConsistencyLevel.ONE);
      assertThat(failure(s, "INSERT INTO ks.kv (k, v) VALUES ('d', 4) IF NOT EXISTS").getMessage())
          .isEqualTo("Cannot achieve consistency level QUORUM (required 3, alive 2)");
    }
  }
}
