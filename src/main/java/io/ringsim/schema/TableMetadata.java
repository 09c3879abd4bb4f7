package io.ringsim.schema;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A table's schema: its columns in declaration order and its options. The accessors return the partition key and
 * clustering columns in key order, which is what hashing and clustering comparisons need.
 */
public record TableMetadata(String keyspace, String name, List<ColumnDef> columns, TableParams params) {

  public TableMetadata {
    columns = List.copyOf(columns);
    if (partitionKeyOf(columns).isEmpty())
      throw new IllegalArgumentException("table " + keyspace + "." + name + " has no partition key column");
  }

  public List<ColumnDef> partitionKey() {
    return partitionKeyOf(columns);
  }

  public List<ColumnDef> clusteringColumns() {
    return ofKind(columns, ColumnKind.CLUSTERING);
  }

  public List<ColumnDef> staticColumns() {
    return ofKind(columns, ColumnKind.STATIC);
  }

  public List<ColumnDef> regularColumns() {
    return ofKind(columns, ColumnKind.REGULAR);
  }

  public Optional<ColumnDef> column(String columnName) {
    return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
  }

  public String qualifiedName() {
    return keyspace + "." + name;
  }

  private static List<ColumnDef> partitionKeyOf(List<ColumnDef> cols) {
    return ofKind(cols, ColumnKind.PARTITION_KEY);
  }

  private static List<ColumnDef> ofKind(List<ColumnDef> cols, ColumnKind kind) {
    return cols.stream()
        .filter(c -> c.kind() == kind)
        .sorted(Comparator.comparingInt(ColumnDef::position))
        .toList();
  }
}
