package io.ringsim.server;

import io.ringsim.cluster.RequestObserver;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cql.exec.Keys;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Cell;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every single-partition statement the clients of a served cluster ran, as the coordinator saw it: when it arrived
 * and was answered (virtual time), at which consistency level, how it ended, and the write timestamp it wrote or,
 * for a read of a whole partition, the newest write timestamp it saw. This is the history the checker reads to find
 * acknowledged writes that were lost and reads that were stale, as it does for a scenario's workloads.
 *
 * <p>The unit is the partition: a read with a clustering restriction or a LIMIT sees only part of one, so it is not
 * recorded (it could look stale when it is not). A driver's paged read of a partition is recorded when its first
 * page held the whole partition (fewer rows than the page size); a page cut short, or a later page, is not.
 */
public final class ClientHistory {
  /** One operation. {@code client} is the connection it came on: the same client, for read-your-writes. */
  public record Op(long id, int client, String table, String key, byte[] keyBytes, String kind, String consistency,
      String coordinator, long invokeMicros, long completeMicros, String outcome, String error, long version,
      Boolean applied) {}

  private final SimCluster cluster;
  private final List<Op> ops = new ArrayList<>();
  private final AtomicLong ids = new AtomicLong();

  public ClientHistory(SimCluster cluster) {
    this.cluster = cluster;
  }

  public synchronized List<Op> ops() {
    return List.copyOf(ops);
  }

  /** The operations from the {@code from}-th on (a live view follows the history without copying it all). */
  public synchronized List<Op> opsFrom(int from) {
    return from >= ops.size() ? List.of() : List.copyOf(ops.subList(from, ops.size()));
  }

  private synchronized void add(Op op) {
    ops.add(op);
  }

  private record Sent(long id, int client, String coordinator, String kind, ClientRequest request, long invokeMicros,
      Long clientTimestamp) {}

  /** The observer for one client connection's requests. */
  RequestObserver observer(int client) {
    return observer(client, null);
  }

  /**
   * The observer for a request whose writes carry the client's timestamp: that timestamp, not the coordinator's, is
   * what replicas store and reads see.
   */
  RequestObserver observer(int client, Long clientTimestamp) {
    return new RequestObserver() {
      @Override
      public Object sent(String coordinator, String kind, ClientRequest request, long nowNanos) {
        boolean whole = !(request instanceof ClientRequest.Read r) || ReadFilter.ALL.equals(r.filter())
            || (r.filter().paged() && r.filter().slices().equals(ReadFilter.ALL.slices()));
        if (request instanceof ClientRequest.RangeScan || !whole) return null;
        return new Sent(ids.incrementAndGet(), client, coordinator, kind, request, nowNanos / 1000, clientTimestamp);
      }

      @Override
      public void answered(Object token, ClientResponse response, long nowNanos) {
        if (token instanceof Sent s && !cutShort(s.request(), response)) record(s, response, nowNanos / 1000);
      }
    };
  }

  private void record(Sent s, ClientResponse r, long completeMicros) {
    String outcome;
    String error = null;
    long version = -1;
    Boolean applied = null;
    if (r == null) {
      outcome = "timeout";
      error = "OperationTimedOut (client)";
    } else if (r instanceof ClientResponse.Failed f) {
      outcome = "fail";
      error = f.error().name();
    } else {
      outcome = "ok";
      if (r instanceof ClientResponse.WriteDone w) {
        version = s.clientTimestamp() != null ? s.clientTimestamp() : w.timestampMicros();
      }
      if (r instanceof ClientResponse.ReadDone d) version = newest(d.partitions());
      if (r instanceof ClientResponse.CasDone c) applied = c.applied();
    }
    // A timed-out write stamped by the client may still have been applied, with that timestamp.
    if (s.clientTimestamp() != null && !s.kind().equals("read")) version = s.clientTimestamp();
    byte[] key = keyOf(s.request());
    TableMetadata t = cluster.catalog().table(s.request().table()).orElse(null);
    String text = t == null ? java.util.HexFormat.of().formatHex(key) : keyText(t, key);
    add(new Op(s.id(), s.client(), s.request().table(), text, key, s.kind(), s.request().consistency().name(),
        s.coordinator(), s.invokeMicros(), completeMicros, outcome, error, version, applied));
  }

  /** A page that may have stopped before the partition's end: it did not see all of it. */
  private static boolean cutShort(ClientRequest request, ClientResponse response) {
    if (!(request instanceof ClientRequest.Read r) || !r.filter().paged()) return false;
    if (!(response instanceof ClientResponse.ReadDone d)) return false;
    long rows = d.partitions().stream().mapToLong(p -> p.rows().size()).sum();
    return d.truncated() || rows >= r.filter().limit();
  }

  static byte[] keyOf(ClientRequest r) {
    if (r instanceof ClientRequest.Write w) return w.key();
    if (r instanceof ClientRequest.Read x) return x.key();
    if (r instanceof ClientRequest.Cas c) return c.key();
    return new byte[0];
  }

  /** The partition key as CQL prints it, parts joined by ':' as in a workload's history. */
  static String keyText(TableMetadata t, byte[] key) {
    List<Object> pk = Keys.partitionValues(t, key);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < pk.size(); i++) {
      if (i > 0) sb.append(':');
      sb.append(t.partitionKey().get(i).type().format(pk.get(i)));
    }
    return sb.toString();
  }

  /** The newest write timestamp of any live cell of the partitions (-1: nothing there). */
  public static long newest(List<LivePartition> parts) {
    long max = -1;
    for (LivePartition p : parts) {
      if (p.staticRow() != null) max = Math.max(max, newest(p.staticRow()));
      for (LiveRow row : p.rows()) max = Math.max(max, newest(row));
    }
    return max;
  }

  private static long newest(LiveRow row) {
    long max = -1;
    for (Cell c : row.cells().values()) max = Math.max(max, c.timestamp());
    for (var col : row.collections().values()) for (Cell c : col.values()) max = Math.max(max, c.timestamp());
    return max;
  }
}
