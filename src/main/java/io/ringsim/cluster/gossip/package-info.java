/**
 * Gossip and failure detection as Cassandra does them: heartbeats, digests, the phi accrual detector.
 */
package io.ringsim.cluster.gossip;
