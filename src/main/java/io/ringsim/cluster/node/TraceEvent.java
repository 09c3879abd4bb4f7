package io.ringsim.cluster.node;

/** One line of a TRACING ON session: when (virtual micros), where, and what happened. */
public record TraceEvent(long atMicros, String node, String activity) {}
