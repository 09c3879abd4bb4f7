package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringsim.cql.CqlAnswer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bound values whose bytes are no valid value of their column, and aggregates over Infinity and NaN, sent by the
 * same Java driver program to real Cassandra 4.1 (oracle/cassandra.sh) and to one served ringsim node: the same
 * outcome (an InvalidRequest for the bytes, never a PROTOCOL_ERROR or a dropped connection), and after each the
 * session still answers. Not part of `./mvnw verify` (it starts a real Cassandra): `./mvnw -Poracle test`.
 */
class BoundValuesAgainstCassandraOracle {
  /** Column, then the hex of bytes bound to it. */
  private static final String[][] CASES = {
      {"i", "0001"}, {"i", "0000000001"}, {"b", "00000001"}, {"d", "000000"}, {"f", "0000000000000000"},
      {"s", "00000001"}, {"s", ""}, {"t", "0001"}, {"t", ""}, {"x", "ff"}, {"a", "80"}, {"o", "0001"},
      {"u", "000102"}, {"ts", "00000001"}, {"n", "000102"}, {"v", "01"}, {"m", "0001"}, {"l", "00000001"},
      {"tu", "0000000100"}, {"dt", "0001"}, {"i", "00000001"},
      // Collections, tuples and user types (CompositeBytes): the bytes of "test", of Long.MAX_VALUE, none, a
      // negative count, an element longer than what follows, a null element, bytes left over. Not here: a null
      // element in a list written to a column (0x00000001ffffffff), a NullPointerException's server error in
      // Cassandra 4.1, an InvalidRequest in ringsim.
      {"lt", "74657374"}, {"lt", "7fffffffffffffff"}, {"lt", ""}, {"lt", "ffffffff"}, {"lt", "000000010000001041"},
{"lt", "000000010000000141ff"}, {"lt", "00000001000000014100000001"},
      {"st", "74657374"}, {"st", "7fffffffffffffff"}, {"st", ""}, {"st", "ffffffff"}, {"st", "00000001ffffffff"},
      {"st", "000000010000000141ff"}, {"mt", "74657374"}, {"mt", "7fffffffffffffff"}, {"mt", ""},
      {"mt", "ffffffff"}, {"mt", "00000001000000027631"}, {"mt", "000000010000000141ffffffff"},
      {"mt", "0000000100000001410000000142ff"}, {"tt", "74657374"}, {"tt", "7fffffffffffffff"}, {"tt", "000000"},
      {"tt", "000000014100000001420000000143"}, {"ut", "74657374"}, {"ut", "7fffffffffffffff"},
      {"ut", "000000040000000100"}, {"ut", "000000020001"}, {"ut", "0000000400000001"},
      {"nt", "0000000400000001000000210000000400000001000000013100000008"
          + "3ff00000000000000000000400000001"},
      {"sn", "00000001000000210000000400000001000000013100000008"
          + "3ff00000000000000000000400000001"},
      {"ln", "000000010000000000"}, {"ln", "0000000100000004ffffffff"}, {"ln", "00000001000000020001"},
      {"li", "000000010000000200010000"}};

  private static final List<String> SETUP = List.of(
      "CREATE KEYSPACE bv WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
      "CREATE TYPE bv.ty (f int)",
      "CREATE TABLE bv.t (k int, c int, i int, b bigint, d double, f float, s smallint, t tinyint, x text, a ascii,"
          + " o boolean, u uuid, ts timestamp, n inet, v varint, m decimal, l list<int>, tu tuple<int, text>,"
          + " dt date, lt list<text>, st set<text>, mt map<text, text>, tt tuple<text, text>, ut frozen<ty>,"
          + " nt frozen<tuple<int, tuple<int, text, double>>>, sn set<frozen<tuple<int, text, double>>>,"
          + " ln list<frozen<list<int>>>, li list<int>, PRIMARY KEY (k, c))",
      "INSERT INTO bv.t (k, c, d, f) VALUES (1, 1, Infinity, NaN)",
      "INSERT INTO bv.t (k, c, d, f) VALUES (1, 2, 1.5, 2.5)");

  private static final List<String> READS = List.of("SELECT sum(d), avg(d), sum(f), avg(f) FROM bv.t WHERE k = 1",
      "SELECT CAST(d AS decimal) FROM bv.t WHERE k = 1", "SELECT CAST(f AS varint) FROM bv.t WHERE k = 1");

  @Test
  void badBytesAndInfinitiesGetTheSameAnswersAndKeepTheConnection() throws Exception {
    try (CassandraOracleNode cassandra = new CassandraOracleNode();
        ServedClusterFixture fx = new ServedClusterFixture(1, 41)) {
      cassandra.awaitReady();
      try (CqlSession real = cassandra.connect(null); CqlSession sim = fx.connect(null)) {
        for (String s : SETUP) {
          real.execute(s);
          sim.execute(s);
        }
        List<String> differences = new ArrayList<>();
        int messages = 0, compared = 0;
        for (String[] c : CASES) {
          String cql = "INSERT INTO bv.t (k, c, " + c[0] + ") VALUES (2, 1, ?)";
          ByteBuffer bytes = ByteBuffer.wrap(HexFormat.of().parseHex(c[1]));
          CqlAnswer a = bound(real, cql, bytes), b = bound(sim, cql, bytes);
          compared++;
          // Every refusal has Cassandra's own message (BoundValueErrors, CompositeBytes).
          if (!a.agrees(b) || !a.isOk() && !a.sameMessage(b))
            differences.add(c[0] + " <- 0x" + c[1] + "\n  Cassandra: " + a + "\n  ringsim:   " + b);
          else if (a.sameMessage(b)) messages++;
        }
        for (String r : READS) {
          CqlAnswer a = DriverAnswers.of(real, SimpleStatement.newInstance(r), col -> false);
          CqlAnswer b = DriverAnswers.of(sim, SimpleStatement.newInstance(r), col -> false);
          compared++;
          if (!a.agrees(b)) differences.add(r + "\n  Cassandra: " + a + "\n  ringsim:   " + b);
          else if (a.sameMessage(b)) messages++;
          alive(real);
          alive(sim);
        }
        System.out.printf("bound values and infinities: %d of %d agree, %d with Cassandra's message%n",
            compared - differences.size(), compared, messages);
        assertThat(differences).as("answered differently").isEmpty();
      }
    }
  }

  private static CqlAnswer bound(CqlSession s, String cql, ByteBuffer bytes) {
    PreparedStatement p = s.prepare(cql);
    CqlAnswer answer = DriverAnswers.of(s, p.bind().setBytesUnsafe(0, bytes.duplicate()), col -> false);
    alive(s);
    return answer;
  }

  private static void alive(CqlSession s) {
    assertThat(s.execute("SELECT release_version FROM system.local").one()).isNotNull();
  }
}
