package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cassandra refuses an INSERT that cannot name a whole primary key when it is prepared, before any value is bound
 * (the Python driver's test_prepared_statements relies on it). The answers are those Cassandra 4.1.10 gave to the
 * same PREPAREs through the Python driver (oracle/cassandra.sh).
 */
class PrepareValidationTest {
  private static final Map<String, String> CASSANDRA = new LinkedHashMap<>();

  static {
    CASSANDRA.put("INSERT INTO pp.t (v) VALUES (?)", "Some partition key parts are missing: k");
    CASSANDRA.put("INSERT INTO pp.t (k, v) VALUES (?, ?)", "Some clustering keys are missing: c");
    CASSANDRA.put("INSERT INTO pp.t (k, c, v) VALUES (?, ?)", "Unmatched column names/values");
    CASSANDRA.put("INSERT INTO pp.t (k, c, nosuch) VALUES (?, ?, ?)", "Undefined column name nosuch in table pp.t");
    CASSANDRA.put("INSERT INTO pp.t (c, v) VALUES (?, ?)", "Some partition key parts are missing: k");
  }

  @Test
  void anInsertWithoutItsKeyIsRefusedWhenPrepared() throws Exception {
    try (ServedClusterFixture fx = new ServedClusterFixture(1, 23); CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE pp WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE pp.t (k int, c int, v int, st int static, PRIMARY KEY (k, c))");
      for (Map.Entry<String, String> e : CASSANDRA.entrySet()) {
        assertThatThrownBy(() -> s.prepare(e.getKey())).as(e.getKey()).isInstanceOf(InvalidQueryException.class)
            .hasMessage(e.getValue());
      }
      // A static-only row needs no clustering column, at PREPARE as at EXECUTE.
      assertThat(s.prepare("INSERT INTO pp.t (k, st) VALUES (?, ?)").getVariableDefinitions().size()).isEqualTo(2);
    }
  }

  /**
   * An UPDATE without markers is refused at PREPARE for what its operations cannot do (Cassandra's CollectionsTest
   * testMaps prepares it with a value it then never binds); a valid one prepares and runs unchanged.
   */
  @Test
  void anUpdateWithoutMarkersIsCheckedWhenPrepared() throws Exception {
    try (ServedClusterFixture fx = new ServedClusterFixture(1, 23); CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE pu WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE pu.t (k int PRIMARY KEY, m map<text, int>)");
      assertThatThrownBy(() -> s.prepare("UPDATE pu.t SET m = m - {'v1': 1} WHERE k = 0"))
          .isInstanceOf(InvalidQueryException.class)
          .hasMessage("Value for a map substraction has to be a set, but was: '{'v1': 1}'");
      s.execute(s.prepare("UPDATE pu.t SET m = m + {'v1': 1} WHERE k = 0").bind());
      assertThat(s.execute("SELECT m FROM pu.t WHERE k = 0").one().getMap("m", String.class, Integer.class))
          .isEqualTo(Map.of("v1", 1));
    }
  }

  /**
   * A QUERY with markers and no values is prepared first, as Cassandra's QueryProcessor does: a SELECT that needs
   * ALLOW FILTERING is refused for that (cqlpy's testMultiplePartitionKeyAndMultiClusteringWithIndex, which passes
   * on Cassandra 4.1.10). A marker given to a native function is that function's argument, not the key's value:
   * PREPARED then lists no partition key index, so drivers do not route by it.
   */
  @Test
  void aQueryWithMarkersIsPreparedBeforeItsValuesAreCounted() throws Exception {
    try (ServedClusterFixture fx = new ServedClusterFixture(1, 23); CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE pq WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE pq.t (a int, b int, c int, d int, PRIMARY KEY ((a, b), c))");
      s.execute("CREATE INDEX ON pq.t (c)");
      assertThatThrownBy(() -> s.execute("SELECT * FROM pq.t WHERE a = ? AND (c) = (?)"))
          .isInstanceOf(InvalidQueryException.class).hasMessage("Cannot execute this query as it might involve data "
              + "filtering and thus may have unpredictable performance. If you want to execute this query despite the "
              + "performance unpredictability, use ALLOW FILTERING");
      s.execute("CREATE TABLE pq.k (k int PRIMARY KEY, v int)");
      var p = s.prepare("SELECT * FROM pq.k WHERE k = blobAsInt(?)");
      assertThat(p.getPartitionKeyIndices()).isEmpty();
      assertThat(p.getVariableDefinitions().get(0).getName().asInternal()).isEqualTo("arg0(system.blobasint)");
    }
  }
}
