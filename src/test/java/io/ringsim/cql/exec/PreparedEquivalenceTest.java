package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every statement kind and marker position: the statement prepared and bound gives the same rows, or leaves the same
 * table behind, as the same statement written with literals. {@code %t} stands for the table.
 */
class PreparedEquivalenceTest {
  private static final String SCHEMA = "(k int, c int, c2 int, v text, n int, l list<int>, s set<text>, "
      + "m map<text, int>, PRIMARY KEY (k, c, c2))";
  private static final List<String> DATA = List.of(
      "INSERT INTO %t (k, c, c2, v, n, l, s, m) VALUES (1, 1, 1, 'a', 10, [1, 2], {'x'}, {'p': 1})",
      "INSERT INTO %t (k, c, c2, v, n) VALUES (1, 1, 2, 'b', 11)",
      "INSERT INTO %t (k, c, c2, v, n) VALUES (1, 2, 1, 'c', 12)",
      "INSERT INTO %t (k, c, c2, v, n) VALUES (1, 3, 3, 'd', 13)",
      "INSERT INTO %t (k, c, c2, v, n) VALUES (2, 1, 1, 'e', 20)",
      "INSERT INTO %t (k, c, c2, v, n) VALUES (3, 1, 1, 'f', 30)");
  private static final AtomicInteger tables = new AtomicInteger();
  private static OneNodeCql cql;

  @BeforeAll
  static void start() {
    cql = new OneNodeCql(31);
  }

  @AfterAll
  static void stop() {
    cql.close();
  }

  static Stream<Arguments> writes() {
    return Stream.of(
        Arguments.of("INSERT INTO %t (k, c, c2, v, n) VALUES (4, 1, 1, 'z', 5)",
            "INSERT INTO %t (k, c, c2, v, n) VALUES (?, ?, ?, ?, ?)", List.of(4, 1, 1, "z", 5)),
        Arguments.of("INSERT INTO %t (k, c, c2, l, s, m) VALUES (4, 1, 1, [7, 8], {'q'}, {'r': 2})",
            "INSERT INTO %t (k, c, c2, l, s, m) VALUES (?, ?, ?, ?, ?, ?)",
            List.of(4, 1, 1, List.of(7, 8), Set.of("q"), Map.of("r", 2))),
        Arguments.of("INSERT INTO %t (k, c, c2, l, m) VALUES (4, 1, 1, [7, 8], {'r': 2})",
            "INSERT INTO %t (k, c, c2, l, m) VALUES (?, ?, ?, [?, ?], {?: ?})", List.of(4, 1, 1, 7, 8, "r", 2)),
        Arguments.of("INSERT INTO %t (k, c, c2, v) VALUES (4, 1, 1, 'z') USING TIMESTAMP 1234 AND TTL 0",
            "INSERT INTO %t (k, c, c2, v) VALUES (?, ?, ?, ?) USING TIMESTAMP ? AND TTL ?",
            List.of(4, 1, 1, "z", 1234L, 0)),
        Arguments.of("INSERT INTO %t (k, c, c2, v) VALUES (4, 1, 1, 'z') IF NOT EXISTS",
            "INSERT INTO %t (k, c, c2, v) VALUES (:k, :c, :c2, :v) IF NOT EXISTS", List.of(4, 1, 1, "z")),
        Arguments.of("INSERT INTO %t JSON '{\"k\": 5, \"c\": 1, \"c2\": 1, \"v\": \"j\"}'",
            "INSERT INTO %t JSON ?", List.of("{\"k\": 5, \"c\": 1, \"c2\": 1, \"v\": \"j\"}")),
        Arguments.of("UPDATE %t SET v = 'y', n = 99 WHERE k = 1 AND c = 1 AND c2 = 2",
            "UPDATE %t SET v = ?, n = ? WHERE k = ? AND c = ? AND c2 = ?", List.of("y", 99, 1, 1, 2)),
        Arguments.of("UPDATE %t USING TIMESTAMP 99999999999999 SET v = 'y' WHERE k IN (1, 2) AND c = 1 AND c2 = 1",
            "UPDATE %t USING TIMESTAMP ? SET v = ? WHERE k IN ? AND c = ? AND c2 = ?",
            List.of(99999999999999L, "y", List.of(1, 2), 1, 1)),
        Arguments.of("UPDATE %t SET m['p'] = 5, l = l + [3], s = s + {'w'} WHERE k = 1 AND c = 1 AND c2 = 1",
            "UPDATE %t SET m[?] = ?, l = l + ?, s = s + ? WHERE k = ? AND c = ? AND c2 = ?",
            List.of("p", 5, List.of(3), Set.of("w"), 1, 1, 1)),
        Arguments.of("UPDATE %t SET l = [0] + l, m = m - {'p'}, s = s - {'x'} WHERE k = 1 AND c = 1 AND c2 = 1",
            "UPDATE %t SET l = ? + l, m = m - ?, s = s - ? WHERE k = ? AND c = ? AND c2 = ?",
            List.of(List.of(0), Set.of("p"), Set.of("x"), 1, 1, 1)),
        Arguments.of("UPDATE %t SET l[1] = 9 WHERE k = 1 AND c = 1 AND c2 = 1",
            "UPDATE %t SET l[?] = ? WHERE k = ? AND c = ? AND c2 = ?", List.of(1, 9, 1, 1, 1)),
        Arguments.of("UPDATE %t SET v = 'y' WHERE k = 1 AND c = 1 AND c2 = 1 IF n = 10",
            "UPDATE %t SET v = ? WHERE k = ? AND c = ? AND c2 = ? IF n = ?", List.of("y", 1, 1, 1, 10)),
        Arguments.of("UPDATE %t SET v = 'y' WHERE k = 1 AND c = 1 AND c2 = 1 IF n IN (3, 10)",
            "UPDATE %t SET v = ? WHERE k = ? AND c = ? AND c2 = ? IF n IN ?", List.of("y", 1, 1, 1, List.of(3, 10))),
        Arguments.of("DELETE FROM %t WHERE k = 1 AND c > 1 AND c <= 3",
            "DELETE FROM %t WHERE k = ? AND c > ? AND c <= ?", List.of(1, 1, 3)),
        Arguments.of("DELETE FROM %t WHERE k = 1 AND (c, c2) > (1, 1)",
            "DELETE FROM %t WHERE k = ? AND (c, c2) > ?", List.of(1, List.of(1, 1))),
        Arguments.of("DELETE m['p'], v FROM %t USING TIMESTAMP 99999999999999 WHERE k = 1 AND c = 1 AND c2 = 1",
            "DELETE m[?], v FROM %t USING TIMESTAMP ? WHERE k = ? AND c = ? AND c2 = ?",
            List.of("p", 99999999999999L, 1, 1, 1)),
        Arguments.of("DELETE FROM %t WHERE k = 1 AND c = 1 AND c2 = 1 IF EXISTS",
            "DELETE FROM %t WHERE k = :key AND c = :c AND c2 = :c2 IF EXISTS", List.of(1, 1, 1)),
        Arguments.of("BEGIN BATCH USING TIMESTAMP 99999999999999 INSERT INTO %t (k, c, c2, v) VALUES (7, 1, 1, 'b1'); "
                + "UPDATE %t SET n = 3 WHERE k = 1 AND c = 2 AND c2 = 1; DELETE FROM %t WHERE k = 2 APPLY BATCH",
            "BEGIN BATCH USING TIMESTAMP ? INSERT INTO %t (k, c, c2, v) VALUES (?, ?, ?, ?); "
                + "UPDATE %t SET n = ? WHERE k = ? AND c = ? AND c2 = ?; DELETE FROM %t WHERE k = ? APPLY BATCH",
            List.of(99999999999999L, 7, 1, 1, "b1", 3, 1, 2, 1, 2)));
  }

  @ParameterizedTest
  @MethodSource("writes")
  void aBoundWriteLeavesTheSameTableAsItsLiteralForm(String literal, String prepared, List<Object> values) {
    String lit = freshTable(), prep = freshTable();
    ResultSet a = cql.run(literal.replace("%t", lit));
    ResultSet b = PreparedBinding.execute(cql, prepared.replace("%t", prep), values.toArray());
    assertThat(b.rows()).as("the statement's own answer").isEqualTo(a.rows());
    assertThat(everything(prep)).isEqualTo(everything(lit));
  }

  static Stream<Arguments> reads() {
    return Stream.of(
        Arguments.of("SELECT * FROM %t WHERE k = 1", "SELECT * FROM %t WHERE k = ?", List.of(1)),
        Arguments.of("SELECT v FROM %t WHERE k = 1 AND c > 1", "SELECT v FROM %t WHERE k = ? AND c > ?",
            List.of(1, 1)),
        Arguments.of("SELECT v FROM %t WHERE k = 1 AND c >= 1 AND c < 3",
            "SELECT v FROM %t WHERE k = :k AND c >= :lo AND c < :hi", List.of(1, 1, 3)),
        Arguments.of("SELECT v FROM %t WHERE k IN (1, 3)", "SELECT v FROM %t WHERE k IN ?", List.of(List.of(1, 3))),
        Arguments.of("SELECT v FROM %t WHERE k IN (1, 3)", "SELECT v FROM %t WHERE k IN (?, ?)", List.of(1, 3)),
        Arguments.of("SELECT v FROM %t WHERE k = 1 AND (c, c2) > (1, 1)",
            "SELECT v FROM %t WHERE k = ? AND (c, c2) > (?, ?)", List.of(1, 1, 1)),
        Arguments.of("SELECT v FROM %t WHERE k = 1 AND (c, c2) <= (2, 1)",
            "SELECT v FROM %t WHERE k = ? AND (c, c2) <= ?", List.of(1, List.of(2, 1))),
        Arguments.of("SELECT v FROM %t WHERE k = 1 AND (c, c2) IN ((1, 2), (3, 3))",
            "SELECT v FROM %t WHERE k = ? AND (c, c2) IN ?", List.of(1, List.of(List.of(1, 2), List.of(3, 3)))),
        Arguments.of("SELECT v FROM %t WHERE k = 1 AND (c, c2) IN ((1, 2), (3, 3))",
            "SELECT v FROM %t WHERE k = ? AND (c, c2) IN ((?, ?), (?, ?))", List.of(1, 1, 2, 3, 3)),
        Arguments.of("SELECT v FROM %t WHERE k = 1 AND (c, c2) IN ((1, 2), (3, 3))",
            "SELECT v FROM %t WHERE k = ? AND (c, c2) IN (?, ?)", List.of(1, List.of(1, 2), List.of(3, 3))),
        Arguments.of("SELECT k, v FROM %t WHERE token(k) > 0", "SELECT k, v FROM %t WHERE token(k) > ?",
            List.of(0L)),
        Arguments.of("SELECT k, v FROM %t WHERE token(k) > -5000000000000000000 AND token(k) <= 5000000000000000000",
            "SELECT k, v FROM %t WHERE token(k) > ? AND token(k) <= ?",
            List.of(-5000000000000000000L, 5000000000000000000L)),
        Arguments.of("SELECT v FROM %t LIMIT 2", "SELECT v FROM %t LIMIT ?", List.of(2)),
        Arguments.of("SELECT k, v FROM %t PER PARTITION LIMIT 1 LIMIT 2",
            "SELECT k, v FROM %t PER PARTITION LIMIT ? LIMIT ?", List.of(1, 2)),
        Arguments.of("SELECT v FROM %t WHERE n = 12 ALLOW FILTERING", "SELECT v FROM %t WHERE n = ? ALLOW FILTERING",
            List.of(12)),
        Arguments.of("SELECT v FROM %t WHERE s CONTAINS 'x' ALLOW FILTERING",
            "SELECT v FROM %t WHERE s CONTAINS ? ALLOW FILTERING", List.of("x")),
        Arguments.of("SELECT v FROM %t WHERE m CONTAINS KEY 'p' ALLOW FILTERING",
            "SELECT v FROM %t WHERE m CONTAINS KEY ? ALLOW FILTERING", List.of("p")));
  }

  @ParameterizedTest
  @MethodSource("reads")
  void aBoundSelectReturnsTheRowsOfItsLiteralForm(String literal, String prepared, List<Object> values) {
    String t = freshTable();
    List<List<Object>> expected = cql.rows(literal.replace("%t", t));
    assertThat(expected).as("the case must select something").isNotEmpty();
    assertThat(PreparedBinding.execute(cql, prepared.replace("%t", t), values.toArray()).rows())
        .isEqualTo(expected);
  }

  /** A new table with the same rows as every other, so that each case starts from the same state. */
  private static String freshTable() {
    String name = "t" + tables.incrementAndGet();
    cql.run("CREATE TABLE " + name + " " + SCHEMA);
    for (String d : DATA) cql.run(d.replace("%t", name));
    return name;
  }

  /**
   * Every row and its write times. A write time the statement did not choose (the coordinator's clock) is shown as
   * "server": the two tables are written at different moments; the explicit ones (1234, 99999999999999) must match.
   */
  private static List<List<Object>> everything(String table) {
    return cql.rows("SELECT k, c, c2, v, n, l, s, m, writetime(v), writetime(n) FROM " + table).stream()
        .map(r -> r.stream().map(x -> x instanceof Long w && w != 1234L && w != 99999999999999L ? "server" : x)
            .toList())
        .toList();
  }
}
