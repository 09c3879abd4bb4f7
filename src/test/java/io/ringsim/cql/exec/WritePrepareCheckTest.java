package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A write is refused when it is PREPARED for what Cassandra 4.1 refuses there: arithmetic on a column that is no
 * counter, a call of an overloaded native function its markers cannot pick; a marker given to a native function is
 * typed by the overload it resolves to.
 */
class WritePrepareCheckTest {
  private static final Catalog CATALOG = SchemaOps.applyAll(Catalog.EMPTY, List.of(
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
      "USE ks",
      "CREATE TABLE t (p int, c int, r int, l list<int>, PRIMARY KEY (p, c))",
      "CREATE TABLE d (pk int PRIMARY KEY, d date, b blob)",
      "CREATE TABLE n (p int PRIMARY KEY, n counter)"), io.ringsim.cql.CqlFeatures.DEFAULTS,
      List.of("datacenter1"));

  private static List<BindVariable> prepare(String cql) {
    Statement s = CqlParser.parse(cql);
    WritePlanner.checkPrepared(s, CATALOG, "ks");
    return Prepared.variables(s, CATALOG, "ks");
  }

  @Test
  void arithmeticOnANonCounterColumnIsRefusedAtPrepare() {
    assertThatThrownBy(() -> prepare("UPDATE t SET r = r + 1 WHERE p = ? AND c = ?"))
        .hasMessage("Invalid operation (r = r + 1) for non counter column r");
    assertThatThrownBy(() -> prepare("UPDATE t SET r = r - 1 WHERE p = ? AND c = ?"))
        .hasMessage("Invalid operation (r = r - 1) for non counter column r");
    assertThatCode(() -> prepare("UPDATE n SET n = n + 1 WHERE p = ?")).doesNotThrowAnyException();
    assertThatCode(() -> prepare("UPDATE t SET l = l + [1] WHERE p = ? AND c = ?")).doesNotThrowAnyException();
  }

  @Test
  void anOverloadedFunctionOfAMarkerNeedsATypeHint() {
    assertThatThrownBy(() -> prepare("INSERT INTO d (pk, d) VALUES (1, toDate(?))"))
        .hasMessageStartingWith("Ambiguous call to function todate");
    assertThat(prepare("INSERT INTO d (pk, d) VALUES (1, toDate((timestamp)?))").get(0).type().name())
        .isEqualTo("timestamp");
    assertThat(prepare("INSERT INTO d (pk, d) VALUES (1, toDate((timeuuid)?))").get(0).type().name())
        .isEqualTo("timeuuid");
    BindVariable arg = prepare("INSERT INTO d (pk, b) VALUES (1, intAsBlob(?))").get(0);
    assertThat(arg.name()).isEqualTo("arg0(system.intasblob)");
    assertThat(arg.type().name()).isEqualTo("int");
  }
}
