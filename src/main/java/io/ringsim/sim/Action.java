package io.ringsim.sim;

import java.util.Set;

/** A fault or operation on the scenario's timeline. */
public sealed interface Action {
  record Crash(String node) implements Action {}

  record Restart(String node) implements Action {}

  /** A new node joins: tokens from the scenario's allocator, data streamed from the current owners. */
  record Bootstrap(String node) implements Action {}

  /** A node leaves for good: it streams its data to the new owners first. */
  record Decommission(String node) implements Action {}

  record Partition(Set<String> side1, Set<String> side2, boolean oneWay) implements Action {}

  record Heal() implements Action {}

  record Slow(String node, long extraMillis) implements Action {}

  record Loss(double probability) implements Action {}

  record ClockSkew(String node, long skewMillis) implements Action {}

  /** nodetool flush / compact / repair on one node, or on all nodes when node is null. */
  record Flush(String node) implements Action {}

  record Compact(String node) implements Action {}

  record Repair(String node) implements Action {}

  /** Runs a CQL statement through the scenario's session (schema change mid-run, a check query). */
  record Cql(String statement) implements Action {}

  /** Stops member JVM number {@code position} (1-based, members sorted by address): runs with --cluster only. */
  record StopMember(int position) implements Action {}
}
