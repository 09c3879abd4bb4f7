package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.FunctionFailureException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * Arithmetic read by the Java driver from a served cluster: each result column carries the operation's type in the
 * ROWS metadata, so the driver decodes int + bigint as a bigint, varint + double as a decimal, a timestamp plus a
 * duration as a timestamp; a marker in an operation is typed by its hint and named as Cassandra names it. Each
 * of these types, names and values is what Cassandra 4.1 answered the same program (ArithmeticAgainstCassandraOracle).
 */
class ArithmeticThroughDriverTest {
  @Test
  void resultTypesValuesAndMarkersReachTheDriver() throws Exception {
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 47); CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE ar WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
      s.execute("CREATE TABLE ar.t (k int PRIMARY KEY, i int, b bigint, f float, d double, v varint, tx text,"
          + " a ascii, ts timestamp, dt date)");
      s.execute("INSERT INTO ar.t (k, i, b, f, d, v, tx, a, ts, dt) VALUES (1, 7, 10000000000, 1.5, 2.25, 10, 'ab',"
          + " 'cd', '2020-01-31 10:00:00+0000', '2020-01-31')");
      s.execute("INSERT INTO ar.t (k, i) VALUES (2, 2147483647)");

      ResultSet rs = s.execute("SELECT i + b, i + f, b + f, v + d, ts + 1mo, dt - 2d, tx + a, -b FROM ar.t"
          + " WHERE k = 1");
      ColumnDefinitions cols = rs.getColumnDefinitions();
      assertThat(cols.get(0).getName().asInternal()).isEqualTo("i + b");
      assertThat(cols.get(0).getType()).isEqualTo(DataTypes.BIGINT);
      assertThat(cols.get(1).getType()).isEqualTo(DataTypes.FLOAT);
      assertThat(cols.get(2).getType()).isEqualTo(DataTypes.DOUBLE);
      assertThat(cols.get(3).getType()).isEqualTo(DataTypes.DECIMAL);
      assertThat(cols.get(4).getType()).isEqualTo(DataTypes.TIMESTAMP);
      assertThat(cols.get(5).getType()).isEqualTo(DataTypes.DATE);
      assertThat(cols.get(6).getType()).isEqualTo(DataTypes.TEXT);
      Row r = rs.one();
      assertThat(r.getLong(0)).isEqualTo(10000000007L);
      assertThat(r.getFloat(1)).isEqualTo(8.5f);
      assertThat(r.getDouble(2)).isEqualTo(10000000001.5);
      assertThat(r.getBigDecimal(3)).isEqualByComparingTo(new BigDecimal("12.25"));
      assertThat(r.getInstant(4)).isEqualTo(Instant.parse("2020-02-29T10:00:00Z"));
      assertThat(r.getLocalDate(5)).isEqualTo(LocalDate.parse("2020-01-29"));
      assertThat(r.getString(6)).isEqualTo("abcd");
      assertThat(r.getLong(7)).isEqualTo(-10000000000L);

      // int + int stays an int and wraps, as Cassandra's Int32Type adds.
      assertThat(s.execute("SELECT i + 1 FROM ar.t WHERE k = 2").one().getInt(0)).isEqualTo(Integer.MIN_VALUE);

      PreparedStatement p = s.prepare("SELECT k, i + (int) ? FROM ar.t WHERE k = (int) ? + 1");
      assertThat(p.getVariableDefinitions().get(0).getName().asInternal()).isEqualTo("[selection]");
      assertThat(p.getVariableDefinitions().get(1).getName().asInternal()).isEqualTo("arg0(system._add)");
      assertThat(p.getVariableDefinitions().get(1).getType()).isEqualTo(DataTypes.INT);
      Row bound = s.execute(p.bind(3, 0)).one();
      assertThat(bound.getInt(0)).isEqualTo(1);
      assertThat(bound.getInt(1)).isEqualTo(10);

      assertThatThrownBy(() -> s.prepare("SELECT k FROM ar.t WHERE k = ? + 1"))
          .isInstanceOf(InvalidQueryException.class)
          .hasMessage("Ambiguous '+' operation with args ? and 1: use type hint to disambiguate, example '(int) ?'");
      assertThatThrownBy(() -> s.execute("SELECT i / 0 FROM ar.t WHERE k = 1"))
          .isInstanceOf(FunctionFailureException.class)
          .hasMessageContaining("the operation 'int / int' failed: / by zero");
      // The connection survives the failure.
      assertThat(s.execute("SELECT k FROM ar.t WHERE k = 1").one().getInt(0)).isEqualTo(1);
    }
  }
}
