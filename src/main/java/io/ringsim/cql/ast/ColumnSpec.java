package io.ringsim.cql.ast;

/** A column in CREATE TABLE or ALTER TABLE ADD: its name, its type as text, and whether it is static. */
public record ColumnSpec(String name, String type, boolean isStatic, boolean primaryKey) {}
