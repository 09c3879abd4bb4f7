package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java driver (4.19) against a served node sees the system keyspaces as it sees them on Cassandra 4.1.10: every
 * table with its columns, types, keys, clustering order and options; it can select from each of them (with bind
 * markers too) and cqlsh's server-side DESCRIBE answers as Cassandra's. Expected values are the oracle's
 * (src/test/resources/system-schema/, README.md there says how they were captured).
 */
class SystemKeyspacesJavaDriverTest {
  static ServedClusterFixture fx;
  static CqlSession session;
  static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void start() throws Exception {
    fx = new ServedClusterFixture(1, 7);
    // The driver leaves the system keyspaces out of its metadata unless told to refresh every keyspace.
    session = fx.connect(null, b -> b.withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES,
        List.of()));
  }

  @AfterAll
  static void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  static JsonNode resource(String name) throws IOException {
    try (InputStream in = SystemKeyspacesJavaDriverTest.class.getResourceAsStream("/system-schema/" + name)) {
      return JSON.readTree(in);
    }
  }

  /** A table as the Python driver described it on the oracle, in terms both drivers share. */
  record TableShape(List<String> partitionKey, List<String> clustering, Map<String, String> columns) {}

  static TableShape expected(JsonNode t) {
    List<String> pk = new ArrayList<>();
    t.get("partition_key").forEach(n -> pk.add(n.asText()));
    List<String> ck = new ArrayList<>();
    t.get("clustering_key").forEach(n -> ck.add(n.get(0).asText() + " " + n.get(1).asText()));
    Map<String, String> cols = new TreeMap<>();
    t.get("columns").forEach(n -> cols.put(n.get(0).asText(), n.get(1).asText() + (n.get(2).asBoolean() ? " static" : "")));
    return new TableShape(pk, ck, cols);
  }

  static TableShape actual(TableMetadata t) {
    List<String> pk = t.getPartitionKey().stream().map(c -> c.getName().asInternal()).toList();
    List<String> ck = new ArrayList<>();
    t.getClusteringColumns().forEach((c, o) -> ck.add(c.getName().asInternal() + " "
        + (o == ClusteringOrder.DESC ? "desc" : "asc")));
    Map<String, String> cols = new TreeMap<>();
    for (ColumnMetadata c : t.getColumns().values()) {
      cols.put(c.getName().asInternal(), c.getType().asCql(true, true) + (c.isStatic() ? " static" : ""));
    }
    return new TableShape(pk, ck, cols);
  }

  @Test
  void theDriversMetadataHasEverySystemTableAsCassandraDescribesIt() throws IOException {
    JsonNode oracle = resource("python-driver-metadata.json");
    Map<CqlIdentifier, KeyspaceMetadata> keyspaces = session.getMetadata().getKeyspaces();
    int tables = 0;
    for (var ks : (Iterable<Map.Entry<String, JsonNode>>) oracle::fields) {
      KeyspaceMetadata k = keyspaces.get(CqlIdentifier.fromInternal(ks.getKey()));
      assertThat(k).as("keyspace %s in the driver's metadata", ks.getKey()).isNotNull();
      assertThat(k.isVirtual()).as(ks.getKey() + " virtual").isEqualTo(ks.getValue().get("virtual").asBoolean());
      List<String> names = new ArrayList<>();
      ks.getValue().get("tables").fieldNames().forEachRemaining(names::add);
      assertThat(k.getTables().keySet().stream().map(CqlIdentifier::asInternal).sorted().toList())
          .as("tables of " + ks.getKey()).containsExactlyElementsOf(names.stream().sorted().toList());
      for (String name : names) {
        JsonNode t = ks.getValue().get("tables").get(name);
        TableMetadata m = k.getTable(CqlIdentifier.fromInternal(name)).orElseThrow();
        assertThat(actual(m)).as(ks.getKey() + "." + name).isEqualTo(expected(t));
        if (!t.get("virtual").asBoolean()) {
          JsonNode o = t.get("options");
          Map<CqlIdentifier, Object> options = m.getOptions();
          assertThat(options.get(CqlIdentifier.fromInternal("comment"))).as(name + " comment")
              .isEqualTo(o.get("comment").asText());
          assertThat(options.get(CqlIdentifier.fromInternal("gc_grace_seconds"))).as(name + " gc_grace_seconds")
              .isEqualTo(o.get("gc_grace_seconds").asInt());
          assertThat(options.get(CqlIdentifier.fromInternal("memtable_flush_period_in_ms")))
              .as(name + " memtable_flush_period_in_ms").isEqualTo(o.get("memtable_flush_period_in_ms").asInt());
          assertThat(String.valueOf(options.get(CqlIdentifier.fromInternal("compaction"))))
              .as(name + " compaction").contains(o.get("compaction").get("class").asText());
        }
        tables++;
      }
    }
    assertThat(tables).as("tables compared").isEqualTo(81);
  }

  @Test
  void everySystemTableAnswersSelectStarInCassandrasColumns() throws IOException {
    JsonNode oracle = resource("select-star.json");
    for (var e : (Iterable<Map.Entry<String, JsonNode>>) oracle::fields) {
      String[] name = e.getKey().split("\\.", 2);
      ResultSet rs = session.execute("SELECT * FROM \"" + name[0] + "\".\"" + name[1] + "\"");
      List<String> columns = new ArrayList<>();
      for (ColumnDefinition c : rs.getColumnDefinitions()) columns.add(c.getName().asInternal());
      List<String> expected = new ArrayList<>();
      e.getValue().forEach(c -> expected.add(c.get(0).asText()));
      assertThat(columns).as(e.getKey()).containsExactlyElementsOf(expected);
      rs.all();
    }
  }

  @Test
  void preparedStatementsWithBindMarkersReadTheSystemTables() {
    PreparedStatement p = session.prepare("SELECT release_version FROM system.local WHERE key = ?");
    assertThat(session.execute(p.bind("local")).one().getString("release_version")).isEqualTo("4.1.10");
    assertThat(session.execute(p.bind("elsewhere")).one()).isNull();
    PreparedStatement tables = session.prepare(
        "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?");
    assertThat(session.execute(tables.bind("system_auth")).all().stream().map(r -> r.getString(0)).toList())
        .containsExactly("network_permissions", "resource_role_permissons_index", "role_members", "role_permissions",
            "roles");
    PreparedStatement empty = session.prepare("SELECT * FROM system.\"IndexInfo\" WHERE table_name = ?");
    assertThat(session.execute(empty.bind("t")).all()).isEmpty();
  }

  /**
   * A system table takes what a user table takes: markers in IN, aggregates over bound restrictions, aliases; and
   * refuses what Cassandra refuses of a paged read (ORDER BY over the partitions of an IN, as the oracle answered
   * script 66 before that statement was left out of it, since `ringsim cql` does not page).
   */
  @Test
  void systemTablesTakeInMarkersAggregatesAndAliasesAndRefuseWhatCassandraRefuses() {
    PreparedStatement in = session.prepare("SELECT keyspace_name AS ks FROM system_schema.keyspaces "
        + "WHERE keyspace_name IN ?");
    assertThat(in.getResultSetDefinitions().get(0).getName().asInternal()).isEqualTo("ks");
    assertThat(session.execute(in.bind(List.of("system_auth", "system", "nope"))).all().stream()
        .map(r -> r.getString("ks")).toList()).containsExactly("system", "system_auth");
    PreparedStatement count = session.prepare(
        "SELECT count(*), min(table_name) FROM system_schema.tables WHERE keyspace_name = ?");
    Row r = session.execute(count.bind("system_auth")).one();
    assertThat(r.getLong(0)).isEqualTo(5);
    assertThat(r.getString(1)).isEqualTo("network_permissions");
    assertThatThrownBy(() -> session.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name IN "
        + "('system_auth', 'system_schema') ORDER BY table_name DESC")).isInstanceOf(InvalidQueryException.class)
        .hasMessageStartingWith("Cannot page queries with both ORDER BY and a IN restriction on the partition key");
  }

  /**
   * writetime() on a generated system table has no true answer here, and is refused saying so; a virtual table's
   * cells answer ttl() with null, as Cassandra's.
   */
  @Test
  void writetimeOnAGeneratedSystemTableIsRefusedAndAVirtualTableAnswersTtl() {
    assertThatThrownBy(() -> session.execute("SELECT writetime(cluster_name) FROM system.local"))
        .isInstanceOf(InvalidQueryException.class).hasMessageContaining("writetime() on system.local");
    assertThatThrownBy(() -> session.prepare("SELECT ttl(release_version) FROM system.local"))
        .isInstanceOf(InvalidQueryException.class).hasMessageContaining("ttl() on system.local");
    List<Row> clients = session.execute("SELECT ttl(connection_stage), writetime(connection_stage) "
        + "FROM system_views.clients").all();
    assertThat(clients).isNotEmpty().allSatisfy(c -> {
      assertThat(c.isNull(0)).as("ttl").isTrue();
      assertThat(c.isNull(1)).as("writetime").isFalse();
    });
  }

  @Test
  void useSystemThenUnqualifiedNames() {
    try (CqlSession s = fx.connect(null)) {
      s.execute("USE system");
      assertThat(s.execute("SELECT release_version FROM local").one().getString(0)).isEqualTo("4.1.10");
      assertThat(s.execute("SELECT * FROM size_estimates").all()).isEmpty();
      assertThatThrownBy(() -> s.execute("SELECT * FROM nosuch")).isInstanceOf(InvalidQueryException.class)
          .hasMessage("table nosuch does not exist");
    }
  }

  /**
   * system.prepared_statements lists what the node has prepared, under each id Cassandra keeps a statement by: a
   * statement that names its keyspace by its text alone (logged_keyspace null) and, from a session with a keyspace,
   * by that keyspace and its text too. The Java driver's PerRequestKeyspaceIT reads a statement's row by its id.
   */
  @Test
  void preparedStatementsAreListedByTheirIds() {
    try (CqlSession s = fx.connect(null)) {
      String cql = "SELECT release_version FROM system.local WHERE key = ?";
      java.nio.ByteBuffer id = s.prepare(cql).getId();
      Row r = s.execute(s.prepare("SELECT * FROM system.prepared_statements WHERE prepared_id = ?").bind(id)).one();
      assertThat(r).isNotNull();
      assertThat(r.getString("query_string")).isEqualTo(cql);
      assertThat(r.isNull("logged_keyspace")).isTrue();
      assertThat(s.execute("SELECT count(*) FROM system.prepared_statements").one().getLong(0)).isPositive();
    }
  }

  @Test
  void theDroppedThriftVersionColumnReadsBackAtCassandrasTime() {
    Row r = session.execute("SELECT * FROM system_schema.dropped_columns WHERE keyspace_name = 'system'").one();
    assertThat(r.getString("table_name")).isEqualTo("local");
    assertThat(r.getString("column_name")).isEqualTo("thrift_version");
    assertThat(r.getInstant("dropped_time")).isEqualTo(Instant.ofEpochMilli(9223372036854775L));
  }

  @Test
  void describeAnswersAsCassandra() throws IOException {
    JsonNode oracle = resource("describe.json");
    try (CqlSession s = fx.connect(null)) {
      for (String q : List.of("DESCRIBE KEYSPACES", "DESCRIBE KEYSPACE system", "DESCRIBE KEYSPACE system_auth",
          "DESCRIBE KEYSPACE system_views", "DESCRIBE KEYSPACE system_virtual_schema", "DESCRIBE TABLE system.local")) {
        assertThat(rows(s.execute(q))).as(q).isEqualTo(oracle.get(q));
      }
      s.execute("USE system");
      assertThat(rows(s.execute("DESCRIBE TABLES"))).isEqualTo(oracle.get("USE system; DESCRIBE TABLES"));
      s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE KEYSPACE ks_nts WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1}"
          + " AND durable_writes = false");
      s.execute("CREATE KEYSPACE ks_full WITH replication = "
          + "{'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': 1}");
      for (String ks : List.of("ks", "ks_nts", "ks_full")) {
        assertThat(rows(s.execute("DESCRIBE KEYSPACE " + ks))).isEqualTo(oracle.get("DESCRIBE KEYSPACE " + ks));
      }
      assertThat(rows(s.execute("DESCRIBE KEYSPACES")))
          .isEqualTo(oracle.get("DESCRIBE KEYSPACES (with ks, ks_nts, ks_full)"));
      for (String ks : List.of("ks", "ks_nts", "ks_full")) s.execute("DROP KEYSPACE " + ks);
    }
  }

  /** Rows as the capture wrote them: objects of column name to text. */
  static JsonNode rows(ResultSet rs) {
    var out = JSON.createArrayNode();
    for (Row r : rs) {
      var o = JSON.createObjectNode();
      for (ColumnDefinition c : r.getColumnDefinitions()) o.put(c.getName().asInternal(), r.getString(c.getName()));
      out.add(o);
    }
    return out;
  }
}
