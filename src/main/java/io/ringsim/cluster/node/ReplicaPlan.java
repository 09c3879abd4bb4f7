package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import java.util.List;
import java.util.Map;

/**
 * Everything a coordinator needs to know about where one request goes and how many answers it waits for (Cassandra's
 * ReplicaPlan): the consistency level, the key's replicas, and for a write the pending replicas that gain the key
 * while a node joins or leaves. {@code targets} are the replicas followed by the pending ones; {@code dcOf} covers
 * both; {@code pendingByDc} counts the pending ones, each of which raises the acknowledgements to wait for. A read
 * plan has no pending replicas.
 */
record ReplicaPlan(ConsistencyLevel consistency, Placement placement, List<String> pending, List<String> targets,
    Map<String, String> dcOf, Map<String, Integer> pendingByDc, String localDc) {

  static ReplicaPlan forRead(ConsistencyLevel cl, Placement p, String localDc) {
    return new ReplicaPlan(cl, p, List.of(), p.replicas(), p.dcOf(), Map.of(), localDc);
  }

  /**
   * The plan a Paxos round's prepare and propose run on. Paxos v1 counts its electorate, not the replication factor:
   * a majority of the replicas that exist plus the pending ones (for LOCAL_SERIAL only those of this DC), as
   * Cassandra's ReplicaPlans.forPaxos does (CASSANDRA-8346), so with RF 3 on two nodes an LWT needs both, not 2 of 3.
   * The commit still counts against the replication factor, at the commit consistency.
   */
  ReplicaPlan paxosElectorate() {
    boolean localOnly = consistency == ConsistencyLevel.LOCAL_SERIAL && placement.nts();
    int participants = 0;
    for (String t : targets) if (!localOnly || localDc.equals(dcOf.get(t))) participants++;
    Placement electorate = new Placement(placement.replicas(), placement.dcOf(), Map.of(localDc, participants),
        placement.nts(), placement.byProximity(), placement.viewDc());
    return new ReplicaPlan(consistency, electorate, pending, targets, dcOf, Map.of(), localDc);
  }

  /**
   * Whom a Paxos prepare or propose goes to, of the {@code live} targets: all of them, or for LOCAL_SERIAL under
   * NetworkTopologyStrategy those of this data centre (Cassandra's ReplicaPlans.forPaxos filters them so).
   */
  List<String> paxosContacts(List<String> live) {
    if (consistency != ConsistencyLevel.LOCAL_SERIAL || !placement.nts()) return live;
    List<String> local = new java.util.ArrayList<>(live.size());
    for (String t : live) if (localDc.equals(dcOf.get(t))) local.add(t);
    return local;
  }

  /** A fresh tracker of the acknowledgements this plan's consistency level needs. */
  AckTracker tracker() {
    return tracker(consistency);
  }

  /** The same replicas at another level (a Paxos commit runs at the commit consistency). */
  AckTracker tracker(ConsistencyLevel cl) {
    return new AckTracker(cl, dcOf, placement.rfByDc(), localDc, placement.nts(), pendingByDc,
        placement.blockFor(cl, localDc));
  }

  /**
   * Whether {@code live} can meet the level; false means answer Unavailable. {@code live} is the targets (in either
   * order) less those this node sees down, so the same size means nobody is down.
   */
  boolean canBeMet(List<String> live) {
    // Nobody down and nobody joining: the placement has the answer precomputed.
    if (live.size() == targets.size() && pending.isEmpty()) {
      return placement.allUpCanMeet(consistency, localDc);
    }
    return AckTracker.canBeMet(consistency, live, dcOf, placement.rfByDc(), localDc, placement.nts(), pendingByDc);
  }

  /**
   * How many of {@code live} (closest first) a read contacts: the closest that can meet the level (for EACH_QUORUM
   * and the LOCAL_* levels, all that count). {@code live}: the replicas by proximity less those seen down.
   */
  int readContacts(List<String> live) {
    if (live.size() == placement.byProximity().size() && pending.isEmpty()) {
      return placement.readContacts(consistency, localDc);
    }
    return contacts(tracker(), live);
  }

  /** How many of {@code replicas}, in order, {@code enough} must hear from before it is satisfied (all: never). */
  static int contacts(AckTracker enough, List<String> replicas) {
    int n = 0;
    for (String x : replicas) {
      n++;
      if (enough.ack(x)) break;
    }
    return n;
  }

  /** The live replicas that count towards the level, as Cassandra's Unavailable error reports them. */
  int aliveCounting(List<String> live) {
    return AckTracker.aliveCounting(consistency, live, dcOf, placement.rfByDc(), localDc, placement.nts());
  }

  /** The Unavailable answer when only {@code alive} counting replicas are up. */
  ClientResponse.Failed unavailable(String coordinator, int alive, List<TraceEvent> trace) {
    return unavailable(coordinator, consistency, tracker().required(), alive, trace);
  }

  /** Cassandra's Unavailable error, word for word; the one place it is built. */
  static ClientResponse.Failed unavailable(String coordinator, ConsistencyLevel cl, int required, int alive,
      List<TraceEvent> trace) {
    return new ClientResponse.Failed(coordinator, CqlErrorClass.Unavailable,
        "Cannot achieve consistency level " + cl + " (required " + required + ", alive " + alive + ")", alive,
        required, trace);
  }
}
