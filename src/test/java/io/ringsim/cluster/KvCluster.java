package io.ringsim.cluster;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A simulated cluster with one table ks.kv (k text PRIMARY KEY, v int), and plain key-value calls on it. */
final class KvCluster implements AutoCloseable {
  static final String TABLE = KvTable.TABLE;
  final SimCluster sim;
  final TableSchema schema;

  KvCluster(int nodes, int vnodes, int rf, long seed) {
    this(nodes, vnodes, rf, seed, true);
  }

  KvCluster(int nodes, int vnodes, int rf, long seed, boolean hintedHandoff) {
    this(nodes, vnodes, rf, seed, hintedHandoff, true);
  }

  KvCluster(int nodes, int vnodes, int rf, long seed, boolean hintedHandoff, boolean consistentRangeMovement) {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 1; i <= nodes; i++) specs.add(new NodeSpec("n" + i, "dc1", "rack1", vnodes));
    List<Node> placed = new RandomAllocator(seed).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, placed);
    sim = SimCluster.start(ClusterSpec.defaults(ring, seed).withSerializePayloads(true).withHintedHandoff(hintedHandoff)
        .withConsistentRangeMovement(consistentRangeMovement),
        ConfigFactory.load("application-test"));
    TableMetadata kv = KvTable.METADATA;
    sim.setSchema(Catalog.EMPTY
        .withKeyspace(new KeyspaceMetadata("ks", Map.of("class", "SimpleStrategy", "replication_factor",
            String.valueOf(rf)), true))
        .withTable(kv));
    schema = KvTable.SCHEMA;
  }

  static byte[] key(String k) {
    return KvTable.key(k);
  }

  ClientResponse write(String coordinator, String k, int v, ConsistencyLevel cl) {
    return sim.execute(coordinator, writeRequest(k, v, cl));
  }

  ClientRequest.Write writeRequest(String k, int v, ConsistencyLevel cl) {
    return KvTable.write(k, v, cl);
  }

  ClientResponse read(String coordinator, String k, ConsistencyLevel cl) {
    return sim.execute(coordinator, KvTable.read(k, cl));
  }

  /** The value a read returned, or null when the row is absent; fails on an error response. */
  static Integer value(ClientResponse r) {
    return KvTable.value(r);
  }

  /** The replicas of a key, primary first. */
  List<String> replicas(String k) {
    List<String> out = new ArrayList<>();
    for (Node n : new ReplicaMap(sim.ring(), new SimpleStrategy(3))
        .replicasFor(schema.decorate(key(k)).token())) out.add(n.name());
    return out;
  }

  @Override
  public void close() {
    sim.close();
  }
}
