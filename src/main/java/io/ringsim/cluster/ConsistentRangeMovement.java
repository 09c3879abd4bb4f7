package io.ringsim.cluster;

import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Cassandra's consistent range movement (cassandra.consistent.rangemovement, on by default), checked before a node
 * bootstraps. Each range the joining node gains must stream from the replica that loses it: that replica holds
 * exactly what the joining node takes over, while another replica may miss writes the loser acknowledged, and
 * streaming from it could break a QUORUM guarantee. When that replica is down, Cassandra 4.1's RangeStreamer refuses
 * to bootstrap rather than stream from another one. Turning the setting off lets the node stream from any live
 * replica instead (ringsim then prefers the losing one and falls back to the first live one, see Streaming).
 *
 * <p>As in RangeStreamer, strictness applies only when it means something: not when the cluster, joining node
 * included, has exactly as many nodes as the keyspace's replication factor, and not for a range that has fewer
 * replicas than the replication factor (RF above the node count, CASSANDRA-5953).
 */
public final class ConsistentRangeMovement {
  private ConsistentRangeMovement() {}

  /** Thrown when the bootstrap is refused; the node never joins and the cluster is unchanged. */
  public static final class Refused extends IllegalStateException {
    public Refused(String message) {
      super(message);
    }
  }

  /**
   * Why {@code joining} may not bootstrap from {@code before} to {@code after} with the nodes {@code down} down, or
   * empty when it may. The message is RangeStreamer's, naming the down replicas that would have to be the sources.
   */
  public static Optional<String> check(Ring before, Ring after, String joining, Catalog catalog, Set<String> down) {
    for (KeyspaceMetadata ks : catalog.keyspaces()) {
      ReplicationStrategy strategy = ReplicationStrategies.fromCql(ks.replication());
      int rf = strategy.totalReplicationFactor();
      if (after.nodes().size() == rf) continue;
      ReplicaMap old = before.replicaMap(strategy);
      ReplicaMap next = after.replicaMap(strategy);
      for (int i = 0; i < after.size(); i++) {
        List<Node> gaining = next.replicasFor(after.token(i));
        if (gaining.stream().noneMatch(n -> n.name().equals(joining))) continue;
        List<Node> holders = old.replicasFor(after.token(i));
        if (holders.size() != rf) continue;
        Set<String> required = new TreeSet<>();
        for (Node n : holders) {
          boolean loses = gaining.stream().noneMatch(g -> g.name().equals(n.name()));
          if (loses && down.contains(n.name())) required.add(n.name());
        }
        // The first range that cannot move consistently stops the bootstrap, as RangeStreamer throws on it.
        if (!required.isEmpty())
          return Optional.of("A node required to move the data consistently is down: " + required);
      }
    }
    return Optional.empty();
  }
}
