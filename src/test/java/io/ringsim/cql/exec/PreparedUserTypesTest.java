package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.parse.CqlParser;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * User-defined types through prepared statements: the variables Cassandra would list (a field's marker is named
 * column.field), and a bound statement leaving the same rows as its literal form.
 */
class PreparedUserTypesTest {
  private static OneNodeCql cql;

  @BeforeAll
  static void start() {
    cql = new OneNodeCql(41);
    cql.run("CREATE TYPE address (street text, city text, zip int)");
    cql.run("CREATE TABLE lit (k int PRIMARY KEY, home frozen<address>, work address, n int)");
    cql.run("CREATE TABLE prep (k int PRIMARY KEY, home frozen<address>, work address, n int)");
  }

  @AfterAll
  static void stop() {
    cql.close();
  }

  private static List<String> names(String text) {
    return Prepared.variables(CqlParser.parse(text), cql.sim.catalog(), "ks").stream().map(BindVariable::name)
        .toList();
  }

  @Test
  void markersAreNamedAsCassandraNamesThem() {
    assertThat(names("INSERT INTO lit (k, home) VALUES (?, {street: ?, zip: ?})"))
        .containsExactly("k", "home.street", "home.zip");
    assertThat(names("UPDATE lit SET work.city = ? WHERE k = ? IF work.zip = ?"))
        .containsExactly("work.city", "k", "work.zip");
    assertThat(names("SELECT k FROM lit WHERE home = ? ALLOW FILTERING")).containsExactly("home");
  }

  @Test
  void aBoundWriteLeavesWhatItsLiteralFormLeaves() {
    List<Object> paris = Arrays.asList("1 Main St", "Paris", 75001);
    cql.run("INSERT INTO lit (k, home, work) VALUES (1, {street: '1 Main St', city: 'Paris', zip: 75001}, {city: 'x'})");
    PreparedBinding.execute(cql, "INSERT INTO prep (k, home, work) VALUES (?, ?, {city: ?})", 1, paris, "x");
    cql.run("UPDATE lit SET work.zip = 5, work.city = null WHERE k = 1");
    PreparedBinding.execute(cql, "UPDATE prep SET work.zip = ?, work.city = ? WHERE k = ?", 5, null, 1);
    cql.run("UPDATE lit SET n = 1 WHERE k = 1 IF work.zip = 5");
    PreparedBinding.execute(cql, "UPDATE prep SET n = ? WHERE k = ? IF work.zip = ?", 1, 1, 5);
    // UNSET leaves a field alone in SET c.f = ?, but a UDT value is written whole, so an UNSET field is refused.
    PreparedBinding.execute(cql, "UPDATE prep SET work.street = ? WHERE k = ?", Prepared.UNSET, 1);
    assertThatThrownBy(() -> PreparedBinding.execute(cql, "INSERT INTO prep (k, home) VALUES (?, {city: ?})", 2,
        Prepared.UNSET)).isInstanceOf(CqlException.class)
        .hasMessage("Invalid unset value for field 'city' of user defined type address");
    List<List<Object>> lit = cql.rows("SELECT * FROM lit");
    assertThat(lit).containsExactly(Arrays.asList(1, paris, 1, Arrays.asList(null, null, 5)));
    assertThat(cql.rows("SELECT * FROM prep")).isEqualTo(lit);
    assertThat(PreparedBinding.execute(cql, "SELECT k, home.city FROM prep WHERE home = ? ALLOW FILTERING", paris)
        .rows()).containsExactly(List.of(1, "Paris"));
  }

  @Test
  void aFieldInConditionTakesItsValuesOneByOneOrAsAList() {
    cql.run("CREATE TABLE cond (k int PRIMARY KEY, work address, n int)");
    cql.run("INSERT INTO cond (k, work, n) VALUES (7, {street: 'x', city: 'Oslo', zip: 150}, 0)");
    String update = "UPDATE cond SET n = ? WHERE k = 7 IF work.zip IN ";
    assertThat(PreparedBinding.execute(cql, update + "(?, ?)", 1, 1, null).rows().get(0).get(0)).isEqualTo(false);
    // An unset element is left out of the list; null matches a null field only.
    assertThat(PreparedBinding.execute(cql, update + "(?, ?, ?)", 2, 1, Prepared.UNSET, 150).rows())
        .containsExactly(List.of(true));
    assertThat(PreparedBinding.execute(cql, update + "?", 3, List.of(149, 150)).rows()).containsExactly(List.of(true));
    assertThatThrownBy(() -> PreparedBinding.execute(cql, update + "?", 4, Prepared.UNSET))
        .isInstanceOf(CqlException.class).hasMessageContaining("unset");
    assertThat(cql.rows("SELECT n FROM cond WHERE k = 7")).containsExactly(List.of(3));
  }
}
