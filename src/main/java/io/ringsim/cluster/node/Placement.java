package io.ringsim.cluster.node;

import java.util.List;
import java.util.Map;

/**
 * The replicas of one ring range for one keyspace: who they are (in ring order), the DC of each, and the replication
 * factor per DC. {@code nts}: the keyspace uses NetworkTopologyStrategy (otherwise every replica counts as the
 * coordinator's DC, as SimpleStrategy ignores DCs). Immutable, so one instance serves every request to the same range
 * (and AckTracker's Map.copyOf of its maps is then free). {@code byProximity}: the replicas in the order the node
 * that built it contacts them for a read (itself, then its DC, then the rest), worked out once per range rather than
 * per read.
 */
record Placement(List<String> replicas, Map<String, String> dcOf, Map<String, Integer> rfByDc, boolean nts,
    List<String> byProximity) {

  /** A placement seen from no node in particular: reads contact the replicas in ring order. */
  Placement(List<String> replicas, Map<String, String> dcOf, Map<String, Integer> rfByDc, boolean nts) {
    this(replicas, dcOf, rfByDc, nts, replicas);
  }
}
