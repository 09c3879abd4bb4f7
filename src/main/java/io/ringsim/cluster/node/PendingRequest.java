package io.ringsim.cluster.node;

import java.util.ArrayList;
import java.util.List;

/** State of one request a node coordinates, with its trace when the client asked for tracing. */
abstract class PendingRequest {
  final NodeActor node;
  final long id;
  final List<TraceEvent> trace;

  PendingRequest(NodeActor node, long id, boolean tracing) {
    this.node = node;
    this.id = id;
    this.trace = tracing ? new ArrayList<>() : null;
  }

  void trace(String activity) {
    if (trace != null) trace.add(new TraceEvent(node.clockMicros(), node.name(), activity));
  }

  List<TraceEvent> traceList() {
    return trace == null ? List.of() : List.copyOf(trace);
  }

  abstract void onResponse(String from, NodeMessage m);

  abstract void onTimeout();

  /** Called when a timer set with {@link NodeActor#resumeLater} goes off. */
  void onResume() {}

  void finish() {
    node.forget(id);
  }
}
