package io.ringsim.server;

import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table the server generates instead of storing (system.local, system.peers, system_schema.*): named, typed
 * columns and rows made fresh for each query from the ring and the catalog.
 */
record VirtualTable(String keyspace, String name, List<String> columns, List<CqlType> types,
    List<List<Object>> rows) {

  /** Builds a table column by column, then row by row. */
  static final class Builder {
    private final String keyspace;
    private final String name;
    private final Map<String, CqlType> columns = new LinkedHashMap<>();
    private final List<List<Object>> rows = new ArrayList<>();

    Builder(String keyspace, String name) {
      this.keyspace = keyspace;
      this.name = name;
    }

    Builder column(String column, CqlType type) {
      columns.put(column, type);
      return this;
    }

    /** One row: values in the order the columns were declared. */
    Builder row(Object... values) {
      if (values.length != columns.size())
        throw new IllegalArgumentException(name + ": " + values.length + " values for " + columns.size() + " columns");
      rows.add(java.util.Arrays.asList(values));
      return this;
    }

    VirtualTable build() {
      return new VirtualTable(keyspace, name, List.copyOf(columns.keySet()), List.copyOf(columns.values()), rows);
    }
  }

  int indexOf(String column) {
    return columns.indexOf(column);
  }
}
