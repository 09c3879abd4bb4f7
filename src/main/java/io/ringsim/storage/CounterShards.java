package io.ringsim.storage;

import io.ringsim.schema.CqlType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.NavigableMap;

/**
 * Counters, the Cassandra way in a simplified form. A counter column is stored like a non-frozen collection: one cell
 * per <em>shard</em>, keyed by the id of the node that leads that shard. A shard cell holds that node's running count
 * (8 bytes) and its timestamp is the shard's logical clock, which only its leader ever advances. So the existing
 * reconciliation of collection cells is exactly the shard merge rule: per node id the higher clock wins, whatever order
 * replicas, memtables, SSTables, the commit log or read repair bring the versions in, and merging twice changes
 * nothing. The counter's value is the sum of its live shards. Because the clock is also a write timestamp, a DELETE
 * of the counter shadows the shards it is newer than, and a later increment starts a fresh shard above it.
 *
 * <p>What a client sends is not a shard but a <em>delta</em>: a cell whose path starts with a zero byte (node ids
 * never do). Only the leader turns deltas into its shard ({@link #toShards}); a delta is never stored.
 */
public final class CounterShards {
  private CounterShards() {}

  private static final byte DELTA_MARK = 0;

  public static boolean isCounter(CqlType t) {
    return t != null && t.name().equals("counter");
  }

  /** The path of a delta cell; {@code seq} keeps deltas of one batch apart so that they add up instead of merging. */
  public static byte[] deltaPath(int seq) {
    return ByteBuffer.allocate(5).put(DELTA_MARK).putInt(seq).array();
  }

  public static boolean isDelta(byte[] path) {
    return path.length > 0 && path[0] == DELTA_MARK;
  }

  public static byte[] shardPath(String nodeId) {
    return nodeId.getBytes(StandardCharsets.UTF_8);
  }

  public static String nodeOf(byte[] path) {
    return new String(path, StandardCharsets.UTF_8);
  }

  public static byte[] count(long v) {
    return ByteBuffer.allocate(8).putLong(v).array();
  }

  public static long count(byte[] v) {
    return v.length == 8 ? ByteBuffer.wrap(v).getLong() : 0L;
  }

  /** The counter's value: the sum of its live shards (null when it has none). */
  public static Long sum(NavigableMap<byte[], Cell> liveShards) {
    if (liveShards == null || liveShards.isEmpty()) return null;
    long s = 0;
    for (Map.Entry<byte[], Cell> e : liveShards.entrySet()) if (!isDelta(e.getKey())) s += count(e.getValue().value());
    return s;
  }

  /** Whether an update carries deltas, i.e. must go through a counter leader. */
  public static boolean hasDeltas(Partition update) {
    if (update.staticRow() != null && hasDeltas(update.staticRow())) return true;
    for (Row r : update.rows().values()) if (hasDeltas(r)) return true;
    return false;
  }

  private static boolean hasDeltas(Row r) {
    for (ComplexColumn c : r.complex().values()) {
      for (byte[] path : c.cells().keySet()) if (isDelta(path)) return true;
    }
    return false;
  }

  /**
   * The leader's step: every counter column with deltas in {@code update} becomes this node's shard, its local count
   * plus the deltas, with a clock above both the local shard's and the deltas' timestamps. Deletions in the update
   * pass through unchanged. {@code local} is what this node holds of the partition (null for nothing).
   */
  public static Partition toShards(Partition update, LivePartition local, String nodeId) {
    Partition out = new Partition(update.key(), update.comparator());
    out.delete(update.deletion());
    for (RangeTombstone rt : update.rangeTombstones()) out.addRangeTombstone(rt);
    byte[] self = shardPath(nodeId);
    if (update.staticRow() != null) {
      out.add(convert(update.staticRow(), local == null ? null : local.staticRow(), self));
    }
    for (Row r : update.rows().values()) out.add(convert(r, find(local, r.clustering()), self));
    return out;
  }

  private static LiveRow find(LivePartition p, Clustering c) {
    if (p == null) return null;
    for (LiveRow r : p.rows()) if (r.clustering().equals(c)) return r;
    return null;
  }

  private static Row convert(Row r, LiveRow current, byte[] self) {
    Row.Builder b = Row.builder(r.clustering());
    if (!r.liveness().isEmpty()) b.marker(r.liveness());
    b.delete(r.deletion());
    for (int i = 0; i < r.cellCount(); i++) b.cell(r.name(i), r.cell(i));
    for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
      ComplexColumn col = e.getValue();
      ComplexColumn next = ComplexColumn.of(col.deletion(), col.cells().comparator());
      long delta = 0;
      long ts = Long.MIN_VALUE;
      boolean any = false;
      for (Map.Entry<byte[], Cell> c : col.cells().entrySet()) {
        if (!isDelta(c.getKey())) {
          next.cells().put(c.getKey(), c.getValue());
          continue;
        }
        any = true;
        delta += count(c.getValue().value());
        ts = Math.max(ts, c.getValue().timestamp());
      }
      if (any) {
        Cell mine = current == null || current.collections().get(e.getKey()) == null ? null
            : current.collections().get(e.getKey()).get(self);
        long base = mine == null ? 0 : count(mine.value());
        long clock = mine == null ? ts : Math.max(ts, mine.timestamp() + 1);
        next.cells().put(self, Cell.live(clock, count(base + delta)));
      }
      b.complex(e.getKey(), next);
    }
    return b.build();
  }
}
