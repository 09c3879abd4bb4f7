package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.parse.CqlParser;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CAST(x AS type) written as a value with a bind marker in it, which a conformance script cannot bind (69_cast_terms
 * holds the literal forms): a type hint on the marker picks the cast's overload and types the marker, a bare marker
 * makes the call ambiguous at PREPARE, as in Cassandra 4.1 (cqlpy's cast_fcts_test).
 */
class CastTermsTest {
  private static OneNodeCql cql;

  @BeforeAll
  static void start() {
    cql = new OneNodeCql(69);
    cql.run("CREATE TABLE t (k int PRIMARY KEY, v int)");
  }

  @AfterAll
  static void stop() {
    cql.close();
  }

  @Test
  void aHintedMarkerIsTheCastsArgumentAndTypedByIt() {
    PreparedBinding.execute(cql, "INSERT INTO t (k, v) VALUES (1, CAST((float) ? AS int))", 3.4f);
    PreparedBinding.execute(cql, "UPDATE t SET v = ? WHERE k = CAST((float) ? AS int)", 7, 2.9f);
    assertThat(cql.rows("SELECT k, v FROM t WHERE k IN (1, 2)")).containsExactly(List.of(1, 3), List.of(2, 7));
    assertThat(Prepared.variables(CqlParser.parse("SELECT k FROM t WHERE k = CAST((float) ? AS int)"),
        cql.sim.catalog(), cql.session.keyspace()).get(0).type().name()).isEqualTo("float");
    assertThat(PreparedBinding.execute(cql, "SELECT v FROM t WHERE k = CAST((float) ? AS int)", 1.5f).rows())
        .containsExactly(List.of(3));
  }

  @Test
  void aBareMarkerLeavesTheCallAmbiguous() {
    for (String text : List.of("INSERT INTO t (k, v) VALUES (1, CAST(? AS int))",
        "UPDATE t SET v = 1 WHERE k = CAST(? AS int)", "SELECT k FROM t WHERE k = CAST(? AS int)",
        "DELETE FROM t WHERE k = CAST(? AS int)")) {
      assertThatThrownBy(() -> Prepared.variables(CqlParser.parse(text), cql.sim.catalog(), cql.session.keyspace()))
          .as(text).isInstanceOf(CqlException.class)
          .hasMessageStartingWith("Ambiguous call to function system.castAsInt (can be matched by following "
              + "signatures: system.\"castAsInt\" : (")
          .hasMessageEndingWith("): use type casts to disambiguate");
    }
  }
}
