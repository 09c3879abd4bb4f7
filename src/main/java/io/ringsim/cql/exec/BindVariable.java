package io.ringsim.cql.exec;

import io.ringsim.schema.CqlType;

/**
 * One bind variable of a prepared statement, as Cassandra describes it in the PREPARE answer's metadata: the table
 * it belongs to, its name (the column's, a special one such as {@code [limit]} or {@code in(k)}, or the marker's own
 * {@code :name}) and the type its value is encoded with.
 */
public record BindVariable(String keyspace, String table, String name, CqlType type) {}
