package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A SELECT is refused when it is PREPARED for what Cassandra 4.1 refuses there (its restrictions, ORDER BY, GROUP BY,
 * PER PARTITION LIMIT with an aggregate), before any value is bound; a statement that would run is prepared.
 */
class SelectPrepareCheckTest {
  private static final Catalog CATALOG = SchemaOps.applyAll(Catalog.EMPTY, List.of(
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
      "USE ks",
      "CREATE TABLE t (a int, b int, c int, d text, s set<int>, n timeuuid, PRIMARY KEY (a, b, c))",
      "CREATE TABLE comp (a int, b int, c int, v int, PRIMARY KEY ((a, b), c))",
      "CREATE INDEX ON comp (v)"), io.ringsim.cql.CqlFeatures.DEFAULTS,
      List.of("datacenter1"));

  private static void prepare(String cql) {
    Statement s = CqlParser.parse(cql);
    SelectPrepareCheck.check((Statement.Select) s, CATALOG, "ks", Prepared.variables(s, CATALOG, "ks"));
  }

  @Test
  void refusesWhatCassandraRefusesAtPrepare() {
    assertThatThrownBy(() -> prepare("SELECT * FROM comp WHERE a = ? AND c = ?")).isInstanceOf(CqlException.class)
        .hasMessageContaining("ALLOW FILTERING");
    assertThatThrownBy(() -> prepare("SELECT * FROM t WHERE a = ? AND b IN ? ORDER BY c"))
        .hasMessage("Order by currently only supports the ordering of columns following their declared order in the "
            + "PRIMARY KEY");
    assertThatThrownBy(() -> prepare("SELECT * FROM t WHERE a = ? AND (b, c) IN ? ORDER BY c"))
        .hasMessageContaining("Order by currently only supports");
    assertThatThrownBy(() -> prepare("SELECT count(*) FROM t PER PARTITION LIMIT ?"))
        .hasMessage("PER PARTITION LIMIT is not allowed with aggregate queries.");
    assertThatThrownBy(() -> prepare("SELECT * FROM t WHERE d != 'x'")).hasMessage("Unsupported \"!=\" relation: d != 'x'");
    assertThatThrownBy(() -> prepare("SELECT * FROM t WHERE a = ? AND b > ? AND b = ?"))
        .hasMessage("Column \"b\" cannot be restricted by both an equality and an inequality relation");
  }

  @Test
  void preparesWhatRunsWhateverTheValues() {
    assertThatCode(() -> prepare("SELECT * FROM t WHERE a = ? AND b = ? ORDER BY c DESC")).doesNotThrowAnyException();
    assertThatCode(() -> prepare("SELECT * FROM t WHERE a IN ? AND b = ? AND c > ?")).doesNotThrowAnyException();
    assertThatCode(() -> prepare("SELECT * FROM t WHERE a = ? AND s CONTAINS ? AND n = ? ALLOW FILTERING"))
        .doesNotThrowAnyException();
    assertThatCode(() -> prepare("SELECT * FROM comp WHERE token(a, b) > token(?, ?) AND v = ?"))
        .doesNotThrowAnyException();
    assertThatCode(() -> prepare("SELECT * FROM t WHERE a = ? AND (b, c) > (?, ?) LIMIT ?")).doesNotThrowAnyException();
  }
}
