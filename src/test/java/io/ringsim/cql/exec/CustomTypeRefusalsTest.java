package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import org.junit.jupiter.api.Test;

/**
 * What ringsim refuses about custom column types rather than answer differently from Cassandra 4.1: the marshal
 * classes it has no model of, and a CompositeType as the only partition key column (Cassandra keys such a table by
 * the first component alone, so 'x:1' and 'x:2' share a partition there). The refusal names what is not modelled.
 */
class CustomTypeRefusalsTest {
  @Test
  void aLoneCompositePartitionKeyIsRefusedNamingTheColumn() {
    try (OneNodeCql cql = new OneNodeCql(35)) {
      assertThatThrownBy(() -> cql.run("CREATE TABLE t (k 'CompositeType(UTF8Type, Int32Type)' PRIMARY KEY, v int)"))
          .isInstanceOf(CqlException.class)
          .satisfies(e -> assertThat(((CqlException) e).errorClass()).isEqualTo(CqlErrorClass.InvalidRequest))
          .hasMessageContaining("CompositeType as the only partition key column").hasMessageEndingWith(": k");
      // With another partition key column the composite is one component of the key, as in Cassandra.
      cql.run("CREATE TABLE t2 (k 'CompositeType(UTF8Type, Int32Type)', j int, v int, PRIMARY KEY ((k, j)))");
      cql.run("INSERT INTO t2 (k, j, v) VALUES ('x:1', 1, 1)");
      cql.run("INSERT INTO t2 (k, j, v) VALUES ('x:2', 1, 2)");
      assertThat(cql.rows("SELECT v FROM t2")).hasSize(2);
    }
  }

  @Test
  void aMarshalClassRingsimDoesNotModelIsRefusedByName() {
    try (OneNodeCql cql = new OneNodeCql(35)) {
      assertThatThrownBy(() -> cql.run("CREATE TABLE t (k int PRIMARY KEY, v 'EmptyType')"))
          .isInstanceOf(CqlException.class)
          .hasMessageContaining("ringsim does not model the marshal type org.apache.cassandra.db.marshal.EmptyType");
      assertThatThrownBy(() -> cql.run("CREATE TABLE t (k int PRIMARY KEY, v 'ListType(CompositeType(Int32Type))')"))
          .isInstanceOf(CqlException.class).hasMessageContaining("native element types only");
    }
  }
}
