package io.ringsim.report;

/**
 * One table's storage on one node, as nodetool tablestats and tablehistograms would show it.
 *
 * @param sstables live SSTables
 * @param diskBytes bytes in SSTables, shadowed data and tombstones included
 * @param liveBytes bytes of live (not shadowed, not expired) data
 * @param memtableBytes bytes waiting in the memtable
 * @param readAmplification mean SSTables touched per read
 * @param maxSSTablesPerRead most SSTables any single read touched
 * @param bloomFalsePositiveRatio bloom filter false positives / (false + true positives)
 * @param tombstonesScanned tombstones read over while serving reads
 * @param tombstoneWarnings reads that crossed tombstone_warn_threshold
 * @param writeAmplification bytes written to disk (flush + compaction) per byte written by clients
 */
public record TableStorage(
    String keyspace,
    String table,
    String node,
    int sstables,
    long diskBytes,
    long liveBytes,
    long memtableBytes,
    double readAmplification,
    int maxSSTablesPerRead,
    double bloomFalsePositiveRatio,
    long tombstonesScanned,
    long tombstoneWarnings,
    double writeAmplification) {
  public TableStorage {
    keyspace = Lists.text(keyspace);
    table = Lists.text(table);
    node = Lists.text(node);
  }

  public String qualifiedTable() {
    return keyspace + "." + table;
  }
}
