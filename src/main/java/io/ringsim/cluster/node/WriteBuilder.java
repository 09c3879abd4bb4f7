package io.ringsim.cluster.node;

import io.ringsim.storage.Partition;

/**
 * Builds a write's partition update once the coordinator has picked the timestamp from its own clock (server-side
 * timestamps, which is how a skewed node clock loses updates under last-write-wins).
 */
@FunctionalInterface
public interface WriteBuilder {
  Partition build(long timestampMicros, int nowInSec);

  /**
   * The update of a lightweight transaction whose condition held on {@code current}, the partition as its Paxos
   * round read it: a write that depends on it (a list element set by index) is built from it, as Cassandra builds
   * such an update inside the round.
   */
  default Partition build(long timestampMicros, int nowInSec, io.ringsim.storage.LivePartition current) {
    return build(timestampMicros, nowInSec);
  }
}
