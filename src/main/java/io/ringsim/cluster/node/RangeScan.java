package io.ringsim.cluster.node;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LivenessFilter;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One range scan this node coordinates (a SELECT without a single partition key): it walks the ring's ranges in token
 * order, sends each range that overlaps the query to enough live replicas of that range for the consistency level,
 * one sub-request per range, and once every range has its answers merges them per partition and applies the limit.
 * Unavailable if any range lacks the replicas.
 */
final class RangeScan extends PendingRequest implements ReplicaFilteringProtection.Owner {
  private final ClientRequest.RangeScan s;
  private final ScanBounds bounds;
  /** The scan's now, fixed on arrival: every replica and the merged view judge expiry by it. */
  private final int now;
  private final Replier replyTo;
  private final TableSchema schema;
  /** The index of each sub-request (one per range) by its request id. */
  private final Map<Long, Integer> subRequestOf = new HashMap<>();
  /** Per sub-request, each replica's partitions. */
  private final List<Map<String, List<byte[]>>> answers = new ArrayList<>();
  private final List<AckTracker> trackers = new ArrayList<>();
  private final List<String> contactedAll = new ArrayList<>();
  /** Per sub-request, its range request (its replicas in the order they were asked). */
  private final List<RangeRequests.Request> requests = new ArrayList<>();
  /** The second round of an index read several replicas answered; null until it starts. */
  private ReplicaFilteringProtection.Round protection;
  private List<String> warnings = List.of();
  private long rowsScanned;
  private int outstanding;
  /** While sub-requests go out: a local replica's answer must not complete the scan before all are sent. */
  private boolean dispatching;

  /** A client's range scan, coordinated by {@code node}. */
  static void coordinate(NodeContext node, ClientRequest.RangeScan s, Replier replyTo) {
    s.consistency().validateForRead();
    node.metrics.coordinatedReads++;
    TableStore local = node.storage.table(s.table()).orElseThrow();
    new RangeScan(node, node.newRequestId(), s, replyTo, local.schema()).start();
  }

  private RangeScan(NodeContext node, long id, ClientRequest.RangeScan s, Replier replyTo, TableSchema schema) {
    super(node, id, s.trace());
    this.s = s;
    this.bounds = new ScanBounds(s.startExclusive(), s.endInclusive(), node.ring().partitioner());
    this.replyTo = replyTo;
    this.schema = schema;
    this.now = node.requestNow(s.nowInSec());
  }

  private void start() {
    List<RingRange> ranges = RangeRequests.overlapping(node, bounds);
    node.register(this, node.cfg.readTimeout());
    trace(TraceStage.NATIVE_TRANSPORT, "Computing ranges to query"); // RangeCommands.rangeCommandIterator
    List<RangeRequests.Request> requests = new ArrayList<>();
    for (int i = 0; i < ranges.size(); ) {
      RangeRequests.Request r = RangeRequests.next(node, s.table(), s.consistency(), bounds, ranges, i);
      if (!r.available()) {
        finish();
        replyTo.reply(r.plan().unavailable(node.name(), r.plan().aliveCounting(r.live()), traceList()));
        return;
      }
      requests.add(r);
      i += r.ranges();
    }
    if (traced()) {
      // This scan asks every range at once: its concurrency is all of them.
      trace(TraceStage.NATIVE_TRANSPORT, "Submitting range requests on " + ranges.size() + " ranges with a concurrency"
          + " of " + ranges.size() + " (" + RangeRequests.rowsPerRangeExpected(node, s.table()) + " rows per range"
          + " expected)");
      trace(TraceStage.RINGSIM, "Scanning " + ranges.size() + " token ranges in " + requests.size() + " requests");
    }
    dispatching = true;
    List<NodeMessage.RangeRead> local = new ArrayList<>();
    for (RangeRequests.Request r : requests) {
      int sub = answers.size();
      answers.add(new TreeMap<>());
      this.requests.add(r);
      trackers.add(r.plan().tracker());
      outstanding++;
      long subId = node.newRequestId();
      subRequestOf.put(subId, sub);
      node.route(subId, new SubRange(node, subId, this));
      NodeMessage.RangeRead req = new NodeMessage.RangeRead(subId, s.table(), r.lo(), r.hi(), FilterSpec.of(s.filter()),
          s.partitionLimit(), 0, now, traced());
      for (String x : r.contacts()) {
        if (!contactedAll.contains(x)) contactedAll.add(x);
        if (x.equals(node.name())) {
          local.add(req);
          continue;
        }
        traceRangeRequest(this, x, r, req);
        node.send(x, req);
      }
    }
    trace(TraceStage.NATIVE_TRANSPORT, "Submitted " + requests.size() + " concurrent range requests");
    // The node's own ranges are read on its read stage once the requests are out (StorageProxy.LocalReadRunnable).
    for (NodeMessage.RangeRead req : local) ReplicaVerbs.serveRangeRead(node, node.name(), req, trace);
    dispatching = false;
    if (outstanding == 0 && node.isPending(id)) reply();
  }

  /**
   * A range request to a peer, as RangeCommandIterator.query traces it ("Enqueuing request to" the replica, as
   * Cassandra prints a Replica: its address and the ring range it holds) and messaging sends it.
   */
  static void traceRangeRequest(PendingRequest scan, String to, RangeRequests.Request r, NodeMessage.RangeRead req) {
    if (!scan.traced()) return;
    scan.trace(TraceStage.NATIVE_TRANSPORT, "Enqueuing request to Full({}," + heldRange(scan.node, r) + ")", to);
    scan.trace(TraceStage.MESSAGING, "Sending RANGE_REQ message to {} message size "
        + (req.table().length() + text(req.startExclusive()) + text(req.endInclusive())) + " bytes", to);
  }

  /** The ring range the request's replicas are named by, as Cassandra prints a Replica's range: "(a,b]". */
  static String heldRange(NodeContext node, RangeRequests.Request r) {
    io.ringsim.ring.Ring ring = node.ring();
    int owner = ownerIndex(node, r);
    return "(" + ring.token((owner - 1 + ring.size()) % ring.size()) + "," + ring.token(owner) + "]";
  }

  private static int text(String token) {
    return token == null ? 0 : token.length();
  }

  /** The ring token whose range holds the request's first token: the range its replicas are named by. */
  private static int ownerIndex(NodeContext node, RangeRequests.Request r) {
    io.ringsim.ring.Ring ring = node.ring();
    if (r.lo() == null) return 0;
    io.ringsim.ring.Token lo = ring.partitioner().parseToken(r.lo());
    for (int i = 0; i < ring.size(); i++) if (ring.token(i).compareTo(lo) > 0) return i;
    return 0;
  }

  private void onSub(int sub, String from, NodeMessage m) {
    if (!(m instanceof NodeMessage.RangeReadReply rr) || !node.isPending(id)) return;
    if (rr.failure() != null) {
      finish();
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadFailure,
          "Operation failed - received 0 responses and 1 failures: " + rr.failure(), 0, 1, traceList()));
      return;
    }
    if (answers.get(sub).containsKey(from)) return;
    answers.get(sub).put(from, rr.partitions());
    rowsScanned += rr.rows();
    if (traced() && !from.equals(node.name())) {
      absorb(rr.trace());
      traceResponse("RANGE_RSP", from);
    }
    if (traced()) {
      traceFrom(from, TraceStage.RINGSIM, "Range " + sub + ": read " + rr.partitions().size() + " partitions from " + rr.sstables()
          + " SSTables, " + rr.rows() + " live rows and " + rr.tombstones() + " tombstones scanned");
    }
    if (trackers.get(sub).ack(from) && trackers.get(sub).received() == trackers.get(sub).required()) {
      if (--outstanding == 0 && !dispatching) reply();
    }
  }

  /** Replies come to the sub-requests' ids, never to the scan's own. */
  @Override
  void onResponse(String from, NodeMessage m) {}

  /**
   * Every range answered: a read by index that several replicas answered first gets its second round
   * ({@link ReplicaFilteringProtection}); then the answers are merged.
   */
  private void reply() {
    io.ringsim.storage.IndexQuery q = s.filter().index();
    if (q == null) {
      answer(decoded(), false);
      return;
    }
    List<ReplicaFilteringProtection.Source> sources = new ArrayList<>();
    TreeMap<DecoratedKey, List<Partition>> versions = new TreeMap<>();
    List<ReplicaFilteringProtection.Fetch> fetches = new ArrayList<>();
    long cached = 0;
    for (int sub = 0; sub < requests.size(); sub++) {
      RangeRequests.Request r = requests.get(sub);
      sources.clear();
      for (String x : r.contacts()) {
        List<Partition> parts = new ArrayList<>();
        for (byte[] b : answers.get(sub).getOrDefault(x, List.of())) parts.add(PartitionCodec.decode(b, schema));
        sources.add(new ReplicaFilteringProtection.Source(x, heldRange(node, r), parts));
      }
      // Each range has its own resolver in Cassandra, and so its own count of cached rows.
      ReplicaFilteringProtection.Plan p = ReplicaFilteringProtection.plan(sources, schema, s.filter(), now);
      if (!thresholds(p.cachedRows(), r)) return;
      versions.putAll(p.versions());
      fetches.addAll(p.fetches());
      cached = Math.max(cached, p.cachedRows());
    }
    protection = new ReplicaFilteringProtection.Round(this, this, s.table(), schema, now, s.filter().reversed(),
        new ReplicaFilteringProtection.Plan(versions, fetches, cached));
    protection.next();
  }

  /**
   * Cassandra's cached_replica_rows thresholds: false (and the scan failed) past the failure threshold; past the
   * warning threshold the client gets a warning.
   */
  private boolean thresholds(long cached, RangeRequests.Request r) {
    ReplicaFilteringProtection.Breach b = ReplicaFilteringProtection.breach(cached, schema, s.filter().index(),
        r.lo(), r.hi(), 0);
    if (b == null) return true;
    trace(TraceStage.NATIVE_TRANSPORT, b.message());
    if (b.fail()) {
      finish();
      for (Long sid : subRequestOf.keySet()) node.unroute(sid);
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.Overloaded, b.message(), 0, 1, traceList()));
      return false;
    }
    if (warnings.isEmpty()) warnings = new ArrayList<>();
    warnings.add(b.message());
    return true;
  }

  @Override
  public void protectedVersions(TreeMap<DecoratedKey, List<Partition>> versions) {
    answer(versions, true);
  }

  @Override
  public void protectionFailed(String replica, String failure) {
    finish();
    for (Long sid : subRequestOf.keySet()) node.unroute(sid);
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadFailure,
        "Operation failed - received 0 responses and 1 failures: " + failure, 0, 1, traceList()));
  }

  /** Every answer's partitions, by key. */
  private TreeMap<DecoratedKey, List<Partition>> decoded() {
    TreeMap<DecoratedKey, List<Partition>> byKey = new TreeMap<>();
    for (Map<String, List<byte[]>> a : answers) {
      for (List<byte[]> parts : a.values()) {
        for (byte[] b : parts) {
          Partition p = PartitionCodec.decode(b, schema);
          byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
        }
      }
    }
    return byKey;
  }

  /**
   * Merges each partition's versions; after a second round, the merged rows are filtered by the index expression
   * again, as Cassandra's resolver does before it counts them.
   */
  private void answer(TreeMap<DecoratedKey, List<Partition>> byKey, boolean refilter) {
    finish();
    for (Long sid : subRequestOf.keySet()) node.unroute(sid);
    io.ringsim.storage.IndexQuery q = s.filter().index();
    io.ringsim.storage.LocalIndex ix = refilter ? io.ringsim.storage.LocalIndex.matcher(schema, q.column(), q.kind())
        : null;
    LivenessFilter view = new LivenessFilter(now, schema.metadata());
    List<LivePartition> out = new ArrayList<>();
    for (List<Partition> v : byKey.values()) {
      LivePartition lp = view.view(Partition.merge(v), s.filter());
      if (ix != null) lp = ReplicaFilteringProtection.matching(ix, q, lp);
      if (lp == null || lp.isEmpty()) continue;
      out.add(lp);
      if (out.size() >= s.partitionLimit()) break;
    }
    if (traced()) {
      trace(TraceStage.RINGSIM, "Range scan returned " + out.size() + " partitions; replicas scanned " + rowsScanned
          + " live rows" + (refilter ? "; rows filtered again after the merge"
          : " (filtering, if any, happens on this coordinator)"));
    }
    replyTo.reply(new ClientResponse.ReadDone(node.name(), out, List.copyOf(contactedAll), false, warnings,
        traceList(), false, now));
  }

  @Override
  void onTimeout() {
    finish();
    for (Long sid : subRequestOf.keySet()) node.unroute(sid);
    if (protection != null) protection.abandon();
    replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ReadTimeout,
        "Operation timed out - received only 0 responses.", 0, 1, traceList()));
  }

  /** Routes one range's replies to its scan; the scan's own timer covers it. */
  private static final class SubRange extends PendingRequest {
    private final RangeScan scan;

    SubRange(NodeContext node, long id, RangeScan scan) {
      super(node, id, false);
      this.scan = scan;
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      scan.onSub(scan.subRequestOf.get(id), from, m);
    }

    @Override
    void onTimeout() {}
  }
}
