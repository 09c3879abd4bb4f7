package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringsim.cql.CqlAnswer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Arithmetic through the Java driver, the same program against real Cassandra 4.1 (oracle/cassandra.sh) and one
 * served ringsim node: each result column's type in the ROWS metadata (int + bigint is a bigint to the driver),
 * the values as the driver decodes them, and prepared statements with markers in operations (the markers' names
 * and types, or the error at PREPARE). Not part of `./mvnw verify` (it starts a real Cassandra):
 * `./mvnw -Poracle test -Dtest=ArithmeticAgainstCassandraOracle`.
 */
class ArithmeticAgainstCassandraOracle {
  private static final List<String> SETUP = List.of(
      "CREATE KEYSPACE ao WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
      "CREATE TABLE ao.t (k int PRIMARY KEY, i int, b bigint, s smallint, ti tinyint, f float, d double,"
          + " de decimal, v varint, tx text, a ascii, ts timestamp, dt date)",
      "CREATE TABLE ao.cn (k int PRIMARY KEY, n counter)",
      "INSERT INTO ao.t (k, i, b, s, ti, f, d, de, v, tx, a, ts, dt) VALUES (1, 7, 10000000000, 300, 100, 1.5,"
          + " 2.25, 12.50, 123456789012345678901234567890, 'ab', 'cd', '2020-01-31 10:00:00+0000', '2020-01-31')",
      "INSERT INTO ao.t (k, i) VALUES (2, 2147483647)",
      "UPDATE ao.cn SET n = n + 10 WHERE k = 1");

  private static final List<String> READS = List.of(
      "SELECT i + b, i + f, b + f, v + d, s + ti, ti * ti, de / 3, v % 7, f * 2, 1 + 1, 7.0 / 2 FROM ao.t WHERE k = 1",
      "SELECT -b, -f, - i, -(b + 1), (i + b) * 2, (bigint) 1 + i, tx + a, a + a FROM ao.t WHERE k = 1",
      "SELECT ts + 1d, ts - 1mo, dt + 1mo, dt - 2d FROM ao.t WHERE k = 1",
      "SELECT i + 1, i * 2, b - 1 FROM ao.t WHERE k = 2",
      "SELECT n + 1, n * 2, -n, n + 1.5 FROM ao.cn WHERE k = 1",
      "SELECT i / 0 FROM ao.t WHERE k = 1");

  private static final List<String> PREPARED = List.of(
      "SELECT k FROM ao.t WHERE k = (int) ? + 1",
      "SELECT k FROM ao.t WHERE k = ? + 1",
      "SELECT k, i + ? FROM ao.t WHERE k = 1",
      "SELECT k, i + (int) ? FROM ao.t WHERE k = 1",
      "SELECT k FROM ao.t WHERE ts > (timestamp) ? - 1d ALLOW FILTERING",
      "SELECT k FROM ao.t WHERE ts > ? - 1d ALLOW FILTERING",
      "INSERT INTO ao.t (k, b) VALUES (3, (bigint) ? * 2)",
      "UPDATE ao.t SET i = (int) :x - 1 WHERE k = 4");

  @Test
  void typesValuesAndMarkersAsCassandraGivesThem() throws Exception {
    try (CassandraOracleNode cassandra = new CassandraOracleNode();
        ServedClusterFixture fx = new ServedClusterFixture(1, 43)) {
      cassandra.awaitReady();
      try (CqlSession real = cassandra.connect(null); CqlSession sim = fx.connect(null)) {
        for (String s : SETUP) {
          real.execute(s);
          sim.execute(s);
        }
        List<String> differences = new ArrayList<>();
        int compared = 0, messages = 0;
        for (String r : READS) {
          compared++;
          CqlAnswer a = DriverAnswers.of(real, SimpleStatement.newInstance(r), col -> false);
          CqlAnswer b = DriverAnswers.of(sim, SimpleStatement.newInstance(r), col -> false);
          List<String> ta = types(real, r), tb = types(sim, r);
          if (!a.agrees(b) || !ta.equals(tb))
            differences.add(r + "\n  Cassandra: " + a + " " + ta + "\n  ringsim:   " + b + " " + tb);
          else if (!a.isOk() && a.sameMessage(b)) messages++;
        }
        for (String p : PREPARED) {
          compared++;
          String a = prepared(real, p), b = prepared(sim, p);
          if (!a.equals(b)) differences.add(p + "\n  Cassandra: " + a + "\n  ringsim:   " + b);
        }
        // An empty value bound as zero bytes: stored as it is, read as null, 0x through intAsBlob, null in arithmetic.
        for (String col : List.of("i", "b", "d", "ts", "s")) {
          compared++;
          String cql = "INSERT INTO ao.t (k, " + col + ") VALUES (5, ?)";
          CqlAnswer a = emptyBound(real, cql), b = emptyBound(sim, cql);
          String read = "SELECT k, " + col + ", intAsBlob(i), i + 1 FROM ao.t WHERE k = 5";
          CqlAnswer ra = DriverAnswers.of(real, SimpleStatement.newInstance(read), c -> false);
          CqlAnswer rb = DriverAnswers.of(sim, SimpleStatement.newInstance(read), c -> false);
          if (!a.agrees(b) || !ra.agrees(rb) || !a.isOk() && !a.sameMessage(b))
            differences.add(cql + " <- 0x\n  Cassandra: " + a + " " + ra + "\n  ringsim:   " + b + " " + rb);
        }
        System.out.printf("arithmetic through the driver: %d of %d agree (%d error messages identical)%n",
            compared - differences.size(), compared, messages);
        assertThat(differences).as("answered differently").isEmpty();
      }
    }
  }

  private static CqlAnswer emptyBound(CqlSession s, String cql) {
    PreparedStatement p = s.prepare(cql);
    return DriverAnswers.of(s, p.bind().setBytesUnsafe(0, java.nio.ByteBuffer.allocate(0)), c -> false);
  }

  /** The result columns' types as the driver reads them from the ROWS metadata; empty on an error. */
  private static List<String> types(CqlSession s, String cql) {
    List<String> out = new ArrayList<>();
    try {
      for (ColumnDefinition d : s.execute(cql).getColumnDefinitions())
        out.add(d.getName().asInternal() + ":" + d.getType().asCql(false, true));
    } catch (RuntimeException e) {
      return List.of();
    }
    return out;
  }

  /** The markers' names and types and the result columns' types of a PREPARE, or its error; then one execution. */
  private static String prepared(CqlSession s, String cql) {
    PreparedStatement p;
    try {
      p = s.prepare(cql);
    } catch (RuntimeException e) {
      return "error " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    StringBuilder sb = new StringBuilder("markers");
    for (ColumnDefinition d : p.getVariableDefinitions())
      sb.append(' ').append(d.getName().asInternal()).append(':').append(d.getType().asCql(false, true));
    Object[] values = new Object[p.getVariableDefinitions().size()];
    for (int i = 0; i < values.length; i++) {
      String type = p.getVariableDefinitions().get(i).getType().asCql(false, true);
      values[i] = switch (type) {
        case "int" -> 0;
        case "bigint" -> 21L;
        case "timestamp" -> java.time.Instant.parse("2020-02-01T00:00:00Z");
        default -> null;
      };
    }
    sb.append(" -> ").append(DriverAnswers.of(s, p.bind(values), col -> false));
    return sb.toString();
  }
}
