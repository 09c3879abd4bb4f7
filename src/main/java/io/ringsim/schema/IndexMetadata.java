package io.ringsim.schema;

/**
 * A secondary index on one column of a table. {@code kind} is what it indexes: "values" (the value, or a collection's
 * values), "keys" or "entries" of a map, or "full" (a frozen collection as a whole). {@code sasi} holds a SASI
 * index's options (CREATE CUSTOM INDEX ... USING 'org.apache.cassandra.index.sasi.SASIIndex'); null for Cassandra's
 * built-in index.
 */
public record IndexMetadata(String keyspace, String name, String table, String column, String kind, SasiOptions sasi) {
  /** Cassandra's SASI index class, which USING names in full. */
  public static final String SASI_CLASS = "org.apache.cassandra.index.sasi.SASIIndex";

  public IndexMetadata(String keyspace, String name, String table, String column, String kind) {
    this(keyspace, name, table, column, kind, null);
  }

  public IndexMetadata(String keyspace, String name, String table, String column) {
    this(keyspace, name, table, column, "values");
  }

  public boolean isSasi() {
    return sasi != null;
  }
}
