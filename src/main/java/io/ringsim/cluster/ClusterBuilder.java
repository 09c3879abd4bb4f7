package io.ringsim.cluster;

import com.typesafe.config.Config;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.ring.TokenAllocator;
import java.util.ArrayList;
import java.util.List;

/** Builds the ring of a simulated cluster: nodes n1..nN over data centres and racks, tokens from an allocator. */
public final class ClusterBuilder {
  private ClusterBuilder() {}

  /** One data centre's shape. */
  public record Dc(String name, int nodes, int racks) {}

  public static Ring ring(List<Dc> dcs, int vnodes, String allocator, long seed, Partitioner partitioner,
      ReplicationStrategy allocationReplication) {
    List<NodeSpec> specs = new ArrayList<>();
    int n = 1;
    for (Dc dc : dcs) {
      for (int i = 0; i < dc.nodes(); i++) {
        specs.add(new NodeSpec("n" + n++, dc.name(), "rack" + (1 + i % Math.max(1, dc.racks())), vnodes));
      }
    }
    List<Node> placed = TokenAllocator.byName(allocator, seed, allocationReplication).allocate(partitioner,
        List.of(), specs);
    return new Ring(partitioner, placed);
  }

  public static SimCluster start(Ring ring, long seed, Config config) {
    return SimCluster.start(ClusterSpec.from(ring, seed, config), config);
  }

  /**
   * The replication the balanced allocator places tokens for: Cassandra 4.1's cassandra.yaml sets
   * allocate_tokens_for_local_replication_factor to 3, whatever the keyspaces' replication, so a cluster's ring
   * depends on its shape and seed only. Every command (run, ring, token, cql, cqlsh, serve) builds rings with it.
   */
  public static ReplicationStrategy defaultAllocationReplication() {
    return new SimpleStrategy(3);
  }

  /** The allocator that places a node joining a cluster built with {@code seed} (a bootstrap, ring --add). */
  public static TokenAllocator joiningAllocator(String allocator, long seed) {
    return TokenAllocator.byName(allocator, seed + 1, defaultAllocationReplication());
  }
}
