package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.ReadFilter;
import java.util.function.Predicate;

/** What a client asks a coordinator. Local to the client's JVM (these hold functions), never sent between nodes. */
public sealed interface ClientRequest {
  String table();

  ConsistencyLevel consistency();

  boolean trace();

  record Write(String table, byte[] key, WriteBuilder update, ConsistencyLevel consistency, boolean trace)
      implements ClientRequest {}

  record Read(String table, byte[] key, ReadFilter filter, ConsistencyLevel consistency, boolean trace)
      implements ClientRequest {}

  /** Every partition with a token in (start, end]; null bounds mean the whole ring. */
  record RangeScan(String table, String startExclusive, String endInclusive, ReadFilter filter, int partitionLimit,
      ConsistencyLevel consistency, boolean trace, int rowLimit) implements ClientRequest {
    /** {@code rowLimit} 0: the whole range (a page's scan gives its row limit: {@link PagedRangeScan}). */
    public RangeScan(String table, String startExclusive, String endInclusive, ReadFilter filter,
        int partitionLimit, ConsistencyLevel consistency, boolean trace) {
      this(table, startExclusive, endInclusive, filter, partitionLimit, consistency, trace, 0);
    }
  }

  /**
   * A lightweight transaction: read the partition at SERIAL/LOCAL_SERIAL through Paxos, test {@code condition}, and
   * only if it holds commit {@code update} at {@code commitConsistency}.
   */
  record Cas(String table, byte[] key, ReadFilter filter, Predicate<LivePartition> condition, WriteBuilder update,
      ConsistencyLevel consistency, ConsistencyLevel commitConsistency, boolean trace) implements ClientRequest {}
}
