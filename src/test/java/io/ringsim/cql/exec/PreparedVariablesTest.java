package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bind variables a PREPARE answer lists (names and types as Cassandra 4.1 gives them), and driver routing. */
class PreparedVariablesTest {
  private static final Catalog CATALOG = SchemaOps.applyAll(Catalog.EMPTY, List.of(
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
      "USE ks",
      "CREATE TABLE t (k int, c int, c2 text, v text, l list<int>, s set<text>, m map<text, int>, "
          + "tu frozen<tuple<int, text>>, PRIMARY KEY (k, c, c2))",
      "CREATE TABLE comp (a text, b int, c int, v int, PRIMARY KEY ((a, b), c))",
      "CREATE TABLE other (k int PRIMARY KEY, v int)",
      "CREATE TYPE ut (a int, b text)",
      "CREATE TABLE u (k int PRIMARY KEY, v ut)"), io.ringsim.cql.CqlFeatures.DEFAULTS,
      List.of("datacenter1"));

  /** "name type" for each variable, in marker order. */
  private static List<String> vars(String cql) {
    return Prepared.variables(CqlParser.parse(cql), CATALOG, "ks").stream()
        .map(v -> v.name() + " " + v.type().name()).toList();
  }

  private static int[] routing(String cql) {
    return Prepared.partitionKeyIndices(CqlParser.parse(cql), CATALOG, "ks");
  }

  @Test
  void insertValuesAndAttributes() {
    assertThat(vars("INSERT INTO t (k, c, c2, v) VALUES (?, ?, ?, ?) USING TTL ? AND TIMESTAMP ?"))
        .containsExactly("k int", "c int", "c2 text", "v text", "[ttl] int", "[timestamp] bigint");
    // Markers are numbered in the order written, whatever order the clauses are read in.
    assertThat(vars("INSERT INTO t (k, c, c2, v) VALUES (?, ?, ?, ?) USING TIMESTAMP ? AND TTL ?"))
        .containsExactly("k int", "c int", "c2 text", "v text", "[timestamp] bigint", "[ttl] int");
    assertThat(vars("INSERT INTO t JSON ?")).containsExactly("[json] text");
    BindVariable k = Prepared.variables(CqlParser.parse("INSERT INTO ks.t (k, c, c2) VALUES (?, 1, 'x')"), CATALOG,
        null).get(0);
    assertThat(k.keyspace() + "." + k.table()).isEqualTo("ks.t");
  }

  @Test
  void collectionAndTupleElements() {
    assertThat(vars("INSERT INTO t (k, c, c2, l, s, m, tu) VALUES (1, 1, 'a', [?], {?}, {?: ?}, (?, ?))"))
        .containsExactly("value(l) int", "value(s) text", "key(m) text", "value(m) int", "tu[0] int", "tu[1] text");
    assertThat(vars("UPDATE t SET m[?] = ?, l[?] = ?, l = l + ?, s = s - ?, m = m - ? WHERE k = 1 AND c = 1 "
        + "AND c2 = 'a'")).containsExactly("key(m) text", "value(m) int", "idx(l) int", "value(l) int",
            "l list<int>", "s set<text>", "m set<text>");
    assertThat(vars("DELETE m[?], l[?] FROM t WHERE k = 1 AND c = 1 AND c2 = 'a'"))
        .containsExactly("key(m) text", "idx(l) int");
  }

  @Test
  void whereRelations() {
    assertThat(vars("SELECT * FROM t WHERE k = ? AND c > ? AND c <= ?")).containsExactly("k int", "c int", "c int");
    assertThat(vars("SELECT * FROM t WHERE k IN ?")).containsExactly("in(k) list<int>");
    assertThat(vars("SELECT * FROM t WHERE k IN (?, ?)")).containsExactly("k int", "k int");
    assertThat(vars("SELECT * FROM t WHERE k = ? AND (c, c2) > (?, ?)")).containsExactly("k int", "c int",
        "c2 text");
    assertThat(vars("SELECT * FROM t WHERE k = ? AND (c, c2) > ?")).containsExactly("k int",
        "(c,c2) frozen<tuple<int, text>>");
    assertThat(vars("SELECT * FROM t WHERE k = ? AND (c, c2) IN ?")).containsExactly("k int",
        "in(c,c2) list<frozen<tuple<int, text>>>");
    assertThat(vars("SELECT * FROM t WHERE k = ? AND (c, c2) IN (?, ?)")).containsExactly("k int",
        "(c,c2) frozen<tuple<int, text>>", "(c,c2) frozen<tuple<int, text>>");
    assertThat(vars("SELECT * FROM t WHERE token(k) > ? AND token(k) <= ?"))
        .containsExactly("partition key token bigint", "partition key token bigint");
    assertThat(vars("SELECT * FROM t WHERE l CONTAINS ? AND m CONTAINS KEY ? ALLOW FILTERING"))
        .containsExactly("value(l) int", "key(m) text");
    assertThat(vars("SELECT * FROM t WHERE k = ? PER PARTITION LIMIT ? LIMIT ?"))
        .containsExactly("k int", "[per_partition_limit] int", "[limit] int");
  }

  @Test
  void conditionsNamedMarkersAndBatches() {
    assertThat(vars("UPDATE t SET v = ? WHERE k = ? AND c = ? AND c2 = ? IF v = ? AND s IN ?"))
        .containsExactly("v text", "k int", "c int", "c2 text", "v text", "in(s) list<set<text>>");
    assertThat(vars("SELECT * FROM t WHERE k = :key AND c > :lo LIMIT :n"))
        .containsExactly("key int", "lo int", "n int");
    List<BindVariable> batch = Prepared.variables(CqlParser.parse("BEGIN BATCH USING TIMESTAMP ? "
        + "INSERT INTO t (k, c, c2) VALUES (?, ?, ?); UPDATE other SET v = ? WHERE k = ? APPLY BATCH"), CATALOG, "ks");
    assertThat(batch.stream().map(v -> v.table() + ":" + v.name()).toList()).containsExactly("[batch]:[timestamp]",
        "t:k", "t:c", "t:c2", "other:v", "other:k");
  }

  @Test
  void userTypeFieldInConditions() {
    assertThat(vars("UPDATE u SET v = ? WHERE k = 0 IF v.a IN (?, ?) AND v.b IN ?")).containsExactly(
        "v ut", "v.a int", "v.a int", "in(v.b) list<text>");
  }

  @Test
  void nativeFunctionArgumentsAreNamedByTheFunctionAndRouteNothing() {
    assertThat(vars("SELECT * FROM other WHERE k = blobAsInt(?)")).containsExactly("arg0(system.blobasint) blob");
    assertThat(vars("INSERT INTO other (k, v) VALUES (1, blobAsInt(intAsBlob(?)))"))
        .containsExactly("arg0(system.intasblob) int");
    // A driver routes by the variables named after the key's columns: none here, so the key is no routing key.
    assertThat(routing("SELECT * FROM other WHERE k = blobAsInt(?)")).isEmpty();
  }

  @Test
  void markersAreNumberedInTextOrderAcrossABatch() {
    Statement s = CqlParser.parse("BEGIN BATCH INSERT INTO t (k, c, c2) VALUES (?, ?, :x) USING TTL ?; "
        + "DELETE FROM other USING TIMESTAMP ? WHERE k = ? APPLY BATCH");
    assertThat(Prepared.markerCount(s)).isEqualTo(6);
    assertThat(vars("BEGIN BATCH INSERT INTO t (k, c, c2) VALUES (?, ?, :x) USING TTL ?; "
        + "DELETE FROM other USING TIMESTAMP ? WHERE k = ? APPLY BATCH"))
        .containsExactly("k int", "c int", "x text", "[ttl] int", "[timestamp] bigint", "k int");
  }

  @Test
  void partitionKeyIndicesForDriverRouting() {
    assertThat(routing("SELECT * FROM t WHERE k = ?")).containsExactly(0);
    assertThat(routing("SELECT * FROM t WHERE c = ? AND k = ? AND c2 = ? ALLOW FILTERING")).containsExactly(1);
    assertThat(routing("INSERT INTO comp (c, b, v, a) VALUES (?, ?, ?, ?)")).containsExactly(3, 1);
    assertThat(routing("UPDATE comp USING TTL ? SET v = ? WHERE a = :a AND b = :b AND c = ?"))
        .containsExactly(2, 3);
    assertThat(routing("DELETE FROM comp WHERE a = ? AND b IN (?, ?)")).containsExactly(0, 1);
    // Not fully given by markers: a literal, an IN list as one marker, a token range, a BATCH over two tables.
    assertThat(routing("SELECT * FROM comp WHERE a = 'x' AND b = ?")).isEmpty();
    assertThat(routing("SELECT * FROM t WHERE k IN ?")).isEmpty();
    assertThat(routing("SELECT * FROM t WHERE token(k) > ?")).isEmpty();
    assertThat(routing("BEGIN BATCH INSERT INTO t (k, c, c2) VALUES (?, ?, ?); "
        + "UPDATE other SET v = ? WHERE k = ? APPLY BATCH")).isEmpty();
    assertThat(routing("BEGIN BATCH INSERT INTO other (k, v) VALUES (1, ?); "
        + "UPDATE other SET v = ? WHERE k = ? APPLY BATCH")).containsExactly(2);
    assertThat(routing("CREATE TABLE x (k int PRIMARY KEY)")).isEmpty();
  }
}
