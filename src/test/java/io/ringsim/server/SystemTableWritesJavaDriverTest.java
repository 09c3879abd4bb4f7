package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Writes into Cassandra's system tables through the Java driver, as a client notices them (Cassandra 4.1's answers
 * to the same writes are in src/test/resources/cql/78_system_table_writes): a write is read back from the node it
 * went to; a later schema change of the object rewrites its row; system and system_schema are each node's own, the
 * replicated system keyspaces the cluster's; a restart keeps what was written; the schema itself does not change.
 */
class SystemTableWritesJavaDriverTest {
  static ServedClusterFixture fx;
  static CqlSession session;

  @BeforeAll
  static void start() throws Exception {
    fx = new ServedClusterFixture(2, 78);
    session = fx.connect(null);
    session.execute("CREATE KEYSPACE w WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  }

  @AfterAll
  static void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  private static Statement<?> on(String node, Statement<?> s) {
    return s.setNode(fx.driverNode(session, node).orElseThrow());
  }

  private static Row one(String node, String cql) {
    return session.execute(on(node, SimpleStatement.newInstance(cql))).one();
  }

  private static Map<String, ByteBuffer> extensions(String node, String table) {
    Row r = one(node, "SELECT extensions FROM system_schema.tables WHERE keyspace_name = 'w' AND table_name = '"
        + table + "'");
    return r == null ? null : r.getMap("extensions", String.class, ByteBuffer.class);
  }

  private static ByteBuffer bytes(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  /** The Python driver's test_table_extensions does this on every host, then reads its table's metadata back. */
  @Test
  void aPreparedWriteIsReadBackOnItsNodeOnlyUntilTheTableIsAltered() {
    session.execute("CREATE TABLE w.t (k text PRIMARY KEY, v int)");
    PreparedStatement update = session.prepare(
        "UPDATE system_schema.tables SET extensions = ? WHERE keyspace_name = ? AND table_name = ?");
    session.execute(on("n1", update.bind(Map.of("e0", bytes("THA VALUE")), "w", "t")));

    assertThat(extensions("n1", "t")).containsOnlyKeys("e0").containsEntry("e0", bytes("THA VALUE"));
    assertThat(extensions("n2", "t")).as("system_schema is each node's own").isEmpty();
    // The schema is not what the row says: DESCRIBE reads the schema, as Cassandra's reads it from memory.
    String described = one("n1", "DESCRIBE TABLE w.t").getString("create_statement");
    assertThat(described).doesNotContain("e0");

    session.execute("ALTER TABLE w.t WITH comment = 'altered'");
    Row r = one("n1", "SELECT comment, extensions FROM system_schema.tables WHERE keyspace_name = 'w' "
        + "AND table_name = 't'");
    assertThat(r.getString("comment")).isEqualTo("altered");
    assertThat(r.getMap("extensions", String.class, ByteBuffer.class)).as("rewritten by the ALTER").isEmpty();
  }

  @Test
  void rowsOfNoSchemaObjectAreListedUntilTheirKeyspaceIsDropped() {
    session.execute("CREATE KEYSPACE gone WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute(on("n2", SimpleStatement.newInstance("INSERT INTO system_schema.tables (keyspace_name, "
        + "table_name, comment) VALUES ('gone', 'ghost', 'boo')")));
    assertThat(session.execute(on("n2", SimpleStatement.newInstance("SELECT table_name, comment FROM "
        + "system_schema.tables WHERE keyspace_name = 'gone'"))).all()).singleElement()
        .satisfies(row -> assertThat(row.getString("comment")).isEqualTo("boo"));
    assertThat(session.getMetadata().getKeyspace("gone").orElseThrow().getTables()).as("the driver's metadata")
        .isEmpty();

    session.execute("DROP KEYSPACE gone");
    assertThat(session.execute(on("n2", SimpleStatement.newInstance("SELECT table_name FROM system_schema.tables "
        + "WHERE keyspace_name = 'gone'"))).all()).isEmpty();
  }

  @Test
  void replicatedSystemKeyspacesAreTheClustersAndConditionsReadTheMergedRow() {
    session.execute(on("n1", SimpleStatement.newInstance("INSERT INTO system_distributed.repair_history "
        + "(keyspace_name, columnfamily_name, id, status) VALUES ('w', 't', 5b5a4b48-0000-11ee-8000-000000000000, "
        + "'x')")));
    assertThat(one("n2", "SELECT status FROM system_distributed.repair_history").getString(0)).isEqualTo("x");

    Row failed = one("n1", "UPDATE system_auth.roles SET can_login = false WHERE role = 'cassandra' "
        + "IF can_login = false");
    assertThat(failed.getBoolean("[applied]")).isFalse();
    assertThat(failed.getBoolean("can_login")).as("the generated row").isTrue();
    assertThat(one("n1", "UPDATE system_auth.roles SET can_login = false WHERE role = 'cassandra' "
        + "IF can_login = true").getBoolean("[applied]")).isTrue();
    assertThat(one("n2", "SELECT can_login, is_superuser FROM system_auth.roles WHERE role = 'cassandra'"))
        .satisfies(row -> {
          assertThat(row.getBoolean("can_login")).isFalse();
          assertThat(row.getBoolean("is_superuser")).isTrue();
        });
  }

  @Test
  void aRestartKeepsWhatWasWritten() throws Exception {
    session.execute(on("n2", SimpleStatement.newInstance("UPDATE system.local SET gossip_generation = 42 "
        + "WHERE key = 'local'")));
    fx.crashAndAwaitDown(session, "n2");
    fx.served.restart("n2");
    fx.awaitDriverSees(session, "n2", NodeState.UP);
    assertThat(one("n2", "SELECT gossip_generation FROM system.local").getInt(0)).isEqualTo(42);
    assertThat(one("n1", "SELECT gossip_generation FROM system.local").getInt(0)).as("n1's own row").isEqualTo(1);
  }

  @Test
  void truncateEmptiesASchemaTableButIsRefusedSayingWhyForGeneratedState() {
    session.execute("CREATE TABLE w.tr (k int PRIMARY KEY)");
    session.execute(on("n2", SimpleStatement.newInstance("INSERT INTO system_schema.triggers (keyspace_name, "
        + "table_name, trigger_name, options) VALUES ('w', 'tr', 'x', {'class': 'y'})")));
    assertThat(session.execute(on("n2", SimpleStatement.newInstance("SELECT trigger_name FROM "
        + "system_schema.triggers WHERE keyspace_name = 'w'"))).all()).hasSize(1);
    session.execute(on("n2", SimpleStatement.newInstance("TRUNCATE system_schema.triggers")));
    assertThat(session.execute(on("n2", SimpleStatement.newInstance("SELECT trigger_name FROM "
        + "system_schema.triggers WHERE keyspace_name = 'w'"))).all()).isEmpty();

    assertThatThrownBy(() -> session.execute("TRUNCATE system.local")).isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("cannot truncate it");
    assertThatThrownBy(() -> session.execute("BEGIN BATCH INSERT INTO system.peers (peer, rack) VALUES "
        + "('1.2.3.4', 'r'); INSERT INTO w.tr (k) VALUES (1); APPLY BATCH")).isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("cannot run a batch that writes into both");
    assertThat(session.execute("SELECT role FROM system_auth.roles").all()).extracting(r -> r.getString(0))
        .isEqualTo(List.of("cassandra"));
  }
}
