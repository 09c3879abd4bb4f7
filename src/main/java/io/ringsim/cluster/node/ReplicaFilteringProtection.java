package io.ringsim.cluster.node;

import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.IndexQuery;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.LivenessFilter;
import io.ringsim.storage.LocalIndex;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableSchema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cassandra 4.1's ReplicaFilteringProtection (CASSANDRA-8272, CASSANDRA-15907) for a range read by a built-in index
 * that several replicas answer. Each replica answers from its own index, so it returns only the rows that match on
 * it: a replica whose newer version of a row no longer matches returns nothing for that row, and merging the answers
 * alone would keep another replica's stale match. So, for every row some replica returned and another did not (that
 * replica is "silent" about it), the coordinator reads the row again from the silent replica, without the index: a
 * single-partition read by clustering names, one partition of one replica at a time, each awaited before the next
 * (as DataResolver's second phase consumes them). Those answers join the first ones, and the merged rows are
 * filtered by the index expression again ({@link #matching}).
 *
 * <p>The rows Cassandra caches meanwhile are counted as it counts them ({@link Plan#cachedRows}): every version,
 * present or not, of every merged row, over the partitions its first phase reads ahead until one has a row that every
 * replica returned. Past cached_replica_rows_warn_threshold (2000) the client gets a warning, past
 * cached_replica_rows_fail_threshold (32000) the read fails.
 */
final class ReplicaFilteringProtection {
  static final int WARN_THRESHOLD = 2000;
  static final int FAIL_THRESHOLD = 32000;

  /** One replica's first answer: its partitions, and the ring range it holds as Cassandra's trace prints it. */
  record Source(String replica, String heldRange, List<Partition> partitions) {}

  /** A second-round read: the rows of one partition one silent replica is asked for (none: its static row only). */
  record Fetch(String replica, String heldRange, DecoratedKey key, List<Clustering> rows) {}

  /**
   * What the first answers call for: every version of each partition, the reads to make, and the most rows Cassandra
   * would hold cached at once while resolving them.
   */
  record Plan(TreeMap<DecoratedKey, List<Partition>> versions, List<Fetch> fetches, long cachedRows) {}

  /** What the scan that started a protection is told. */
  interface Owner {
    /** Every fetch answered: each partition's versions, the fetched ones included. */
    void protectedVersions(TreeMap<DecoratedKey, List<Partition>> versions);

    /** A fetch failed on {@code replica} (a tombstone overwhelm there). */
    void protectionFailed(String replica, String failure);
  }

  private ReplicaFilteringProtection() {}

  /**
   * The versions of each partition the sources returned and the rows each silent replica is to be asked for, in
   * partition order and then the sources' order. A row counts when it is live once merged (Cassandra skips a merged
   * row that is empty); a replica is silent about it when its answer has no such row, or no such partition.
   */
  static Plan plan(List<Source> sources, TableSchema schema, ReadFilter filter, int now) {
    TreeMap<DecoratedKey, Partition[]> byKey = new TreeMap<>();
    for (int i = 0; i < sources.size(); i++) {
      for (Partition p : sources.get(i).partitions()) {
        byKey.computeIfAbsent(p.key(), k -> new Partition[sources.size()])[i] = p;
      }
    }
    LivenessFilter view = new LivenessFilter(now, schema.metadata());
    ReadFilter all = filter.withLimit(Integer.MAX_VALUE);
    TreeMap<DecoratedKey, List<Partition>> versions = new TreeMap<>();
    List<Fetch> fetches = new ArrayList<>();
    long chunk = 0, peak = 0;
    for (Map.Entry<DecoratedKey, Partition[]> e : byKey.entrySet()) {
      List<Partition> present = new ArrayList<>();
      for (Partition p : e.getValue()) if (p != null) present.add(p);
      versions.put(e.getKey(), present);
      LivePartition merged = view.view(Partition.merge(present), all);
      List<List<Clustering>> toFetch = new ArrayList<>();
      boolean[] fetchStatic = new boolean[sources.size()];
      for (int i = 0; i < sources.size(); i++) toFetch.add(new ArrayList<>());
      boolean agreed = false;
      if (merged.staticRow() != null) {
        boolean outdated = false;
        for (int i = 0; i < sources.size(); i++) {
          Partition v = e.getValue()[i];
          if (v == null || v.staticRow() == null) fetchStatic[i] = outdated = true;
        }
        agreed = !outdated;
      }
      for (LiveRow r : merged.rows()) {
        boolean outdated = false;
        for (int i = 0; i < sources.size(); i++) {
          Partition v = e.getValue()[i];
          if (v == null || !v.rows().containsKey(r.clustering())) {
            toFetch.get(i).add(r.clustering());
            outdated = true;
          }
        }
        agreed |= !outdated;
      }
      // Cassandra caches one version per source of every merged row, null ones included, and releases them once the
      // second phase has consumed the partition; its first phase reads on while every row it meets may be outdated.
      chunk += (long) (merged.rows().size() + (merged.staticRow() != null ? 1 : 0)) * sources.size();
      peak = Math.max(peak, chunk);
      if (agreed) chunk = 0;
      for (int i = 0; i < sources.size(); i++) {
        if (toFetch.get(i).isEmpty() && !fetchStatic[i]) continue;
        List<Clustering> rows = toFetch.get(i);
        rows.sort(schema.clustering());
        fetches.add(new Fetch(sources.get(i).replica(), sources.get(i).heldRange(), e.getKey(), List.copyOf(rows)));
      }
    }
    return new Plan(versions, fetches, peak);
  }

  /**
   * The read a fetch sends: its rows by their whole clustering (Cassandra's ClusteringIndexNamesFilter), or none,
   * for a static row alone; the query's direction.
   */
  static ReadFilter fetchFilter(Fetch f, TableSchema schema, boolean reversed) {
    if (schema.metadata().clusteringColumns().isEmpty()) return ReadFilter.ALL_NAMED;
    List<Slice> exact = new ArrayList<>(f.rows().size());
    for (Clustering c : f.rows()) {
      byte[][] v = new byte[c.size()][];
      for (int j = 0; j < v.length; j++) v[j] = c.get(j);
      exact.add(new Slice(ClusteringBound.inclusive(v), ClusteringBound.inclusive(v)));
    }
    return new ReadFilter(exact, reversed, Integer.MAX_VALUE, false, true);
  }

  /**
   * The rows of a merged partition that still match the index expression (RowFilter.filter after the merge), as a
   * replica's {@link io.ringsim.storage.IndexSearcher} keeps them: a static column's or a partition key's index
   * keeps the whole partition or nothing; another keeps the matching rows, and a partition with none is dropped.
   * Null when nothing is kept.
   */
  static LivePartition matching(LocalIndex ix, IndexQuery q, LivePartition lp) {
    if (ix.wholePartitions()) {
      boolean match = ix.onPartitionKey() ? ix.matchesKey(q, lp.key()) : ix.matches(q, lp.staticRow());
      return match && !lp.isEmpty() ? lp : null;
    }
    List<LiveRow> rows = new ArrayList<>(lp.rows().size());
    for (LiveRow r : lp.rows()) if (ix.matches(q, r)) rows.add(r);
    if (rows.isEmpty()) return null;
    return rows.size() == lp.rows().size() ? lp : new LivePartition(lp.key(), lp.staticRow(), rows);
  }

  /**
   * The range read as ReadCommand.toCQLString renders it for the message: {@code SELECT * FROM ks.t WHERE
   * token(k) > a AND token(k) <= b AND v = 1 LIMIT 100 ALLOW FILTERING} (the token bounds of the range request,
   * the index expression, the page's limit). Asked of the oracle on one node (a partition of 2001 matching rows),
   * Cassandra printed {@code SELECT v FROM ks.t WHERE v = 1 LIMIT 5000 ALLOW FILTERING} for a count(*): it names the
   * columns the read fetches (here always {@code *}) and the client's page size even for a read ringsim runs unpaged
   * (here no LIMIT then); and its row filter lists the statement's other filtering restrictions, which ringsim's
   * replicas are not sent.
   */
  static String query(TableSchema schema, IndexQuery q, String startExclusive, String endInclusive, int limit) {
    StringBuilder b = new StringBuilder("SELECT * FROM ").append(schema.name()).append(" WHERE ");
    StringBuilder key = new StringBuilder();
    for (io.ringsim.schema.ColumnDef c : schema.metadata().partitionKey()) {
      key.append(key.length() == 0 ? "" : ", ").append(c.name());
    }
    if (startExclusive != null) b.append("token(").append(key).append(") > ").append(startExclusive).append(" AND ");
    if (endInclusive != null) b.append("token(").append(key).append(") <= ").append(endInclusive).append(" AND ");
    b.append(expression(schema, q));
    if (limit > 0 && limit < Integer.MAX_VALUE) b.append(" LIMIT ").append(limit);
    return b.append(" ALLOW FILTERING").toString();
  }

  /** RowFilter's expression for {@code q}: {@code v = 1}, {@code s CONTAINS 1}, {@code m CONTAINS KEY 'a'}, m['a'] = 1. */
  private static String expression(TableSchema schema, IndexQuery q) {
    io.ringsim.schema.CqlType t = schema.metadata().column(q.column()).map(io.ringsim.schema.ColumnDef::type)
        .orElse(null);
    if (t == null) return q.column();
    io.ringsim.schema.CqlType element = t instanceof io.ringsim.schema.collection.ListType l ? l.element()
        : t instanceof io.ringsim.schema.collection.SetType st ? st.element()
        : t instanceof io.ringsim.schema.collection.MapType m ? m.value() : t;
    return switch (q.kind()) {
      case "keys" -> q.column() + " CONTAINS KEY "
          + literal(((io.ringsim.schema.collection.MapType) t).key(), q.value());
      case "entries" -> q.column() + "[" + literal(((io.ringsim.schema.collection.MapType) t).key(), q.value())
          + "] = " + literal(element, q.entryValue());
      case "values" -> io.ringsim.storage.TableSchema.isComplex(t) ? q.column() + " CONTAINS " + literal(element, q.value())
          : q.column() + " = " + literal(t, q.value());
      default -> q.column() + " = " + literal(t, q.value());
    };
  }

  private static String literal(io.ringsim.schema.CqlType t, byte[] v) {
    return t.literal(t.deserialize(v));
  }

  /** Cassandra's message when the cached rows pass {@code threshold} ("warn" or "fail"). */
  static String thresholdMessage(int threshold, String kind, String query) {
    return "Replica filtering protection has cached over " + threshold + " rows during query " + query
        + ". (See 'cached_replica_rows_" + kind + "_threshold' in cassandra.yaml.)";
  }

  /** A cached_replica_rows threshold passed: the read fails ({@code fail}) or warns, with Cassandra's message. */
  record Breach(boolean fail, String message) {}

  /**
   * Which of Cassandra's cached_replica_rows thresholds {@code cachedRows} passes, for the range read of
   * {@code q} between the tokens (its page's {@code limit}, 0: unpaged); null for none.
   */
  static Breach breach(long cachedRows, TableSchema schema, IndexQuery q, String startExclusive, String endInclusive,
      int limit) {
    if (cachedRows <= WARN_THRESHOLD) return null;
    boolean fail = cachedRows > FAIL_THRESHOLD;
    return new Breach(fail, thresholdMessage(fail ? FAIL_THRESHOLD : WARN_THRESHOLD, fail ? "fail" : "warn",
        query(schema, q, startExclusive, endInclusive, limit)));
  }

  /**
   * The second round on behalf of {@code scan}: each fetch sent once the previous one is answered, traced as
   * Cassandra traces it, its answer added to its partition's versions; {@code owner} is told when all are in.
   */
  static final class Round {
    private final PendingRequest scan;
    private final Owner owner;
    private final String table;
    private final TableSchema schema;
    private final int now;
    private final boolean reversed;
    private final TreeMap<DecoratedKey, List<Partition>> versions;
    private final Deque<Fetch> queue;
    private long fetchId = -1;
    private Fetch inFlight;

    Round(PendingRequest scan, Owner owner, String table, TableSchema schema, int now, boolean reversed, Plan plan) {
      this.scan = scan;
      this.owner = owner;
      this.table = table;
      this.schema = schema;
      this.now = now;
      this.reversed = reversed;
      this.versions = plan.versions();
      this.queue = new ArrayDeque<>(plan.fetches());
    }

    /** Sends the next fetch, or tells the owner all are answered. */
    void next() {
      NodeContext node = scan.node;
      if (fetchId >= 0) node.unroute(fetchId);
      if (!node.isPending(scan.id)) return;
      inFlight = queue.poll();
      if (inFlight == null) {
        fetchId = -1;
        owner.protectedVersions(versions);
        return;
      }
      fetchId = node.newRequestId();
      node.route(fetchId, new Reply(node, fetchId, this));
      Fetch f = inFlight;
      if (scan.traced()) {
        // ReplicaFilteringProtection.PartitionBuilder.fetchFromSource.
        scan.trace(TraceStage.NATIVE_TRANSPORT, "Requesting " + f.rows().size() + " rows in partition DecoratedKey("
            + f.key().token() + ", " + HexFormat.of().formatHex(f.key().key()) + ") from Full({}," + f.heldRange()
            + ") for replica filtering protection", f.replica());
      }
      NodeMessage.ReadData req = new NodeMessage.ReadData(fetchId, table, f.key().key(),
          FilterSpec.of(fetchFilter(f, schema, reversed)), now, scan.traced());
      if (f.replica().equals(node.name())) {
        // Its own replica is read on its read stage, with no message (StorageProxy.LocalReadRunnable).
        ReplicaVerbs.localRead(node, req, scan.trace);
        return;
      }
      if (scan.traced()) {
        scan.trace(TraceStage.MESSAGING, "Sending READ_REQ message to {} message size "
            + (req.key().length + req.table().length()) + " bytes", f.replica());
      }
      node.send(f.replica(), req);
    }

    private void onReply(String from, NodeMessage m) {
      if (!(m instanceof NodeMessage.ReadDataReply rd) || inFlight == null || !from.equals(inFlight.replica())
          || !scan.node.isPending(scan.id)) return;
      if (scan.traced() && !from.equals(scan.node.name())) {
        scan.absorb(rd.trace());
        scan.traceResponse("READ_RSP", from);
      }
      if (rd.failure() != null) {
        scan.node.unroute(fetchId);
        owner.protectionFailed(from, rd.failure());
        return;
      }
      Partition p = rd.decodedData() != null ? rd.decodedData()
          : rd.data().length == 0 ? null : PartitionCodec.decode(rd.data(), schema);
      if (p != null) versions.get(inFlight.key()).add(p);
      next();
    }

    /** Stops routing the fetch in flight (the scan ended). */
    void abandon() {
      if (fetchId >= 0) scan.node.unroute(fetchId);
    }
  }

  /** Routes a fetch's answer to its round; the scan's own timer covers it. */
  private static final class Reply extends PendingRequest {
    private final Round round;

    Reply(NodeContext node, long id, Round round) {
      super(node, id, false);
      this.round = round;
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      round.onReply(from, m);
    }

    @Override
    void onTimeout() {}
  }

}
