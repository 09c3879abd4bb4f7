package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Collection, tuple and user-type literals in a selection, read by the Java driver from a served cluster: each
 * result column carries the literal's type in the ROWS metadata (a list, a set, a tuple, a map, the user type), so
 * the driver decodes the values; a marker inside a literal is typed by the literal's element type and named
 * "[selection]". The names, types and refusals are what Cassandra 4.1 answered the same statements through the
 * Python driver (oracle/cassandra.sh).
 */
class LiteralSelectorsThroughDriverTest {
  @Test
  void literalTypesValuesAndMarkersReachTheDriver() throws Exception {
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 35); CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE lp WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
      s.execute("CREATE TYPE lp.addr (street text, num int)");
      s.execute("CREATE TABLE lp.t (k int PRIMARY KEY, v int, s text)");
      s.execute("INSERT INTO lp.t (k, v, s) VALUES (1, 10, 'a')");

      ResultSet rs = s.execute("SELECT [v, k], {v, k}, (v, s), (map<text, int>){'a': v},"
          + " (frozen<addr>){street: s, num: v}, (list<int>)[] FROM lp.t WHERE k = 1");
      ColumnDefinitions cols = rs.getColumnDefinitions();
      assertThat(cols.get(0).getName().asInternal()).isEqualTo("[v, k]");
      assertThat(cols.get(0).getType()).isEqualTo(DataTypes.listOf(DataTypes.INT));
      assertThat(cols.get(1).getName().asInternal()).isEqualTo("{v, k}");
      assertThat(cols.get(1).getType()).isEqualTo(DataTypes.setOf(DataTypes.INT));
      assertThat(cols.get(2).getName().asInternal()).isEqualTo("(v, s)");
      assertThat(cols.get(2).getType()).isEqualTo(DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT));
      assertThat(cols.get(3).getName().asInternal()).isEqualTo("(map<text, int>){'a': v}");
      assertThat(cols.get(3).getType()).isEqualTo(DataTypes.mapOf(DataTypes.TEXT, DataTypes.INT));
      assertThat(cols.get(4).getName().asInternal()).isEqualTo("(frozen<lp.addr>){street: s, num: v}");
      assertThat(cols.get(4).getType()).isInstanceOf(UserDefinedType.class);
      assertThat(((UserDefinedType) cols.get(4).getType()).getName().asInternal()).isEqualTo("addr");
      assertThat(cols.get(5).getType()).isEqualTo(DataTypes.listOf(DataTypes.INT));

      Row r = rs.one();
      assertThat(r.getList(0, Integer.class)).containsExactly(10, 1);
      assertThat(r.getSet(1, Integer.class)).containsExactly(1, 10);
      TupleValue tuple = r.getTupleValue(2);
      assertThat(tuple.getInt(0)).isEqualTo(10);
      assertThat(tuple.getString(1)).isEqualTo("a");
      assertThat(r.getMap(3, String.class, Integer.class)).isEqualTo(Map.of("a", 10));
      UdtValue addr = r.getUdtValue(4);
      assertThat(addr.getString("street")).isEqualTo("a");
      assertThat(addr.getInt("num")).isEqualTo(10);
      assertThat(r.getList(5, Integer.class)).isEmpty();

      PreparedStatement p = s.prepare("SELECT [?, v], (tuple<int, text>)(?, ?) FROM lp.t WHERE k = ?");
      assertThat(p.getVariableDefinitions().get(0).getName().asInternal()).isEqualTo("[selection]");
      assertThat(p.getVariableDefinitions().get(0).getType()).isEqualTo(DataTypes.INT);
      assertThat(p.getVariableDefinitions().get(2).getType()).isEqualTo(DataTypes.TEXT);
      assertThat(p.getResultSetDefinitions().get(0).getName().asInternal()).isEqualTo("[?, v]");
      Row bound = s.execute(p.bind(5, 6, "x", 1)).one();
      assertThat(bound.getList(0, Integer.class)).isEqualTo(List.of(5, 10));
      assertThat(bound.getTupleValue(1).getInt(0)).isEqualTo(6);
      assertThat(bound.getTupleValue(1).getString(1)).isEqualTo("x");

      assertThatThrownBy(() -> s.prepare("SELECT [?] FROM lp.t WHERE k = 1"))
          .isInstanceOf(InvalidQueryException.class)
          .hasMessage("Cannot infer type for term [?] in selection clause (try using a cast to force a type)");
      assertThatThrownBy(() -> s.execute("SELECT {v: k} FROM lp.t WHERE k = 1"))
          .isInstanceOf(InvalidQueryException.class)
          .hasMessage("Cannot infer type for term {v: k} in selection clause (try using a cast to force a type)");
      assertThat(s.execute("SELECT {s, 'b'} FROM lp.t WHERE k = 1").one().getSet(0, String.class))
          .isEqualTo(Set.of("a", "b"));
    }
  }
}
