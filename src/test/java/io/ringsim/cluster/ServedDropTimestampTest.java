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
}
