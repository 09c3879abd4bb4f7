package io.ringsim.storage;

/**
 * A replica's answer for one partition: the stored data inside the filter, tombstones included (null when the node
 * has nothing), so a coordinator can reconcile replicas; the live view of it (null from
 * {@link TableStore#readData}, which only counts it); and what the read cost.
 */
public record PartitionRead(Partition data, LivePartition live, ReadStats stats) {}
