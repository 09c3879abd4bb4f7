/**
 * The ANTLR grammar's visitor: CQL text to the ast package's records, with Cassandra's syntax errors.
 */
package io.ringsim.cql.parse;
