package io.ringsim.cluster.node;

import java.util.List;
import java.util.Map;

/**
 * The replicas of one ring range for one keyspace: who they are (in ring order), the DC of each, and the replication
 * factor per DC. {@code nts}: the keyspace uses NetworkTopologyStrategy (otherwise every replica counts as the
 * coordinator's DC, as SimpleStrategy ignores DCs). Immutable, so one instance serves every request to the same range
 * (and AckTracker's Map.copyOf of its maps is then free).
 */
record Placement(List<String> replicas, Map<String, String> dcOf, Map<String, Integer> rfByDc, boolean nts) {}
