package io.ringsim.cluster.node;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What one node records of a request the client asked to trace (TRACING ON), as Cassandra's TraceState collects a
 * session's events: a coordinator's own trace, or a replica's for the message it serves. A request not traced has
 * {@link #OFF}, which records nothing, so recording code cannot forget to ask and never meets a null. Code whose event
 * costs work to build (text, sizes, counts) still asks {@link #isOn()} first, so that work is done only when traced.
 */
final class RequestTrace {
  /** Not traced: every event given is dropped, and there are none to show or send. */
  static final RequestTrace OFF = new RequestTrace(List.of(), false);

  private final List<TraceEvent> events;
  private final List<TraceEvent> readOnly;
  private final boolean on;

  private RequestTrace(List<TraceEvent> events, boolean on) {
    this.events = events;
    this.readOnly = on ? Collections.unmodifiableList(events) : List.of();
    this.on = on;
  }

  /**
   * A coordinator's trace when {@code traced}: copy-on-write, as the client reads it (through TraceParts) while late
   * replicas' events still arrive.
   */
  static RequestTrace coordinator(boolean traced) {
    return traced ? new RequestTrace(new CopyOnWriteArrayList<>(), true) : OFF;
  }

  /** A replica's trace of a traced message it serves, sent back whole with its answer. */
  static RequestTrace replica() {
    return new RequestTrace(new ArrayList<>(8), true);
  }

  /** Whether the client asked to trace this request. */
  boolean isOn() {
    return on;
  }

  void add(TraceEvent e) {
    if (on) events.add(e);
  }

  /** Another node's events for this request, received with its answer (empty when it traced nothing). */
  void addAll(List<TraceEvent> more) {
    if (on) events.addAll(more);
  }

  /**
   * The events so far, read-only, as a view that also shows those still to come; empty when not traced. A message
   * carries it as it is: it crosses nodes in its JSON form, a plain list.
   */
  List<TraceEvent> events() {
    return readOnly;
  }
}
