package io.ringsim.schema;

/** A secondary index on one regular column of a table. */
public record IndexMetadata(String keyspace, String name, String table, String column) {}
