/**
 * The scalar CQL types: parsing, formatting and serialization as Cassandra does them.
 */
package io.ringsim.schema.types;
