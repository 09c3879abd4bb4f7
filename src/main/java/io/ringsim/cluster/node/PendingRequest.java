package io.ringsim.cluster.node;

import java.util.List;

/**
 * One request a node has in flight, as a coordinator or a repair: its own state, the node's shared
 * {@link NodeContext}, and its trace when the client asked for tracing. The node routes replies carrying its id to
 * {@link #onResponse} and its timer to {@link #onTimeout}.
 */
abstract class PendingRequest {
  final NodeContext node;
  final long id;
  /** Its trace: {@link RequestTrace#OFF} unless the client asked for tracing. */
  final RequestTrace trace;
  /** The timer {@link NodeContext#register} started; null when the request has none. */
  akka.actor.Cancellable timeout;
  /** The Resume {@link NodeContext#resumeLater} last scheduled, and its timer; null when none is due. */
  NodeCommand.Resume resume;
  akka.actor.Cancellable resumeTimer;

  PendingRequest(NodeContext node, long id, boolean tracing) {
    this.node = node;
    this.id = id;
    this.trace = RequestTrace.coordinator(tracing);
  }

  /**
   * Whether the client asked to trace this request. The trace helpers below do nothing otherwise; callers ask first
   * only to spare building an event's text.
   */
  boolean traced() {
    return trace.isOn();
  }

  /** An event this node records on {@code stage}'s thread (see {@link TraceStage}). */
  void trace(TraceStage stage, String activity) {
    if (trace.isOn()) trace.add(new TraceEvent(node.nowMicros(), node.name(), stage, activity));
  }

  /** An event naming other nodes: each {@code {}} in {@code format} is the next of {@code peers}. */
  void trace(TraceStage stage, String format, String... peers) {
    if (trace.isOn()) trace.add(new TraceEvent(node.nowMicros(), node.name(), stage, format, List.of(peers)));
  }

  /** The events a replica recorded on its own clock and sent back with its answer (empty when it sent none). */
  void absorb(List<TraceEvent> replicaEvents) {
    trace.addAll(replicaEvents);
  }

  /**
   * A response from {@code from} reached this coordinator: Cassandra's messaging records its arrival
   * (InboundMessageHandler.dispatch, "{verb} message received from {from}") and the response stage its processing
   * (ResponseVerbHandler.doVerb, "Processing response from {from}").
   */
  void traceResponse(String verb, String from) {
    trace(TraceStage.MESSAGING, verb + " message received from {}", from);
    trace(TraceStage.REQUEST_RESPONSE, "Processing response from {}", from);
  }

  /** What a replica reported doing, attributed to it (its source is the replica, as in Cassandra's traces). */
  void traceFrom(String source, TraceStage stage, String activity) {
    if (trace.isOn()) trace.add(new TraceEvent(node.nowMicros(), source, stage, activity));
  }

  /** The trace so far, as a read-only view that also shows the events still to come (see TraceParts). */
  List<TraceEvent> traceList() {
    return trace.events();
  }

  abstract void onResponse(String from, NodeMessage m);

  abstract void onTimeout();

  /** The answer of this node as a replica of its own request (by default, as a peer's answer). */
  void onLocalResponse(String self, NodeMessage m) {
    onResponse(self, m);
  }

  /** The node crashed with this request in flight (its client sees a timeout); nothing to do for most requests. */
  void onDropped() {}

  /** Called when a timer set with {@link NodeContext#resumeLater} goes off. */
  void onResume() {}

  void cancelTimeout() {
    if (timeout != null) timeout.cancel();
  }

  void finish() {
    node.forget(this);
  }
}
