package io.ringsim.schema;

/** The role of a column in a table: the parts of the primary key, static, or regular. */
public enum ColumnKind {
  PARTITION_KEY,
  CLUSTERING,
  STATIC,
  REGULAR
}
