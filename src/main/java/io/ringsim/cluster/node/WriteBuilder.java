package io.ringsim.cluster.node;

import io.ringsim.storage.Partition;

/**
 * Builds a write's partition update once the coordinator has picked the timestamp from its own clock (server-side
 * timestamps, which is how a skewed node clock loses updates under last-write-wins).
 */
@FunctionalInterface
public interface WriteBuilder {
  Partition build(long timestampMicros, int nowInSec);
}
