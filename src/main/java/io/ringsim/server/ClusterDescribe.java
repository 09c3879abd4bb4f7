package io.ringsim.server;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.types.CqlTypes;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * {@code DESCRIBE CLUSTER} as a Cassandra 4.1 server answers it (cqlsh 6.1 sends it as it is): the cluster's name,
 * its partitioner and snitch by their short class names and, with a keyspace in use, which endpoints hold each token
 * range of it, keyed by the range's end token ("/127.0.0.2:7000", the storage port system.peers gives).
 */
final class ClusterDescribe {
  private ClusterDescribe() {}

  static boolean isDescribeCluster(Statement s) {
    return s instanceof Statement.Describe d && d.what().equals("any") && d.keyspace() == null
        && d.name().equals("cluster");
  }

  static ResultSet run(Ring ring, Catalog catalog, String session, Map<String, InetAddress> addresses) {
    List<String> columns = new ArrayList<>(List.of("cluster", "partitioner", "snitch"));
    List<io.ringsim.schema.CqlType> types = new ArrayList<>(List.of(CqlTypes.TEXT, CqlTypes.TEXT, CqlTypes.TEXT));
    List<Object> row = new ArrayList<>(List.of(SystemKeyspaces.CLUSTER_NAME, partitioner(ring), snitch(ring)));
    KeyspaceMetadata ks = session == null ? null : catalog.keyspace(session).orElse(null);
    if (ks != null) {
      MapType type = new MapType(CqlTypes.TEXT, new ListType(CqlTypes.TEXT, true), false);
      NavigableMap<Object, Object> ownership = type.newMap();
      ReplicaMap replicas = ring.replicaMap(ReplicationStrategies.fromCql(ks.replication()));
      for (int i = 0; i < ring.size(); i++) {
        List<Object> endpoints = new ArrayList<>();
        for (int n : replicas.replicasOfRange(i)) {
          endpoints.add("/" + addresses.get(ring.node(n).name()).getHostAddress() + ":" + SystemKeyspaces.STORAGE_PORT);
        }
        ownership.put(ring.token(i).toString(), List.copyOf(endpoints));
      }
      columns.add("range_ownership");
      types.add(type);
      row.add(java.util.Collections.unmodifiableNavigableMap(ownership));
    }
    return new ResultSet(columns, types, List.of(row), List.of());
  }

  private static String partitioner(Ring ring) {
    String cls = SystemKeyspaces.partitionerClass(ring);
    return cls.substring(cls.lastIndexOf('.') + 1);
  }

  /** One rack of one data centre is what SimpleSnitch describes; anything else needs a topology-aware snitch. */
  private static String snitch(Ring ring) {
    List<String> dcs = ring.dataCenters();
    return dcs.size() == 1 && ring.rackCountInDc(dcs.get(0)) == 1 ? "SimpleSnitch" : "GossipingPropertyFileSnitch";
  }
}
