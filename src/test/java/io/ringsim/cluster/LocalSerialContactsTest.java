package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.ring.Murmur3Partitioner;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * An LWT at LOCAL_SERIAL runs its Paxos prepare and propose among the coordinator's data centre only, as Cassandra's
 * ReplicaPlans.forPaxos filters the replicas; at SERIAL among every data centre's. The commit goes to every replica.
 */
class LocalSerialContactsTest {
  @Test
  void localSerialPreparesAndProposesInTheLocalDataCentreOnly() {
    var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("dc1", 3, 1), new ClusterBuilder.Dc("dc2", 3, 1)), 4,
        "random", 5, Murmur3Partitioner.INSTANCE, ClusterBuilder.defaultAllocationReplication());
    try (SimCluster sim = ClusterBuilder.start(ring, 5, ConfigFactory.load("application-test"))) {
      ClientSession s = new ClientSession(sim, 5);
      s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 3}");
      s.execute("CREATE TABLE ks.kv (k int PRIMARY KEY, v int)");
      String dc1Node = ring.nodes().stream().filter(n -> n.dc().equals("dc1")).findFirst().orElseThrow().name();
      Set<String> dc2 = new TreeSet<>();
      ring.nodes().stream().filter(n -> n.dc().equals("dc2")).forEach(n -> dc2.add(n.name()));
      s.setCoordinator(dc1Node);
      s.setConsistency(ConsistencyLevel.LOCAL_QUORUM);
      s.setTracing(true);

      s.setSerialConsistency(ConsistencyLevel.LOCAL_SERIAL);
      assertThat(s.execute("INSERT INTO ks.kv (k, v) VALUES (1, 1) IF NOT EXISTS").rows().get(0).get(0))
          .isEqualTo(true);
      assertThat(sentTo(s.lastTrace(), "PAXOS_PREPARE_REQ")).isNotEmpty().doesNotContainAnyElementsOf(dc2);
      assertThat(sentTo(s.lastTrace(), "PAXOS_PROPOSE_REQ")).isNotEmpty().doesNotContainAnyElementsOf(dc2);
      assertThat(sentTo(s.lastTrace(), "PAXOS_COMMIT_REQ")).containsAll(dc2);

      s.setSerialConsistency(ConsistencyLevel.SERIAL);
      assertThat(s.execute("INSERT INTO ks.kv (k, v) VALUES (2, 1) IF NOT EXISTS").rows().get(0).get(0))
          .isEqualTo(true);
      assertThat(sentTo(s.lastTrace(), "PAXOS_PREPARE_REQ")).containsAll(dc2);
    }
  }

  /** The nodes a traced request sent {@code verb} to ("Sending VERB message to {}"). */
  private static Set<String> sentTo(List<TraceEvent> trace, String verb) {
    Set<String> to = new TreeSet<>();
    for (TraceEvent e : trace) if (e.format().startsWith("Sending " + verb + " message to")) to.addAll(e.peers());
    return to;
  }
}
