/**
 * A simulated cluster as a whole: SimCluster starts the actor system, the network and one NodeActor per ring
 * node, and lets a driver (ClientSession, the workloads) send requests to coordinators.
 */
package io.ringsim.cluster;
