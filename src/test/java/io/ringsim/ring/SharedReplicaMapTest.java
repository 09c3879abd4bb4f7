package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every node of a simulated cluster asks the same ring for its replica map; they must get one shared map per
 * strategy (one per node made 1,000 x 256-vnode clusters run out of a 4 GiB heap), with the same replicas a map built
 * from scratch gives.
 */
class SharedReplicaMapTest {

  static Ring ring() {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 1; i <= 12; i++) specs.add(new NodeSpec("n" + i, i <= 6 ? "dc1" : "dc2", "r" + (i % 3), 8));
    return new Ring(Murmur3Partitioner.INSTANCE,
        new RandomAllocator(5).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs));
  }

  @Test
  void equalStrategiesShareOneMapAndDifferentOnesDoNot() {
    Ring ring = ring();
    ReplicaMap simple3 = ring.replicaMap(new SimpleStrategy(3));
    assertThat(ring.replicaMap(new SimpleStrategy(3))).isSameAs(simple3);
    assertThat(ring.replicaMap(new SimpleStrategy(2))).isNotSameAs(simple3);
    ReplicaMap nts = ring.replicaMap(new NetworkTopologyStrategy(Map.of("dc1", 3, "dc2", 2)));
    assertThat(ring.replicaMap(new NetworkTopologyStrategy(Map.of("dc2", 2, "dc1", 3)))).isSameAs(nts);
    assertThat(ring.replicaMap(new NetworkTopologyStrategy(Map.of("dc1", 3, "dc2", 3)))).isNotSameAs(nts);
    assertThat(ring().replicaMap(new SimpleStrategy(3))).as("another ring").isNotSameAs(simple3);
  }

  @Test
  void theSharedMapHasTheReplicasOfAFreshOne() {
    Ring ring = ring();
    for (ReplicationStrategy s : List.of(new SimpleStrategy(3), new SimpleStrategy(1),
        new NetworkTopologyStrategy(Map.of("dc1", 3, "dc2", 2)))) {
      ReplicaMap shared = ring.replicaMap(s);
      ReplicaMap fresh = new ReplicaMap(ring, s);
      for (int i = 0; i < ring.size(); i++) {
        assertThat(shared.replicasOfRange(i)).as("range %d under %s", i, s).containsExactly(fresh.replicasOfRange(i));
      }
    }
  }
}
