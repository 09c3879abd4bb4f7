package io.ringsim.server;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.ringsim.cql.CqlAnswer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a Java driver program sees for one statement, the same way for Cassandra and for ringsim: the result
 * columns and every row (all pages) with values as the driver decodes them, or the exception's class and message.
 */
final class DriverAnswers {
  private DriverAnswers() {}

  /**
   * @param clockDependent result columns whose values depend on each server's clock (write times; TTLs unless
   *     "now" is frozen): only whether they are null is compared
   */
  static CqlAnswer of(CqlSession s, Statement<?> statement, Predicate<String> clockDependent) {
    try {
      ResultSet rs = s.execute(statement);
      List<String> names = new ArrayList<>();
      for (ColumnDefinition d : rs.getColumnDefinitions()) names.add(d.getName().asInternal());
      List<List<String>> rows = new ArrayList<>();
      for (Row r : rs) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
          values.add(clockDependent.test(names.get(i)) ? (r.isNull(i) ? "null" : "<time>")
              : String.valueOf(r.getObject(i)));
        }
        rows.add(values);
      }
      return CqlAnswer.ok(names, rows);
    } catch (RuntimeException e) {
      return CqlAnswer.error(e.getClass().getSimpleName(), e.getMessage());
    }
  }

  static boolean isWriteTime(String column) {
    return column.startsWith("writetime(");
  }

  static boolean isWriteTimeOrTtl(String column) {
    return isWriteTime(column) || column.startsWith("ttl(");
  }
}
