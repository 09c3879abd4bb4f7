package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.ring.Partitioner;
import java.util.ArrayList;
import java.util.List;

/**
 * How a range scan groups the ring's ranges into requests, as Cassandra 4.1's ReplicaPlanMerger does: consecutive
 * ranges whose live replicas in common can still meet the consistency level go out as one request, unless that one
 * request would need a node in another data centre that neither range alone needed (the snitch's
 * isWorthMergingForRangeQuery). A node with 16 vnodes that holds the whole ring is asked once, not 17 times.
 */
final class RangeRequests {
  private RangeRequests() {}

  /**
   * One request: the token range (lo, hi] (null: the ring's start or end), its plan, its live replicas by proximity
   * and how many of the ring's ranges it covers.
   */
  record Request(String lo, String hi, ReplicaPlan plan, List<String> live, int ranges) {
    /** Whether the consistency level can be met: when not, the scan is Unavailable. */
    boolean available() {
      return plan.canBeMet(live);
    }

    /** The replicas it is sent to: the closest live ones, as many as the consistency level needs. */
    List<String> contacts() {
      return RangeRequests.contacts(plan, live);
    }
  }

  /** The ranges of the ring the scan's bounds overlap, in token order. */
  static List<RingRange> overlapping(NodeContext node, ScanBounds bounds) {
    List<RingRange> out = new ArrayList<>();
    for (RingRange rg : RingRange.of(node.ring())) {
      if (bounds.overlaps(rg.startExclusive(), rg.endInclusive())) out.add(rg);
    }
    return out;
  }

  /** The request that starts at {@code ranges[from]}, with as many of the following ranges as merge into it. */
  static Request next(NodeContext node, String table, ConsistencyLevel cl, ScanBounds bounds, List<RingRange> ranges,
      int from) {
    RingRange first = ranges.get(from);
    ReplicaPlan plan = node.topology.readPlan(table, node.ring().token(first.ownerToken()), cl);
    List<String> live = node.live(plan.placement().byProximity());
    String hi = first.endInclusive();
    int n = 1;
    if (plan.canBeMet(live)) {
      while (from + n < ranges.size()) {
        RingRange rg = ranges.get(from + n);
        ReplicaPlan nextPlan = node.topology.readPlan(table, node.ring().token(rg.ownerToken()), cl);
        List<String> nextLive = node.live(nextPlan.placement().byProximity());
        List<String> both = new ArrayList<>();
        for (String x : live) if (nextLive.contains(x)) both.add(x);
        if (!plan.canBeMet(both) || !nextPlan.canBeMet(both)) break;
        if (remote(node, plan, contacts(plan, both)) && !remote(node, plan, contacts(plan, live))
            && !remote(node, nextPlan, contacts(nextPlan, nextLive))) break;
        live = both;
        hi = rg.endInclusive();
        n++;
      }
    }
    return new Request(bounds.maxStart(first.startExclusive()), bounds.minEnd(hi), plan, live, n);
  }

  private static List<String> contacts(ReplicaPlan plan, List<String> live) {
    AckTracker enough = plan.tracker();
    List<String> out = new ArrayList<>();
    for (String x : live) {
      out.add(x);
      if (enough.ack(x)) break;
    }
    return out;
  }

  private static boolean remote(NodeContext node, ReplicaPlan plan, List<String> contacts) {
    for (String x : contacts) if (!node.dc().equals(plan.placement().dcOf().get(x))) return true;
    return false;
  }

  /**
   * A request's range as Cassandra's traces print it ("for (min(-9223372036854775808), max(-3074457345618258603)]"):
   * each end a key bound, the ring's start or end as the minimum token's lower bound, a token as its upper bound.
   */
  static String text(String lo, String hi, Partitioner partitioner) {
    return "(" + bound(lo, partitioner) + ", " + bound(hi, partitioner) + "]";
  }

  private static String bound(String token, Partitioner partitioner) {
    return token == null ? "min(" + partitioner.minimum() + ")" : "max(" + token + ")";
  }

  /**
   * Cassandra's estimate of the rows each range holds (RangeCommands.estimateResultsPerRange): the coordinator's own
   * SSTables' partitions times their mean cells per partition over the table's regular columns, per token of the
   * node and per replica, less a 10% margin. Memtables do not count, so a table not yet flushed expects 0.0.
   */
  static float rowsPerRangeExpected(NodeContext node, String table) {
    io.ringsim.storage.TableStore t = node.storage.table(table).orElse(null);
    if (t == null) return 0f;
    long keys = 0, cells = 0;
    for (io.ringsim.storage.SSTable s : t.sstables()) {
      keys += s.partitionCount();
      cells += s.cellCount();
    }
    if (keys == 0) return 0f;
    int regular = t.schema().metadata().regularColumns().size();
    float rowsPerPartition = ((float) (cells / keys)) / regular;
    int self = node.ring().indexOf(node.name()), tokens = 0;
    for (int i = 0; i < node.ring().size(); i++) if (node.ring().ownerOf(i) == self) tokens++;
    int rf = node.topology.placement(table, node.ring().token(0)).replicas().size();
    float perRange = rowsPerPartition * keys / Math.max(1, tokens) / Math.max(1, rf);
    return perRange - perRange * 0.10f;
  }
}
