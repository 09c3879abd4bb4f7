package io.ringsim.server;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.RequestKind;
import io.ringsim.cluster.RequestObserver;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.Keys;
import io.ringsim.schema.Catalog;
import io.ringsim.sim.DriverRetries;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.OpOutcome;
import io.ringsim.sim.OpType;
import io.ringsim.sim.cells.CellCapture;
import io.ringsim.sim.cells.Mutation;
import io.ringsim.sim.cells.Reach;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.Seen;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.TableSchema;
import java.util.HexFormat;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Cell;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the clients of a served cluster did, as their coordinators saw it, in two forms.
 *
 * <p>{@link #servedOps()}: every request at Cassandra's granularity, for {@link io.ringsim.sim.ServedChecker}: a
 * write's cells, tombstones and deletions as its coordinator built them (with the timestamp and TTL it used, a client
 * timestamp honoured), a read's region and the cells it saw, a counter write's deltas and a counter read's values, the
 * data a DROP, TRUNCATE or ALTER ... DROP removed, and the requests the model cannot place (range scans, reads of a
 * view), counted as not judged.
 *
 * <p>{@link #ops()}: one record per single-partition statement with the newest write timestamp it wrote or saw, for
 * history.jsonl, the figures and the live view. Only reads of a whole partition are kept there (a driver's paged
 * read when its first page held the whole partition).
 */
public final class ClientHistory {
  /**
   * One operation. {@code client} is the connection it came on: the same client, for read-your-writes. {@code sender}
   * is who sent the request and what it was, to recognise a driver's retry (which comes on another connection).
   * {@code nowInSec}: the now its coordinator reported (a v5 client's now_in_seconds, else its clock's second), which
   * a read judged expiry by and a write's TTLs count from; null when not reported (a failure, a timeout).
   */
  public record Op(long id, int client, Sender sender, String table, String key, byte[] keyBytes, OpType kind,
      ConsistencyLevel consistency, String coordinator, long invokeMicros, long completeMicros, OpOutcome outcome,
      String error, long version, Boolean applied, Integer nowInSec) {}

  /**
   * Who sent a request and which request it was: the client's IP address (a driver retries on its connection to
   * another node, from the same address) and the request's identity (its statement and bound values, see
   * RequestIdentity; null when unknown).
   */
  public record Sender(String address, String request) {
    public static final Sender UNKNOWN = new Sender("", null);
  }

  private final SimCluster cluster;
  private final List<Op> ops = new ArrayList<>();
  private final List<ServedOp> served = new ArrayList<>();
  private final AtomicLong ids = new AtomicLong();

  public ClientHistory(SimCluster cluster) {
    this.cluster = cluster;
  }

  public synchronized List<Op> ops() {
    return List.copyOf(ops);
  }

  /** The operations per consistency level, with those that look like a driver's retry ({@link DriverRetries}). */
  public List<io.ringsim.report.ClientRetries> retries() {
    return DriverRetries.count(requests(ops()));
  }

  /** Of {@code ops}, those that look like a driver's retry, by id, with the id of the failed request each retried. */
  public static java.util.Map<Long, Long> retried(List<Op> ops) {
    return DriverRetries.retried(requests(ops));
  }

  private static List<DriverRetries.Request> requests(List<Op> ops) {
    List<DriverRetries.Request> requests = new ArrayList<>();
    for (Op op : ops) {
      requests.add(new DriverRetries.Request(op.id(), op.sender().address(), op.sender().request(),
          op.consistency().name(), op.invokeMicros(), op.completeMicros(), op.outcome() != OpOutcome.OK));
    }
    return requests;
  }

  /** The operations from the {@code from}-th on (a live view follows the history without copying it all). */
  public synchronized List<Op> opsFrom(int from) {
    return from >= ops.size() ? List.of() : List.copyOf(ops.subList(from, ops.size()));
  }

  private synchronized void add(Op op) {
    ops.add(op);
  }

  private record Sent(long id, int client, Sender sender, String coordinator, OpType kind, ClientRequest request,
      long invokeMicros, Long clientTimestamp, Statement statement, long clockMicros, boolean legacy, CasTarget cas) {}

  /** The row an LWT's condition is on and the columns its IF names (null: IF EXISTS / IF NOT EXISTS). */
  private record CasTarget(io.ringsim.storage.Clustering row, List<io.ringsim.schema.ColumnDef> columns) {}

  /** The observer for one client connection's requests. */
  RequestObserver observer(int client) {
    return observer(client, null, Sender.UNKNOWN);
  }

  /**
   * The observer for a request whose writes carry the client's timestamp: that timestamp, not the coordinator's, is
   * what replicas store and reads see.
   */
  RequestObserver observer(int client, Long clientTimestamp, Sender sender) {
    return new RequestObserver() {
      /** The statement being run: its LWT condition is what the checker can judge of a Cas. */
      private Statement current;
      private CasTarget cas;

      @Override
      public ClientRequest instrument(ClientRequest request) {
        return CellCapture.instrument(request);
      }

      @Override
      public void statement(Statement s) {
        current = s;
        cas = null;
      }

      @Override
      public void conditional(io.ringsim.storage.Clustering row, List<io.ringsim.schema.ColumnDef> columns) {
        cas = new CasTarget(row, columns);
      }

      @Override
      public void schemaChanged(Statement s, String keyspace, Catalog before, Catalog after, long invokeNanos,
          long completeNanos) {
        for (ServedOp.Removal r : Removals.of(s, keyspace, before, after, invokeNanos / 1000, completeNanos / 1000,
            ids::incrementAndGet)) {
          addServed(r);
        }
      }

      @Override
      public Object sent(String coordinator, RequestKind kind, ClientRequest request, long nowNanos) {
        // The legacy per-partition record (history.jsonl, the live view) keeps whole-partition reads only.
        boolean whole = !(request instanceof ClientRequest.Read r) || ReadFilter.ALL.equals(r.filter())
            || (r.filter().paged() && r.filter().slices().equals(ReadFilter.ALL.slices()));
        boolean legacy = !(request instanceof ClientRequest.RangeScan) && whole;
        return new Sent(ids.incrementAndGet(), client, sender, coordinator, OpType.of(kind), request, nowNanos / 1000,
            clientTimestamp, current, clockMicros(coordinator), legacy, cas);
      }

      @Override
      public void answered(Object token, ClientResponse response, long nowNanos) {
        if (!(token instanceof Sent s)) return;
        if (s.legacy() && !cutShort(s.request(), response)) record(s, response, nowNanos / 1000);
        if (s.request() instanceof ClientRequest.RangeScan scan) {
          for (ServedOp op : scanned(s, scan, response, nowNanos / 1000)) addServed(op);
        } else {
          addServed(served(s, response, nowNanos / 1000));
        }
      }
    };
  }

  /** A coordinator's clock now (the cluster's, plus the node's skew), in microseconds. */
  private long clockMicros(String coordinator) {
    return cluster.clockNowMicros() + cluster.faults().skewMillis().getOrDefault(coordinator, 0L) * 1000;
  }

  private synchronized void addServed(ServedOp op) {
    served.add(op);
  }

  /** Everything the clients did, at the cells' granularity, for {@link io.ringsim.sim.ServedChecker}. */
  public synchronized List<ServedOp> servedOps() {
    return List.copyOf(served);
  }

  private ServedOp served(Sent s, ClientResponse r, long completeMicros) {
    ClientRequest q = s.request();
    ServedOp.Outcome outcome = r == null ? ServedOp.Outcome.TIMED_OUT
        : r instanceof ClientResponse.Failed f ? (f.error() == CqlErrorClass.Unavailable ? ServedOp.Outcome.REFUSED
            : ServedOp.Outcome.FAILED)
        : ServedOp.Outcome.OK;
    String error = r == null ? "OperationTimedOut (client)" : r instanceof ClientResponse.Failed f
        ? f.error().name() : null;
    TableMetadata t = cluster.catalog().table(q.table()).orElse(null);
    if (t == null) return new ServedOp.Unjudged(s.id(), s.invokeMicros(), completeMicros, NotJudged.UNKNOWN_TABLE);
    if (cluster.catalog().view(q.table()).isPresent()) {
      return new ServedOp.Unjudged(s.id(), s.invokeMicros(), completeMicros, NotJudged.MATERIALIZED_VIEW);
    }
    byte[] key = keyOf(q);
    ServedOp.PartitionRef ref = new ServedOp.PartitionRef(q.table(), keyText(t, key), HexFormat.of().formatHex(key));
    ClusteringComparator cmp = TableSchema.of(t, cluster.ring().partitioner()).clustering();
    String cl = q.consistency().name();
    if (t.isCounterTable()) return counter(s, r, t, ref, cmp, outcome, error, completeMicros);
    if (q instanceof ClientRequest.Read read) {
      Region region = r instanceof ClientResponse.ReadDone d ? CellCapture.region(read.filter(), d) : Region.WHOLE;
      // A SERIAL read's values are judged against the LWTs' model of its rows: kept for those only.
      Seen seen = r instanceof ClientResponse.ReadDone d
          ? CellCapture.seen(d.partitions(), q.consistency().isSerial()) : Seen.NOTHING;
      return read(s, r, read.nowInSec(), ref, cmp, outcome, region, seen, completeMicros);
    }
    CellCapture.Capturing c = CellCapture.capturing(q);
    Mutation m = c == null || c.built() == null ? null : CellCapture.mutation(c.built());
    ServedOp.Lwt lwt = q instanceof ClientRequest.Cas ? StatementForms.lwtForm(s.statement()) : ServedOp.Lwt.NONE;
    Boolean applied = r instanceof ClientResponse.CasDone d ? d.applied() : null;
    boolean acked = outcome == ServedOp.Outcome.OK && (lwt == ServedOp.Lwt.NONE || Boolean.TRUE.equals(applied));
    // A plain write keeps its update too (no row, no condition): the LWT check starts its rows from it.
    ServedOp.Conditional cas = q instanceof ClientRequest.Cas x ? conditional(x, s, r, c, t)
        : c != null && c.built() != null ? new ServedOp.Conditional(null, null, c.built(), null, null, null) : null;
    return new ServedOp.Write(s.id(), s.client(), ref, cmp, cl, s.coordinator(), s.invokeMicros(), completeMicros,
        outcome, error, m, lwt, applied, acked && m == null ? NotJudged.NOT_CAPTURED : null, CellCapture.writeNow(r, c),
        StatementForms.mayExpire(s.statement(), t), cas);
  }

  /**
   * A read of one partition, its region and what it saw there, with its now: the one it was sent with, or its
   * coordinator's as answered, or else anywhere between the coordinator's clock when it was sent and now.
   */
  private ServedOp.Read read(Sent s, ClientResponse r, int sentNow, ServedOp.PartitionRef ref,
      ClusteringComparator cmp, ServedOp.Outcome outcome, Region region, Seen seen, long completeMicros) {
    int lo, hi;
    if (sentNow != ClientRequest.COORDINATOR_NOW) {
      lo = hi = sentNow;
    } else if (r instanceof ClientResponse.ReadDone d && d.nowInSec() != ClientResponse.NOW_NOT_REPORTED) {
      lo = hi = d.nowInSec(); // the coordinator's, by which its replicas judged expiry
    } else {
      lo = (int) Math.floorDiv(s.clockMicros(), 1_000_000L);
      hi = (int) Math.floorDiv(clockMicros(s.coordinator()), 1_000_000L);
    }
    return new ServedOp.Read(s.id(), s.client(), ref, cmp, s.request().consistency().name(), s.coordinator(),
        s.invokeMicros(), completeMicros, outcome, region == null ? Region.WHOLE : region, seen, lo, hi, false,
        region == null ? NotJudged.EMPTY_PAGE : null);
  }

  /**
   * A range scan, answered: each partition it returned judged as a read of that partition (the rows of its slices
   * up to where the scan's limits cut it, {@link CellCapture#scanned}), a counter table's by its counters' values;
   * that a partition is missing from it is not judged. A scan by a secondary index (its replicas return only the
   * rows the index finds) or of a view is not judged at all; a failed one saw nothing.
   */
  private List<ServedOp> scanned(Sent s, ClientRequest.RangeScan q, ClientResponse r, long completeMicros) {
    TableMetadata t = cluster.catalog().table(q.table()).orElse(null);
    if (t == null || cluster.catalog().view(q.table()).isPresent() || q.filter().index() != null
        || q.consistency().isSerial()) {
      return List.of(new ServedOp.Unjudged(s.id(), s.invokeMicros(), completeMicros, NotJudged.RANGE_SCAN));
    }
    if (!(r instanceof ClientResponse.ReadDone d)) return List.of();
    ClusteringComparator cmp = TableSchema.of(t, cluster.ring().partitioner()).clustering();
    Reach reach = t.isCounterTable()
        ? Reach.of(cluster.catalog(), cluster.ring(), t.keyspace(), q.consistency(), s.coordinator()) : null;
    List<ServedOp> out = new ArrayList<>();
    for (CellCapture.Scanned p : CellCapture.scanned(q.filter(), q.rowLimit(), d)) {
      byte[] key = p.partition().key().key();
      ServedOp.PartitionRef ref = new ServedOp.PartitionRef(q.table(), keyText(t, key), HexFormat.of().formatHex(key));
      out.add(reach != null
          ? new ServedOp.CounterRead(s.id(), s.client(), ref, cmp, q.consistency().name(), s.coordinator(),
              s.invokeMicros(), completeMicros, ServedOp.Outcome.OK, p.region(),
              CellCapture.counterValues(List.of(p.partition())), reach, false)
          : read(s, r, q.nowInSec(), ref, cmp, ServedOp.Outcome.OK, p.region(),
              CellCapture.seen(List.of(p.partition())), completeMicros));
    }
    out.add(new ServedOp.Unjudged(s.id(), s.invokeMicros(), completeMicros, NotJudged.RANGE_SCAN_MISSING));
    return out;
  }

  /**
   * A request on a counter table: a write's deltas per counter cell, or the counter values a read returned, with the
   * replicas its consistency level is sure to have reached (see {@link CellCapture#mayHaveCounted} for what a write
   * not acknowledged may have done). A conditional statement on a counter table does not exist in CQL.
   */
  private ServedOp counter(Sent s, ClientResponse r, TableMetadata t, ServedOp.PartitionRef ref,
      ClusteringComparator cmp, ServedOp.Outcome outcome, String error, long completeMicros) {
    ClientRequest q = s.request();
    Reach reach = Reach.of(cluster.catalog(), cluster.ring(), t.keyspace(), q.consistency(), s.coordinator());
    String cl = q.consistency().name();
    if (q instanceof ClientRequest.Read read) {
      Region region = r instanceof ClientResponse.ReadDone d ? CellCapture.region(read.filter(), d) : Region.WHOLE;
      java.util.Map<io.ringsim.sim.cells.CellKey, Long> values = r instanceof ClientResponse.ReadDone d
          ? CellCapture.counterValues(d.partitions()) : java.util.Map.of();
      if (region == null) return new ServedOp.Unjudged(s.id(), s.invokeMicros(), completeMicros, NotJudged.EMPTY_PAGE);
      return new ServedOp.CounterRead(s.id(), s.client(), ref, cmp, cl, s.coordinator(), s.invokeMicros(),
          completeMicros, outcome, region, values, reach, false);
    }
    CellCapture.Capturing c = CellCapture.capturing(q);
    io.ringsim.storage.Partition built = c == null ? null : c.built();
    return new ServedOp.CounterWrite(s.id(), s.client(), ref, cmp, cl, s.coordinator(), s.invokeMicros(),
        completeMicros, outcome, error, built == null ? null : CellCapture.counterDeltas(built),
        built == null ? List.of() : CellCapture.mutation(built).deletions(), reach,
        CellCapture.mayHaveCounted(outcome, r instanceof ClientResponse.Failed f ? f.error() : null));
  }

  /**
   * What the checker needs to judge an LWT against its row's values: its row, its condition as its coordinator ran
   * it, the update built, and when refused its row as it was answered; with the reason when its row cannot be
   * modelled that way. Kept for the whole session (the check runs at its end), so no more than that is kept: of the
   * answer (the whole partition, for a table with clustering columns) only the LWT's row, and for an LWT whose row
   * cannot be modelled (its partition is then not judged) neither the update nor the answer.
   */
  private static ServedOp.Conditional conditional(ClientRequest.Cas q, Sent s, ClientResponse r,
      CellCapture.Capturing c, TableMetadata t) {
    CasTarget target = s.cas();
    NotJudged why = target == null ? NotJudged.LWT_CONDITION : StatementForms.unmodelled(s.statement(), target.row(), target.columns(), t);
    if (why != null) return new ServedOp.Conditional(target == null ? null : target.row(), q.condition(), null, null,
        null, why);
    LivePartition answer = r instanceof ClientResponse.CasDone d && !d.applied() ? d.current() : null;
    LivePartition current = answer == null ? null : new LivePartition(answer.key(), null,
        answer.rows().stream().filter(row -> row.clustering().equals(target.row())).toList());
    List<String> shown = target.columns() == null ? null
        : target.columns().stream().map(io.ringsim.schema.ColumnDef::name).toList();
    io.ringsim.storage.Partition update = c == null ? null : c.built();
    return new ServedOp.Conditional(target.row(), q.condition(), update, current, shown, null);
  }

  /**
   * After the run, healed: every partition the clients wrote whose table still exists, read back at ALL through the
   * first node. A read that fails is counted as not judged.
   */
  public List<ServedOp> finalReads(SimCluster sim) {
    return finalReads(sim, table -> true);
  }

  /** The same, for the tables {@code tables} accepts (a test's own keyspace). */
  public List<ServedOp> finalReads(SimCluster sim, java.util.function.Predicate<String> tables) {
    java.util.Map<String, ServedOp.Write> written = new java.util.TreeMap<>();
    java.util.Map<String, ServedOp.CounterWrite> counted = new java.util.TreeMap<>();
    for (ServedOp op : servedOps()) {
      if (op instanceof ServedOp.Write w && w.notJudged() == null && tables.test(w.partition().table()))
        written.putIfAbsent(w.partition().identity(), w);
      if (op instanceof ServedOp.CounterWrite w && tables.test(w.partition().table()))
        counted.putIfAbsent(w.partition().identity(), w);
    }
    List<ServedOp> out = new ArrayList<>();
    String reader = sim.nodeNames().get(0);
    for (ServedOp.CounterWrite w : counted.values()) {
      TableMetadata t = sim.catalog().table(w.partition().table()).orElse(null);
      if (t == null || !t.isCounterTable()) continue; // dropped: what it held is gone, not lost
      ReadBack b = readAtAll(sim, reader, t, w.partition());
      if (!(b.answer() instanceof ClientResponse.ReadDone d)) {
        out.add(b.failed());
        continue;
      }
      out.add(new ServedOp.CounterRead(b.id(), -1, w.partition(), TableSchema.of(t, sim.ring().partitioner())
          .clustering(), "ALL", reader, b.invoke(), b.complete(), ServedOp.Outcome.OK, Region.WHOLE,
          CellCapture.counterValues(d.partitions()), Reach.of(sim.catalog(), sim.ring(), t.keyspace(),
          ConsistencyLevel.ALL, reader), true));
    }
    for (ServedOp.Write w : written.values()) {
      TableMetadata t = sim.catalog().table(w.partition().table()).orElse(null);
      if (t == null) continue; // dropped: what it held is gone, not lost
      ReadBack b = readAtAll(sim, reader, t, w.partition());
      if (!(b.answer() instanceof ClientResponse.ReadDone d)) {
        out.add(b.failed());
        continue;
      }
      long skew = sim.faults().skewMillis().getOrDefault(reader, 0L) * 1000;
      boolean reported = d.nowInSec() != ClientResponse.NOW_NOT_REPORTED;
      out.add(new ServedOp.Read(b.id(), -1, w.partition(), TableSchema.of(t, sim.ring().partitioner()).clustering(),
          "ALL", reader, b.invoke(), b.complete(), ServedOp.Outcome.OK, Region.WHOLE, CellCapture.seen(d.partitions()),
          reported ? d.nowInSec() : (int) Math.floorDiv(b.clockLo() + skew, 1_000_000L), reported ? d.nowInSec()
          : (int) Math.floorDiv(sim.clockNowMicros() + skew, 1_000_000L), true, null));
    }
    return out;
  }

  /** A read-back's id, when it was sent and answered (simulated µs), the cluster's clock when sent, and its answer. */
  private record ReadBack(long id, long invoke, long complete, long clockLo, ClientResponse answer) {
    ServedOp failed() {
      return new ServedOp.Unjudged(id, invoke, complete, NotJudged.FINAL_READ_FAILED);
    }
  }

  /** Reads one written partition back at ALL through {@code reader}. */
  private ReadBack readAtAll(SimCluster sim, String reader, TableMetadata t, ServedOp.PartitionRef partition) {
    long id = ids.incrementAndGet();
    long invoke = sim.nowNanos() / 1000;
    long clockLo = sim.clockNowMicros();
    ClientResponse r = sim.execute(reader, new ClientRequest.Read(t.qualifiedName(),
        HexFormat.of().parseHex(partition.keyHex()), ReadFilter.ALL, ConsistencyLevel.ALL, false));
    return new ReadBack(id, invoke, sim.nowNanos() / 1000, clockLo, r);
  }

  private void record(Sent s, ClientResponse r, long completeMicros) {
    OpOutcome outcome;
    String error = null;
    long version = -1;
    Boolean applied = null;
    int now = ClientResponse.NOW_NOT_REPORTED;
    if (r == null) {
      outcome = OpOutcome.TIMEOUT;
      error = "OperationTimedOut (client)";
    } else if (r instanceof ClientResponse.Failed f) {
      outcome = OpOutcome.FAIL;
      error = f.error().name();
    } else {
      outcome = OpOutcome.OK;
      if (r instanceof ClientResponse.WriteDone w) {
        version = s.clientTimestamp() != null ? s.clientTimestamp() : w.timestampMicros();
        now = w.nowInSec();
      }
      if (r instanceof ClientResponse.ReadDone d) {
        version = newest(d.partitions());
        now = d.nowInSec();
      }
      if (r instanceof ClientResponse.CasDone c) {
        applied = c.applied();
        now = c.nowInSec();
      }
    }
    // A timed-out write stamped by the client may still have been applied, with that timestamp.
    if (s.clientTimestamp() != null && s.kind() != OpType.READ) version = s.clientTimestamp();
    byte[] key = keyOf(s.request());
    TableMetadata t = cluster.catalog().table(s.request().table()).orElse(null);
    String text = t == null ? java.util.HexFormat.of().formatHex(key) : keyText(t, key);
    add(new Op(s.id(), s.client(), s.sender(), s.request().table(), text, key, s.kind(), s.request().consistency(),
        s.coordinator(), s.invokeMicros(), completeMicros, outcome, error, version, applied,
        now == ClientResponse.NOW_NOT_REPORTED ? null : now));
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
