package io.ringsim.ring;

import java.util.Map;

/** Where the replicas of a range go: SimpleStrategy or NetworkTopologyStrategy, as Cassandra places them. */
public sealed interface ReplicationStrategy permits SimpleStrategy, NetworkTopologyStrategy {

  /** The replicas (node indices, in Cassandra's order) of range {@code rangeIndex} of the ring. */
  int[] replicasOfRange(Ring ring, int rangeIndex);

  /** Replicas per data centre as this strategy asks for them (SimpleStrategy: one entry keyed "*"). */
  Map<String, Integer> replicationFactors();

  /** Total replicas asked for. */
  default int totalReplicationFactor() {
    return replicationFactors().values().stream().mapToInt(Integer::intValue).sum();
  }
}
