package io.ringsim.cluster;

import io.ringsim.cluster.node.KeyText;
import io.ringsim.cluster.node.NodeCommand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.ring.RandomAllocator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.storage.ReadFilter;

/**
 * A joining node ends up with every partition it replicates, whatever happened while it streamed, and is refused
 * when a replica it takes ranges over from is down (consistent range movement).
 */
class BootstrapTest {

  @Test
  void writesMadeWhileANodeJoinsReachTheJoiningNode() {
    try (KvCluster c = new KvCluster(4, 4, 3, 11)) {
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < 100; i++) keys.add(write(c, "before" + i));
      c.sim.beginBootstrap("n5", "dc1", "rack1", 4, new RandomAllocator(99));
      for (int i = 0; i < 100; i++) keys.add(write(c, "during" + i));
      c.sim.finishBootstrap();

      assertThat(missingOn(c, "n5", keys)).as("keys n5 replicates but does not hold").isEmpty();
      assertThat(keys.stream().filter(k -> k.startsWith("during") && c.replicas(k).contains("n5")))
          .as("the test must write keys that the joining node takes over").isNotEmpty();
    }
  }

  @Test
  void aJoiningNodeIsRefusedWhenAReplicaItReplacesIsDown() {
    try (KvCluster c = new KvCluster(4, 4, 3, 5)) {
      for (int i = 0; i < 30; i++) write(c, "k" + i);
      c.sim.crash("n2");
      assertThatThrownBy(() -> c.sim.bootstrap("n5", "dc1", "rack1", 4, new RandomAllocator(77)))
          .isInstanceOf(ConsistentRangeMovement.Refused.class)
          .hasMessage("A node required to move the data consistently is down: [n2]");
      // Nothing changed: n5 never joined, and the cluster serves QUORUM as before.
      assertThat(c.sim.nodeNames()).containsExactly("n1", "n2", "n3", "n4");
      assertThat(c.sim.joiningRing()).isNull();
      c.sim.advance(Duration.ofSeconds(60));
      assertThat(c.write("n1", "after", 1, ConsistencyLevel.QUORUM)).isInstanceOf(ClientResponse.WriteDone.class);
    }
  }

  @Test
  void withConsistentRangeMovementOffAJoiningNodeGetsEveryRangeEvenWhenAReplicaIsDown() {
    try (KvCluster c = new KvCluster(4, 4, 3, 5, true, false)) {
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < 300; i++) keys.add(write(c, "k" + i));
      c.sim.crash("n2");
      c.sim.bootstrap("n5", "dc1", "rack1", 4, new RandomAllocator(77));

      assertThat(missingOn(c, "n5", keys)).as("keys n5 replicates but does not hold").isEmpty();
    }
  }

  @Test
  void whileANodeJoinsAWriteWaitsForTheJoiningReplicaToo() {
    try (KvCluster c = new KvCluster(4, 4, 3, 11)) {
      c.sim.beginBootstrap("n5", "dc1", "rack1", 4, new RandomAllocator(99));
      String gained = null;
      for (int i = 0; gained == null; i++) {
        String k = "probe" + i;
        // Replicas in the ring being joined: the key moves to n5 if n5 is among them.
        if (replicasOnceJoined(c, k).contains("n5")) gained = k;
      }
      ClientResponse r = c.write("n1", gained, 1, ConsistencyLevel.ALL);
      assertThat(r).isInstanceOf(ClientResponse.WriteDone.class);
      assertThat(((ClientResponse.WriteDone) r).acked()).as("ALL waits for the 3 replicas and the joining one")
          .hasSize(4).contains("n5");
      c.sim.finishBootstrap();
    }
  }

  @Test
  void aLightweightTransactionWhileANodeJoinsReachesTheJoiningNode() {
    try (KvCluster c = new KvCluster(4, 4, 3, 11)) {
      c.sim.beginBootstrap("n5", "dc1", "rack1", 4, new RandomAllocator(99));
      List<String> gained = new ArrayList<>();
      for (int i = 0; gained.size() < 5; i++) if (replicasOnceJoined(c, "lwt" + i).contains("n5")) gained.add("lwt" + i);
      for (String k : gained) {
        ClientRequest.Cas cas = new ClientRequest.Cas(KvCluster.TABLE,
            KvCluster.key(k), ReadFilter.ALL, p -> p.rows().isEmpty(),
            c.writeRequest(k, 7, ConsistencyLevel.ONE).update(), ConsistencyLevel.SERIAL, ConsistencyLevel.QUORUM,
            false);
        assertThat(c.sim.execute("n1", cas)).as(k).isInstanceOfSatisfying(ClientResponse.CasDone.class,
            d -> assertThat(d.applied()).isTrue());
      }
      c.sim.finishBootstrap();
      assertThat(missingOn(c, "n5", gained)).as("LWT rows n5 replicates but does not hold").isEmpty();
    }
  }

  private static String write(KvCluster c, String k) {
    ClientResponse r = c.write("n1", k, k.hashCode(), ConsistencyLevel.QUORUM);
    assertThat(r).as("write of " + k).isInstanceOf(ClientResponse.WriteDone.class);
    return k;
  }

  private static List<String> replicasOnceJoined(KvCluster c, String k) {
    // The joining node already holds the next ring; ask the ring it will have by building it from the cluster's.
    Ring next = c.sim.joiningRing();
    List<String> out = new ArrayList<>();
    for (Node n : new ReplicaMap(next, new SimpleStrategy(3))
        .replicasFor(c.schema.decorate(KvCluster.key(k)).token())) out.add(n.name());
    return out;
  }

  private static List<String> missingOn(KvCluster c, String node, List<String> keys) {
    Set<String> heldKeys = new java.util.HashSet<>();
    NodeCommand.TableSizes held = c.sim.partitionSizes(node, Integer.MAX_VALUE, false).byTable().get(KvCluster.TABLE);
    if (held != null) for (NodeCommand.LargePartition p : held.largest()) heldKeys.add(p.key());
    List<String> missing = new ArrayList<>();
    for (String k : keys) {
      if (!c.replicas(k).contains(node)) continue;
      if (!heldKeys.contains(KeyText.of(c.schema.metadata(), KvCluster.key(k)))) missing.add(k);
    }
    return missing;
  }
}
