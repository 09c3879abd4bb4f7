/**
 * One simulated Cassandra node: the node actor, the coordinator of each request kind (WriteCoordinator,
 * ReadCoordinator, PaxosCoordinator, the range scans), the replica's verbs, hints and repair.
 */
package io.ringsim.cluster.node;
