/**
 * The CQL native protocol (v3-v5, on the DataStax native-protocol codec and Netty): one server per node,
 * system tables, prepared statements, tracing and the served traffic the checker judges.
 */
package io.ringsim.server;
