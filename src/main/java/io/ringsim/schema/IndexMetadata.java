package io.ringsim.schema;

/**
 * A secondary index on one column of a table. {@code kind} is what it indexes: "values" (the value, or a collection's
 * values), "keys" or "entries" of a map, or "full" (a frozen collection as a whole).
 */
public record IndexMetadata(String keyspace, String name, String table, String column, String kind) {
  public IndexMetadata(String keyspace, String name, String table, String column) {
    this(keyspace, name, table, column, "values");
  }
}
