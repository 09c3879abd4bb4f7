package io.ringsim.cluster.node;

import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.TableStore;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The acceptor's side of lightweight transactions (Paxos v1): per partition, the highest promise, the accepted but
 * uncommitted proposal, and the most recent commit. Cassandra keeps this in a system table that survives restarts;
 * the simulation keeps it across a crash too. The proposer's side is {@link PaxosCoordinator}.
 */
final class PaxosReplica {
  private static final class State {
    long promised = Long.MIN_VALUE;
    long acceptedBallot = Long.MIN_VALUE;
    byte[] accepted = new byte[0];
    long committed = Long.MIN_VALUE;
  }

  private final Map<String, State> states = new TreeMap<>();

  private State state(String table, byte[] key) {
    return states.computeIfAbsent(stateKey(table, key), k -> new State());
  }

  private static String stateKey(String table, byte[] key) {
    return table + ":" + HexFormat.of().formatHex(key);
  }

  /**
   * Phase 1: promise a higher ballot, with what this replica has accepted and its most recent commit. {@code trace}: a
   * traced round's events here, as Cassandra 4.1's PaxosState.legacyPrepare records them on the
   * mutation stage: the Paxos state read from system.paxos when not yet held (ringsim holds it from the first round
   * on the partition, as Cassandra's cache does), the promise and its write to the paxos table.
   */
  NodeMessage.PaxosPromise prepare(NodeMessage.PaxosPrepare p, NodeContext node, RequestTrace trace) {
    boolean known = states.containsKey(stateKey(p.table(), p.key()));
    State s = state(p.table(), p.key());
    if (trace.isOn() && !known) {
      long now = node.nowMicros();
      for (String a : List.of("Executing single-partition query on paxos", "Acquiring sstable references",
          "Merging memtable contents", "Read 0 live rows and 0 tombstone cells")) {
        trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, a));
      }
    }
    if (p.ballot() <= s.promised) {
      return new NodeMessage.PaxosPromise(p.requestId(), false, s.promised, s.acceptedBallot, new byte[0],
          s.committed);
    }
    s.promised = p.ballot();
    if (trace.isOn()) {
      long now = node.nowMicros();
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Promising ballot " + PaxosText.ballot(p.ballot())));
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Appending to commitlog"));
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Adding to paxos memtable"));
    }
    return new NodeMessage.PaxosPromise(p.requestId(), true, s.promised, s.acceptedBallot, s.accepted, s.committed);
  }

  /** Phase 2: accept a proposal unless a higher ballot was promised since. */
  NodeMessage.PaxosAccepted propose(NodeMessage.PaxosPropose p, NodeContext node, RequestTrace trace) {
    State s = state(p.table(), p.key());
    if (p.ballot() < s.promised) return new NodeMessage.PaxosAccepted(p.requestId(), p.ballot(), false);
    s.promised = p.ballot();
    s.acceptedBallot = p.ballot();
    s.accepted = p.update();
    if (trace.isOn()) {
      long now = node.nowMicros();
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Accepting proposal "
          + proposalText("Accepted", node, p.table(), p.key(), p.ballot(), p.update())));
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Appending to commitlog"));
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Adding to paxos memtable"));
    }
    return new NodeMessage.PaxosAccepted(p.requestId(), p.ballot(), true);
  }

  /**
   * Commit: apply the update as a plain mutation and forget the proposal it settles. Traced, as PaxosState.commit
   * records it: the commit, the update's write, then the paxos table's.
   */
  void commit(NodeMessage.PaxosCommit c, NodeContext node, RequestTrace trace) {
    State s = state(c.table(), c.key());
    if (trace.isOn()) {
      trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.MUTATION, "Committing proposal "
          + proposalText("Committed", node, c.table(), c.key(), c.ballot(), c.update())));
    }
    if (c.update().length > 0) ReplicaVerbs.applyMutation(node, c.table(), c.update(), null, trace);
    if (trace.isOn()) {
      long now = node.nowMicros();
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Appending to commitlog"));
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Adding to paxos memtable"));
    }
    if (c.ballot() > s.committed) s.committed = c.ballot();
    if (s.acceptedBallot <= c.ballot()) {
      s.acceptedBallot = Long.MIN_VALUE;
      s.accepted = new byte[0];
    }
  }

  private static String proposalText(String kind, NodeContext node, String table, byte[] key, long ballot,
      byte[] update) {
    TableStore t = node.storage.table(table).orElse(null);
    if (t == null) return kind;
    io.ringsim.storage.Partition p = update.length > 0 ? PartitionCodec.decode(update, t.schema())
        : t.schema().newPartition(key);
    return PaxosText.proposal(kind, ballot, p, t.schema().metadata());
  }
}
