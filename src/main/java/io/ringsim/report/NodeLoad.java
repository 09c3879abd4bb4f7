package io.ringsim.report;

/**
 * What a node actually holds and does at the end of the run, to set against its effective ownership.
 *
 * @param partitions partitions stored (as a replica), all tables
 * @param rows live rows stored
 * @param bytes bytes stored (live data on disk and in memtables)
 * @param coordinatedOps client requests this node coordinated
 * @param replicaOps reads and writes this node served as a replica
 */
public record NodeLoad(String node, long partitions, long rows, long bytes, long coordinatedOps, long replicaOps) {
  public NodeLoad {
    node = Lists.text(node);
  }
}
