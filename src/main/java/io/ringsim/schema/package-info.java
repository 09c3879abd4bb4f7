/**
 * Keyspaces, tables, columns and CQL types: the catalog every node holds.
 */
package io.ringsim.schema;
