package io.ringsim.cluster.node;

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
  /** What it caches, one answer per question and consistency level (at question * LEVELS + ordinal). */
  private static final int BLOCK_FOR = 0, ALL_UP_CAN_MEET = 1, READ_CONTACTS = 2;
  private static final int LEVELS = ConsistencyLevel.values().length;
  /** The answers, each plus one: 0 until asked. */
  private final int[] answers = new int[3 * LEVELS];

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
   * {@code localDc} counts them.
   */
  int blockFor(ConsistencyLevel cl, String localDc) {
    return answer(BLOCK_FOR, cl, localDc);
  }

  /** Whether {@code cl} can be met with every replica up (and no joining one): the usual question. */
  boolean allUpCanMeet(ConsistencyLevel cl, String localDc) {
    return answer(ALL_UP_CAN_MEET, cl, localDc) == 1;
  }

  /** How many of {@link #byProximity}, closest first, a read at {@code cl} contacts when all of them are up. */
  int readContacts(ConsistencyLevel cl, String localDc) {
    return answer(READ_CONTACTS, cl, localDc);
  }

  /**
   * {@code question} for {@code cl}, worked out once: cached for the DC of the node that built the placement (the
   * only one that asks it), worked out afresh for any other.
   */
  private int answer(int question, ConsistencyLevel cl, String localDc) {
    if (!localDc.equals(viewDc)) return workOut(question, cl, localDc);
    int i = question * LEVELS + cl.ordinal();
    if (answers[i] == 0) answers[i] = workOut(question, cl, localDc) + 1;
    return answers[i] - 1;
  }

  private int workOut(int question, ConsistencyLevel cl, String localDc) {
    return switch (question) {
      case BLOCK_FOR -> cl.blockFor(rfByDc, localDc, nts);
      case ALL_UP_CAN_MEET -> AckTracker.canBeMet(cl, replicas, dcOf, rfByDc, localDc, nts) ? 1 : 0;
      case READ_CONTACTS -> ReplicaPlan.contacts(
          new AckTracker(cl, dcOf, rfByDc, localDc, nts, Map.of(), blockFor(cl, localDc)), byProximity);
      default -> throw new IllegalArgumentException("no question " + question);
    };
  }

  @Override
  public String toString() {
    return "Placement" + replicas + dcOf + rfByDc + (nts ? " NTS" : "");
  }
}
