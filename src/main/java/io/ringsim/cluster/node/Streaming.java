package io.ringsim.cluster.node;

import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The sending side of bootstrap and decommission: what this node streams to a node that gains ranges in a new ring.
 * The receiving side applies the partitions as mutations ({@link ReplicaVerbs}).
 */
final class Streaming {
  private Streaming() {}

  /** Sends {@code s.target()} every partition it gains in the new ring that this node is the source of. */
  static int streamTo(NodeContext node, NodeCommand.StreamTo s) {
    int streamed = 0;
    for (TableStore t : node.storage.tables()) {
      TableMetadata md = t.schema().metadata();
      KeyspaceMetadata ks = node.catalog().keyspace(md.keyspace()).orElse(null);
      if (ks == null) continue;
      ReplicationStrategy strategy = ReplicationStrategies.fromCql(ks.replication());
      ReplicaMap next = s.newRing().replicaMap(strategy);
      ReplicaMap now = node.ring().replicaMap(strategy);
      boolean leaving = s.newRing().indexOf(node.name()) < 0;
      List<byte[]> batch = new ArrayList<>();
      for (Partition p : t.allPartitions()) {
        boolean gains = next.replicasFor(p.key().token()).stream().anyMatch(n -> n.name().equals(s.target()));
        List<Node> before = now.replicasFor(p.key().token());
        boolean had = before.stream().anyMatch(n -> n.name().equals(s.target()));
        boolean source = leaving
            || node.name().equals(streamSource(before, next.replicasFor(p.key().token()), s.down()));
        if (gains && !had && source) batch.add(PartitionCodec.encode(p));
      }
      if (!batch.isEmpty()) {
        node.send(s.target(), new NodeMessage.Stream(node.newRequestId(), md.qualifiedName(), batch));
        streamed += batch.size();
      }
    }
    return streamed;
  }

  /**
   * One source per range, as Cassandra's consistent range movement picks it: the replica that loses the range (it holds
   * exactly what the joining node takes over from it), else, when that one is down, the first live replica. A
   * bootstrap only gets here with the loser down when consistent range movement is off, or when Cassandra would not
   * be strict either (see ConsistentRangeMovement). Null when every replica is down.
   */
  static String streamSource(List<Node> before, List<Node> after, Set<String> down) {
    for (Node n : before) {
      if (down.contains(n.name())) continue;
      if (after.stream().noneMatch(a -> a.name().equals(n.name()))) return n.name();
    }
    for (Node n : before) if (!down.contains(n.name())) return n.name();
    return null;
  }
}
