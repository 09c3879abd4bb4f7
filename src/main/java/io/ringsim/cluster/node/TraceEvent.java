package io.ringsim.cluster.node;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.function.Function;

/**
 * One line of a TRACING ON session: when (on the clock of {@code node}, which did the work, in microseconds), where,
 * and what happened. {@code format} names other nodes as {@code {}} placeholders filled from {@code peers}, as
 * Cassandra's own Tracing.trace does, so that a served cluster can show them as addresses ("/127.0.0.2:7000") and
 * the local shell as node names. {@code stage}: the Cassandra thread that records it, or ringsim's own commentary
 * ({@link TraceStage#RINGSIM}), which only ringsim's shells show.
 */
public record TraceEvent(long atMicros, String node, String format,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> peers, TraceStage stage) {
  public TraceEvent {
    peers = peers == null ? List.of() : List.copyOf(peers);
    if (stage == null) stage = TraceStage.RINGSIM;
  }

  /** An event that names no other node. */
  public TraceEvent(long atMicros, String node, TraceStage stage, String activity) {
    this(atMicros, node, activity, List.of(), stage);
  }

  /** An event naming other nodes: each {@code {}} in {@code format} is the next of {@code peers}. */
  public TraceEvent(long atMicros, String node, TraceStage stage, String format, List<String> peers) {
    this(atMicros, node, format, peers, stage);
  }

  /** The text with the other nodes as their names. */
  public String activity() {
    return activity(Function.identity());
  }

  /** The text with each other node as {@code name} shows it. */
  public String activity(Function<String, String> name) {
    if (peers.isEmpty()) return format;
    StringBuilder b = new StringBuilder(format.length() + 16 * peers.size());
    int from = 0;
    for (String peer : peers) {
      int at = format.indexOf("{}", from);
      if (at < 0) break;
      b.append(format, from, at).append(name.apply(peer));
      from = at + 2;
    }
    return b.append(format, from, format.length()).toString();
  }
}
