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
  private final Map<String, Integer> pendingByDc;
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
    this(cl, dcOfReplica, rfByDc, localDc, networkTopology, Map.of());
  }

  /**
   * A write while a node joins: {@code pendingByDc} counts the joining replicas per DC, and each one adds an
   * acknowledgement to wait for, as Cassandra raises blockFor by the pending endpoints (LOCAL_* levels only count the
   * local DC's, ANY none), because a joining node may not yet hold what it will serve.
   */
  public AckTracker(
      ConsistencyLevel cl,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology,
      Map<String, Integer> pendingByDc) {
    this.cl = cl;
    this.dcOfReplica = Map.copyOf(dcOfReplica);
    this.rfByDc = Map.copyOf(rfByDc);
    this.localDc = localDc;
    this.networkTopology = networkTopology;
    this.pendingByDc = Map.copyOf(pendingByDc);
    this.required = cl.blockFor(rfByDc, localDc, networkTopology) + pendingCounting();
  }

  private int pendingCounting() {
    if (cl == ConsistencyLevel.ANY) return 0;
    int n = 0;
    for (Map.Entry<String, Integer> e : pendingByDc.entrySet()) if (countsTowardsLevel(e.getKey())) n += e.getValue();
    return n;
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
        int needed = cl.blockForDc(rfByDc, dc) + pendingByDc.getOrDefault(dc, 0);
        if (ackedByDc.getOrDefault(dc, 0) < needed) return false;
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
    return canBeMet(cl, liveReplicas, dcOfReplica, rfByDc, localDc, networkTopology, Map.of());
  }

  /** {@link #canBeMet} for a write while a node joins: live replicas include the live pending ones. */
  public static boolean canBeMet(
      ConsistencyLevel cl,
      List<String> liveReplicas,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology,
      Map<String, Integer> pendingByDc) {
    return tally(cl, liveReplicas, dcOfReplica, rfByDc, localDc, networkTopology, pendingByDc).isSatisfied();
  }

  /** Live replicas that count towards the level (Cassandra's "alive_replicas" in an Unavailable error). */
  public static int aliveCounting(
      ConsistencyLevel cl,
      List<String> liveReplicas,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology) {
    return tally(cl, liveReplicas, dcOfReplica, rfByDc, localDc, networkTopology, Map.of()).received();
  }

  /** A tracker that has counted every live replica as if it had answered. */
  private static AckTracker tally(
      ConsistencyLevel cl,
      List<String> liveReplicas,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology,
      Map<String, Integer> pendingByDc) {
    AckTracker t = new AckTracker(cl, dcOfReplica, rfByDc, localDc, networkTopology, pendingByDc);
    for (String r : liveReplicas) t.ack(r);
    return t;
  }
}
