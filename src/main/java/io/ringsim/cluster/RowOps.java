package io.ringsim.cluster;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableSchema;
import java.util.List;

/**
 * The four operations a workload issues on one row (write, delete, read, and INSERT ... IF NOT EXISTS), as client
 * requests. Shared by the workload in a simulation and by a member JVM serving a remote workload, so both issue
 * exactly the same requests.
 */
public final class RowOps {
  private RowOps() {}

  /**
   * @param update the row's insert (for write and lwt); null for read and delete
   */
  public static ClientRequest request(RequestKind kind, String table, TableSchema schema, byte[] key, Clustering c,
      WritePlanner.UpdateFactory update, ConsistencyLevel cl, ConsistencyLevel commitCl) {
    return switch (kind) {
      case WRITE -> new ClientRequest.Write(table, key, update::build, cl, false);
      case DELETE -> {
        WritePlanner.UpdateFactory del = WritePlanner.rowDelete(schema, key, c);
        yield new ClientRequest.Write(table, key, del::build, cl, false);
      }
      case READ -> new ClientRequest.Read(table, key, rowFilter(c), cl, false);
      case LWT -> new ClientRequest.Cas(table, key, rowFilter(c),
          lp -> lp.rows().stream().noneMatch(r -> r.clustering().equals(c)), update::build, cl, commitCl, false);
    };
  }

  /**
   * A filter selecting exactly the row {@code c} (the whole partition when the table has no clustering), named by its
   * primary key as a {@code SELECT ... WHERE} every key column {@code = ?} names it.
   */
  public static ReadFilter rowFilter(Clustering c) {
    if (c.size() == 0) return ReadFilter.ALL_NAMED;
    byte[][] v = new byte[c.size()][];
    for (int i = 0; i < c.size(); i++) v[i] = c.get(i);
    return ReadFilter.slices(List.of(new Slice(ClusteringBound.inclusive(v), ClusteringBound.inclusive(v))))
        .named(true);
  }

  /** The newest write timestamp a read saw in row {@code c}, or -1 when the row was absent. */
  public static long observed(List<LivePartition> parts, Clustering c) {
    for (LivePartition p : parts) {
      for (LiveRow row : p.rows()) {
        if (!row.clustering().equals(c)) continue;
        long max = -1;
        for (Cell cell : row.cells().values()) max = Math.max(max, cell.timestamp());
        for (var col : row.collections().values()) for (Cell cell : col.values()) max = Math.max(max, cell.timestamp());
        return max;
      }
    }
    return -1;
  }
}
