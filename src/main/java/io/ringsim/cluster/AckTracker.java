package io.ringsim.cluster;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts replica responses for one request until its consistency level is met, the way Cassandra's response handlers
 * do: LOCAL_* levels count only replicas of the coordinator's DC; EACH_QUORUM needs a quorum in every DC; a replica
 * counts once however often it answers.
 */
public final class AckTracker {
  private final ConsistencyLevel cl;
  private final Map<String, String> dcOfReplica;
  private final String localDc;
  private final boolean networkTopology;
  private final Map<String, Integer> rfByDc;
  private final int required;
  private final Set<String> acked = new HashSet<>();
  private final Map<String, Integer> ackedByDc = new HashMap<>();
  private int counted;

  /**
   * @param replicas the replicas of the partition with their data centres, in the order they were contacted
   */
  public AckTracker(
      ConsistencyLevel cl,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology) {
    this.cl = cl;
    this.dcOfReplica = Map.copyOf(dcOfReplica);
    this.rfByDc = Map.copyOf(rfByDc);
    this.localDc = localDc;
    this.networkTopology = networkTopology;
    this.required = cl.blockFor(rfByDc, localDc, networkTopology);
  }

  /** Records a successful response; returns true when the level is now met. */
  public boolean ack(String replica) {
    if (!acked.add(replica)) return isSatisfied();
    String dc = dcOfReplica.get(replica);
    if (dc == null) return isSatisfied();
    ackedByDc.merge(dc, 1, Integer::sum);
    if (countsTowardsLevel(dc)) counted++;
    return isSatisfied();
  }

  private boolean countsTowardsLevel(String dc) {
    return !(cl.isDatacenterLocal() && networkTopology) || dc.equals(localDc);
  }

  public boolean isSatisfied() {
    if (cl == ConsistencyLevel.EACH_QUORUM && networkTopology) {
      for (String dc : rfByDc.keySet()) {
        if (ackedByDc.getOrDefault(dc, 0) < cl.blockForDc(rfByDc, dc)) return false;
      }
      return true;
    }
    return counted >= required;
  }

  /** Responses that count towards the level so far (what Cassandra reports as "received"). */
  public int received() {
    if (cl == ConsistencyLevel.EACH_QUORUM && networkTopology) return acked.size();
    return counted;
  }

  public int required() {
    return required;
  }

  /**
   * Whether the live replicas can meet the level at all; false means the coordinator answers Unavailable without
   * sending anything.
   */
  public static boolean canBeMet(
      ConsistencyLevel cl,
      List<String> liveReplicas,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology) {
    return tally(cl, liveReplicas, dcOfReplica, rfByDc, localDc, networkTopology).isSatisfied();
  }

  /** Live replicas that count towards the level (Cassandra's "alive_replicas" in an Unavailable error). */
  public static int aliveCounting(
      ConsistencyLevel cl,
      List<String> liveReplicas,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology) {
    return tally(cl, liveReplicas, dcOfReplica, rfByDc, localDc, networkTopology).received();
  }

  /** A tracker that has counted every live replica as if it had answered. */
  private static AckTracker tally(
      ConsistencyLevel cl,
      List<String> liveReplicas,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology) {
    AckTracker t = new AckTracker(cl, dcOfReplica, rfByDc, localDc, networkTopology);
    for (String r : liveReplicas) t.ack(r);
    return t;
  }
}
