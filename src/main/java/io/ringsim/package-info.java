/**
 * ringsim: a Cassandra-style cluster simulator for teaching. Start at docs/design.md ("Start here"): the layers,
 * and a QUORUM write and a scenario run walked file by file.
 */
package io.ringsim;
