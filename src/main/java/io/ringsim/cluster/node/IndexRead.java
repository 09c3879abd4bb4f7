package io.ringsim.cluster.node;

import io.ringsim.ring.Token;
import io.ringsim.storage.IndexQuery;
import io.ringsim.storage.IndexSearcher;
import io.ringsim.storage.LocalIndex;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableStore;
import io.ringsim.storage.TombstoneOverwhelmingException;
import java.util.ArrayList;
import java.util.List;

/**
 * A replica's answer to a range read by a built-in secondary index: its {@link IndexSearcher} reads the rows its own
 * index names instead of every partition of the range, traced as Cassandra traces an index read.
 */
final class IndexRead {
  private IndexRead() {}

  static NodeMessage.RangeReadReply read(NodeContext node, TableStore t, LocalIndex ix, IndexQuery q,
      NodeMessage.RangeRead rr, Token start, Token end, RequestTrace trace) {
    if (trace.isOn()) {
      // ReadCommand.executeLocally, when the command has an index searcher.
      trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.READ, "Executing read on " + rr.table()
          + " using index " + q.name()));
    }
    int now = rr.nowInSec() != NodeMessage.NO_NOW ? rr.nowInSec() : node.storage.clock().nowInSec();
    IndexSearcher.Result r;
    try {
      r = IndexSearcher.search(t, ix, q, start, end, rr.filter().toFilter(), now,
          rr.rowLimit() > 0 ? rr.rowLimit() : Long.MAX_VALUE, rr.partitionLimit());
    } catch (TombstoneOverwhelmingException e) {
      return new NodeMessage.RangeReadReply(rr.requestId(), List.of(), 0, 0, e.tombstones(), e.getMessage());
    }
    List<byte[]> out = new ArrayList<>(r.partitions().size());
    for (Partition p : r.partitions()) out.add(PartitionCodec.encode(p));
    if (trace.isOn() && r.staleEntriesDeleted() > 0) {
      // ringsim's words: Cassandra deletes them silently (CompositesSearcher's deleteStaleEntry, a trace-level log).
      trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.RINGSIM, "Deleted " + r.staleEntriesDeleted()
          + " stale entries of index " + q.name() + " (tombstones at each entry's timestamp)"));
    }
    if (trace.isOn()) {
      // ReadCommand's count of the rows the index read returned (MetricRecording.onClose), stale entries left out.
      trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.READ, "Read " + r.rowsMatched()
          + " live rows and " + r.tombstones() + " tombstone cells"));
    }
    return new NodeMessage.RangeReadReply(rr.requestId(), out, r.sstablesTouched(), r.rowsRead(), r.tombstones(),
        null);
  }
}
