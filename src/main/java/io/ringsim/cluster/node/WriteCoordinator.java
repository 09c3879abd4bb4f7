package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One client write this node coordinates (Cassandra's write response handler): it stamps the update with the node's
 * clock, takes the key's {@link ReplicaPlan}, answers Unavailable when too few targets are up, sends the mutation
 * to the live ones (applying it here when this node is one), counts acknowledgements until the consistency level is
 * met, and stores hints for the targets that are down or never answer. Counter writes go to {@link CounterLeader}.
 */
final class WriteCoordinator extends PendingRequest {
  private final ClientRequest.Write w;
  private final Replier replyTo;
  private final ReplicaPlan plan;
  private final byte[] update;
  private final Partition decoded;
  private final long ts;
  /** The write's now, reported to the client (see {@link ClientResponse.WriteDone#nowInSec}). */
  private final int now;
  private final AckTracker acks;
  private final List<String> acked = new ArrayList<>(4);
  /** Targets sent the mutation that have not answered (a handful: a list, sorted only on a timeout). */
  private final List<String> awaiting = new ArrayList<>(4);
  private boolean done;

  /** A client's write, coordinated by {@code node}. */
  static void coordinate(NodeContext node, ClientRequest.Write w, Replier replyTo) {
    w.consistency().validateForWrite();
    node.metrics.coordinatedWrites++;
    if (node.catalog().table(w.table()).orElseThrow().isCounterTable()) {
      CounterLeader.coordinate(node, w, replyTo);
      return;
    }
    TableStore local = node.storage.table(w.table()).orElseThrow();
    DecoratedKey key = local.schema().decorate(w.key());
    long ts = node.nextTimestamp();
    // The TTLs it writes count from the request's now (the client's, else this coordinator's clock).
    int now = node.requestNow(w.nowInSec());
    Partition update = w.update().build(ts, now);
    byte[] bytes = PartitionCodec.encode(update);
    node.storage.validateWrite(update);
    WriteCoordinator write = new WriteCoordinator(node, node.newRequestId(), w, replyTo,
        node.topology.writePlan(w.table(), key.token(), w.consistency()), bytes, update, ts, now);
    write.start(key);
  }

  /**
   * {@code update} is the mutation as replicas get it, {@code decoded} the same partition (handed to local and
   * in-JVM replicas so they need not decode it), {@code ts} its timestamp for the client's answer.
   */
  WriteCoordinator(NodeContext node, long id, ClientRequest.Write w, Replier replyTo, ReplicaPlan plan,
      byte[] update, Partition decoded, long ts) {
    this(node, id, w, replyTo, plan, update, decoded, ts, ClientResponse.NOW_NOT_REPORTED);
  }

  WriteCoordinator(NodeContext node, long id, ClientRequest.Write w, Replier replyTo, ReplicaPlan plan,
      byte[] update, Partition decoded, long ts, int now) {
    super(node, id, w.trace());
    this.now = now;
    this.w = w;
    this.replyTo = replyTo;
    this.plan = plan;
    this.update = update;
    this.decoded = decoded;
    this.ts = ts;
    this.acks = plan.tracker();
  }

  /** Whether a hint was stored for this write (what satisfies ANY when no replica acknowledges). */
  private boolean hinted;
  /**
   * A counter leader's replication of the shard it wrote (see CounterLeader): it has already traced its own write,
   * on its counter stage, so its own copy goes untraced here and it determines no replicas again.
   */
  boolean counterLeader;

  void start(DecoratedKey key) {
    if (!counterLeader) trace(TraceStage.NATIVE_TRANSPORT, TraceParts.DETERMINING_REPLICAS); // StorageProxy.mutate
    if (traced()) traceReplicas(key);
    List<String> live = node.live(plan.targets());
    boolean any = w.consistency() == ConsistencyLevel.ANY;
    if (!any && !plan.canBeMet(live)) {
      int alive = plan.aliveCounting(live);
      trace(TraceStage.RINGSIM, "Unavailable: " + alive + " of " + acks.required() + " required replicas alive");
      trace(TraceStage.NATIVE_TRANSPORT, "Unavailable"); // StorageProxy.mutate's catch
      replyTo.reply(plan.unavailable(node.name(), alive, traceList()));
      return;
    }
    node.register(this, node.cfg.writeTimeout());
    for (int i = 0; i < live.size(); i++) if (!awaiting.contains(live.get(i))) awaiting.add(live.get(i));
    List<String> targets = plan.targets();
    // Cassandra sends to the remote replicas first and writes its own copy last (StorageProxy.sendToHintedReplicas);
    // ringsim does both in the same instant, and its trace lists them in Cassandra's order.
    if (traced()) {
      for (String r : targets) {
        if (node.isUp(r) && !r.equals(node.name())) {
          // Tracing.traceOutgoingMessage; the size is the mutation's in ringsim's encoding, not Cassandra's.
          trace(TraceStage.MESSAGING, "Sending MUTATION_REQ message to {} message size " + update.length + " bytes", r);
        }
      }
    }
    for (int i = 0; i < targets.size(); i++) {
      String r = targets.get(i);
      if (!node.isUp(r)) {
        storeHint(r);
        continue;
      }
      if (r.equals(node.name())) {
        node.traceEvent("local-write", r, w.table(), key.token(), id, ts);
        ReplicaVerbs.localMutation(node, id, w.table(), update, decoded, counterLeader ? RequestTrace.OFF : trace);
      } else {
        node.send(r, new NodeMessage.Mutation(id, w.table(), update, false, traced(), decoded));
      }
    }
    if (any && !done && !acked.isEmpty()) return;
    if (any && !done && hinted) {
      // ANY is satisfied by a hint stored for this write.
      complete();
    }
  }

  private void storeHint(String r) {
    if (!node.cfg.hintedHandoff()) return;
    long since = node.downSince(r);
    // A hint lives as long as the table's gc_grace_seconds (a mutation here touches one table). A table dropped while
    // the write was in flight leaves nothing to hint: Cassandra discards a hint for an unknown table when it replays it.
    Optional<TableMetadata> table = node.catalog().table(w.table());
    if (table.isEmpty()) return;
    int ttl = table.get().params().gcGraceSeconds();
    if (node.hints.store(r, new NodeMessage.Mutation(0, w.table(), update, true), node.loopNanos(), since, ttl)) {
      hinted = true;
      node.traceEvent("hint-stored", r, w.table(), decoded.key().token(), id, ts);
      trace(TraceStage.RINGSIM, "Replica {} is down: hint stored", r);
    } else {
      node.traceEvent("hint-refused", r, w.table(), decoded.key().token(), id, ts);
      // Cassandra's words (StorageProxy.shouldHint); ringsim counts the window in virtual time.
      trace(TraceStage.NATIVE_TRANSPORT, "Not hinting {} which has been down " + (node.loopNanos() - since) / 1_000_000 + " ms", r);
    }
  }

  /** ringsim's own event: where the key's token lives (Cassandra's trace does not say). */
  private void traceReplicas(DecoratedKey key) {
    List<String> replicas = plan.placement().replicas();
    List<String> peers = new ArrayList<>(replicas);
    peers.addAll(plan.pending());
    String format = "Token " + key.token() + " is replicated on " + String.join(", ", replicas.stream().map(x -> "{}")
        .toList()) + (plan.pending().isEmpty() ? "" : ", pending (joining) "
        + String.join(", ", plan.pending().stream().map(x -> "{}").toList()));
    trace(TraceStage.RINGSIM, format, peers.toArray(String[]::new));
  }

  @Override
  void onResponse(String from, NodeMessage m) {
    if (m instanceof NodeMessage.MutationAck ack) {
      if (traced()) {
        absorb(ack.trace());
        traceResponse("MUTATION_RSP", from);
      }
      onAck(from);
    }
  }

  @Override
  void onLocalResponse(String self, NodeMessage m) {
    if (m instanceof NodeMessage.MutationAck) onAck(self);
  }

  private void onAck(String from) {
    awaiting.remove(from);
    acked.add(from);
    if (!done && acks.ack(from)) complete();
    if (awaiting.isEmpty()) finish();
  }

  private void complete() {
    done = true;
    replyTo.reply(new ClientResponse.WriteDone(node.name(), ts, List.copyOf(acked), traceList(), now));
  }

  @Override
  void onTimeout() {
    finish();
    // Replicas that never answered get hints, as Cassandra's coordinator writes them on timeout.
    List<String> silent = new ArrayList<>(awaiting);
    silent.sort(null);
    for (String r : silent) storeHint(r);
    if (done) return;
    trace(TraceStage.NATIVE_TRANSPORT, "Write timeout; received " + acks.received() + " of " + acks.required() + " required replies");
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.WriteTimeout,
        "Operation timed out - received only " + acks.received() + " responses.", acks.received(),
        acks.required(), traceList()));
  }
}
