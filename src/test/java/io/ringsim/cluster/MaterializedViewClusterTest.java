package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.schema.types.CqlTypes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A materialized view on a 3-node cluster at RF 3, as a user of it sees it: every base write shows in the view on
 * every node, and a node that was down while the base was written misses those rows in its view (read at ONE
 * there) until the hints for its base writes are replayed, since each base replica writes the view rows it pairs
 * with, here its own. A view created on a table that has rows is built from them.
 */
class MaterializedViewClusterTest {

  private static SimCluster cluster(long seed) {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 1; i <= 3; i++) specs.add(new NodeSpec("n" + i, "dc1", "rack1", 4));
    List<Node> placed = new RandomAllocator(seed).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, placed);
    return SimCluster.start(ClusterSpec.defaults(ring, seed).withSerializePayloads(true)
        .withFeatures(CqlFeatures.DEFAULTS.with("materialized_views_enabled", "true")),
        ConfigFactory.load("application-test"));
  }

  private static ClientSession schema(SimCluster sim, long seed) {
    ClientSession s = new ClientSession(sim, seed);
    s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    s.execute("CREATE TABLE ks.users (id int PRIMARY KEY, email text, name text)");
    s.execute("CREATE MATERIALIZED VIEW ks.by_email AS SELECT id, email, name FROM ks.users"
        + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id)");
    return s;
  }

  private static List<List<Object>> byEmail(ClientSession s, String node, String email) {
    s.setCoordinator(node);
    return s.execute("SELECT id, name FROM ks.by_email WHERE email = '" + email + "'").rows();
  }

  @Test
  void everyNodeShowsTheBaseWritesInTheViewAndAChangedKeyMovesTheRow() {
    try (SimCluster sim = cluster(41)) {
      ClientSession s = schema(sim, 41);
      s.setConsistency(ConsistencyLevel.QUORUM);
      for (int i = 1; i <= 6; i++) {
        s.execute("INSERT INTO ks.users (id, email, name) VALUES (" + i + ", 'u" + i + "@x', 'n" + i + "')");
      }
      s.execute("UPDATE ks.users SET email = 'new@x' WHERE id = 3");
      s.execute("DELETE FROM ks.users WHERE id = 4");
      sim.advance(Duration.ofSeconds(1));
      s.setConsistency(ConsistencyLevel.ONE);
      for (String node : sim.nodeNames()) {
        assertThat(byEmail(s, node, "u1@x")).as("u1 at %s", node).containsExactly(List.of(1, "n1"));
        assertThat(byEmail(s, node, "new@x")).as("moved row at %s", node).containsExactly(List.of(3, "n3"));
        assertThat(byEmail(s, node, "u3@x")).as("old key at %s", node).isEmpty();
        assertThat(byEmail(s, node, "u4@x")).as("deleted at %s", node).isEmpty();
        s.setCoordinator(node);
        assertThat(s.execute("SELECT count(*) FROM ks.by_email").rows()).as("rows at %s", node)
            .containsExactly(List.of(5L));
      }
    }
  }

  /**
   * At RF 1 the view row's replica is usually another node than the base row's: the base replica sends it one way
   * and acknowledges the base write without waiting, so the view catches up a moment later (a read of the view right
   * after the write may not see it yet, as in Cassandra).
   */
  @Test
  void atRf1ViewRowsTravelToTheirOwnReplicaAndArriveAfterTheBaseWrite() {
    try (SimCluster sim = cluster(44)) {
      ClientSession s = new ClientSession(sim, 44);
      s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE ks.users (id int PRIMARY KEY, email text, name text)");
      s.execute("CREATE MATERIALIZED VIEW ks.by_email AS SELECT id, email, name FROM ks.users"
          + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id)");
      int elsewhere = 0;
      for (int i = 1; i <= 12; i++) {
        String base = replica(sim, CqlTypes.INT.serialize(i));
        String view = replica(sim, CqlTypes.TEXT.serialize("u" + i + "@x"));
        if (!base.equals(view)) elsewhere++;
        s.execute("INSERT INTO ks.users (id, email, name) VALUES (" + i + ", 'u" + i + "@x', 'n" + i + "')");
      }
      assertThat(elsewhere).as("view rows whose replica is not their base row's").isPositive();
      sim.advance(Duration.ofSeconds(1));
      for (int i = 1; i <= 12; i++) {
        assertThat(byEmail(s, "n1", "u" + i + "@x")).as("u%d", i).containsExactly(List.of(i, "n" + i));
      }
      s.execute("UPDATE ks.users SET email = 'moved@x' WHERE id = 5");
      sim.advance(Duration.ofSeconds(1));
      assertThat(byEmail(s, "n2", "u5@x")).isEmpty();
      assertThat(byEmail(s, "n2", "moved@x")).containsExactly(List.of(5, "n5"));
    }
  }

  private static String replica(SimCluster sim, byte[] key) {
    return new ReplicaMap(sim.ring(), new SimpleStrategy(1))
        .replicasFor(Murmur3Partitioner.INSTANCE.token(key)).get(0).name();
  }

  @Test
  void aViewCreatedOnATableWithRowsIsBuiltFromThem() {
    try (SimCluster sim = cluster(43)) {
      ClientSession s = new ClientSession(sim, 43);
      s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      s.execute("CREATE TABLE ks.users (id int PRIMARY KEY, email text, name text)");
      s.setConsistency(ConsistencyLevel.ALL);
      for (int i = 1; i <= 4; i++) {
        s.execute("INSERT INTO ks.users (id, email, name) VALUES (" + i + ", 'u" + i + "@x', 'n" + i + "')");
      }
      s.execute("INSERT INTO ks.users (id, name) VALUES (5, 'no email')");
      s.execute("CREATE MATERIALIZED VIEW ks.by_email AS SELECT id, email, name FROM ks.users"
          + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id)");
      sim.advance(Duration.ofSeconds(1));
      s.setConsistency(ConsistencyLevel.ONE);
      for (String node : sim.nodeNames()) {
        assertThat(byEmail(s, node, "u2@x")).as("u2 at %s", node).containsExactly(List.of(2, "n2"));
        s.setCoordinator(node);
        assertThat(s.execute("SELECT count(*) FROM ks.by_email").rows()).as("rows at %s", node)
            .containsExactly(List.of(4L));
      }
    }
  }

  @Test
  void aViewReplicaDownDuringWritesMissesThemUntilItsHintsAreReplayed() {
    try (SimCluster sim = cluster(42)) {
      ClientSession s = schema(sim, 42);
      s.setConsistency(ConsistencyLevel.ONE);
      sim.crash("n3");
      s.setCoordinator("n1");
      for (int i = 1; i <= 5; i++) {
        s.execute("INSERT INTO ks.users (id, email, name) VALUES (" + i + ", 'u" + i + "@x', 'n" + i + "')");
      }
      sim.advance(Duration.ofSeconds(1));
      sim.restart("n3");
      // Back up, before anyone has seen it up again: its view has none of the rows written while it was down.
      assertThat(byEmail(s, "n3", "u2@x")).as("n3's view right after its restart").isEmpty();
      assertThat(byEmail(s, "n1", "u2@x")).as("n1's view").containsExactly(List.of(2, "n2"));
      // Gossip sees n3 up, n1 replays its hints for n3's base rows, and n3 writes its view rows from them.
      sim.advance(Duration.ofSeconds(60));
      for (int i = 1; i <= 5; i++) {
        assertThat(byEmail(s, "n3", "u" + i + "@x")).as("n3's view after hint replay, u%d", i)
            .containsExactly(List.of(i, "n" + i));
      }
    }
  }
}
