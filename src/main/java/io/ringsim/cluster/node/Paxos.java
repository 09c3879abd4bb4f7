package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import io.ringsim.cluster.AckTracker;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveView;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Lightweight transactions as Cassandra runs them (Paxos v1): prepare/promise, read, propose/accept, commit. A
 * ballot is the proposer's clock in microseconds shifted left 16 bits plus its node index, so ballots are unique and
 * the committed write's timestamp is the ballot's time. The replica side keeps, per partition, the highest promise,
 * the accepted but uncommitted proposal, and the most recent commit.
 */
final class Paxos {
  private static final class State {
    long promised = Long.MIN_VALUE;
    long acceptedBallot = Long.MIN_VALUE;
    byte[] accepted = new byte[0];
    long committed = Long.MIN_VALUE;
  }

  private final Map<String, State> states = new TreeMap<>();

  void clear() {
    // Cassandra keeps Paxos state in a system table that survives restarts; the simulation keeps it too.
  }

  private State state(String table, byte[] key) {
    return states.computeIfAbsent(table + ":" + HexFormat.of().formatHex(key), k -> new State());
  }

  // ---------------------------------------------------------------- replica side

  NodeMessage.PaxosPromise prepare(NodeMessage.PaxosPrepare p, NodeActor node) {
    State s = state(p.table(), p.key());
    if (p.ballot() <= s.promised) {
      return new NodeMessage.PaxosPromise(p.requestId(), false, s.promised, s.acceptedBallot, new byte[0], s.committed,
          new byte[0]);
    }
    s.promised = p.ballot();
    byte[] current = new byte[0];
    TableStore t = node.table(p.table()).orElse(null);
    if (t != null) {
      PartitionRead r = t.read(t.schema().decorate(p.key()), p.filter().toFilter());
      if (r.data() != null) current = PartitionCodec.encode(r.data());
    }
    return new NodeMessage.PaxosPromise(p.requestId(), true, s.promised, s.acceptedBallot, s.accepted, s.committed,
        current);
  }

  NodeMessage.PaxosAccepted propose(NodeMessage.PaxosPropose p) {
    State s = state(p.table(), p.key());
    if (p.ballot() < s.promised) return new NodeMessage.PaxosAccepted(p.requestId(), false);
    s.promised = p.ballot();
    s.acceptedBallot = p.ballot();
    s.accepted = p.update();
    return new NodeMessage.PaxosAccepted(p.requestId(), true);
  }

  void commit(NodeMessage.PaxosCommit c, NodeActor node) {
    State s = state(c.table(), c.key());
    if (c.update().length > 0) node.applyMutation(c.table(), c.update());
    if (c.ballot() > s.committed) s.committed = c.ballot();
    if (s.acceptedBallot <= c.ballot()) {
      s.acceptedBallot = Long.MIN_VALUE;
      s.accepted = new byte[0];
    }
  }

  // ---------------------------------------------------------------- coordinator side

  void coordinate(ClientRequest.Cas cas, Replier replyTo, NodeActor node) {
    cas.consistency().validateForCas();
    if (cas.commitConsistency().isSerial()) throw new IllegalArgumentException(
        "Invalid consistency for conditional update commit: " + cas.commitConsistency());
    TableStore local = node.table(cas.table()).orElseThrow();
    new PendingCas(node, node.allocateRequestId(), cas, replyTo, local.schema(), null).start();
  }

  /** A SERIAL read: a Paxos round that proposes nothing new but finishes any in-progress proposal first. */
  void serialRead(ClientRequest.Read r, Replier replyTo, NodeActor node) {
    TableStore local = node.table(r.table()).orElseThrow();
    ClientRequest.Cas cas = new ClientRequest.Cas(r.table(), r.key(), r.filter(), p -> false,
        (ts, now) -> local.schema().newPartition(r.key()), r.consistency(), ConsistencyLevel.QUORUM, r.trace());
    new PendingCas(node, node.allocateRequestId(), cas, replyTo, local.schema(), r).start();
  }

  private final class PendingCas extends PendingRequest {
    final ClientRequest.Cas cas;
    final Replier replyTo;
    final TableSchema schema;
    final ClientRequest.Read serialRead;
    final DecoratedKey key;
    NodeActor.Placement placement;
    /** The replicas plus, while a node joins, the pending ones: Paxos runs among all of them, as Cassandra's does. */
    NodeActor.WritePlacement participants;
    List<String> live;
    long ballot;
    int attempts;
    String phase;
    AckTracker acks;
    int refusals;
    /** The highest ballot a refusal showed: ballots are positive, so 0 means none (MIN_VALUE >>> 16 would be 2^47). */
    long highestSeen = 0;
    final List<NodeMessage.PaxosPromise> promises = new ArrayList<>();
    boolean finishingInProgress;
    byte[] proposal;
    long deadlineNanos;

    PendingCas(NodeActor node, long id, ClientRequest.Cas cas, Replier replyTo, TableSchema schema,
        ClientRequest.Read serialRead) {
      super(node, id, cas.trace());
      this.cas = cas;
      this.replyTo = replyTo;
      this.schema = schema;
      this.serialRead = serialRead;
      this.key = schema.decorate(cas.key());
    }

    void start() {
      participants = node.writePlacement(cas.table(), key.token());
      placement = participants.placement();
      live = new ArrayList<>();
      for (String r : participants.targets()) if (node.up(r)) live.add(r);
      if (!AckTracker.canBeMet(cas.consistency(), live, participants.dcOf(), placement.rfByDc(), node.dc(),
          placement.nts(), participants.pendingByDc())) {
        int alive = AckTracker.aliveCounting(cas.consistency(), live, participants.dcOf(), placement.rfByDc(),
            node.dc(), placement.nts());
        int required = tracker(cas.consistency()).required();
        replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.Unavailable, "Cannot achieve consistency "
            + "level " + cas.consistency() + " (required " + required + ", alive " + alive + ")", alive, required,
            traceList()));
        return;
      }
      deadlineNanos = node.loopNanos() + node.writeTimeout().toNanos();
      node.track(this, node.writeTimeout());
      prepare();
    }

    private AckTracker tracker() {
      return tracker(cas.consistency());
    }

    private AckTracker tracker(io.ringsim.cluster.ConsistencyLevel cl) {
      return new AckTracker(cl, participants.dcOf(), placement.rfByDc(), node.dc(), placement.nts(),
          participants.pendingByDc());
    }

    void prepare() {
      attempts++;
      long micros = Math.max(node.newTimestamp(), (highestSeen >>> 16) + 1);
      ballot = (micros << 16) | node.nodeIndex();
      phase = "prepare";
      acks = tracker();
      refusals = 0;
      promises.clear();
      trace("Preparing ballot " + ballot + " (attempt " + attempts + ")");
      NodeMessage.PaxosPrepare m = new NodeMessage.PaxosPrepare(id, cas.table(), cas.key(), ballot,
          FilterSpec.of(ReadFilter.ALL));
      for (String r : live) send(r, m);
    }

    private void send(String r, NodeMessage m) {
      node.sendTo(r, m);
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      if (m instanceof NodeMessage.PaxosPromise p && phase.equals("prepare") && p.requestId() == id) {
        if (!p.promised()) {
          highestSeen = Math.max(highestSeen, p.promisedBallot());
          refusals++;
          trace("Promise refused by " + from + " (higher ballot)");
          if (refusals > live.size() - acks.required()) retry();
          return;
        }
        promises.add(p);
        if (acks.ack(from)) onPromised();
      } else if (m instanceof NodeMessage.PaxosAccepted a && phase.equals("propose")) {
        if (!a.accepted()) {
          refusals++;
          trace("Proposal rejected by " + from);
          if (refusals > live.size() - acks.required()) retry();
          return;
        }
        if (acks.ack(from)) onAccepted();
      } else if (m instanceof NodeMessage.MutationAck && phase.equals("commit")) {
        if (acks.ack(from)) onCommitted();
      }
    }

    private void retry() {
      if (node.loopNanos() >= deadlineNanos) {
        onTimeout();
        return;
      }
      // Contention: back off a random 0-20 ms before a new ballot, as Cassandra's proposers do.
      phase = "backoff";
      node.resumeLater(id, java.time.Duration.ofNanos(node.randomBelow(20_000_000L) + 1_000_000L));
    }

    @Override
    void onResume() {
      if (phase.equals("backoff")) prepare();
    }

    void onPromised() {
      long maxCommitted = Long.MIN_VALUE;
      for (NodeMessage.PaxosPromise p : promises) maxCommitted = Math.max(maxCommitted, p.committedBallot());
      NodeMessage.PaxosPromise inProgress = null;
      for (NodeMessage.PaxosPromise p : promises) {
        if (p.accepted().length > 0 && p.acceptedBallot() > maxCommitted
            && (inProgress == null || p.acceptedBallot() > inProgress.acceptedBallot())) inProgress = p;
      }
      if (inProgress != null) {
        trace("Finishing an in-progress proposal of ballot " + inProgress.acceptedBallot());
        finishingInProgress = true;
        propose(inProgress.accepted());
        return;
      }
      List<Partition> versions = new ArrayList<>();
      for (NodeMessage.PaxosPromise p : promises) {
        if (p.current().length > 0) versions.add(PartitionCodec.decode(p.current(), schema));
      }
      int now = (int) Math.floorDiv(node.clockMicros(), 1_000_000L);
      LivePartition current = versions.isEmpty() ? new LivePartition(key, null, List.of())
          : new LiveView(now).view(Partition.merge(versions), cas.filter());
      if (serialRead != null) {
        finish();
        replyTo.reply(new ClientResponse.ReadDone(node.name(), List.of(current), List.copyOf(live), false, List.of(),
            traceList()));
        return;
      }
      if (!cas.condition().test(current)) {
        trace("Condition not met: not applied");
        finish();
        replyTo.reply(new ClientResponse.CasDone(node.name(), false, current, traceList()));
        return;
      }
      finishingInProgress = false;
      propose(PartitionCodec.encode(cas.update().build(ballot >>> 16, now)));
    }

    void propose(byte[] update) {
      phase = "propose";
      proposal = update;
      acks = tracker();
      refusals = 0;
      trace("Proposing ballot " + ballot);
      NodeMessage.PaxosPropose m = new NodeMessage.PaxosPropose(id, cas.table(), cas.key(), ballot, update);
      for (String r : live) send(r, m);
    }

    void onAccepted() {
      phase = "commit";
      acks = tracker(cas.commitConsistency());
      trace("Committing ballot " + ballot);
      NodeMessage.PaxosCommit m = new NodeMessage.PaxosCommit(id, cas.table(), cas.key(), ballot, proposal);
      for (String r : live) send(r, m);
    }

    void onCommitted() {
      if (finishingInProgress) {
        finishingInProgress = false;
        prepare();
        return;
      }
      finish();
      replyTo.reply(new ClientResponse.CasDone(node.name(), true, null, traceList()));
    }

    @Override
    void onTimeout() {
      finish();
      CqlErrorClass err = phase.equals("commit") ? CqlErrorClass.WriteTimeout : CqlErrorClass.WriteTimeout;
      String msg = "CAS operation timed out: received " + acks.received() + " of " + acks.required()
          + " required responses after " + attempts + " attempts (phase " + phase + ")";
      replyTo.reply(new ClientResponse.Failed(node.name(), serialRead != null ? CqlErrorClass.ReadTimeout : err, msg,
          acks.received(), acks.required(), traceList()));
    }
  }
}
