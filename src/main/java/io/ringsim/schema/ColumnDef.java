package io.ringsim.schema;

import java.util.Objects;

/**
 * One column of a table. {@code position} is the index within its kind (0 for the first partition key column, 0 for
 * the first clustering column); it is 0 for static and regular columns. {@code order} matters only for clustering
 * columns.
 */
public record ColumnDef(String name, CqlType type, ColumnKind kind, int position, ClusteringOrder order) {
  public ColumnDef {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(kind, "kind");
    if (order == null) order = ClusteringOrder.ASC;
  }

  public static ColumnDef partitionKey(String name, CqlType type, int position) {
    return new ColumnDef(name, type, ColumnKind.PARTITION_KEY, position, ClusteringOrder.ASC);
  }

  public static ColumnDef clustering(String name, CqlType type, int position, ClusteringOrder order) {
    return new ColumnDef(name, type, ColumnKind.CLUSTERING, position, order);
  }

  public static ColumnDef regular(String name, CqlType type) {
    return new ColumnDef(name, type, ColumnKind.REGULAR, 0, ClusteringOrder.ASC);
  }

  public static ColumnDef staticColumn(String name, CqlType type) {
    return new ColumnDef(name, type, ColumnKind.STATIC, 0, ClusteringOrder.ASC);
  }

  public boolean isPrimaryKey() {
    return kind == ColumnKind.PARTITION_KEY || kind == ColumnKind.CLUSTERING;
  }
}
