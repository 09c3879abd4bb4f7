package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The Java driver 4.19 against a served node: on protocol v5 a PREPARED reply carries the statement's result columns
 * and Cassandra's result_metadata_id for them, and when the table gains a column the prepared SELECT * gets the new
 * columns and id and the driver reads them; client warnings reach ExecutionInfo; v6-beta connects. Ids and warning
 * texts are Cassandra 4.1.10's, from src/test/resources/oracle/protocol-details.expected.jsonl (how:
 * src/test/resources/oracle/README.md).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProtocolDetailsJavaDriverTest {
  ServedClusterFixture fx;
  CqlSession session;

  @BeforeAll
  void start() throws Exception {
    fx = new ServedClusterFixture(1, 11);
    session = fx.connect("V5");
    session.execute("CREATE KEYSPACE o WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("CREATE TABLE o.t (k int, c int, v text, s int static, PRIMARY KEY (k, c))");
    session.execute("CREATE TABLE o.u (k int PRIMARY KEY, a int)");
  }

  @AfterAll
  void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  private static String hex(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return HexFormat.of().formatHex(a);
  }

  private static List<String> names(PreparedStatement ps) {
    return StreamSupport.stream(ps.getResultSetDefinitions().spliterator(), false)
        .map(d -> d.getName().asInternal()).toList();
  }

  /**
   * The driver sends its own timestamp with every request (the protocol's default timestamp); a batch whose
   * statements carry USING TIMESTAMP is then no batch "with both a BATCH and a statement timestamp": each statement
   * keeps its own and the others take the driver's, as on Cassandra (cassandra-dtest's
   * test_each_statement_in_batch_uses_proper_timestamp, which passes there, found ringsim refusing it).
   */
  @Test
  void aBatchsOwnStatementTimestampsWinOverTheDriversDefaultTimestamp() {
    long before = System.currentTimeMillis() * 1000;
    session.execute("BEGIN BATCH INSERT INTO o.u (k, a) VALUES (101, 1) USING TIMESTAMP 1111111111111111;"
        + " INSERT INTO o.u (k, a) VALUES (102, 2) USING TIMESTAMP 1111111111111112;"
        + " INSERT INTO o.u (k, a) VALUES (103, 3) APPLY BATCH");
    assertThat(session.execute("SELECT writetime(a) FROM o.u WHERE k = 101").one().getLong(0))
        .isEqualTo(1111111111111111L);
    assertThat(session.execute("SELECT writetime(a) FROM o.u WHERE k = 102").one().getLong(0))
        .isEqualTo(1111111111111112L);
    assertThat(session.execute("SELECT writetime(a) FROM o.u WHERE k = 103").one().getLong(0))
        .as("the driver's timestamp").isGreaterThanOrEqualTo(before);
  }

  /**
   * A statement that names its keyspace has one id whatever keyspace the session uses, as in Cassandra 4.0.2 and
   * later; one that does not is told apart by the session's keyspace. (The Java driver's own PreparedStatementIT
   * found ringsim giving a qualified statement another id once the session had a keyspace: the driver then fails a
   * re-prepare with "ID mismatch".)
   */
  @Test
  void aQualifiedStatementKeepsItsIdWhateverTheSessionsKeyspace() {
    String qualified = "SELECT * FROM o.u WHERE k = ?";
    ByteBuffer bare = session.prepare(qualified).getId();
    try (CqlSession inKeyspace = fx.connect("V5")) {
      inKeyspace.execute("USE o");
      assertThat(hex(inKeyspace.prepare(qualified).getId())).isEqualTo(hex(bare));
      String unqualified = "SELECT * FROM u WHERE k = ?";
      assertThat(hex(inKeyspace.prepare(unqualified).getId())).isNotEqualTo(hex(session.prepare(unqualified
          .replace("FROM u", "FROM o.u")).getId()));
      assertThat(inKeyspace.execute(inKeyspace.prepare(qualified).bind(1)).all()).isEmpty();
    }
  }

  @Test
  void aPreparedSelectAnnouncesItsColumnsAndCassandrasIdForThem() {
    PreparedStatement star = session.prepare("SELECT * FROM o.t WHERE k = ?");
    PreparedStatement two = session.prepare("SELECT k, v FROM o.t WHERE k = ?");
    PreparedStatement insert = session.prepare("INSERT INTO o.t (k, c, v) VALUES (?, ?, ?)");
    assertThat(names(star)).containsExactly("k", "c", "s", "v");
    assertThat(hex(star.getResultMetadataId())).isEqualTo("142779a25ea0df3af551137d8b242776");
    assertThat(names(two)).containsExactly("k", "v");
    assertThat(hex(two.getResultMetadataId())).isEqualTo("20b7fe8510d99228eec24d9ecd5a2ff1");
    assertThat(names(insert)).isEmpty();
    assertThat(hex(insert.getResultMetadataId())).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
  }

  @Test
  void afterAlterTableAddThePreparedStarSelectGetsTheNewColumnAndId() {
    session.execute("INSERT INTO o.u (k, a) VALUES (1, 10)");
    PreparedStatement star = session.prepare("SELECT * FROM o.u WHERE k = ?");
    assertThat(session.execute(star.bind(1)).one().getInt("a")).isEqualTo(10);
    session.execute("ALTER TABLE o.u ADD b text");
    session.execute("UPDATE o.u SET b = 'x' WHERE k = 1");
    Row row = session.execute(star.bind(1)).one();
    assertThat(row.getColumnDefinitions().contains("b")).isTrue();
    assertThat(row.getString("b")).isEqualTo("x");
    assertThat(names(star)).containsExactly("k", "a", "b");
    assertThat(hex(star.getResultMetadataId())).isEqualTo("fcd51a754fdd3e37c8eefd28b85926df");
  }

  @Test
  void clientWarningsAreCassandrasWords() {
    session.execute("INSERT INTO o.t (k, c, v) VALUES (1, 1, 'x')");
    assertThat(session.execute("SELECT count(*) FROM o.t").getExecutionInfo().getWarnings())
        .containsExactly("Aggregation query used without partition key");
    assertThat(session.execute("SELECT count(*) FROM o.t WHERE k = 1").getExecutionInfo().getWarnings()).isEmpty();
    PreparedStatement insert = session.prepare("INSERT INTO o.t (k, c, v) VALUES (?, ?, ?)");
    BatchStatement twoPartitions = BatchStatement.newInstance(DefaultBatchType.LOGGED,
        insert.bind(1, 1, "a".repeat(3000)), insert.bind(2, 1, "b".repeat(3000)));
    assertThat(session.execute(twoPartitions).getExecutionInfo().getWarnings())
        .containsExactly("Batch for [o.t] is of size 6140, exceeding specified threshold of 5120 by 1020.");
    BatchStatement onePartition = BatchStatement.newInstance(DefaultBatchType.LOGGED,
        insert.bind(1, 1, "a".repeat(3000)), insert.bind(1, 2, "b".repeat(3000)));
    assertThat(session.execute(onePartition).getExecutionInfo().getWarnings()).isEmpty();
  }

  @Test
  void theV6BetaProtocolConnectsWhenAskedFor() {
    try (CqlSession v6 = fx.connect("V6")) {
      assertThat(v6.getContext().getProtocolVersion().getCode()).isEqualTo(6);
      assertThat(v6.execute("SELECT release_version FROM system.local").one().getString(0)).isEqualTo("4.1.10");
    }
  }
}
