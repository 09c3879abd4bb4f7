/**
 * Statements executed: planning writes and reads against the schema, functions, JSON, DESCRIBE and results.
 */
package io.ringsim.cql.exec;
