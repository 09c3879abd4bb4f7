package io.ringsim.cql.exec;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import io.ringsim.ring.Murmur3Partitioner;
import java.util.List;

/** A one-node simulated cluster with keyspace ks in use: the smallest place to run CQL end to end. */
final class OneNodeCql implements AutoCloseable {
  final SimCluster sim;
  final ClientSession session;

  OneNodeCql(long seed) {
    var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", 1, 1)), 4, "random", seed,
        Murmur3Partitioner.INSTANCE, ClusterBuilder.defaultAllocationReplication());
    sim = ClusterBuilder.start(ring, seed, ConfigFactory.load("application-test"));
    session = new ClientSession(sim, seed);
    session.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("USE ks");
  }

  ResultSet run(String cql) {
    return session.execute(cql);
  }

  /** The rows of a SELECT as lists of Java values. */
  List<List<Object>> rows(String select) {
    return session.execute(select).rows();
  }

  @Override
  public void close() {
    sim.close();
  }
}
