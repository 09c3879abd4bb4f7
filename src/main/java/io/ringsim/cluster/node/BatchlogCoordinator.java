package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.ring.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * A logged batch's batchlog, as Cassandra 4.1's StorageProxy.mutateAtomically keeps it: before the batch's mutations
 * go out, the coordinator stores the batch on up to two other live nodes of its data centre (itself only when it is
 * alone there) and waits for them (ONE or TWO); once the mutations are applied it removes the entry, without waiting.
 * Cassandra picks the two at random, preferring other racks; ringsim takes the first live ones in ring order, other
 * racks first, so runs repeat. The entries are kept, not replayed: a coordinator that dies between the store and the
 * remove leaves its batch in the batchlog, where Cassandra's BatchlogManager would replay it and ringsim does not.
 */
final class BatchlogCoordinator extends PendingRequest {
  private final ClientRequest.Batchlog b;
  private final Replier replyTo;
  private final List<String> endpoints;
  private final int required;
  private int acked;

  static void coordinate(NodeContext node, ClientRequest.Batchlog b, Replier replyTo) {
    new BatchlogCoordinator(node, b, replyTo).start();
  }

  private BatchlogCoordinator(NodeContext node, ClientRequest.Batchlog b, Replier replyTo) {
    super(node, node.newRequestId(), b.trace());
    this.b = b;
    this.replyTo = replyTo;
    this.endpoints = b.remove() ? b.endpoints() : endpoints(node);
    this.required = Math.min(2, endpoints.size());
  }

  /** ReplicaPlans.forBatchlogWrite: two live nodes of this one's data centre but itself, other racks first. */
  private static List<String> endpoints(NodeContext node) {
    List<Node> dc = new ArrayList<>();
    for (Node n : node.ring().nodes()) if (n.dc().equals(node.dc())) dc.add(n);
    if (dc.size() == 1) return List.of(node.name());
    String rack = null;
    for (Node n : dc) if (n.name().equals(node.name())) rack = n.rack();
    List<String> out = new ArrayList<>();
    for (boolean otherRack : new boolean[] {true, false}) {
      for (Node n : dc) {
        if (out.size() == 2) break;
        if (n.name().equals(node.name()) || !node.isUp(n.name()) || out.contains(n.name())) continue;
        if (otherRack == n.rack().equals(rack)) continue;
        out.add(n.name());
      }
    }
    return out;
  }

  private void start() {
    if (!b.remove()) {
      trace(TraceStage.NATIVE_TRANSPORT, "Determining replicas for atomic batch"); // StorageProxy.mutateAtomically
      if (endpoints.isEmpty()) {
        replyTo.reply(ReplicaPlan.unavailable(node.name(), ConsistencyLevel.ONE, 1, 0, traceList()));
        return;
      }
    }
    node.register(this, node.cfg.writeTimeout());
    String verb = b.remove() ? "BATCH_REMOVE_REQ" : "BATCH_STORE_REQ";
    for (String e : endpoints) {
      if (e.equals(node.name())) continue;
      // Tracing.traceOutgoingMessage; the size counts the batch's mutations in ringsim's encoding.
      trace(TraceStage.MESSAGING, "Sending " + verb + " message to {} message size " + (b.remove() ? 16 : b.bytes())
          + " bytes", e);
      node.send(e, b.remove() ? new NodeMessage.BatchRemove(id, b.batchId(), traced())
          : new NodeMessage.BatchStore(id, b.batchId(), b.mutations(), b.bytes(), traced()));
    }
    if (endpoints.contains(node.name())) {
      // The coordinator's own batchlog, on its mutation stage (performLocally).
      ReplicaVerbs.batchlog(node, b.batchId(), b.mutations(), b.remove(), trace);
      acked++;
    }
    if (b.remove()) {
      // Nothing waits for a remove: the client has its answer already; late events still join the trace.
      replyTo.reply(new ClientResponse.WriteDone(node.name(), 0, endpoints, traceList()));
      if (acked >= endpoints.size()) complete();
    } else if (acked >= required) {
      complete();
      replyTo.reply(new ClientResponse.WriteDone(node.name(), 0, endpoints, traceList()));
    }
  }

  private void complete() {
    cancelTimeout();
    finish();
  }

  @Override
  void onResponse(String from, NodeMessage m) {
    if (!(m instanceof NodeMessage.BatchAck a)) return;
    absorb(a.trace());
    if (!b.remove() && traced()) traceResponse("BATCH_STORE_RSP", from);
    acked++;
    if (b.remove()) {
      if (acked >= endpoints.size()) complete();
    } else if (acked == required) {
      complete();
      replyTo.reply(new ClientResponse.WriteDone(node.name(), 0, endpoints, traceList()));
    }
  }

  @Override
  void onTimeout() {
    finish();
    if (b.remove()) return;
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.WriteTimeout,
        "Operation timed out - received only " + acked + " responses.", acked, required, traceList()));
  }
}
