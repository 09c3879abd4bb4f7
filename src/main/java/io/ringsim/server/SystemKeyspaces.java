package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.types.CqlTypes;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * system.local, system.peers and system.peers_v2 as a Cassandra 4.1 node answers them, from the ring and the
 * addresses the nodes listen on. Drivers read these to find the nodes, their data centres, racks and tokens (for
 * token-aware routing) and to check schema agreement.
 */
final class SystemKeyspaces {
  /** The Cassandra version whose behaviour ringsim simulates, as drivers read it. */
  static final String RELEASE_VERSION = "4.1.10";
  static final String CQL_VERSION = "3.4.6";
  static final String CLUSTER_NAME = "ringsim";
  /** The storage port the nodes announce (system.local, system.peers, traces, DESCRIBE CLUSTER). */
  static final int STORAGE_PORT = 7000;

  static final CqlType TEXT = CqlTypes.TEXT;
  static final CqlType SET_TEXT = new SetType(CqlTypes.TEXT, false);
  static final CqlType FROZEN_SET_TEXT = new SetType(CqlTypes.TEXT, true);
  static final CqlType FROZEN_LIST_TEXT = new ListType(CqlTypes.TEXT, true);
  static final CqlType FROZEN_MAP_TEXT = new MapType(CqlTypes.TEXT, CqlTypes.TEXT, true);
  static final CqlType FROZEN_MAP_BLOB = new MapType(CqlTypes.TEXT, CqlTypes.BLOB, true);

  /**
   * Where the nodes are, and what they all know; {@code clients}: the connections to {@code self}; {@code store}:
   * what clients wrote into the system tables.
   */
  record View(String self, Ring ring, Map<String, InetAddress> addresses, int port, Catalog catalog,
      TraceStore traces, List<ConnectedClient> clients, PreparedStatements prepared, SystemStore store) {}

  private SystemKeyspaces() {}

  /** The rows of {@code keyspace.table} as the node generates them now. */
  static VirtualTable table(String keyspace, String table, View v) {
    String name = keyspace + "." + table;
    VirtualTable t = switch (name) {
      case "system.local" -> local(v);
      case "system.peers" -> peers(v);
      case "system.peers_v2" -> peersV2(v);
      case "system_traces.sessions" -> v.traces().sessions();
      case "system_traces.events" -> v.traces().events();
      case "system_auth.roles" -> roles();
      case "system_views.clients" -> ConnectedClient.table(v.clients());
      case "system.IndexInfo" -> builtIndexes(v.catalog());
      case "system.built_views" -> BuiltViews.builtViews(v.catalog());
      case "system_distributed.view_build_status" -> BuiltViews.buildStatus(v.catalog(), v.ring());
      case "system.prepared_statements" -> preparedStatements(v.prepared().logged());
      default -> SchemaTables.table(keyspace, table, v.catalog());
    };
    if (t != null) return t;
    // A table Cassandra has and ringsim keeps no rows for answers with none, in its described columns.
    return SystemSchema.CASSANDRA_4_1.table(keyspace, table).map(SystemSchema::empty).orElseThrow(
        () -> new CqlException(CqlErrorClass.InvalidRequest, "table " + table + " does not exist"));
  }

  /** The statements prepared on the node, under each id Cassandra keeps them by (QueryProcessor.storePreparedStatement). */
  private static VirtualTable preparedStatements(List<PreparedStatements.Logged> prepared) {
    VirtualTable.Builder b = new VirtualTable.Builder("system", "prepared_statements")
        .column("prepared_id", CqlTypes.BLOB).column("logged_keyspace", TEXT).column("query_string", TEXT);
    for (PreparedStatements.Logged p : prepared) b.row(java.nio.ByteBuffer.wrap(p.id()), p.keyspace(), p.query());
    return b.build();
  }

  /**
   * system."IndexInfo": the indexes built, one row per index with its keyspace's name in {@code table_name}, as
   * Cassandra's SystemKeyspace.setIndexBuilt records them (ringsim's indexes are built as soon as they are created;
   * tools such as dtest wait for these rows).
   */
  private static VirtualTable builtIndexes(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system", "IndexInfo").column("table_name", TEXT)
        .column("index_name", TEXT).column("value", CqlTypes.BLOB);
    // Partitions by keyspace name, rows by index name, as the table's key orders them.
    Map<String, TreeSet<String>> byKeyspace = new TreeMap<>();
    c.keyspaces().forEach(k -> c.tables(k.name()).forEach(t -> c.indexesOn(k.name(), t.name())
        .forEach(i -> byKeyspace.computeIfAbsent(k.name(), x -> new TreeSet<>()).add(i.name()))));
    byKeyspace.forEach((ks, names) -> names.forEach(n -> b.row(ks, n, null)));
    return b.build();
  }

  static UUID hostId(String node) {
    return UUID.nameUUIDFromBytes(("ringsim host " + node).getBytes(StandardCharsets.UTF_8));
  }

  /** One schema version for one catalog: every node reports the same one, so drivers see agreement after DDL. */
  static UUID schemaVersion(Catalog c) {
    StringBuilder b = new StringBuilder();
    c.keyspaces().forEach(k -> b.append(k).append('\n'));
    c.allTables().forEach(t -> b.append(t).append('\n'));
    c.keyspaces().forEach(k -> c.tables(k.name()).forEach(t -> c.indexesOn(k.name(), t.name())
        .forEach(i -> b.append(i).append('\n'))));
    return UUID.nameUUIDFromBytes(b.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static TreeSet<String> tokens(Node n) {
    TreeSet<String> out = new TreeSet<>();
    for (Token t : n.tokens()) out.add(t.toString());
    return out;
  }

  static String partitionerClass(Ring ring) {
    return switch (ring.partitioner().name()) {
      case "random" -> "org.apache.cassandra.dht.RandomPartitioner";
      case "byteordered" -> "org.apache.cassandra.dht.ByteOrderedPartitioner";
      default -> "org.apache.cassandra.dht.Murmur3Partitioner";
    };
  }

  /**
   * The role Cassandra creates at first start (its CassandraRoleManager, whichever authenticator is configured):
   * superuser "cassandra", password "cassandra". The salted hash is one bcrypt hash of that password (Cassandra's
   * salt is random, so every node's differs); ringsim does not authenticate.
   */
  private static VirtualTable roles() {
    return new VirtualTable.Builder("system_auth", "roles").column("role", TEXT)
        .column("can_login", CqlTypes.BOOLEAN).column("is_superuser", CqlTypes.BOOLEAN)
        .column("member_of", SET_TEXT).column("salted_hash", TEXT)
        .row("cassandra", true, true, null, "$2a$10$IFbHVTqWqryUWivkzSlIme/Z5QAEELf5Hpp9jkXfgAb.gZgu3a25G").build();
  }

  private static VirtualTable local(View v) {
    Node n = v.ring().nodes().get(v.ring().indexOf(v.self()));
    InetAddress a = v.addresses().get(v.self());
    return new VirtualTable.Builder("system", "local")
        .column("key", TEXT).column("bootstrapped", TEXT).column("broadcast_address", CqlTypes.INET)
        .column("broadcast_port", CqlTypes.INT).column("cluster_name", TEXT).column("cql_version", TEXT)
        .column("data_center", TEXT).column("gossip_generation", CqlTypes.INT).column("host_id", CqlTypes.UUID)
        .column("listen_address", CqlTypes.INET).column("listen_port", CqlTypes.INT)
        .column("native_protocol_version", TEXT).column("partitioner", TEXT).column("rack", TEXT)
        .column("release_version", TEXT).column("rpc_address", CqlTypes.INET).column("rpc_port", CqlTypes.INT)
        .column("schema_version", CqlTypes.UUID).column("tokens", SET_TEXT)
        .column("truncated_at", new MapType(CqlTypes.UUID, CqlTypes.BLOB, false))
        .row("local", "COMPLETED", a, 7000, CLUSTER_NAME, CQL_VERSION, n.dc(), 1, hostId(n.name()), a, 7000, "5",
            partitionerClass(v.ring()), n.rack(), RELEASE_VERSION, a, v.port(), schemaVersion(v.catalog()), tokens(n),
            null)
        .build();
  }

  private static VirtualTable peers(View v) {
    VirtualTable.Builder b = new VirtualTable.Builder("system", "peers")
        .column("peer", CqlTypes.INET).column("data_center", TEXT).column("host_id", CqlTypes.UUID)
        .column("preferred_ip", CqlTypes.INET).column("rack", TEXT).column("release_version", TEXT)
        .column("rpc_address", CqlTypes.INET).column("schema_version", CqlTypes.UUID).column("tokens", SET_TEXT);
    UUID schema = schemaVersion(v.catalog());
    for (Node n : others(v)) {
      InetAddress a = v.addresses().get(n.name());
      b.row(a, n.dc(), hostId(n.name()), null, n.rack(), RELEASE_VERSION, a, schema, tokens(n));
    }
    return b.build();
  }

  private static VirtualTable peersV2(View v) {
    VirtualTable.Builder b = new VirtualTable.Builder("system", "peers_v2")
        .column("peer", CqlTypes.INET).column("peer_port", CqlTypes.INT).column("data_center", TEXT)
        .column("host_id", CqlTypes.UUID).column("native_address", CqlTypes.INET)
        .column("native_port", CqlTypes.INT).column("preferred_ip", CqlTypes.INET)
        .column("preferred_port", CqlTypes.INT).column("rack", TEXT).column("release_version", TEXT)
        .column("schema_version", CqlTypes.UUID).column("tokens", SET_TEXT);
    UUID schema = schemaVersion(v.catalog());
    for (Node n : others(v)) {
      InetAddress a = v.addresses().get(n.name());
      b.row(a, 7000, n.dc(), hostId(n.name()), a, v.port(), null, null, n.rack(), RELEASE_VERSION, schema,
          tokens(n));
    }
    return b.build();
  }

  /** Every node but the one answering, in ring order; nodes without an address (not served) are left out. */
  private static List<Node> others(View v) {
    List<Node> out = new ArrayList<>();
    for (Node n : v.ring().nodes()) {
      if (!n.name().equals(v.self()) && v.addresses().containsKey(n.name())) out.add(n);
    }
    return out;
  }

  static Map<String, String> sortedMap(Map<String, String> m) {
    return new TreeMap<>(m);
  }
}
