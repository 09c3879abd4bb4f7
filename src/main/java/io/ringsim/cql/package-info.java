/**
 * CQL as Cassandra 4.1 has it: errors with Cassandra's classes and messages, and scripts.
 */
package io.ringsim.cql;
