package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ORDER BY over the partitions an IN names, without paging: Cassandra sorts the rows of every partition by the ORDER BY
 * columns after reading them, then applies LIMIT. The data and expected orders are those of Cassandra 4.1's own
 * SelectOrderByTest.testOrderByForInClause, which passes on Cassandra 4.1 (docs/drivers.md, "Yardsticks nobody here
 * wrote"). The oracle's scripts page, and Cassandra refuses to page such a query, so no conformance script can hold it.
 */
class PostQueryOrderingTest {
  @Test
  void rowsOfSeveralPartitionsComeInTheOrderByOrder() {
    try (OneNodeCql cql = new OneNodeCql(7)) {
      cql.run("CREATE TABLE t (my_id varchar, col1 int, value varchar, PRIMARY KEY (my_id, col1))");
      cql.run("INSERT INTO t (my_id, col1, value) VALUES ('key1', 1, 'a')");
      cql.run("INSERT INTO t (my_id, col1, value) VALUES ('key2', 3, 'c')");
      cql.run("INSERT INTO t (my_id, col1, value) VALUES ('key3', 2, 'b')");
      cql.run("INSERT INTO t (my_id, col1, value) VALUES ('key4', 4, 'd')");
      String in = " FROM t WHERE my_id in('key1', 'key2', 'key3') ORDER BY col1";
      assertThat(cql.rows("SELECT col1" + in)).containsExactly(List.of(1), List.of(2), List.of(3));
      assertThat(cql.rows("SELECT col1" + in + " LIMIT 2")).containsExactly(List.of(1), List.of(2));
      assertThat(cql.rows("SELECT col1" + in + " LIMIT 10")).containsExactly(List.of(1), List.of(2), List.of(3));
      assertThat(cql.rows("SELECT col1, my_id" + in))
          .containsExactly(List.of(1, "key1"), List.of(2, "key3"), List.of(3, "key2"));
      assertThat(cql.rows("SELECT my_id, col1" + in))
          .containsExactly(List.of("key1", 1), List.of("key3", 2), List.of("key2", 3));
      // A partition key of two columns, the IN on its last one; ORDER BY a column the selection only renames.
      cql.run("CREATE TABLE t2 (pk1 int, pk2 int, c int, v text, PRIMARY KEY ((pk1, pk2), c))");
      cql.run("INSERT INTO t2 (pk1, pk2, c, v) VALUES (1, 1, 2, 'A')");
      cql.run("INSERT INTO t2 (pk1, pk2, c, v) VALUES (1, 2, 1, 'B')");
      cql.run("INSERT INTO t2 (pk1, pk2, c, v) VALUES (1, 3, 3, 'C')");
      cql.run("INSERT INTO t2 (pk1, pk2, c, v) VALUES (1, 1, 4, 'D')");
      assertThat(cql.rows("SELECT v, c as name_1 FROM t2 where pk1 = 1 AND pk2 IN (1, 2) ORDER BY c"))
          .containsExactly(List.of("B", 1), List.of("A", 2), List.of("D", 4));
    }
  }
}
