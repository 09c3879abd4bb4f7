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
 *
 * <p>A read by index gets {@link ReplicaFilteringProtection}'s second round over the rows before that cut, and only
 * the merged rows that still match count toward the page. When none before the cut still matches, the range is asked
 * again for four times as many rows, since an empty page would end the statement. Cassandra differs here: its
 * first phase does not count a row some replica was silent about, and its short-read protection asks the replicas
 * for more until the page's limit is met, so its pages are full where ringsim's may end early.
 */
final class PagedRangeScan extends PendingRequest implements ReplicaFilteringProtection.Owner {
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
  /** The range request in flight, and the second round of its index read, if any. */
  private RangeRequests.Request current;
  private ReplicaFilteringProtection.Round protection;
  /** Where the range in flight's answers are cut: past the first row a replica stopped at (null: not cut). */
  private DecoratedKey cutKey;
  private Clustering cutRow;
  private List<String> warnings = List.of();

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
      send(rq, (int) Math.min(Integer.MAX_VALUE, s.rowLimit() - rows));
      return; // the next range goes out once this one has its answers
    }
  }

  /** Sends {@code rq} to its replicas, asking each for {@code limit} rows. */
  private void send(RangeRequests.Request rq, int limit) {
    if (subId >= 0) node.unroute(subId);
    subId = node.newRequestId();
    current = rq;
    answers = new TreeMap<>();
    tracker = rq.plan().tracker();
    asked = limit;
    node.route(subId, new Sub(node, subId, this));
    NodeMessage.RangeRead req = new NodeMessage.RangeRead(subId, s.table(), rq.lo(), rq.hi(),
        FilterSpec.of(s.filter()), s.partitionLimit(), asked, now, traced());
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

  /**
   * The range's answers are in: cut after the first row a replica stopped at, if several answered; a read by index
   * then has its second round ({@link ReplicaFilteringProtection}) over the rows before the cut.
   */
  private void rangeDone() {
    io.ringsim.storage.IndexQuery q = s.filter().index();
    cutKey = null;
    cutRow = null;
    List<ReplicaFilteringProtection.Source> sources = new ArrayList<>();
    for (String x : current.contacts()) {
      NodeMessage.RangeReadReply rr = answers.get(x);
      List<Partition> parts = new ArrayList<>();
      long returned = 0;
      for (byte[] b : rr == null ? List.<byte[]>of() : rr.partitions()) {
        Partition p = PartitionCodec.decode(b, schema);
        parts.add(p);
        returned += p.rows().size();
      }
      sources.add(new ReplicaFilteringProtection.Source(x, RangeScan.heldRange(node, current), parts));
      Partition lastOfReplica = parts.isEmpty() ? null : parts.get(parts.size() - 1);
      // An index read returns only its matching rows, which its limit counts; a scan stops at its live rows read.
      boolean full = q != null ? returned >= asked : rr != null && rr.rows() >= asked;
      boolean cut = answers.size() > 1 && full && lastOfReplica != null;
      if (cut && (cutKey == null || lastOfReplica.key().compareTo(cutKey) < 0
          || (lastOfReplica.key().equals(cutKey) && cutRow != null && BoundedSlice.edge(lastOfReplica, false) != null
          && schema.clustering().compare(BoundedSlice.edge(lastOfReplica, false), cutRow) < 0))) {
        cutKey = lastOfReplica.key();
        cutRow = BoundedSlice.edge(lastOfReplica, false);
      }
    }
    if (q == null) {
      TreeMap<DecoratedKey, List<Partition>> byKey = new TreeMap<>();
      for (ReplicaFilteringProtection.Source src : sources) {
        for (Partition p : src.partitions()) byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
      }
      merge(byKey, false);
      return;
    }
    // Nothing past the cut is kept, so nothing past it is asked for again.
    if (cutKey != null) {
      List<ReplicaFilteringProtection.Source> before = new ArrayList<>();
      for (ReplicaFilteringProtection.Source src : sources) {
        List<Partition> parts = new ArrayList<>();
        for (Partition p : src.partitions()) {
          int c = p.key().compareTo(cutKey);
          if (c > 0) break;
          parts.add(c == 0 && cutRow != null ? BoundedSlice.cutAfter(p, cutRow, false) : p);
        }
        before.add(new ReplicaFilteringProtection.Source(src.replica(), src.heldRange(), parts));
      }
      sources = before;
    }
    ReplicaFilteringProtection.Plan plan = ReplicaFilteringProtection.plan(sources, schema, s.filter(), now);
    ReplicaFilteringProtection.Breach b = ReplicaFilteringProtection.breach(plan.cachedRows(), schema, q,
        current.lo(), current.hi(), asked);
    if (b != null) {
      trace(TraceStage.NATIVE_TRANSPORT, b.message());
      if (b.fail()) {
        finish();
        node.unroute(subId);
        replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.Overloaded, b.message(), 0, 1, traceList()));
        return;
      }
      if (warnings.isEmpty()) warnings = new ArrayList<>();
      warnings.add(b.message());
    }
    protection = new ReplicaFilteringProtection.Round(this, this, s.table(), schema, now, s.filter().reversed(), plan);
    protection.next();
  }

  @Override
  public void protectedVersions(TreeMap<DecoratedKey, List<Partition>> versions) {
    protection = null;
    merge(versions, true);
  }

  @Override
  public void protectionFailed(String replica, String failure) {
    finish();
    node.unroute(subId);
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadFailure,
        "Operation failed - received 0 responses and 1 failures: " + failure, 0, 1, traceList()));
  }

  /**
   * Merges the range's partitions up to the cut and adds their rows to the page (after a second round, only the
   * rows the index expression still matches once merged); then goes on, or answers.
   */
  private void merge(TreeMap<DecoratedKey, List<Partition>> byKey, boolean refilter) {
    io.ringsim.storage.IndexQuery q = s.filter().index();
    io.ringsim.storage.LocalIndex ix = refilter ? io.ringsim.storage.LocalIndex.matcher(schema, q.column(), q.kind())
        : null;
    LivenessFilter view = new LivenessFilter(now, schema.metadata());
    long before = rows;
    for (Map.Entry<DecoratedKey, List<Partition>> e : byKey.entrySet()) {
      if (cutKey != null && e.getKey().compareTo(cutKey) > 0) break;
      Partition merged = Partition.merge(e.getValue());
      if (e.getKey().equals(cutKey) && cutRow != null) merged = BoundedSlice.cutAfter(merged, cutRow, false);
      int remaining = (int) Math.max(1, s.rowLimit() - rows);
      LivePartition lp;
      if (ix == null) {
        lp = view.view(merged, s.filter().withLimit(remaining));
      } else {
        lp = ReplicaFilteringProtection.matching(ix, q, view.view(merged, s.filter().withLimit(Integer.MAX_VALUE)));
        if (lp != null && lp.rows().size() > remaining) {
          lp = new LivePartition(lp.key(), lp.staticRow(), lp.rows().subList(0, remaining));
        }
      }
      if (lp == null || lp.isEmpty()) continue;
      out.add(lp);
      rows += lp.rows().size();
      if (rows >= s.rowLimit()) break;
    }
    if (cutKey != null) {
      if (ix != null && rows == before && out.isEmpty() && asked < Integer.MAX_VALUE) {
        // Nothing before the cut still matches once merged: an empty page would end the statement, so the range is
        // asked again for more rows (Cassandra's short-read protection asks the replicas for more instead).
        send(current, (int) Math.min(Integer.MAX_VALUE, asked * 4L));
        return;
      }
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
    replyTo.reply(new ClientResponse.ReadDone(node.name(), out, List.copyOf(contactedAll), false, warnings,
        traceList(), truncated, now));
  }

  @Override
  void onTimeout() {
    finish();
    if (subId >= 0) node.unroute(subId);
    if (protection != null) protection.abandon();
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
