package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
  /** Replicas that answered: a handful (the replication factor), so a list is cheaper than a set. */
  private final List<String> acked = new ArrayList<>(4);
  /** Answers per DC, kept only where a level needs them (EACH_QUORUM under NetworkTopologyStrategy). */
  private final Map<String, Integer> ackedByDc;
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
    this(cl, dcOfReplica, rfByDc, localDc, networkTopology, pendingByDc,
        cl.blockFor(rfByDc, localDc, networkTopology));
  }

  /**
   * As above, with {@code blockFor} the level's {@link ConsistencyLevel#blockFor} for these replication factors,
   * worked out by the caller (once per placement rather than once per request).
   */
  public AckTracker(
      ConsistencyLevel cl,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology,
      Map<String, Integer> pendingByDc,
      int blockFor) {
    this.cl = cl;
    this.dcOfReplica = Map.copyOf(dcOfReplica);
    this.rfByDc = Map.copyOf(rfByDc);
    this.localDc = localDc;
    this.networkTopology = networkTopology;
    this.pendingByDc = Map.copyOf(pendingByDc);
    this.required = blockFor + pendingCounting();
    this.ackedByDc = perDc(cl, networkTopology) ? new HashMap<>() : null;
  }

  private int pendingCounting() {
    if (cl == ConsistencyLevel.ANY || pendingByDc.isEmpty()) return 0;
    int n = 0;
    for (Map.Entry<String, Integer> e : pendingByDc.entrySet()) if (countsTowardsLevel(e.getKey())) n += e.getValue();
    return n;
  }

  /** Records a successful response; returns true when the level is now met. */
  public boolean ack(String replica) {
    if (acked.contains(replica)) return isSatisfied();
    acked.add(replica);
    String dc = dcOfReplica.get(replica);
    if (dc == null) return isSatisfied();
    if (ackedByDc != null) ackedByDc.merge(dc, 1, Integer::sum);
    if (countsTowardsLevel(cl, networkTopology, localDc, dc)) counted++;
    return isSatisfied();
  }

  private static boolean perDc(ConsistencyLevel cl, boolean networkTopology) {
    return cl == ConsistencyLevel.EACH_QUORUM && networkTopology;
  }

  private boolean countsTowardsLevel(String dc) {
    return countsTowardsLevel(cl, networkTopology, localDc, dc);
  }

  private static boolean countsTowardsLevel(ConsistencyLevel cl, boolean networkTopology, String localDc, String dc) {
    return !(cl.isDatacenterLocal() && networkTopology) || dc.equals(localDc);
  }

  public boolean isSatisfied() {
    if (ackedByDc != null) {
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
    if (ackedByDc != null) return acked.size();
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
    if (perDc(cl, networkTopology)) {
      return tally(cl, liveReplicas, dcOfReplica, rfByDc, localDc, networkTopology, pendingByDc).isSatisfied();
    }
    // What a tracker that heard from every live replica would say, counted without building one (once per request).
    int pending = 0;
    if (cl != ConsistencyLevel.ANY) {
      for (Map.Entry<String, Integer> e : pendingByDc.entrySet()) {
        if (countsTowardsLevel(cl, networkTopology, localDc, e.getKey())) pending += e.getValue();
      }
    }
    int required = cl.blockFor(rfByDc, localDc, networkTopology) + pending;
    return countLive(cl, liveReplicas, dcOfReplica, localDc, networkTopology) >= required;
  }

  /** The live replicas a tracker would count: distinct, with a known DC, counting towards the level. */
  private static int countLive(ConsistencyLevel cl, List<String> liveReplicas, Map<String, String> dcOfReplica,
      String localDc, boolean networkTopology) {
    int counted = 0;
    for (int i = 0; i < liveReplicas.size(); i++) {
      String r = liveReplicas.get(i);
      if (liveReplicas.indexOf(r) < i) continue;
      String dc = dcOfReplica.get(r);
      if (dc != null && countsTowardsLevel(cl, networkTopology, localDc, dc)) counted++;
    }
    return counted;
  }

  /** Live replicas that count towards the level (Cassandra's "alive_replicas" in an Unavailable error). */
  public static int aliveCounting(
      ConsistencyLevel cl,
      List<String> liveReplicas,
      Map<String, String> dcOfReplica,
      Map<String, Integer> rfByDc,
      String localDc,
      boolean networkTopology) {
    if (perDc(cl, networkTopology)) {
      return tally(cl, liveReplicas, dcOfReplica, rfByDc, localDc, networkTopology, Map.of()).received();
    }
    return countLive(cl, liveReplicas, dcOfReplica, localDc, networkTopology);
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
