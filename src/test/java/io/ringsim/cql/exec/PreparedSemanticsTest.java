package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.parse.CqlParser;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** NULL, UNSET and wrong values bound to markers: what a user sees, with Cassandra 4.1's messages. */
class PreparedSemanticsTest {
  private static final Object UNSET = Prepared.UNSET;
  private static OneNodeCql cql;

  @BeforeAll
  static void start() {
    cql = new OneNodeCql(47);
    cql.run("CREATE TABLE t (k int, c int, v text, n int, PRIMARY KEY (k, c))");
    cql.run("CREATE TABLE ttl_default (k int PRIMARY KEY, v text) WITH default_time_to_live = 1000");
    for (int c = 1; c <= 3; c++) cql.run("INSERT INTO t (k, c, v, n) VALUES (1, " + c + ", 'v" + c + "', " + c + ")");
  }

  @AfterAll
  static void stop() {
    cql.close();
  }

  private static ResultSet exec(String text, Object... values) {
    return PreparedBinding.execute(cql, text, values);
  }

  private static void fails(String message, String text, Object... values) {
    assertThatThrownBy(() -> exec(text, values)).isInstanceOf(CqlException.class).hasMessage(message)
        .satisfies(e -> assertThat(((CqlException) e).errorClass()).isEqualTo(CqlErrorClass.InvalidRequest));
  }

  @Test
  void theCountOfValuesMustMatchTheMarkers() {
    fails("there were 2 markers(?) in CQL but 1 bound variables", "SELECT * FROM t WHERE k = ? AND c = ?", 1);
    fails("there were 1 markers(?) in CQL but 2 bound variables", "SELECT * FROM t WHERE k = ?", 1, 2);
  }

  @Test
  void nullInTheWhereClauseIsRefusedAsALiteralNullIs() {
    // Cassandra 4.1 checks bound and literal values in the same place (EQRestriction.appendTo).
    fails("Invalid null value in condition for column k", "SELECT * FROM t WHERE k = ?", (Object) null);
    assertThatThrownBy(() -> cql.run("SELECT * FROM t WHERE k = null"))
        .hasMessage("Invalid null value in condition for column k");
    fails("Invalid null value in condition for column k", "UPDATE t SET v = 'x' WHERE k = ? AND c = 1",
        (Object) null);
    fails("Invalid null value for column k", "SELECT * FROM t WHERE k IN ?", (Object) null);
  }

  @Test
  void unsetInTheWhereClauseIsRefused() {
    fails("Invalid unset value for column k", "SELECT * FROM t WHERE k = ?", UNSET);
    fails("Invalid unset value for column c", "DELETE FROM t WHERE k = 1 AND c = ?", UNSET);
    fails("Invalid unset value for column k", "INSERT INTO t (k, c, v) VALUES (?, 1, 'x')", UNSET);
    fails("Invalid unset value for column k", "SELECT * FROM t WHERE k IN ?", UNSET);
  }

  @Test
  void unsetValueLeavesTheColumnUntouchedWhereNullDeletesIt() {
    exec("INSERT INTO t (k, c, v, n) VALUES (?, ?, ?, ?)", 2, 1, UNSET, 7);
    exec("INSERT INTO t (k, c, v, n) VALUES (?, ?, ?, ?)", 2, 2, null, 7);
    cql.run("INSERT INTO t (k, c, v) VALUES (2, 3, 'kept')");
    exec("INSERT INTO t (k, c, v, n) VALUES (?, ?, ?, ?)", 2, 3, UNSET, 8);
    exec("UPDATE t SET v = ?, n = ? WHERE k = ? AND c = ?", UNSET, 9, 2, 3);
    assertThat(cql.rows("SELECT c, v, n FROM t WHERE k = 2"))
        .containsExactly(Arrays.<Object>asList(1, null, 7), Arrays.<Object>asList(2, null, 7),
            Arrays.<Object>asList(3, "kept", 9));
  }

  @Test
  void anUpdateWhoseEveryValueIsUnsetWritesNothing() {
    exec("UPDATE t SET v = ?, n = ? WHERE k = ? AND c = ?", UNSET, UNSET, 4, 1);
    assertThat(cql.rows("SELECT * FROM t WHERE k = 4")).isEmpty();
    exec("UPDATE t SET v = ? WHERE k = ? AND c = ?", UNSET, 1, 1);
    assertThat(cql.rows("SELECT v FROM t WHERE k = 1 AND c = 1")).containsExactly(List.of("v1"));
  }

  @Test
  void anUnsetElementMakesTheWholeCollectionUnset() {
    cql.run("CREATE TABLE coll (k int PRIMARY KEY, l list<int>, m map<text, int>)");
    cql.run("INSERT INTO coll (k, l, m) VALUES (1, [1], {'a': 1})");
    exec("UPDATE coll SET l = [?, ?], m = {?: ?} WHERE k = ?", 5, UNSET, "b", UNSET, 1);
    exec("UPDATE coll SET m[?] = ? WHERE k = ?", "a", UNSET, 1);
    assertThat(cql.rows("SELECT l, m FROM coll WHERE k = 1")).containsExactly(List.of(List.of(1), Map.of("a", 1)));
    // Cassandra's words for an UNSET key or index (Maps.SetterByKey, Lists.SetterByIndex, Tuples, FunctionCall).
    fails("Invalid unset map key", "UPDATE coll SET m[?] = ? WHERE k = ?", UNSET, 2, 1);
    fails("Invalid unset map key", "DELETE m[?] FROM coll WHERE k = ?", UNSET, 1);
    fails("Invalid unset value for list index", "UPDATE coll SET l[?] = ? WHERE k = ?", UNSET, 2, 1);
    fails("Invalid unset value for argument in call to function blobasint",
        "SELECT * FROM coll WHERE k = blobAsInt(?)", UNSET);
    fails("Invalid unset value for argument in call to function token",
        "SELECT * FROM coll WHERE token(k) > token(?)", UNSET);
    assertThat(cql.rows("SELECT l, m FROM coll WHERE k = 1")).containsExactly(List.of(List.of(1), Map.of("a", 1)));
  }

  @Test
  void deletingAListElementAtAnUnsetIndexRemovesNothing() {
    cql.run("CREATE TABLE dl (k int PRIMARY KEY, l list<text>, v int)");
    cql.run("INSERT INTO dl (k, l, v) VALUES (1, ['a', 'b'], 7)");
    exec("DELETE l[?] FROM dl WHERE k = ?", UNSET, 1);
    assertThat(cql.rows("SELECT l, v FROM dl WHERE k = 1")).containsExactly(List.of(List.of("a", "b"), 7));
    exec("DELETE l[?], v FROM dl WHERE k = ?", UNSET, 1);
    assertThat(cql.rows("SELECT l, v FROM dl WHERE k = 1")).containsExactly(Arrays.asList(List.of("a", "b"), null));
  }

  @Test
  void anUnsetTupleFieldIsRefusedByItsPosition() {
    cql.run("CREATE TABLE tup (k int PRIMARY KEY, t tuple<int, text, double>)");
    fails("Invalid unset value for tuple field number 1", "INSERT INTO tup (k, t) VALUES (0, (3, ?, 2.1))", UNSET);
    assertThat(cql.rows("SELECT * FROM tup")).isEmpty();
  }

  @Test
  void unsetAttributesMeanNotGiven() {
    exec("INSERT INTO ttl_default (k, v) VALUES (?, ?) USING TTL ?", 1, "a", UNSET);
    assertThat((Integer) cql.rows("SELECT ttl(v) FROM ttl_default WHERE k = 1").get(0).get(0))
        .as("the table's default TTL").isBetween(990, 1000);
    exec("INSERT INTO ttl_default (k, v) VALUES (?, ?) USING TTL ?", 2, "a", null);
    assertThat(cql.rows("SELECT ttl(v) FROM ttl_default WHERE k = 2").get(0).get(0)).as("null TTL: none").isNull();
    exec("INSERT INTO t (k, c, v) VALUES (?, ?, ?) USING TIMESTAMP ?", 3, 1, "a", UNSET);
    assertThat((Long) cql.rows("SELECT writetime(v) FROM t WHERE k = 3").get(0).get(0)).as("server time")
        .isGreaterThan(0L);
    assertThat(exec("SELECT c FROM t WHERE k = ? LIMIT ?", 1, UNSET).rows()).hasSize(3);
    assertThat(exec("SELECT c FROM t WHERE k = ? PER PARTITION LIMIT ? LIMIT ?", 1, 2, UNSET).rows()).hasSize(2);
  }

  @Test
  void badAttributeValuesGetCassandrasMessages() {
    fails("A TTL must be greater or equal to 0, but was -1", "INSERT INTO t (k, c) VALUES (?, ?) USING TTL ?", 5, 1,
        -1);
    fails("ttl is too large. requested (630720001) maximum (630720000)",
        "UPDATE t USING TTL ? SET v = 'x' WHERE k = 5 AND c = 1", 630_720_001);
    fails("Invalid null value of timestamp", "INSERT INTO t (k, c) VALUES (?, ?) USING TIMESTAMP ?", 5, 1, null);
    fails("LIMIT must be strictly positive", "SELECT * FROM t LIMIT ?", 0);
    fails("Invalid null value of limit", "SELECT * FROM t LIMIT ?", (Object) null);
    fails("Invalid null value of limit", "SELECT * FROM t PER PARTITION LIMIT ?", (Object) null);
    fails("Invalid 'unset' value in condition", "UPDATE t SET v = 'x' WHERE k = 1 AND c = 1 IF n = ?", UNSET);
    fails("Invalid 'unset' value in condition", "UPDATE t SET v = 'x' WHERE k = 1 AND c = 1 IF n IN ?", UNSET);
    fails("Invalid null list in IN condition", "UPDATE t SET v = 'x' WHERE k = 1 AND c = 1 IF n IN ?",
        (Object) null);
  }

  @Test
  void aBoundCounterIncrementAddsLikeALiteralOne() {
    cql.run("CREATE TABLE hits (page text PRIMARY KEY, n counter)");
    cql.run("UPDATE hits SET n = n + 5 WHERE page = 'a'");
    exec("UPDATE hits SET n = n + ? WHERE page = ?", 5L, "a");
    exec("UPDATE hits SET n = n - ? WHERE page = ?", 3L, "a");
    assertThat(cql.rows("SELECT n FROM hits WHERE page = 'a'")).containsExactly(List.of(7L));
  }

  @Test
  void anUnsetElementOfAnInConditionIsLeftOut() {
    cql.run("INSERT INTO t (k, c, v, n) VALUES (6, 1, 'before', 4)");
    assertThat(exec("UPDATE t SET v = ? WHERE k = ? AND c = ? IF n IN (?, ?)", "after", 6, 1, UNSET, 4).rows())
        .containsExactly(List.of(true));
    assertThat(cql.rows("SELECT v FROM t WHERE k = 6")).containsExactly(List.of("after"));
  }

  @Test
  void namedValuesBindByName() {
    var s = CqlParser.parse("SELECT v FROM t WHERE k = :key AND c >= :lo AND c < :hi");
    var bound = Prepared.bind(s, cql.sim.catalog(), "ks", Map.of("hi", 3, "key", 1, "lo", 2));
    assertThat(cql.session.execute(bound).rows()).containsExactly(List.of("v2"));
    assertThatThrownBy(() -> Prepared.bind(s, cql.sim.catalog(), "ks", Map.of("key", 1, "lo", 2)))
        .hasMessage("there were 3 markers(?) in CQL but 2 bound variables");
  }

  @Test
  void aMarkerRunWithoutPreparingIsRefused() {
    assertThatThrownBy(() -> cql.run("SELECT * FROM t WHERE k = ?"))
        .hasMessage("Bind markers (?) need a prepared statement");
    assertThatThrownBy(() -> cql.run("SELECT * FROM t WHERE k IN ?"))
        .hasMessage("Bind markers (?) need a prepared statement");
  }

  @Test
  void markersInMapEntryRelationsAndElementSelectorsBindAsLiteralsDo() {
    cql.run("CREATE TABLE ents (k int PRIMARY KEY, m map<text, int>, fm frozen<map<text, set<int>>>)");
    cql.run("INSERT INTO ents (k, m, fm) VALUES (1, {'a': 1, 'b': 2}, {'x': {1, 2, 4}})");
    cql.run("INSERT INTO ents (k, m) VALUES (2, {'a': 2})");
    assertThat(exec("SELECT k FROM ents WHERE m[?] = ? ALLOW FILTERING", "a", 2).rows())
        .containsExactly(List.of(2));
    assertThat(exec("SELECT fm[?][?..?] FROM ents WHERE k = 1", "x", 2, 9).rows())
        .containsExactly(List.of(new java.util.TreeSet<>(List.of(2, 4))));
    fails("Unsupported unset map key for column m", "SELECT k FROM ents WHERE m[?] = 2 ALLOW FILTERING", UNSET);
    fails("Unsupported null map value for column m", "SELECT k FROM ents WHERE m['a'] = ? ALLOW FILTERING",
        (Object) null);
  }
}
