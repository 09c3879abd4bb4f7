package io.ringsim.cluster.member;

import com.typesafe.config.Config;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import java.util.List;

/**
 * The simulated cluster that a real Akka Cluster hosts: every member computes the same ring from the same shape and
 * seed, so no ring needs to travel. {@code members} is how many member JVMs host nodes; node i (n1, n2, ... in ring
 * order) is hosted by the member at position i mod members (members sorted by address), and with
 * {@code racks = members} each member is one rack, so NetworkTopologyStrategy puts the replicas of every range on
 * different JVMs.
 */
public record ClusterShape(String dc, int nodes, int racks, int vnodes, String allocator, String partitioner,
    long seed, int members) implements CborSerializable {

  public ClusterShape {
    if (nodes < 1) throw new IllegalArgumentException("ringsim.cluster.nodes must be at least 1, got " + nodes);
    if (members < 1) throw new IllegalArgumentException("ringsim.cluster.members must be at least 1, got " + members);
    if (vnodes < 1) throw new IllegalArgumentException("ringsim.cluster.vnodes must be at least 1, got " + vnodes);
  }

  public static ClusterShape fromConfig(Config c) {
    Config s = c.getConfig("ringsim.cluster");
    int members = s.getInt("members");
    return new ClusterShape(s.getString("dc"), s.getInt("nodes"), s.hasPath("racks") ? s.getInt("racks") : members,
        s.getInt("vnodes"), s.getString("allocator"), s.getString("partitioner"), c.getLong("ringsim.seed"), members);
  }

  public Ring ring() {
    return ClusterBuilder.ring(List.of(new ClusterBuilder.Dc(dc, nodes, racks)), vnodes, allocator, seed,
        Partitioners.byName(partitioner), new SimpleStrategy(3));
  }

  /** Whether the member at {@code position} hosts the node at {@code index} in ring order. */
  public boolean hosts(int position, int index) {
    return index % members == position;
  }
}
