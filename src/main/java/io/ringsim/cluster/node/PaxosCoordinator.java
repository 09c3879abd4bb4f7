package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.WriteType;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LivenessFilter;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The proposer's side of one lightweight transaction (Paxos v1, as Cassandra runs it): prepare/promise, read,
 * propose/accept, commit, with a randomised backoff on contention. A ballot is the proposer's clock in microseconds
 * times 2^11 plus its node index, so ballots are unique and the committed write's timestamp is the ballot's time;
 * 53 bits of microseconds reach the year 2255, so served clusters, whose clocks show today's date, fit too. A SERIAL
 * read is the same round proposing an empty update, as Cassandra 4.1's linearizable reads do. The acceptor's side is
 * {@link PaxosReplica}.
 *
 * <p>As in Cassandra's StorageProxy.doPaxos: a prepare is abandoned at the first refusal; a proposal of the client's
 * own (or the empty one of a failed condition or a SERIAL read) waits for every contacted replica, and if some but not
 * a quorum accepted it the client is told the result is unknown (CAS_WRITE_UNKNOWN; a CAS write timeout before
 * protocol v5), because a later round may still finish it; only a proposal nobody accepted is retried. Replaying
 * another coordinator's in-progress proposal gives up as soon as a quorum is out of reach. Retries back off 0-99 ms
 * and stop after cas_contention_timeout.
 */
final class PaxosCoordinator extends PendingRequest {
  /** Cassandra's cas_contention_timeout default: no new round starts after it. */
  static final Duration CAS_CONTENTION_TIMEOUT = Duration.ofMillis(1000);

  static void coordinate(NodeContext node, ClientRequest.Cas cas, Replier replyTo) {
    cas.consistency().validateForCas();
    if (cas.commitConsistency().isSerial()) throw new IllegalArgumentException(
        "Invalid consistency for conditional update commit: " + cas.commitConsistency());
    TableStore local = node.storage.table(cas.table()).orElseThrow();
    new PaxosCoordinator(node, node.newRequestId(), cas, replyTo, local.schema(), null).start();
  }

  /** A SERIAL read: a Paxos round that proposes nothing new but finishes any in-progress proposal first. */
  static void serialRead(NodeContext node, ClientRequest.Read r, Replier replyTo) {
    TableStore local = node.storage.table(r.table()).orElseThrow();
    // An in-progress proposal it finishes is committed at QUORUM (LOCAL_QUORUM for LOCAL_SERIAL), so that the read
    // after sees it (readWithPaxos's consistencyForReplayCommits).
    ConsistencyLevel replay = r.consistency() == ConsistencyLevel.LOCAL_SERIAL ? ConsistencyLevel.LOCAL_QUORUM
        : ConsistencyLevel.QUORUM;
    ClientRequest.Cas cas = new ClientRequest.Cas(r.table(), r.key(), r.filter(), p -> false,
        (ts, now) -> local.schema().newPartition(r.key()), r.consistency(), replay, r.trace(), r.nowInSec());
    new PaxosCoordinator(node, node.newRequestId(), cas, replyTo, local.schema(), r).start();
  }

  final ClientRequest.Cas cas;
  final Replier replyTo;
  final TableSchema schema;
  final ClientRequest.Read serialRead;
  final DecoratedKey key;
  /** The replicas plus, while a node joins, the pending ones: Paxos runs among all of them, as Cassandra's does. */
  ReplicaPlan participants;
  /** The same replicas counted as Paxos counts them for prepare and propose (see ReplicaPlan.paxosElectorate). */
  ReplicaPlan electorate;
  List<String> live;
  /** Whom prepare and propose go to: the live participants (LOCAL_SERIAL: of this data centre only). */
  List<String> contacts;
  long ballot;
  int attempts;
  /** Where the round is: what an answer or a timer that arrives now belongs to. */
  enum Phase { PREPARE, READ, PROPOSE, COMMIT, BACKOFF }

  Phase phase;
  AckTracker acks;
  int refusals;
  /** Acceptances of the current proposal. */
  int accepts;
  /** Rounds lost to competing ballots, as Cassandra counts them for its timeout message. */
  int contentions;
  /** The merged partition of the round's own read, for the trace of a condition that does not hold. */
  Partition readMerged;
  /** The highest ballot a refusal showed: ballots are positive, so 0 means none. */
  long highestSeen = 0;
  final List<NodeMessage.PaxosPromise> promises = new ArrayList<>();
  boolean finishingInProgress;
  /** A round whose condition failed: the values to answer with once its empty proposal is accepted (else null). */
  LivePartition notApplied;
  byte[] proposal;
  /** After this no new round starts (cas_contention_timeout). */
  long contentionDeadlineNanos;
  /** The round's now, fixed once on arrival (as Cassandra's query state fixes it): the condition's view and the
   * update's TTLs use it, across every retried ballot. */
  final int now;

  private PaxosCoordinator(NodeContext node, long id, ClientRequest.Cas cas, Replier replyTo, TableSchema schema,
      ClientRequest.Read serialRead) {
    super(node, id, cas.trace());
    this.cas = cas;
    this.replyTo = replyTo;
    this.schema = schema;
    this.serialRead = serialRead;
    this.key = schema.decorate(cas.key());
    this.now = node.requestNow(cas.nowInSec());
  }

  void start() {
    participants = node.topology.writePlan(cas.table(), key.token(), cas.consistency());
    electorate = participants.paxosElectorate();
    live = node.live(participants.targets());
    if (!electorate.canBeMet(live)) {
      replyTo.reply(electorate.unavailable(node.name(), electorate.aliveCounting(live), traceList()));
      return;
    }
    contacts = electorate.paxosContacts(live);
    contentionDeadlineNanos = node.loopNanos() + CAS_CONTENTION_TIMEOUT.toNanos();
    node.register(this, node.cfg.writeTimeout());
    prepare();
  }

  void prepare() {
    attempts++;
    long micros = Math.max(node.nextTimestampAfter(cas.clientClockMicros()), ballotMicros(highestSeen) + 1);
    ballot = (micros << NodeConfig.INDEX_BITS) | node.cfg.index();
    phase = Phase.PREPARE;
    acks = electorate.tracker();
    refusals = 0;
    promises.clear();
    trace(TraceStage.RINGSIM, "Preparing ballot " + ballot + " (attempt " + attempts + ")");
    trace(TraceStage.NATIVE_TRANSPORT, "Preparing " + PaxosText.ballot(ballot)); // StorageProxy.beginAndRepairPaxos
    // Rows the condition names by their key are read as Cassandra's CAS read reads them (NamedRowsRead); otherwise the
    // whole partition, which the condition's filter then narrows.
    NodeMessage.PaxosPrepare m = new NodeMessage.PaxosPrepare(id, cas.table(), cas.key(), ballot, traced());
    traceSends(contacts, "PAXOS_PREPARE_REQ", cas.key().length + cas.table().length());
    for (String r : contacts) node.send(r, m);
  }

  /** Messaging's line for each replica but this node, which runs its own part without a message. */
  private void traceSends(List<String> to, String verb, int bytes) {
    if (!traced()) return;
    for (String r : to) {
      if (!r.equals(node.name())) trace(TraceStage.MESSAGING, "Sending " + verb + " message to {} message size " + bytes
          + " bytes", r);
    }
  }

  /** A traced answer: the replica's events, then, from another node, its arrival and processing here. */
  private void traceAnswer(String from, NodeMessage m) {
    if (!traced()) return;
    List<TraceEvent> events = m instanceof NodeMessage.PaxosPromise p ? p.trace()
        : m instanceof NodeMessage.PaxosAccepted a ? a.trace()
        : m instanceof NodeMessage.MutationAck k ? k.trace() : List.of();
    absorb(events);
    if (from.equals(node.name())) return;
    traceResponse(m instanceof NodeMessage.PaxosPromise ? "PAXOS_PREPARE_RSP"
        : m instanceof NodeMessage.PaxosAccepted ? "PAXOS_PROPOSE_RSP" : "PAXOS_COMMIT_RSP", from);
  }

  @Override
  void onResponse(String from, NodeMessage m) {
    traceAnswer(from, m);
    if (m instanceof NodeMessage.PaxosPromise p && phase == Phase.PREPARE && p.requestId() == id) {
      if (!p.promised()) {
        // A refusal below this ballot answered an earlier round of this request.
        if (p.promisedBallot() < ballot) return;
        highestSeen = Math.max(highestSeen, p.promisedBallot());
        trace(TraceStage.RINGSIM, "Promise refused by " + from + " (higher ballot)");
        // Cassandra's PrepareCallback gives up at the first refusal.
        trace(TraceStage.NATIVE_TRANSPORT, "Some replicas have already promised a higher ballot than ours; aborting");
        contend();
        return;
      }
      if (p.promisedBallot() != ballot) return;
      promises.add(p);
      if (acks.ack(from)) onPromised();
    } else if (m instanceof NodeMessage.PaxosAccepted a && phase == Phase.PROPOSE && a.ballot() == ballot) {
      if (a.accepted()) {
        accepts++;
        if (acks.ack(from)) {
          onAccepted();
          return;
        }
      } else {
        refusals++;
        trace(TraceStage.RINGSIM, "Proposal rejected by " + from);
      }
      if (finishingInProgress) {
        if (refusals > contacts.size() - acks.required()) {
          trace(TraceStage.NATIVE_TRANSPORT, "Some replicas have already promised a higher ballot than ours; aborting");
          contend();
        }
        return;
      }
      if (accepts + refusals < contacts.size()) return;
      if (accepts == 0) {
        trace(TraceStage.NATIVE_TRANSPORT, "Paxos proposal not accepted (pre-empted by a higher ballot)");
        contend();
        return;
      }
      unknownResult();
    } else if (m instanceof NodeMessage.MutationAck k && phase == Phase.COMMIT && k.ballot() == ballot) {
      if (acks.ack(from)) onCommitted();
    }
  }

  /** A round lost to a competing ballot: back off a random 0-99 ms and start again, as Cassandra's proposers do. */
  private void contend() {
    contentions++;
    if (node.loopNanos() >= contentionDeadlineNanos) {
      contentionTimeout();
      return;
    }
    phase = Phase.BACKOFF;
    node.resumeLater(this, Duration.ofMillis(node.randomBelow(100)));
  }

  /** Some replicas but not a quorum accepted the client's proposal: a later round may still commit it. */
  private void unknownResult() {
    finish();
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.CASWriteUnknown,
        "CAS operation result is unknown - proposal accepted by " + accepts + " but not a quorum.", accepts,
        acks.required(), traceList(), cas.consistency(), WriteType.CAS));
  }

  @Override
  void onResume() {
    if (phase == Phase.BACKOFF) prepare();
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
      trace(TraceStage.RINGSIM, "Finishing an in-progress proposal of ballot " + inProgress.acceptedBallot());
      if (traced()) {
        trace(TraceStage.NATIVE_TRANSPORT, "Finishing incomplete paxos round " + PaxosText.proposal("Accepted",
            inProgress.acceptedBallot(), PartitionCodec.decode(inProgress.accepted(), schema), schema.metadata()));
      }
      finishingInProgress = true;
      // Commit.newProposal: the replayed update is re-stamped with this round's ballot time.
      propose(PartitionCodec.encode(PartitionCodec.decode(inProgress.accepted(), schema)
          .withAllTimestamps(ballotMicros(ballot))));
      return;
    }
    if (serialRead != null) {
      // The empty proposal makes sure no older in-progress proposal can be finished after this read; the values are
      // read after it (Cassandra 4.1's readWithPaxos).
      finishingInProgress = false;
      trace(TraceStage.NATIVE_TRANSPORT, "CAS precondition is met; proposing client-requested updates for "
          + PaxosText.ballot(ballot));
      propose(new byte[0]);
      return;
    }
    // Cassandra reads the current values in a QUORUM read of its own once it holds the promises (readOne).
    trace(TraceStage.NATIVE_TRANSPORT, "Reading existing values for CAS precondition");
    phase = Phase.READ;
    long round = ballot;
    ReadCoordinator.forPaxos(node, ownRead(cas.filter()), p -> readMerged = p, r -> onConditionRead(round, r));
  }

  /** The read of a round's own: QUORUM, or LOCAL_QUORUM for LOCAL_SERIAL, at the round's now, traced with it. */
  private ClientRequest.Read ownRead(io.ringsim.storage.ReadFilter filter) {
    ConsistencyLevel cl = cas.consistency() == ConsistencyLevel.LOCAL_SERIAL ? ConsistencyLevel.LOCAL_QUORUM
        : ConsistencyLevel.QUORUM;
    return new ClientRequest.Read(cas.table(), cas.key(), filter, cl, traced(), now);
  }

  /** What the round's own read brought, or its failure: the condition is judged on it (a SERIAL read answers it). */
  private boolean ownReadAnswered(long round, ClientResponse r) {
    if (phase != Phase.READ || round != ballot) return false; // the round timed out meanwhile
    if (traced()) absorb(r instanceof ClientResponse.ReadDone d ? d.trace()
        : r instanceof ClientResponse.Failed f ? f.trace() : List.of());
    if (r instanceof ClientResponse.ReadDone) return true;
    // A failed read fails the round with the read's own error (a ReadTimeout or ReadFailure at QUORUM), as readOne's
    // exception leaves StorageProxy.cas.
    finish();
    ClientResponse.Failed f = (ClientResponse.Failed) r;
    replyTo.reply(new ClientResponse.Failed(node.name(), f.error(), f.message(), f.received(), f.required(),
        traceList(), f.reported(), f.writeType()));
    return false;
  }

  private void onConditionRead(long round, ClientResponse r) {
    if (!ownReadAnswered(round, r)) return;
    Partition merged = readMerged;
    List<LivePartition> parts = ((ClientResponse.ReadDone) r).partitions();
    LivePartition current = parts.isEmpty() ? new LivePartition(key, null, List.of()) : parts.get(0);
    boolean holds;
    try {
      holds = cas.condition().test(current);
    } catch (CqlException e) {
      // A condition Cassandra refuses only when it judges it (IF l[?] = ? with a null index, IF v > null).
      finish();
      replyTo.reply(new ClientResponse.Failed(node.name(), e.errorClass(), e.getMessage(), 0, 0, traceList()));
      return;
    }
    if (!holds) {
      trace(TraceStage.RINGSIM, "Condition not met: not applied");
      if (traced()) {
        trace(TraceStage.NATIVE_TRANSPORT, "CAS precondition does not match current values "
            + PaxosText.current(merged, cas.key(), schema.metadata()));
      }
      // Cassandra 4.1 still proposes, an empty update, so that the values it answers with were read linearizably;
      // it commits nothing after (an empty proposal is not committed).
      notApplied = current;
      finishingInProgress = false;
      trace(TraceStage.NATIVE_TRANSPORT, "CAS precondition is met; proposing client-requested updates for "
          + PaxosText.ballot(ballot));
      propose(new byte[0]);
      return;
    }
    finishingInProgress = false;
    notApplied = null;
    Partition update;
    try {
      update = cas.update().build(ballotMicros(ballot), now, current);
    } catch (CqlException e) {
      // A write that cannot be built (a TTL expiring past 2038) is refused only once its condition applies, as in
      // Cassandra, which builds the update inside the round too.
      finish();
      replyTo.reply(new ClientResponse.Failed(node.name(), e.errorClass(), e.getMessage(), 0, 0, traceList()));
      return;
    }
    trace(TraceStage.NATIVE_TRANSPORT, "CAS precondition is met; proposing client-requested updates for "
        + PaxosText.ballot(ballot));
    propose(PartitionCodec.encode(update));
  }

  void propose(byte[] update) {
    phase = Phase.PROPOSE;
    proposal = update;
    acks = electorate.tracker();
    refusals = 0;
    accepts = 0;
    trace(TraceStage.RINGSIM, "Proposing ballot " + ballot);
    NodeMessage.PaxosPropose m = new NodeMessage.PaxosPropose(id, cas.table(), cas.key(), ballot, update, traced());
    traceSends(contacts, "PAXOS_PROPOSE_REQ", update.length + cas.key().length);
    for (String r : contacts) node.send(r, m);
  }

  void onAccepted() {
    if (serialRead != null && !finishingInProgress) {
      trace(TraceStage.NATIVE_TRANSPORT, "CAS applied successfully");
      phase = Phase.READ;
      long round = ballot;
      ReadCoordinator.forPaxos(node, ownRead(serialRead.filter()), p -> {}, r -> {
        if (!ownReadAnswered(round, r)) return;
        finish();
        ClientResponse.ReadDone d = (ClientResponse.ReadDone) r;
        replyTo.reply(new ClientResponse.ReadDone(node.name(), d.partitions(), d.replicas(), d.repaired(),
            d.warnings(), traceList(), d.truncated(), now));
      });
      return;
    }
    if (notApplied != null && !finishingInProgress) {
      trace(TraceStage.NATIVE_TRANSPORT, "CAS did not apply");
      finish();
      replyTo.reply(new ClientResponse.CasDone(node.name(), false, notApplied, traceList(), now));
      return;
    }
    phase = Phase.COMMIT;
    acks = participants.tracker(cas.commitConsistency());
    trace(TraceStage.RINGSIM, "Committing ballot " + ballot);
    NodeMessage.PaxosCommit m = new NodeMessage.PaxosCommit(id, cas.table(), cas.key(), ballot, proposal, traced());
    traceSends(live, "PAXOS_COMMIT_REQ", proposal.length + cas.key().length);
    for (String r : live) node.send(r, m);
  }

  void onCommitted() {
    if (finishingInProgress) {
      finishingInProgress = false;
      if (node.loopNanos() >= contentionDeadlineNanos) {
        contentionTimeout();
        return;
      }
      prepare();
      return;
    }
    trace(TraceStage.NATIVE_TRANSPORT, "CAS applied successfully");
    finish();
    replyTo.reply(new ClientResponse.CasDone(node.name(), true, null, traceList(), now));
  }

  /**
   * write_request_timeout passed while waiting in a phase. As Cassandra reports it: in prepare and propose a CAS
   * timeout at the Paxos consistency (a propose counts every contacted replica's answer), in the commit a plain one at
   * the commit consistency; a SERIAL read times out as a read.
   */
  @Override
  void onTimeout() {
    switch (phase) {
      case PREPARE -> casTimeout(acks.received(), acks.required(), cas.consistency(), WriteType.CAS);
      case PROPOSE -> casTimeout(accepts + refusals, contacts.size(), cas.consistency(), WriteType.CAS);
      case COMMIT -> casTimeout(acks.received(), acks.required(), cas.commitConsistency(), WriteType.SIMPLE);
      // The round's own read answers by its own (read) timeout, as Cassandra's readOne does.
      case READ -> { }
      case BACKOFF -> contentionTimeout();
    }
  }

  /** No round won before cas_contention_timeout. */
  private void contentionTimeout() {
    casTimeout(0, electorate.tracker().required(), cas.consistency(), WriteType.CAS);
  }

  private void casTimeout(int received, int required, ConsistencyLevel cl, WriteType type) {
    finish();
    if (serialRead != null) {
      // readWithPaxos turns any write timeout of its round into a read timeout with nothing received.
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadTimeout,
          "Operation timed out - received only 0 responses.", 0, electorate.tracker().required(), traceList(),
          cas.consistency(), null));
      return;
    }
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.WriteTimeout, "CAS operation timed out: received "
        + received + " of " + required + " required responses after " + contentions + " contention retries", received,
        required, traceList(), cl, type));
  }

  /** The time part of a ballot: the committed write's timestamp. */
  static long ballotMicros(long ballot) {
    return ballot >>> NodeConfig.INDEX_BITS;
  }
}
