package io.ringsim.cluster.node;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.ring.Token;
import io.ringsim.storage.BoundedSlice;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LivenessFilter;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One page of a range scan (a paged SELECT without a single partition key): unlike {@link RangeScan}, which asks
 * every range at once for everything, it asks the ring's ranges one after the other, in token order from where the
 * page starts, each for the rows still wanted, and answers as soon as it has the page's rows: a page reads about a
 * page, not the table (Cassandra's range pager, with a concurrency of one range).
 *
 * <p>When several replicas answer a range and one of them stopped at the row limit, nothing past its last row is
 * known from it, so the page ends there ({@code truncated}: it may hold fewer rows than asked, and the next page
 * resumes after its last row).
 */
final class PagedRangeScan extends PendingRequest {
  private final ClientRequest.RangeScan s;
  private final ScanBounds bounds;
  /** The page's now, fixed on arrival: every replica and the merged view judge expiry by it. */
  private final int now;
  private final Replier replyTo;
  private final TableSchema schema;
  private final List<RingRange> ranges = new ArrayList<>();
  private final List<LivePartition> out = new ArrayList<>();
  private final List<String> contactedAll = new ArrayList<>();
  private int next;
  private long rows;
  /** The range in flight: its sub-request id, its replicas' answers and the row limit it was sent with. */
  private long subId = -1;
  private Map<String, NodeMessage.RangeReadReply> answers;
  private AckTracker tracker;
  private int asked;

  static void coordinate(NodeContext node, ClientRequest.RangeScan s, Replier replyTo) {
    s.consistency().validateForRead();
    node.metrics.coordinatedReads++;
    TableStore local = node.storage.table(s.table()).orElseThrow();
    new PagedRangeScan(node, node.newRequestId(), s, replyTo, local.schema()).start();
  }

  private PagedRangeScan(NodeContext node, long id, ClientRequest.RangeScan s, Replier replyTo, TableSchema schema) {
    super(node, id, s.trace());
    this.s = s;
    this.bounds = new ScanBounds(s.startExclusive(), s.endInclusive(), node.ring().partitioner());
    this.replyTo = replyTo;
    this.schema = schema;
    this.now = node.requestNow(s.nowInSec());
  }

  private void start() {
    ranges.addAll(RangeRequests.overlapping(node, bounds));
    node.register(this, node.cfg.readTimeout());
    trace(TraceStage.NATIVE_TRANSPORT, "Computing ranges to query"); // RangeCommands.rangeCommandIterator
    if (traced()) {
      // A page asks one request at a time: its concurrency is 1 whatever the estimate.
      trace(TraceStage.NATIVE_TRANSPORT, "Submitting range requests on " + ranges.size() + " ranges with a concurrency"
          + " of 1 (" + RangeRequests.rowsPerRangeExpected(node, s.table()) + " rows per range expected)");
      trace(TraceStage.RINGSIM, "Paging over " + ranges.size() + " token ranges, " + s.rowLimit() + " rows wanted");
    }
    dispatchNext();
  }

  /** Sends the next range to enough of its live replicas, or answers when the page is full or the ranges done. */
  private void dispatchNext() {
    while (node.isPending(id)) {
      if (rows >= s.rowLimit() || next >= ranges.size()) {
        reply(false);
        return;
      }
      RangeRequests.Request rq = RangeRequests.next(node, s.table(), s.consistency(), bounds, ranges, next);
      next += rq.ranges();
      ReplicaPlan plan = rq.plan();
      if (!rq.available()) {
        finish();
        replyTo.reply(plan.unavailable(node.name(), plan.aliveCounting(rq.live()), traceList()));
        return;
      }
      if (subId >= 0) node.unroute(subId);
      subId = node.newRequestId();
      answers = new TreeMap<>();
      tracker = plan.tracker();
      asked = (int) Math.min(Integer.MAX_VALUE, s.rowLimit() - rows);
      node.route(subId, new Sub(node, subId, this));
      NodeMessage.RangeRead req = new NodeMessage.RangeRead(subId, s.table(), rq.lo(), rq.hi(),
          RangeScan.spec(s.filter(), rq), s.partitionLimit(), asked, now, traced());
      boolean local = false;
      for (String x : rq.contacts()) {
        if (!contactedAll.contains(x)) contactedAll.add(x);
        if (x.equals(node.name())) {
          local = true;
          continue;
        }
        RangeScan.traceRangeRequest(this, x, rq, req);
        node.send(x, req);
      }
      trace(TraceStage.NATIVE_TRANSPORT, "Submitted 1 concurrent range requests");
      // Its own range is read once the requests are out, on its read stage (StorageProxy.LocalReadRunnable).
      if (local) ReplicaVerbs.serveRangeRead(node, node.name(), req, trace);
      return; // the next range goes out once this one has its answers
    }
  }

  private void onSub(long sub, String from, NodeMessage m) {
    if (sub != subId || !(m instanceof NodeMessage.RangeReadReply rr) || !node.isPending(id)) return;
    if (rr.failure() != null) {
      finish();
      node.unroute(subId);
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadFailure,
          "Operation failed - received 0 responses and 1 failures: " + rr.failure(), 0, 1, traceList()));
      return;
    }
    if (answers.containsKey(from)) return;
    answers.put(from, rr);
    if (traced() && !from.equals(node.name())) {
      absorb(rr.trace());
      traceResponse("RANGE_RSP", from);
    }
    if (traced()) {
      traceFrom(from, TraceStage.RINGSIM, "Range " + (next - 1) + ": read " + rr.partitions().size() + " partitions, " + rr.rows()
          + " live rows and " + rr.tombstones() + " tombstones scanned");
    }
    if (tracker.ack(from) && tracker.received() == tracker.required()) rangeDone();
  }

  /** Merges the range's answers, up to the first replica's cut if there are several, then goes on or answers. */
  private void rangeDone() {
    DecoratedKey cutKey = null;
    Clustering cutRow = null;
    TreeMap<DecoratedKey, List<Partition>> byKey = new TreeMap<>();
    for (NodeMessage.RangeReadReply rr : answers.values()) {
      Partition lastOfReplica = null;
      for (byte[] b : rr.partitions()) {
        Partition p = PartitionCodec.decode(b, schema);
        byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
        lastOfReplica = p;
      }
      boolean cut = answers.size() > 1 && rr.rows() >= asked && lastOfReplica != null;
      if (cut && (cutKey == null || lastOfReplica.key().compareTo(cutKey) < 0
          || (lastOfReplica.key().equals(cutKey) && cutRow != null && BoundedSlice.edge(lastOfReplica, false) != null
          && schema.clustering().compare(BoundedSlice.edge(lastOfReplica, false), cutRow) < 0))) {
        cutKey = lastOfReplica.key();
        cutRow = BoundedSlice.edge(lastOfReplica, false);
      }
    }
    LivenessFilter view = new LivenessFilter(now, schema.metadata());
    for (Map.Entry<DecoratedKey, List<Partition>> e : byKey.entrySet()) {
      if (cutKey != null && e.getKey().compareTo(cutKey) > 0) break;
      Partition merged = Partition.merge(e.getValue());
      if (e.getKey().equals(cutKey) && cutRow != null) merged = BoundedSlice.cutAfter(merged, cutRow, false);
      LivePartition lp = view.view(merged, s.filter().withLimit((int) Math.max(1, s.rowLimit() - rows)));
      if (lp.isEmpty()) continue;
      out.add(lp);
      rows += lp.rows().size();
      if (rows >= s.rowLimit()) break;
    }
    if (cutKey != null) {
      reply(rows < s.rowLimit());
      return;
    }
    dispatchNext();
  }

  @Override
  void onResponse(String from, NodeMessage m) {}

  private void reply(boolean truncated) {
    finish();
    if (subId >= 0) node.unroute(subId);
    trace(TraceStage.RINGSIM, "Range page returned " + out.size() + " partitions, " + rows + " rows");
    replyTo.reply(new ClientResponse.ReadDone(node.name(), out, List.copyOf(contactedAll), false, List.of(),
        traceList(), truncated, now));
  }

  @Override
  void onTimeout() {
    finish();
    if (subId >= 0) node.unroute(subId);
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadTimeout,
        "Operation timed out - received only " + (tracker == null ? 0 : tracker.received()) + " responses.",
        tracker == null ? 0 : tracker.received(), tracker == null ? 1 : tracker.required(), traceList()));
  }

  /**
   * A page scan's keys on a replica ({@link ReplicaVerbs#rangeRead}), in token order, looked up {@code chunk} at a time (partitions without live rows do not count
   * toward the rows, so how many keys a page needs is not known ahead), never every key of the range at once.
   */
  static Iterable<DecoratedKey> replicaKeys(TableStore t, Token start, Token end, int chunk) {
    int size = Math.max(chunk + 1, 16);
    return () -> new java.util.Iterator<>() {
      Token from = start;
      java.util.Iterator<DecoratedKey> batch = java.util.Collections.emptyIterator();
      boolean last;
      DecoratedKey lastKey;

      @Override
      public boolean hasNext() {
        if (batch.hasNext()) return true;
        if (last) return false;
        if (lastKey != null) from = lastKey.token();
        List<DecoratedKey> keys = t.keysInRange(from, end, size);
        last = keys.size() < size;
        batch = keys.iterator();
        return batch.hasNext();
      }

      @Override
      public DecoratedKey next() {
        if (!hasNext()) throw new java.util.NoSuchElementException();
        lastKey = batch.next();
        return lastKey;
      }
    };
  }

  /** Routes one range's replies to the page; the page's own timer covers it. */
  private static final class Sub extends PendingRequest {
    private final PagedRangeScan scan;

    Sub(NodeContext node, long id, PagedRangeScan scan) {
      super(node, id, false);
      this.scan = scan;
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      scan.onSub(id, from, m);
    }

    @Override
    void onTimeout() {}
  }
}
