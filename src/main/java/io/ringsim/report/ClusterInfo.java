package io.ringsim.report;

import java.util.List;
import java.util.Map;

/**
 * The cluster at the end of the run: partitioner, nodes, replication per keyspace and the ring drawn as arcs.
 *
 * @param arcs the ring's ranges as [start, end) fractions of the ring with the index (into {@code nodes}) of the
 *     primary owner; may be empty, then the report derives them from the tokens when they are Murmur3 longs
 */
public record ClusterInfo(
    String partitioner, List<NodeInfo> nodes, List<KeyspaceReplication> keyspaces, List<RingFigures.Arc> arcs) {
  public ClusterInfo {
    partitioner = Lists.text(partitioner);
    nodes = Lists.copy(nodes);
    keyspaces = Lists.copy(keyspaces);
    arcs = Lists.copy(arcs);
  }

  /**
   * One node.
   *
   * @param tokens the node's tokens as the partitioner prints them
   * @param ownership effective ownership at the main keyspace's replication, as a fraction (RF 3 on 6 nodes: 0.5)
   * @param up whether the node was up at the end of the run
   */
  public record NodeInfo(String name, String dc, String rack, List<String> tokens, double ownership, boolean up) {
    public NodeInfo {
      name = Lists.text(name);
      dc = Lists.text(dc);
      rack = Lists.text(rack);
      tokens = Lists.copy(tokens);
    }
  }

  /**
   * A keyspace's replication, e.g. SimpleStrategy {replication_factor: 3} or NetworkTopologyStrategy {dc1: 3, dc2: 2}.
   */
  public record KeyspaceReplication(String keyspace, String strategy, Map<String, Integer> factors) {
    public KeyspaceReplication {
      keyspace = Lists.text(keyspace);
      strategy = Lists.text(strategy);
      factors = Lists.sorted(factors);
    }
  }
}
