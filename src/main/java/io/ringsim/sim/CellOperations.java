package io.ringsim.sim;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.RowOps;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.exec.Keys;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WorkloadWrites;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.cells.CellCapture;
import io.ringsim.sim.cells.Mutation;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.Seen;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Set;
import java.util.TreeSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What a workload judged cell by cell sends and records: every kind of its mix as the request a CQL statement would
 * make (see {@link WorkloadWrites}), with the mutation its coordinator built and the cells its reads saw kept for
 * {@link ServedChecker}.
 */
final class CellOperations {
  /** One operation about to be sent: how the history names it, and the request. */
  record Issued(OpType type, byte[] key, ConsistencyLevel cl, Clustering clustering, ClientRequest request) {}

  /** {@code columns}: the columns a read selected (null: all). */
  private record Sent(ServedOp.PartitionRef ref, ClientRequest request, CellCapture.Capturing capture,
      long nowLoMicros, ServedOp.Lwt lwt, int client, String coordinator, long invokeMicros, Set<String> columns) {}

  private final WorkloadSpec spec;
  private final TableMetadata table;
  private final TableSchema schema;
  private final ClusteringComparator comparator;
  private final SplittableRandom rng;
  private final Values values;
  private final CellHistory.Recorder rec;
  private final Supplier<Map<String, Object>> newRow;
  private final Supplier<Map<String, Object>> existingRow;
  private final int ttl;
  private final List<ColumnDef> valueColumns;
  private final Map<Long, Sent> sent = new HashMap<>();
  /** Keeps a row written, for the operations that need an existing one. */
  private final Consumer<Map<String, Object>> remember;

  CellOperations(WorkloadSpec spec, TableMetadata table, TableSchema schema, SplittableRandom rng, Values values,
      CellHistory.Recorder rec, Supplier<Map<String, Object>> newRow, Supplier<Map<String, Object>> existingRow,
      Consumer<Map<String, Object>> remember) {
    this.remember = remember;
    this.spec = spec;
    this.table = table;
    this.schema = schema;
    this.comparator = schema.clustering();
    this.rng = rng;
    this.values = values;
    this.rec = rec;
    this.newRow = newRow;
    this.existingRow = existingRow;
    // Cassandra stamps a write without USING TTL with the table's default_time_to_live.
    this.ttl = spec.ttlSeconds() > 0 ? spec.ttlSeconds() : table.params().defaultTimeToLive();
    this.valueColumns = WorkloadWrites.valueColumns(table);
  }

  /**
   * The request for an operation of {@code type}; null when it needs a row written before and there is none yet (the
   * caller writes one instead).
   */
  Issued issue(OpType type, long id, String coordinator, int worker, long invokeMicros) {
    Map<String, Object> row = switch (type) {
      case WRITE, LWT -> newRow.get();
      case INCREMENT -> {
        // A counter written before half the time (so that sums build up), else a fresh row's.
        Map<String, Object> before = rng.nextBoolean() ? existingRow.get() : null;
        if (before != null) yield before;
        Map<String, Object> fresh = newRow.get();
        remember.accept(fresh);
        yield fresh;
      }
      default -> existingRow.get();
    };
    if (row == null && table.isCounterTable()) return issue(OpType.INCREMENT, id, coordinator, worker, invokeMicros);
    if (row == null) return null;
    if (type == OpType.WRITE || type == OpType.LWT) remember.accept(row);
    WritePlanner.RowWrite w = WritePlanner.rowInsert(table, schema, row, ttl, values);
    byte[] key = w.key();
    Clustering clustering = w.clustering();
    ConsistencyLevel cl = spec.writeConsistency();
    WritePlanner.UpdateFactory update;
    ClientRequest request;
    ServedOp.Lwt lwt = ServedOp.Lwt.NONE;
    ReadFilter filter = RowOps.rowFilter(clustering);
    Set<String> columns = null;
    if (type.isRead()) {
      cl = spec.readConsistency();
    }
    switch (type) {
      case READ -> update = null;
      case READ_SLICE -> {
        // SELECT ... WHERE k = ? AND c >= ? AND c <= ?: the rows between two values of the first clustering column.
        byte[][] r = firstClusteringRange(row);
        filter = ReadFilter.slices(List.of(new Slice(ClusteringBound.inclusive(r[0]),
            ClusteringBound.inclusive(r[1]))));
        clustering = Clustering.EMPTY;
        update = null;
      }
      case READ_IN -> {
        // SELECT ... WHERE k = ? AND (clustering) IN (?, ?): two rows by their clustering values, in order.
        Clustering other = WritePlanner.rowInsert(table, schema, newRow.get(), 0, values).clustering();
        List<Clustering> rows = new ArrayList<>(List.of(clustering));
        if (comparator.compare(other, clustering) != 0) rows.add(other);
        rows.sort(comparator::compare);
        List<Slice> slices = new ArrayList<>();
        for (Clustering c : rows) slices.add(RowOps.rowFilter(c).slices().get(0));
        filter = ReadFilter.slices(slices).named(true);
        clustering = Clustering.EMPTY;
        update = null;
      }
      case READ_LIMIT -> {
        // SELECT ... WHERE k = ? LIMIT n: the partition's first n rows.
        filter = ReadFilter.ALL.withLimit(1 + rng.nextInt(3));
        clustering = Clustering.EMPTY;
        update = null;
      }
      case READ_COLUMNS -> {
        // SELECT a, b FROM ... WHERE k = ? AND c = ?: some regular columns of one row.
        columns = new TreeSet<>(someColumns().keySet());
        update = null;
      }
      case INCREMENT -> update = WorkloadWrites.increment(table, schema, key, clustering, deltas());
      case WRITE -> update = w.update();
      case LWT -> {
        update = w.update();
        lwt = ServedOp.Lwt.IF_NOT_EXISTS;
      }
      case DELETE -> update = WritePlanner.rowDelete(schema, key, clustering);
      case UPDATE -> update = WorkloadWrites.update(table, schema, key, clustering, someColumns(), ttl, values);
      case DELETE_CELL -> update = WorkloadWrites.deleteColumn(table, schema, key, clustering,
          valueColumns.get(rng.nextInt(valueColumns.size())).name());
      case DELETE_RANGE -> {
        byte[][] r = firstClusteringRange(row);
        update = WorkloadWrites.deleteRange(schema, key, r[0], r[1]);
        clustering = Clustering.EMPTY;
      }
      case DELETE_PARTITION -> {
        update = WorkloadWrites.deletePartition(schema, key);
        clustering = Clustering.EMPTY;
      }
      default -> throw new IllegalArgumentException("unknown operation " + type);
    }
    CellCapture.Capturing capture = null;
    if (update != null) {
      // An LWT cannot carry USING TIMESTAMP: Paxos picks its timestamp.
      if (spec.cellOps().clientTimestamps() && lwt == ServedOp.Lwt.NONE) {
        update = WorkloadWrites.at(update, rec.nextClientTimestamp());
      }
      capture = new CellCapture.Capturing(update::build);
      if (lwt == ServedOp.Lwt.NONE) {
        request = new ClientRequest.Write(table.qualifiedName(), key, capture, cl, false);
      } else {
        Clustering c = clustering;
        cl = ConsistencyLevel.SERIAL;
        request = new ClientRequest.Cas(table.qualifiedName(), key, RowOps.rowFilter(c),
            lp -> lp.rows().stream().noneMatch(r -> r.clustering().equals(c)), capture, cl,
            spec.writeConsistency(), false);
      }
    } else {
      request = new ClientRequest.Read(table.qualifiedName(), key, filter, cl, false);
    }
    ServedOp.PartitionRef ref = CellHistory.Recorder.ref(table, key, partitionText(key));
    if (update != null) rec.wrote(table, key, ref);
    sent.put(id, new Sent(ref, request, capture, rec.coordinatorClockMicros.applyAsLong(coordinator), lwt,
        rec.clientBase + worker, coordinator, invokeMicros, columns));
    return new Issued(type, key, cl, clustering, request);
  }

  /** The first clustering column's value in {@code row} and a fresh one, in the column's order. */
  private byte[][] firstClusteringRange(Map<String, Object> row) {
    ColumnDef first = table.clusteringColumns().get(0);
    byte[] a = first.type().serialize(row.get(first.name()));
    byte[] b = first.type().serialize(newRow.get().get(first.name()));
    boolean ordered = comparator.type(0).compare(a, b) <= 0;
    return new byte[][] {ordered ? a : b, ordered ? b : a};
  }

  /** Some of the value columns, at least one, with fresh values. */
  private Map<String, Object> someColumns() {
    Map<String, Object> fresh = newRow.get();
    return WorkloadSpec.CellOps.updatedColumns(rng, valueColumns, fresh);
  }

  /**
   * The deltas of an increment: some of the counters (at least one), each by a value of its generator when the
   * workload gives it one (uniform(5), values(1, -1)), else by 1.
   */
  private Map<String, Long> deltas() {
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    someColumns().forEach((col, v) -> out.put(col, spec.generators().containsKey(col) && v instanceof Number n
        ? n.longValue() : 1L));
    return out;
  }

  /** Records what operation {@code id} did, as its answer (null: the client timed out) says. */
  void answered(long id, ClientResponse r, long completeMicros) {
    Sent s = sent.remove(id);
    if (s == null) return;
    ServedOp.Outcome outcome = r == null ? ServedOp.Outcome.TIMED_OUT
        : r instanceof ClientResponse.Failed f ? (f.error() == CqlErrorClass.Unavailable ? ServedOp.Outcome.REFUSED
            : ServedOp.Outcome.FAILED)
        : ServedOp.Outcome.OK;
    String cl = s.request().consistency().name();
    if (table.isCounterTable()) {
      rec.add(counter(id, s, r, outcome, completeMicros));
      return;
    }
    if (s.request() instanceof ClientRequest.Read read) {
      Region region = r instanceof ClientResponse.ReadDone d ? CellCapture.region(read.filter(), d) : Region.WHOLE;
      Seen seen = r instanceof ClientResponse.ReadDone d ? CellCapture.seen(d.partitions()) : Seen.NOTHING;
      if (s.columns() != null) {
        // The replicas answer whole rows; the client gets the columns it selected, and judges only those.
        seen = seen.selecting(s.columns());
        if (region != null) region = region.selecting(s.columns());
      }
      // The now its coordinator judged expiry by, as it reported it; else its clock's when the read left and when
      // it was answered (a skew that moved in between leaves either possible).
      int lo, hi;
      if (r instanceof ClientResponse.ReadDone d && d.nowInSec() != ClientResponse.NOW_NOT_REPORTED) {
        lo = hi = d.nowInSec();
      } else {
        int sent = (int) Math.floorDiv(s.nowLoMicros(), 1_000_000L);
        int answered = (int) Math.floorDiv(rec.coordinatorClockMicros.applyAsLong(s.coordinator()), 1_000_000L);
        lo = Math.min(sent, answered);
        hi = Math.max(sent, answered);
      }
      rec.add(new ServedOp.Read(id, s.client(), s.ref(), comparator, cl, s.coordinator(), s.invokeMicros(),
          completeMicros, outcome, region == null ? Region.WHOLE : region, seen, lo, hi, false,
          region == null ? NotJudged.EMPTY_PAGE : null));
      return;
    }
    Mutation m = s.capture() == null || s.capture().built() == null ? null
        : CellCapture.mutation(s.capture().built());
    Boolean applied = r instanceof ClientResponse.CasDone d ? d.applied() : null;
    boolean acked = outcome == ServedOp.Outcome.OK && (s.lwt() == ServedOp.Lwt.NONE || Boolean.TRUE.equals(applied));
    rec.add(new ServedOp.Write(id, s.client(), s.ref(), comparator, cl, s.coordinator(), s.invokeMicros(),
        completeMicros, outcome, r instanceof ClientResponse.Failed f ? f.error().name() : null, m, s.lwt(), applied,
        acked && m == null ? NotJudged.NOT_CAPTURED : null, CellCapture.writeNow(r, s.capture()), ttl > 0));
  }

  /** What an operation on a counter table did: the deltas it sent, or the counter values it read. */
  private ServedOp counter(long id, Sent s, ClientResponse r, ServedOp.Outcome outcome, long completeMicros) {
    String cl = s.request().consistency().name();
    io.ringsim.sim.cells.Reach reach = rec.reaches.of(table.keyspace(), s.request().consistency(), s.coordinator());
    if (s.request() instanceof ClientRequest.Read read) {
      Region region = r instanceof ClientResponse.ReadDone d ? CellCapture.region(read.filter(), d) : Region.WHOLE;
      if (region == null) return new ServedOp.Unjudged(id, s.invokeMicros(), completeMicros, NotJudged.EMPTY_PAGE);
      return new ServedOp.CounterRead(id, s.client(), s.ref(), comparator, cl, s.coordinator(), s.invokeMicros(),
          completeMicros, outcome, region, r instanceof ClientResponse.ReadDone d
          ? CellCapture.counterValues(d.partitions()) : Map.of(), reach, false);
    }
    io.ringsim.storage.Partition built = s.capture() == null ? null : s.capture().built();
    return new ServedOp.CounterWrite(id, s.client(), s.ref(), comparator, cl, s.coordinator(), s.invokeMicros(),
        completeMicros, outcome, r instanceof ClientResponse.Failed f ? f.error().name() : null,
        built == null ? null : CellCapture.counterDeltas(built), List.of(), reach,
        CellCapture.mayHaveCounted(outcome, r instanceof ClientResponse.Failed f ? f.error() : null));
  }

  /** The partition key as CQL prints it, parts joined by ':' as in the history. */
  private String partitionText(byte[] key) {
    List<Object> pk = Keys.partitionValues(table, key);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < pk.size(); i++) {
      if (i > 0) sb.append(':');
      CqlType t = table.partitionKey().get(i).type();
      sb.append(t.format(pk.get(i)));
    }
    return sb.toString();
  }
}
