package io.ringsim.cluster.node;

/** What one node counts for its {@link NodeReport}: requests it coordinated and replica work it did. */
final class NodeMetrics {
  long coordinatedWrites;
  long coordinatedReads;
  long replicaWrites;
  long replicaReads;
  long hintsReplayed;
  long readRepairs;
}
