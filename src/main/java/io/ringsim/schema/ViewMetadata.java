package io.ringsim.schema;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A materialized view: its base table, what it selects and filters, and its own table (columns, key, options), which
 * is where its rows are stored and read from like any table's. {@code whereClause}: the WHERE clause as Cassandra
 * writes it back (system_schema.views, DESCRIBE); {@code filters}: its restrictions other than IS NOT NULL, which a
 * base row must pass to have a view row. {@code id}: the id given with {@code WITH ID = ...}, null when the view
 * has the id ringsim derives from its name.
 */
public record ViewMetadata(String keyspace, String name, String baseTable, boolean includeAllColumns,
    String whereClause, List<Filter> filters, TableMetadata table, UUID id) {

  public ViewMetadata {
    filters = List.copyOf(filters);
  }

  /** One restriction on a base primary key column: {@code column op value}, or IN when {@code values} has several. */
  public record Filter(String column, String op, List<byte[]> values) {
    public Filter {
      values = List.copyOf(values);
    }
  }

  public String qualifiedName() {
    return keyspace + "." + name;
  }

  public String qualifiedBase() {
    return keyspace + "." + baseTable;
  }

  /**
   * The base table's column that is not in its primary key but is in the view's (at most one, Cassandra's rule),
   * which decides whether a base row has a view row at all.
   */
  public Optional<ColumnDef> baseRegularInKey(TableMetadata base) {
    for (ColumnDef c : table.columns()) {
      if (!c.isPrimaryKey()) continue;
      ColumnDef b = base.column(c.name()).orElse(null);
      if (b != null && !b.isPrimaryKey()) return Optional.of(b);
    }
    return Optional.empty();
  }

  /** Whether the view selects (or keys on) base column {@code column}. */
  public boolean uses(String column) {
    return table.column(column).isPresent();
  }

  public ViewMetadata withTable(TableMetadata t) {
    return new ViewMetadata(keyspace, name, baseTable, includeAllColumns, whereClause, filters, t, id);
  }
}
