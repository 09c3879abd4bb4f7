package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.ringsim.cql.CqlAnswer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fromJson(?) with its JSON text bound, and partition keys and indexed values of 64 KiB bound to markers, sent by the
 * same Java driver program to real Cassandra 4.1 (oracle/cassandra.sh) and to one served ringsim node: the marker's
 * name and type as PREPARED describes it, then the same outcome and message for each bound text, and the value read
 * back. Found by ScyllaDB's cqlpy suite (test_json.py, test_key_length.py, test_secondary_index.py), whose driver
 * refused to bind a string to the blob marker ringsim described. Not part of `./mvnw verify` (it starts a real
 * Cassandra): `./mvnw -Poracle test -Dtest=FromJsonMarkersAgainstCassandraOracle`.
 */
class FromJsonMarkersAgainstCassandraOracle {
  /** Column, then the JSON text bound to fromJson(?) (null: a null bound value). */
  private static final String[][] CASES = {
      {"v", "dog"}, {"v", "\"dog\""}, {"v", "1.2"}, {"v", "2147483648"}, {"v", "1"}, {"v", "null"}, {"v", null},
      {"v", "\"\""}, {"v", "1e6"}, {"a", "3"}, {"a", "\"\u05e9\u05dc\u05d5\u05dd\""}, {"a", "\"ok\""},
      {"bigv", "9223372036854775808"}, {"bigv", "9223372036854775807"}, {"bigv", "1.23456789E+9"},
      {"vi", "\"\""}, {"vi", "12345678901234567890"}, {"b", "\"true\""}, {"b", "\"fALSe\""}, {"b", "1"},
      {"mai", "{\"a\": 1, \"b\": 2}"}, {"mai", "{\"\u00e9\": 1}"}, {"tup", "[\"a\", 1]"}, {"tup", "[\"a\", null]"},
      {"tup", "[null, 2]"}, {"l", "[\"a\", null]"}, {"l", "[\"a\", \"b\"]"},
      {"ts", "\"2014-01-01 12:15:45.000Z\""}, {"ts", "\"2014-01-01T12:15:45.000Z\""},
      {"ts", "\"2014-01-01 12:15:45.000+0000\""}, {"ts", "\"2014-01-01 12:15:45+0000\""},
      {"ts", "\"2014-01-01 12:15:45.0000000Z\""}, {"ts", "1388578545000"}};

  private static final List<String> SETUP = List.of(
      "CREATE KEYSPACE fj WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
      "CREATE TABLE fj.t (p int PRIMARY KEY, v int, bigv bigint, vi varint, a ascii, b boolean,"
          + " mai map<ascii, int>, tup tuple<text, int>, l list<text>, ts timestamp)",
      "CREATE TABLE fj.k (p text, c text, v text, PRIMARY KEY (p, c))",
      "CREATE INDEX ON fj.k (v)");

  /** Statements with one text marker, and the lengths of the text bound to it. */
  private static final String[] LONG_BOUND = {"SELECT * FROM fj.k WHERE p = ?", "SELECT * FROM fj.k WHERE v = ?",
      "INSERT INTO fj.k (p, c, v) VALUES ('a', 'b', ?)"};
  private static final int[] LENGTHS = {65535, 65536, 66560};

  @Test
  void boundJsonTextAndLongKeysGetTheSameAnswers() throws Exception {
    try (CassandraOracleNode cassandra = new CassandraOracleNode();
        ServedClusterFixture fx = new ServedClusterFixture(1, 43)) {
      cassandra.awaitReady();
      try (CqlSession real = cassandra.connect(null); CqlSession sim = fx.connect(null)) {
        for (String s : SETUP) {
          real.execute(s);
          sim.execute(s);
        }
        List<String> differences = new ArrayList<>();
        int compared = 0, p = 0;
        for (String[] c : CASES) {
          String insert = "INSERT INTO fj.t (p, " + c[0] + ") VALUES (?, fromJson(?))";
          PreparedStatement pr = real.prepare(insert), ps = sim.prepare(insert);
          compared++;
          if (!markers(pr).equals(markers(ps)))
            differences.add(insert + "\n  Cassandra: " + markers(pr) + "\n  ringsim:   " + markers(ps));
          p++;
          CqlAnswer a = DriverAnswers.of(real, pr.bind(p, c[1]), col -> false);
          CqlAnswer b = DriverAnswers.of(sim, ps.bind(p, c[1]), col -> false);
          compared++;
          if (!a.agrees(b) || !a.isOk() && !a.sameMessage(b))
            differences.add(c[0] + " <- fromJson(" + c[1] + ")\n  Cassandra: " + a + "\n  ringsim:   " + b);
          String read = "SELECT " + c[0] + " FROM fj.t WHERE p = " + p;
          CqlAnswer ra = DriverAnswers.of(real, com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(read),
              col -> false);
          CqlAnswer rb = DriverAnswers.of(sim, com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(read),
              col -> false);
          compared++;
          if (!ra.agrees(rb)) differences.add(read + "\n  Cassandra: " + ra + "\n  ringsim:   " + rb);
        }
        for (String cql : LONG_BOUND) {
          PreparedStatement pr = real.prepare(cql), ps = sim.prepare(cql);
          for (int n : LENGTHS) {
            String text = "x".repeat(n);
            CqlAnswer a = DriverAnswers.of(real, pr.bind(text), col -> false);
            CqlAnswer b = DriverAnswers.of(sim, ps.bind(text), col -> false);
            compared++;
            if (!a.agrees(b) || !a.isOk() && !a.sameMessage(b))
              differences.add(cql + " <- " + n + " characters\n  Cassandra: " + a + "\n  ringsim:   " + b);
          }
        }
        System.out.printf("fromJson(?) and long bound keys: %d of %d agree%n", compared - differences.size(),
            compared);
        assertThat(differences).as("answered differently").isEmpty();
      }
    }
  }

  /** Each marker as PREPARED describes it: its name and CQL type. */
  private static List<String> markers(PreparedStatement p) {
    List<String> out = new ArrayList<>();
    for (ColumnDefinition d : p.getVariableDefinitions()) out.add(d.getName().asInternal() + " " + d.getType());
    return out;
  }
}
