package io.ringsim.cql.exec;

import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SELECT JSON: each result row becomes one JSON object in a single text column named {@code [json]}, keyed by the
 * result's column names (an alias if given; a name with upper-case letters is kept quoted, as Cassandra writes it).
 */
final class SelectJson {
  private SelectJson() {}

  static final String COLUMN = "[json]";

  static ResultSet toJsonRows(ResultSet r) {
    List<List<Object>> rows = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < row.size(); i++) {
        if (i > 0) sb.append(", ");
        sb.append(CqlJson.quote(key(r.columns().get(i)))).append(": ")
            .append(CqlJson.write(r.types().get(i), row.get(i)));
      }
      rows.add(List.of(sb.append('}').toString()));
    }
    return new ResultSet(List.of(COLUMN), List.of(CqlTypes.TEXT), rows, r.warnings());
  }

  private static String key(String name) {
    return name.equals(name.toLowerCase(Locale.ROOT)) ? name : "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
