package io.ringsim.cluster.node;

import io.ringsim.cluster.AckTracker;
import io.ringsim.cluster.ConsistencyLevel;
import java.util.List;
import java.util.Map;

/**
 * The replicas of one ring range for one keyspace: who they are (in ring order), the DC of each, and the replication
 * factor per DC. {@code nts}: the keyspace uses NetworkTopologyStrategy (otherwise every replica counts as the
 * coordinator's DC, as SimpleStrategy ignores DCs). {@code byProximity}: the replicas in the order the node that
 * built it contacts them for a read (itself, then its DC, then the rest).
 *
 * <p>Immutable as far as anyone can tell, so one instance serves every request to the same range (and
 * AckTracker's Map.copyOf of its maps is then free); what every such request would work out again from the same
 * facts (the read order, the answers a level waits for, whether all the replicas can meet a level) is worked out
 * once here.
 */
final class Placement {
  private final List<String> replicas;
  private final Map<String, String> dcOf;
  private final Map<String, Integer> rfByDc;
  private final boolean nts;
  private final List<String> byProximity;
  /** The DC of the node that built it (the one its caches hold answers for); null: seen from no node. */
  private final String viewDc;
  /** Per consistency level (by ordinal): its blockFor plus one; 0 until asked. */
  private final int[] blockFor = new int[ConsistencyLevel.values().length];
  /** Per consistency level: whether every replica up can meet it, 1 (no) or 2 (yes); 0 until asked. */
  private final byte[] allUpCanMeet = new byte[ConsistencyLevel.values().length];
  /** Per consistency level: how many of {@link #byProximity} a read contacts when all are up, plus one; 0 until asked. */
  private final int[] readContacts = new int[ConsistencyLevel.values().length];

  Placement(List<String> replicas, Map<String, String> dcOf, Map<String, Integer> rfByDc, boolean nts,
      List<String> byProximity, String viewDc) {
    this.replicas = replicas;
    this.dcOf = dcOf;
    this.rfByDc = rfByDc;
    this.nts = nts;
    this.byProximity = byProximity;
    this.viewDc = viewDc;
  }

  /** A placement seen from no node in particular: reads contact the replicas in ring order; nothing is cached. */
  Placement(List<String> replicas, Map<String, String> dcOf, Map<String, Integer> rfByDc, boolean nts) {
    this(replicas, dcOf, rfByDc, nts, replicas, null);
  }

  List<String> replicas() {
    return replicas;
  }

  Map<String, String> dcOf() {
    return dcOf;
  }

  Map<String, Integer> rfByDc() {
    return rfByDc;
  }

  boolean nts() {
    return nts;
  }

  List<String> byProximity() {
    return byProximity;
  }

  String viewDc() {
    return viewDc;
  }

  /**
   * The answers {@code cl} waits for from these replicas ({@link ConsistencyLevel#blockFor}), as a coordinator in
   * {@code localDc} counts them (cached for the DC of the node that built the placement, the only one that asks).
   */
  int blockFor(ConsistencyLevel cl, String localDc) {
    if (!localDc.equals(viewDc)) return cl.blockFor(rfByDc, localDc, nts);
    int cached = blockFor[cl.ordinal()];
    if (cached != 0) return cached - 1;
    int n = cl.blockFor(rfByDc, localDc, nts);
    blockFor[cl.ordinal()] = n + 1;
    return n;
  }

  /** Whether {@code cl} can be met with every replica up (and no joining one): the usual question, asked once. */
  boolean allUpCanMeet(ConsistencyLevel cl, String localDc) {
    if (!localDc.equals(viewDc)) return AckTracker.canBeMet(cl, replicas, dcOf, rfByDc, localDc, nts);
    byte cached = allUpCanMeet[cl.ordinal()];
    if (cached != 0) return cached == 2;
    boolean can = AckTracker.canBeMet(cl, replicas, dcOf, rfByDc, localDc, nts);
    allUpCanMeet[cl.ordinal()] = (byte) (can ? 2 : 1);
    return can;
  }

  /** How many of {@link #byProximity}, closest first, a read at {@code cl} contacts when all of them are up. */
  int readContacts(ConsistencyLevel cl, String localDc) {
    boolean cacheable = localDc.equals(viewDc);
    int cached = cacheable ? readContacts[cl.ordinal()] : 0;
    if (cached != 0) return cached - 1;
    int n = ReplicaPlan.contacts(new AckTracker(cl, dcOf, rfByDc, localDc, nts, Map.of(), blockFor(cl, localDc)),
        byProximity);
    if (!cacheable) return n;
    readContacts[cl.ordinal()] = n + 1;
    return n;
  }

  @Override
  public String toString() {
    return "Placement" + replicas + dcOf + rfByDc + (nts ? " NTS" : "");
  }
}
