package io.ringsim.cluster.node;

import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.TableStore;
import java.util.HexFormat;
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
    return states.computeIfAbsent(table + ":" + HexFormat.of().formatHex(key), k -> new State());
  }

  /** Phase 1: promise a higher ballot, with what this replica has accepted and its current data. */
  NodeMessage.PaxosPromise prepare(NodeMessage.PaxosPrepare p, NodeContext node) {
    State s = state(p.table(), p.key());
    if (p.ballot() <= s.promised) {
      return new NodeMessage.PaxosPromise(p.requestId(), false, s.promised, s.acceptedBallot, new byte[0], s.committed,
          new byte[0]);
    }
    s.promised = p.ballot();
    byte[] current = new byte[0];
    TableStore t = node.storage.table(p.table()).orElse(null);
    if (t != null) {
      // Judged at the round's now (what it counts as tombstones), else, from a sender without one, this replica's clock.
      PartitionRead r;
      try {
        r = p.nowInSec() != NodeMessage.NO_NOW ? t.read(t.schema().decorate(p.key()), p.filter().toFilter(), p.nowInSec())
            : t.read(t.schema().decorate(p.key()), p.filter().toFilter());
      } catch (io.ringsim.storage.TombstoneOverwhelmingException e) {
        // The round's read failed here, as a plain read would: the coordinator answers the client with it.
        return new NodeMessage.PaxosPromise(p.requestId(), false, s.promised, s.acceptedBallot, new byte[0],
            s.committed, new byte[0], e.getMessage());
      }
      if (r.data() != null) current = PartitionCodec.encode(r.data());
    }
    return new NodeMessage.PaxosPromise(p.requestId(), true, s.promised, s.acceptedBallot, s.accepted, s.committed,
        current);
  }

  /** Phase 2: accept a proposal unless a higher ballot was promised since. */
  NodeMessage.PaxosAccepted propose(NodeMessage.PaxosPropose p) {
    State s = state(p.table(), p.key());
    if (p.ballot() < s.promised) return new NodeMessage.PaxosAccepted(p.requestId(), false);
    s.promised = p.ballot();
    s.acceptedBallot = p.ballot();
    s.accepted = p.update();
    return new NodeMessage.PaxosAccepted(p.requestId(), true);
  }

  /** Commit: apply the update as a plain mutation and forget the proposal it settles. */
  void commit(NodeMessage.PaxosCommit c, NodeContext node) {
    State s = state(c.table(), c.key());
    if (c.update().length > 0) ReplicaVerbs.applyMutation(node, c.table(), c.update());
    if (c.ballot() > s.committed) s.committed = c.ballot();
    if (s.acceptedBallot <= c.ballot()) {
      s.acceptedBallot = Long.MIN_VALUE;
      s.accepted = new byte[0];
    }
  }
}
