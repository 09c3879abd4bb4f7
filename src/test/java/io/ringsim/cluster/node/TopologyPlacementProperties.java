package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.LongToken;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.Ring;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A token's placement, through the node's cache of placements, names the replicas the ring gives that token, in
 * Cassandra's order: for rings of one token, a few, and more ranges than the cache has slots.
 */
class TopologyPlacementProperties {

  @Example
  void aRingOfOneToken() {
    placementsAreTheRingsReplicas(1, 1, 7);
  }

  @Example
  void moreRangesThanTheCacheHasSlots() {
    placementsAreTheRingsReplicas(20, 128, 7);
  }

  @Property(tries = 30)
  void placementsAreTheRingsReplicas(@ForAll @IntRange(min = 1, max = 40) int nodes,
      @ForAll @IntRange(min = 1, max = 128) int vnodes, @ForAll long seed) {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 1; i <= nodes; i++) specs.add(new NodeSpec("n" + i, "dc1", "r1", vnodes));
    List<Node> placed = new RandomAllocator(seed).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, placed);
    Map<String, String> replication = Map.of("class", "SimpleStrategy", "replication_factor", "3");
    Catalog catalog = Catalog.EMPTY.withKeyspace(new KeyspaceMetadata("k", replication, true))
        .withTable(new TableMetadata("k", "t", List.of(ColumnDef.partitionKey("p", CqlTypes.INT, 0)),
            TableParams.DEFAULTS));
    Topology topology = new Topology("n1", "dc1", ring);
    topology.setCatalog(catalog);
    var map = ring.replicaMap(ReplicationStrategies.fromCql(replication));
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < 3_000; i++) {
      LongToken token = new LongToken(r.nextLong());
      List<String> expected = map.replicasFor(token).stream().map(Node::name).toList();
      assertThat(topology.placement("k.t", token).replicas()).isEqualTo(expected);
    }
  }
}
