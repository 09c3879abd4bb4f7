package io.ringsim.cluster.node;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.storage.BoundedSlice;
import io.ringsim.storage.Clustering;
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
import java.util.Map;
import java.util.TreeMap;

/**
 * One single-partition read this node coordinates (Cassandra's read callback): it asks the closest live replicas
 * that can meet the consistency level for the data, asks the spare replicas too when one is late (speculative
 * retry), reconciles the answers ({@link DigestResolver}) and, on a mismatch, repairs the replicas that differ before
 * answering (blocking read repair). SERIAL reads go to {@link PaxosCoordinator}.
 */
final class ReadCoordinator extends PendingRequest {
  /** Fixed speculative-retry delay: well above the simulated network's usual round trip. */
  static final Duration SPECULATIVE_RETRY = Duration.ofMillis(50);

  private final ClientRequest.Read r;
  private final Replier replyTo;
  private final ReplicaPlan plan;
  private final TableSchema schema;
  private final DecoratedKey key;
  private final AckTracker acks;
  /** The replicas' answers, with those a replica in this JVM attached decoded (see NodeMessage.ReadDataReply). */
  private final ReplicaAnswers answers = new ReplicaAnswers();
  /** Live rows each replica's answer held, for a page's read: one at the page's limit may have stopped there. */
  private Map<String, Long> rowsOf;
  /** The replicas' warnings (tombstone thresholds), in the order they came; null while there are none. */
  private List<String> warnings;
  private final List<String> contacted = new ArrayList<>(4);
  /** The live replicas not contacted yet, for a speculative retry (a view of the live list, never modified). */
  private List<String> spares = List.of();
  private boolean repairing;
  private int repairAcks;
  private Partition merged;
  /** The read's now, fixed on arrival: the replicas and the answer's view all judge expiry by it. */
  private final int now;

  /** A client's read, coordinated by {@code node}. */
  static void coordinate(NodeContext node, ClientRequest.Read r, Replier replyTo) {
    r.consistency().validateForRead();
    if (r.consistency().isSerial()) {
      PaxosCoordinator.serialRead(node, r, replyTo);
      return;
    }
    node.metrics.coordinatedReads++;
    TableStore local = node.storage.table(r.table()).orElseThrow();
    DecoratedKey key = local.schema().decorate(r.key());
    ReplicaPlan plan = node.topology.readPlan(r.table(), key.token(), r.consistency());
    new ReadCoordinator(node, node.newRequestId(), r, replyTo, plan, local.schema(), key, p -> {}).start();
  }

  /**
   * The read a Paxos round makes of its own once it holds the promises (Cassandra's readOne at QUORUM or
   * LOCAL_QUORUM): a read like a client's, digests and blocking read repair included, whose merged partition also
   * goes to {@code merged} before the answer, for the round's trace of the values it judged.
   */
  static void forPaxos(NodeContext node, ClientRequest.Read r, java.util.function.Consumer<Partition> merged,
      Replier replyTo) {
    TableStore local = node.storage.table(r.table()).orElseThrow();
    DecoratedKey key = local.schema().decorate(r.key());
    ReplicaPlan plan = node.topology.readPlan(r.table(), key.token(), r.consistency());
    new ReadCoordinator(node, node.newRequestId(), r, replyTo, plan, local.schema(), key, merged).start();
  }

  /** Where a Paxos round's own read hands its merged partition (a client's read: nowhere). */
  private final java.util.function.Consumer<Partition> mergedSink;

  private ReadCoordinator(NodeContext node, long id, ClientRequest.Read r, Replier replyTo, ReplicaPlan plan,
      TableSchema schema, DecoratedKey key, java.util.function.Consumer<Partition> mergedSink) {
    super(node, id, r.trace());
    this.r = r;
    this.replyTo = replyTo;
    this.plan = plan;
    this.schema = schema;
    this.key = key;
    this.acks = plan.tracker();
    this.now = node.requestNow(r.nowInSec());
    this.mergedSink = mergedSink;
  }

  private void start() {
    if (traced()) {
      // ringsim's own event: where the key's token lives (Cassandra's trace does not say).
      List<String> replicas = plan.placement().replicas();
      trace(TraceStage.RINGSIM, "Token " + key.token() + " is replicated on " + String.join(", ", replicas.stream().map(x -> "{}")
          .toList()), replicas.toArray(String[]::new));
    }
    List<String> live = node.live(plan.placement().byProximity());
    if (!plan.canBeMet(live)) {
      replyTo.reply(plan.unavailable(node.name(), plan.aliveCounting(live), traceList()));
      return;
    }
    // Contact the closest live replicas that can satisfy the level (for EACH_QUORUM / LOCAL_*, all that count).
    int n = plan.readContacts(live);
    for (int i = 0; i < n; i++) contacted.add(live.get(i));
    node.register(this, node.cfg.readTimeout());
    spares = live.subList(n, live.size());
    if (!spares.isEmpty()) node.resumeLater(this, SPECULATIVE_RETRY);
    NodeMessage.ReadData req = request();
    // Cassandra asks the remote replicas first and reads its own copy last (AbstractReadExecutor.makeRequests);
    // ringsim does both in the same instant, and its trace lists them in Cassandra's order.
    for (String x : contacted) if (!x.equals(node.name())) traceRequest(x, req);
    for (String x : contacted) {
      if (x.equals(node.name())) {
        node.traceEvent("local-read", x, r.table(), key.token(), id, -1);
        ReplicaVerbs.localRead(node, req, trace);
      } else {
        node.send(x, req);
      }
      if (!node.isPending(id)) return;
    }
  }

  private NodeMessage.ReadData request() {
    return new NodeMessage.ReadData(id, r.table(), r.key(), FilterSpec.of(r.filter()).withoutIndex(), now, traced());
  }

  /**
   * Asks a remote replica (AbstractReadExecutor.makeRequests, "reading {data|digest} from {}", then messaging's
   * Tracing.traceOutgoingMessage). Cassandra asks one replica for the data and the others for digests; ringsim asks
   * each for the data (DigestResolver compares them), so its trace says "data" for every one. The size is the
   * request's in ringsim's encoding, not Cassandra's.
   */
  private void sendRead(String replica, NodeMessage.ReadData req) {
    traceRequest(replica, req);
    node.send(replica, req);
  }

  /** The lines of {@link #sendRead} that tell it. */
  private void traceRequest(String replica, NodeMessage.ReadData req) {
    if (traced()) {
      trace(TraceStage.NATIVE_TRANSPORT, "reading data from {}", replica);
      trace(TraceStage.MESSAGING, "Sending READ_REQ message to {} message size "
          + (req.key().length + req.table().length()) + " bytes", replica);
    }
  }

  /** Speculative retry: a replica is late, ask the spare ones too (Cassandra's speculative_retry). */
  @Override
  void onResume() {
    if (repairing || spares.isEmpty()) return;
    NodeMessage.ReadData req = request();
    for (String x : spares) {
      // Cassandra's "speculating read retry on {}" names a Replica with its token range, which ringsim does not
      // work out here: its own words instead, shown by ringsim's shells only.
      trace(TraceStage.RINGSIM, "Speculative retry: asking {} too", x);
      contacted.add(x);
      if (x.equals(node.name())) {
        node.traceEvent("local-read", x, r.table(), key.token(), id, -1);
        ReplicaVerbs.localRead(node, req, trace);
      } else sendRead(x, req);
      if (!node.isPending(id)) return;
    }
    spares = List.of();
  }

  @Override
  void onResponse(String from, NodeMessage m) {
    if (repairing && m instanceof NodeMessage.MutationAck) {
      if (traced()) {
        absorb(((NodeMessage.MutationAck) m).trace());
        traceResponse("MUTATION_RSP", from);
      }
      if (--repairAcks == 0) reply();
      return;
    }
    if (!(m instanceof NodeMessage.ReadDataReply rd) || answers.contains(from)) return;
    if (traced() && !from.equals(node.name())) {
      absorb(rd.trace());
      traceResponse("READ_RSP", from);
    }
    if (rd.failure() != null) {
      traceFrom(from, TraceStage.RINGSIM, rd.failure());
      finish();
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadFailure,
          "Operation failed - received " + acks.received() + " responses and 1 failures: " + rd.failure(),
          acks.received(), acks.required(), traceList()));
      return;
    }
    if (!rd.warnings().isEmpty()) {
      if (warnings == null) warnings = new ArrayList<>();
      warnings.addAll(rd.warnings());
    }
    answers.add(from, rd.data(), rd.decodedData());
    if (r.filter().paged()) {
      if (rowsOf == null) rowsOf = new TreeMap<>();
      rowsOf.put(from, rd.rows());
    }
    if (acks.ack(from)) resolve();
  }

  private void resolve() {
    DigestResolver resolved = DigestResolver.resolve(answers, schema);
    merged = resolved.merged();
    if (node.trace.recording()) traceAnswers(resolved);
    if (!resolved.mismatch()) {
      reply();
      return;
    }
    // Blocking read repair: send the reconciled data to each replica that answered differently.
    // AbstractReadExecutor.awaitResponses (Cassandra names the key by its DecoratedKey's toString).
    trace(TraceStage.NATIVE_TRANSPORT, "Digest mismatch: Mismatch for key DecoratedKey(" + key.token() + ", "
        + java.util.HexFormat.of().formatHex(r.key()) + ")");
    node.metrics.readRepairs++;
    byte[] full = PartitionCodec.encode(merged);
    for (String replica : resolved.stale())
      node.traceEvent("read-repair", replica, r.table(), key.token(), id, merged.maxTimestamp());
    repairing = true;
    for (String replica : resolved.stale()) {
      repairAcks++;
      if (replica.equals(node.name())) {
        ReplicaVerbs.applyMutation(node, r.table(), full, null, trace);
        repairAcks--;
      } else {
        // Cassandra 4.1 sends read repair as READ_REPAIR_REQ; ringsim's replica applies it as a mutation.
        if (traced()) trace(TraceStage.MESSAGING, "Sending READ_REPAIR_REQ message to {} message size " + full.length
            + " bytes", replica);
        node.send(replica, new NodeMessage.Mutation(id, r.table(), full, false, traced(), null));
      }
    }
    if (repairAcks == 0) reply();
  }

  /** Records the newest write timestamp each replica answered (-1: it had nothing), for explanations. */
  private void traceAnswers(DigestResolver resolved) {
    for (int i = 0; i < answers.size(); i++) {
      byte[] data = answers.data(i);
      long ts = data.length == 0 ? -1 : !resolved.mismatch() && merged != null ? merged.maxTimestamp()
          : PartitionCodec.decode(data, schema).maxTimestamp();
      node.traceEvent("answer", answers.name(i), r.table(), key.token(), id, ts);
    }
  }

  private void reply() {
    finish();
    Partition answer = pageCut();
    LivePartition live = answer == null ? new LivePartition(key, null, List.of())
        : new LivenessFilter(now, schema.metadata()).view(answer, r.filter());
    boolean truncated = answer != merged && live.rows().size() < r.filter().limit();
    mergedSink.accept(answer);
    replyTo.reply(new ClientResponse.ReadDone(node.name(), List.of(live), answers.names(),
        repairing, warnings == null ? List.of() : List.copyOf(warnings), traceList(), truncated, now));
  }

  /**
   * A page's read answered by several replicas: a replica that stopped at the limit says nothing past its last
   * row, so the answer ends at the first such row in the query's order (the client's next page resumes there).
   */
  private Partition pageCut() {
    if (merged == null || !r.filter().paged() || answers.size() < 2) return merged;
    Clustering cut = null;
    for (int i = 0; i < answers.size(); i++) {
      byte[] data = answers.data(i);
      if (rowsOf.getOrDefault(answers.name(i), 0L) < r.filter().limit() || data.length == 0) continue;
      Clustering edge = BoundedSlice.edge(PartitionCodec.decode(data, schema), r.filter().reversed());
      if (edge != null && (cut == null || (schema.clustering().compare(edge, cut) < 0) != r.filter().reversed()))
        cut = edge;
    }
    return cut == null ? merged : BoundedSlice.cutAfter(merged, cut, r.filter().reversed());
  }

  @Override
  void onTimeout() {
    finish();
    // ReadCallback.awaitResults.
    trace(TraceStage.NATIVE_TRANSPORT, "Timed out; received " + acks.received() + " of " + acks.required()
        + " responses" + (answers.size() > 0 ? " (including data)" : ""));
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadTimeout,
        "Operation timed out - received only " + acks.received() + " responses.", acks.received(),
        acks.required(), traceList()));
  }
}
