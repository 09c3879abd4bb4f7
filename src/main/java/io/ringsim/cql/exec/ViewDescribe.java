package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.DescribeStatement.quote;

import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ViewMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** DESCRIBE of materialized views: CREATE MATERIALIZED VIEW as Cassandra 4.1's ViewMetadata.toCqlString writes it. */
final class ViewDescribe {
  private ViewDescribe() {}

  static List<Object> row(ViewMetadata v) {
    return List.of(quote(v.keyspace()), "materialized_view", quote(v.name()), cql(v));
  }

  /** The rows of the views of base table {@code table}, by view name. */
  static void addViewsOf(List<List<Object>> rows, Catalog c, String keyspace, String table) {
    for (ViewMetadata v : c.viewsOf(keyspace, table)) rows.add(row(v));
  }

  static String cql(ViewMetadata v) {
    StringBuilder sb = new StringBuilder("CREATE MATERIALIZED VIEW ").append(quote(v.keyspace())).append('.')
        .append(quote(v.name())).append(" AS\n    SELECT ");
    if (v.includeAllColumns()) {
      sb.append('*');
    } else {
      List<ColumnDef> cols = new ArrayList<>(v.table().partitionKey());
      cols.addAll(v.table().clusteringColumns());
      List<ColumnDef> regular = new ArrayList<>(v.table().regularColumns());
      regular.sort(Comparator.comparing(ColumnDef::name));
      cols.addAll(regular);
      sb.append(cols.stream().map(d -> quote(d.name())).collect(Collectors.joining(", ")));
    }
    sb.append("\n    FROM ").append(quote(v.keyspace())).append('.').append(quote(v.baseTable()));
    sb.append("\n    WHERE ").append(v.whereClause());
    String pk = v.table().partitionKey().stream().map(d -> quote(d.name())).collect(Collectors.joining(", "));
    if (v.table().partitionKey().size() > 1) pk = "(" + pk + ")";
    List<String> key = new ArrayList<>(List.of(pk));
    for (ColumnDef d : v.table().clusteringColumns()) key.add(quote(d.name()));
    sb.append("\n    PRIMARY KEY (").append(String.join(", ", key)).append(")\n WITH ");
    return sb.append(String.join("\n    AND ", DescribeStatement.withOptions(v.table(), true))).append(';')
        .toString();
  }
}
