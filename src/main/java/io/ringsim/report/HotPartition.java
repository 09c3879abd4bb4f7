package io.ringsim.report;

import java.util.List;

/** A partition ranked by the operations it received, with the replicas that served them. */
public record HotPartition(String keyspace, String table, String key, long reads, long writes, List<String> replicas) {
  public HotPartition {
    keyspace = Lists.text(keyspace);
    table = Lists.text(table);
    key = Lists.text(key);
    replicas = Lists.copy(replicas);
  }

  public long ops() {
    return reads + writes;
  }
}
