package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.ring.Murmur3Partitioner;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A served client's ALTER TABLE ... DROP is stamped no earlier than the client's clock, which stamped the writes it
 * sent before: a cell written before the DROP stays dropped when a column of the same name comes back, even while the
 * simulated nodes' clocks trail the wall clock (a busy machine; Cassandra's AlterTest#testDropListAndAddListWithSameName
 * failed on ringsim so under load).
 */
class ServedDropTimestampTest {
  @Test
  void aDropAfterAClientStampedWriteHidesItWhateverTheNodesClocksRead() {
    var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("dc1", 1, 1)), 4, "random", 5,
        Murmur3Partitioner.INSTANCE, ClusterBuilder.defaultAllocationReplication());
    try (SimCluster sim = ClusterBuilder.start(ring, 5, ConfigFactory.load("application-test"))) {
      ClientSession s = new ClientSession(sim, 5);
      s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE ks.t (id text PRIMARY KEY, content text, l list<text>)");
      // The client's clock is a minute ahead of the nodes' (they lag while the simulation is busy); its driver
      // stamps the write with it, and the server reads it when the next statements arrive.
      long client = sim.clockNowMicros() + 60_000_000L;
      s.execute("INSERT INTO ks.t (id, content, l) VALUES ('test', 'first', ['first element']) USING TIMESTAMP "
          + client);
      s.setClientClockMicros(client + 1_000);
      s.execute("ALTER TABLE ks.t DROP l");
      s.setClientClockMicros(client + 2_000);
      s.execute("ALTER TABLE ks.t ADD l list<text>");
      assertThat(s.execute("SELECT l FROM ks.t WHERE id = 'test'").rows()).singleElement()
          .satisfies(r -> assertThat(r.get(0)).isNull());
    }
  }

  /**
   * Cassandra stamps a DROP once, on the coordinator that runs it, and every node keeps that drop time. With the
   * coordinator's clock 30 s ahead, a cell written 10 s ahead of the others' clocks is older than the drop on every
   * replica: a read at ALL after the column comes back must not find it (stamped by each node's own clock, two of
   * the three replicas would have kept it).
   */
  @Test
  void everyReplicaKeepsTheCoordinatorsDropTime() {
    var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("dc1", 3, 1)), 4, "random", 7,
        Murmur3Partitioner.INSTANCE, ClusterBuilder.defaultAllocationReplication());
    try (SimCluster sim = ClusterBuilder.start(ring, 7, ConfigFactory.load("application-test"))) {
      ClientSession s = new ClientSession(sim, 7);
      String coordinator = sim.nodeNames().get(0);
      s.setCoordinator(coordinator);
      s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      s.execute("CREATE TABLE ks.t (id text PRIMARY KEY, l list<text>)");
      s.setConsistency(ConsistencyLevel.ALL);
      s.execute("INSERT INTO ks.t (id, l) VALUES ('k', ['old']) USING TIMESTAMP "
          + (sim.clockNowMicros() + 10_000_000L));
      sim.clockSkew(coordinator, java.time.Duration.ofSeconds(30));
      long before = sim.clockNowMicros();
      s.execute("ALTER TABLE ks.t DROP l");
      long dropped = sim.catalog().table("ks.t").orElseThrow().droppedColumns().get("l").droppedAtMicros();
      assertThat(dropped).isBetween(before + 30_000_000L, sim.clockNowMicros() + 30_000_000L);
      s.execute("ALTER TABLE ks.t ADD l list<text>");
      assertThat(s.execute("SELECT l FROM ks.t WHERE id = 'k'").rows()).singleElement()
          .satisfies(r -> assertThat(r.get(0)).isNull());
    }
  }
}
