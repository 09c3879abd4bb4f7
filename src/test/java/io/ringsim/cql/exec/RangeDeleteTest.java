package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Range deletions through CQL remove exactly the rows inside both bounds (issue 18). */
class RangeDeleteTest {
  private static OneNodeCql cql;

  @BeforeAll
  static void start() {
    cql = new OneNodeCql(18);
  }

  @AfterAll
  static void stop() {
    cql.close();
  }

  private static List<Object> remainingC(String table) {
    return cql.rows("SELECT c FROM " + table + " WHERE pk = 1").stream().map(r -> r.get(0)).toList();
  }

  private static void fill(String table) {
    for (int c = 1; c <= 6; c++) cql.run("INSERT INTO " + table + " (pk, c, v) VALUES (1, " + c + ", 0)");
  }

  @Test
  void exclusiveLowerBoundKeepsRowsAtAndBelowIt() {
    cql.run("CREATE TABLE r1 (pk int, c int, v int, PRIMARY KEY (pk, c))");
    fill("r1");
    cql.run("DELETE FROM r1 WHERE pk = 1 AND c > 2 AND c <= 4");
    assertThat(remainingC("r1")).containsExactly(1, 2, 5, 6);
  }

  @Test
  void inclusiveLowerAndExclusiveUpperBound() {
    cql.run("CREATE TABLE r2 (pk int, c int, v int, PRIMARY KEY (pk, c))");
    fill("r2");
    cql.run("DELETE FROM r2 WHERE pk = 1 AND c < 5 AND c >= 3");
    assertThat(remainingC("r2")).containsExactly(1, 2, 5, 6);
  }

  @Test
  void bothBoundsOnADescendingColumn() {
    cql.run("CREATE TABLE r3 (pk int, c int, v int, PRIMARY KEY (pk, c)) WITH CLUSTERING ORDER BY (c DESC)");
    fill("r3");
    cql.run("DELETE FROM r3 WHERE pk = 1 AND c > 2 AND c <= 4");
    assertThat(remainingC("r3")).containsExactly(6, 5, 2, 1);
  }

  @Test
  void emptyRangeDeletesNothing() {
    cql.run("CREATE TABLE r4 (pk int, c int, v int, PRIMARY KEY (pk, c))");
    fill("r4");
    cql.run("DELETE FROM r4 WHERE pk = 1 AND c > 4 AND c < 3");
    assertThat(remainingC("r4")).containsExactly(1, 2, 3, 4, 5, 6);
  }

  @Test
  void multiColumnTupleBounds() {
    cql.run("CREATE TABLE r5 (pk int, c1 int, c2 int, v int, PRIMARY KEY (pk, c1, c2))");
    for (int a = 1; a <= 3; a++)
      for (int b = 1; b <= 3; b++) cql.run("INSERT INTO r5 (pk, c1, c2, v) VALUES (1, " + a + ", " + b + ", 0)");
    cql.run("DELETE FROM r5 WHERE pk = 1 AND (c1, c2) > (1, 2) AND (c1, c2) <= (3, 1)");
    List<String> left = cql.rows("SELECT c1, c2 FROM r5 WHERE pk = 1").stream()
        .map(r -> r.get(0) + ":" + r.get(1)).toList();
    assertThat(left).containsExactly("1:1", "1:2", "3:2", "3:3");
  }

  private static List<String> pairs(String table) {
    return cql.rows("SELECT c1, c2 FROM " + table + " WHERE pk = 1").stream()
        .map(r -> r.get(0) + ":" + r.get(1)).toList();
  }

  private static void fillPairs(String table) {
    cql.run("CREATE TABLE " + table + " (pk int, c1 int, c2 int, v int, PRIMARY KEY (pk, c1, c2))");
    for (int a = 1; a <= 3; a++)
      for (int b = 1; b <= 3; b++) cql.run("INSERT INTO " + table + " (pk, c1, c2, v) VALUES (1, " + a + ", " + b + ", 0)");
  }

  @Test
  void aTupleBoundAndAOneColumnBoundMakeOneRange() {
    fillPairs("r6");
    cql.run("DELETE FROM r6 WHERE pk = 1 AND (c1, c2) >= (2, 2) AND (c1) <= (2)");
    assertThat(pairs("r6")).containsExactly("1:1", "1:2", "1:3", "2:1", "3:1", "3:2", "3:3");
    cql.run("DELETE FROM r6 WHERE pk = 1 AND c1 > 2 AND (c1, c2) < (3, 3)");
    assertThat(pairs("r6")).containsExactly("1:1", "1:2", "1:3", "2:1", "3:3");
  }

  @Test
  void anInOnTheColumnsBeforeTheSliceDeletesARangeUnderEachValue() {
    fillPairs("r7");
    cql.run("DELETE FROM r7 WHERE pk = 1 AND c1 IN (1, 3) AND (c2) >= (2)");
    assertThat(pairs("r7")).containsExactly("1:1", "2:1", "2:2", "2:3", "3:1");
  }

  @Test
  void staticColumnsDeletedWithAClusteringRangeAreRefusedForTheStaticRule() {
    cql.run("CREATE TABLE r8 (pk int, c1 int, c2 int, v int, s int static, PRIMARY KEY (pk, c1, c2))");
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> cql.run("DELETE s FROM r8 WHERE pk = 1 AND (c1, c2) >= (0, 1)"))
        .hasMessage("Invalid restrictions on clustering columns since the DELETE statement modifies only static "
            + "columns");
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> cql.run("DELETE v FROM r8 WHERE pk = 1 AND (c1, c2) >= (0, 1)"))
        .hasMessage("Range deletions are not supported for specific columns");
  }
}
