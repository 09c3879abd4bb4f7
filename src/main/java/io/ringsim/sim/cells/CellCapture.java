package io.ringsim.sim.cells;

import io.ringsim.cluster.node.WriteBuilder;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.CounterShards;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.RangeTombstone;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns what a served client's requests carried and got back into the checker's cells: the mutation a coordinator
 * built (cells, tombstones, deletions with their timestamps and TTLs), the region a read covered and the cells it saw.
 */
public final class CellCapture {
  private CellCapture() {}

  /**
   * A write's builder that keeps the partition update its coordinator built, with the timestamp and now the
   * coordinator picked (an LWT builds it at each Paxos proposal: the last one is the one that was committed).
   */
  public static final class Capturing implements WriteBuilder {
    private final WriteBuilder delegate;
    private volatile Built last;

    /** The update built and the now it was built at (the one its TTLs count from). */
    private record Built(Partition partition, int nowInSec) {}

    public Capturing(WriteBuilder delegate) {
      this.delegate = delegate;
    }

    @Override
    public Partition build(long timestampMicros, int nowInSec) {
      Partition p = delegate.build(timestampMicros, nowInSec);
      last = new Built(p, nowInSec);
      return p;
    }

    @Override
    public Partition build(long timestampMicros, int nowInSec, io.ringsim.storage.LivePartition current) {
      Partition p = delegate.build(timestampMicros, nowInSec, current);
      last = new Built(p, nowInSec);
      return p;
    }

    public Partition built() {
      Built b = last;
      return b == null ? null : b.partition();
    }

    /** The now the last update was built at, null when none was built. */
    public Integer builtNowInSec() {
      Built b = last;
      return b == null ? null : b.nowInSec();
    }
  }

  /** The request with its mutation's builder wrapped so that the built update is kept. */
  public static ClientRequest instrument(ClientRequest r) {
    if (r instanceof ClientRequest.Write w && !(w.update() instanceof Capturing)) {
      return new ClientRequest.Write(w.table(), w.key(), new Capturing(w.update()), w.consistency(), w.trace(),
          w.nowInSec());
    }
    if (r instanceof ClientRequest.Cas c && !(c.update() instanceof Capturing)) {
      return new ClientRequest.Cas(c.table(), c.key(), c.filter(), c.condition(), new Capturing(c.update()),
          c.consistency(), c.commitConsistency(), c.trace(), c.nowInSec(), c.clientClockMicros());
    }
    return r;
  }

  public static Capturing capturing(ClientRequest r) {
    if (r instanceof ClientRequest.Write w && w.update() instanceof Capturing c) return c;
    if (r instanceof ClientRequest.Cas x && x.update() instanceof Capturing c) return c;
    return null;
  }

  /**
   * A write's now: the one its answer reported (an LWT's round's, a write's), else the one its mutation was built
   * at (a timed-out LWT whose proposal was built: a round fixes its now once, so a later proposal is built at the
   * same); null when neither is known.
   */
  public static Integer writeNow(ClientResponse r, Capturing c) {
    int reported = r instanceof ClientResponse.CasDone d ? d.nowInSec()
        : r instanceof ClientResponse.WriteDone w ? w.nowInSec() : ClientResponse.NOW_NOT_REPORTED;
    if (reported != ClientResponse.NOW_NOT_REPORTED) return reported;
    return c == null ? null : c.builtNowInSec();
  }

  /** Everything a built partition update does, cell by cell. */
  public static Mutation mutation(Partition p) {
    List<CellWrite> writes = new ArrayList<>();
    List<Deletion> deletions = new ArrayList<>();
    if (!p.deletion().isLive()) deletions.add(new Deletion.OfPartition(p.deletion().markedForDeleteAt()));
    for (RangeTombstone rt : p.rangeTombstones()) {
      deletions.add(new Deletion.OfRange(rt.slice(), rt.deletion().markedForDeleteAt()));
    }
    if (p.staticRow() != null) row(p.staticRow(), Clustering.STATIC, writes, deletions);
    for (Row r : p.rows().values()) row(r, r.clustering(), writes, deletions);
    return new Mutation(writes, deletions);
  }

  private static void row(Row r, Clustering c, List<CellWrite> writes, List<Deletion> deletions) {
    LivenessInfo l = r.liveness();
    if (!l.isEmpty()) writes.add(new CellWrite(CellKey.marker(c), l.timestamp(), l.ttl(), l.localExpirationTime(),
        false));
    if (!r.deletion().isLive()) deletions.add(new Deletion.OfRow(c, r.deletion().markedForDeleteAt()));
    for (int i = 0; i < r.cellCount(); i++) writes.add(write(CellKey.simple(c, r.name(i)), r.cell(i)));
    for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
      ComplexColumn col = e.getValue();
      if (!col.deletion().isLive()) {
        deletions.add(new Deletion.OfCollection(c, e.getKey(), col.deletion().markedForDeleteAt()));
      }
      for (Map.Entry<byte[], Cell> el : col.cells().entrySet()) {
        writes.add(write(CellKey.element(c, e.getKey(), el.getKey()), el.getValue()));
      }
    }
  }

  private static CellWrite write(CellKey k, Cell c) {
    return new CellWrite(k, c.timestamp(), c.ttl(), c.localDeletionTime(), c.isTombstone());
  }

  /**
   * What a counter update adds to each counter cell: a counter column's delta cells summed (a batch sends one per
   * increment). Keys are {@link CellKey#simple}: a counter is one cell to a client, however many shards it has.
   */
  public static Map<CellKey, Long> counterDeltas(Partition p) {
    Map<CellKey, Long> out = new HashMap<>();
    if (p.staticRow() != null) counterDeltas(p.staticRow(), Clustering.STATIC, out);
    for (Row r : p.rows().values()) counterDeltas(r, r.clustering(), out);
    return out;
  }

  private static void counterDeltas(Row r, Clustering c, Map<CellKey, Long> out) {
    for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
      for (Map.Entry<byte[], Cell> el : e.getValue().cells().entrySet()) {
        if (!CounterShards.isDelta(el.getKey())) continue;
        out.merge(CellKey.simple(c, e.getKey()), CounterShards.count(el.getValue().value()), Long::sum);
      }
    }
  }

  /** Each counter cell's value a read returned: its live shards summed. */
  public static Map<CellKey, Long> counterValues(List<LivePartition> parts) {
    Map<CellKey, Long> out = new HashMap<>();
    for (LivePartition p : parts) {
      if (p.staticRow() != null) counterValues(p.staticRow(), Clustering.STATIC, out);
      for (LiveRow r : p.rows()) counterValues(r, r.clustering(), out);
    }
    return out;
  }

  private static void counterValues(LiveRow r, Clustering c, Map<CellKey, Long> out) {
    r.collections().forEach((col, shards) -> {
      Long sum = CounterShards.sum(shards);
      if (sum != null) out.put(CellKey.simple(c, col), sum);
    });
  }

  /**
   * Whether a counter write not acknowledged may still have counted: not when refused before its leader counted it,
   * as Unavailable is (checked before the leader applies anything) and the errors Cassandra answers before executing
   * a request; yes after a timeout or any other failure.
   */
  public static boolean mayHaveCounted(ServedOp.Outcome outcome, io.ringsim.cql.CqlErrorClass error) {
    if (outcome == ServedOp.Outcome.OK || outcome == ServedOp.Outcome.REFUSED) return false;
    return error == null || !NOT_EXECUTED.contains(error);
  }

  private static final Set<io.ringsim.cql.CqlErrorClass> NOT_EXECUTED = java.util.EnumSet.of(
      io.ringsim.cql.CqlErrorClass.SyntaxError, io.ringsim.cql.CqlErrorClass.InvalidRequest,
      io.ringsim.cql.CqlErrorClass.ConfigurationError, io.ringsim.cql.CqlErrorClass.AlreadyExists,
      io.ringsim.cql.CqlErrorClass.Unauthorized, io.ringsim.cql.CqlErrorClass.Unavailable,
      io.ringsim.cql.CqlErrorClass.Overloaded, io.ringsim.cql.CqlErrorClass.IsBootstrapping);

  /** The live cells a read returned, and the rows whose marker was live. */
  public static Seen seen(List<LivePartition> parts) {
    return seen(parts, false);
  }

  /** The same, with each simple cell's value when {@code withValues} (a SERIAL read, whose values are judged). */
  public static Seen seen(List<LivePartition> parts, boolean withValues) {
    Map<CellKey, Long> cells = new HashMap<>();
    Set<Clustering> markers = new HashSet<>();
    Map<CellKey, java.nio.ByteBuffer> values = withValues ? new HashMap<>() : null;
    for (LivePartition p : parts) {
      if (p.staticRow() != null) seen(p.staticRow(), Clustering.STATIC, cells, markers, values);
      for (LiveRow r : p.rows()) seen(r, r.clustering(), cells, markers, values);
    }
    return new Seen(cells, markers, values);
  }

  private static void seen(LiveRow r, Clustering c, Map<CellKey, Long> cells, Set<Clustering> markers,
      Map<CellKey, java.nio.ByteBuffer> values) {
    if (r.hasLiveMarker()) markers.add(c);
    r.cells().forEach((col, cell) -> {
      cells.put(CellKey.simple(c, col), cell.timestamp());
      if (values != null) values.put(CellKey.simple(c, col), java.nio.ByteBuffer.wrap(cell.value().clone()));
    });
    r.collections().forEach((col, els) -> els.forEach((path, cell) -> cells.put(CellKey.element(c, col, path),
        cell.timestamp())));
  }

  /**
   * The region a read covered: its slices, cut at the last row it returned when it stopped at its row limit or its
   * replicas' answers were cut short; null when it covered nothing it could be judged on (cut short before any row).
   * The static row counts for a whole, unnamed, unpaged read, and for any read it came back with: a replica answers
   * a partition's static row whole with whatever rows a page, a names filter or a limit gave, so a static row that
   * came back was read as it then was. One that did not come back with such a read says nothing.
   */
  public static Region region(ReadFilter f, ClientResponse.ReadDone d) {
    List<LiveRow> rows = new ArrayList<>();
    boolean staticSeen = false;
    for (LivePartition p : d.partitions()) {
      rows.addAll(p.rows());
      staticSeen |= p.staticRow() != null;
    }
    return region(f, rows, d.truncated() || rows.size() >= f.limit(), staticSeen && d.partitions().size() == 1);
  }

  /**
   * The region of {@code rows} read through {@code f}, up to the last of them when {@code cut}; null: cut, none.
   * {@code staticSeen}: the partition's static row came back with them.
   */
  private static Region region(ReadFilter f, List<LiveRow> rows, boolean cut, boolean staticSeen) {
    if (cut && rows.isEmpty() && !staticSeen) return null;
    Clustering last = cut && !rows.isEmpty() ? rows.get(rows.size() - 1).clustering() : null;
    if (cut && rows.isEmpty()) return new Region(List.of(), f.reversed(), null, true);
    return new Region(f.slices(), f.reversed(), last, staticSeen || (!cut && !f.named() && !f.paged()));
  }

  /** A partition a range scan returned, and the region of it the scan saw whole. */
  public record Scanned(LivePartition partition, Region region) {}

  /**
   * The partitions a range scan returned ({@code rowLimit}: its page's row limit, 0 for none), each with its region:
   * the filter's slices, cut at its last row when it returned as many rows as the filter's limit, or when it is the
   * scan's last partition and the scan stopped at its row limit or was cut short by a replica. A cut partition
   * with neither rows nor its static row saw nothing and is left out.
   */
  public static List<Scanned> scanned(ReadFilter f, int rowLimit, ClientResponse.ReadDone d) {
    List<Scanned> out = new ArrayList<>();
    long rows = 0;
    for (LivePartition p : d.partitions()) rows += p.rows().size();
    boolean stopped = d.truncated() || (rowLimit > 0 && rows >= rowLimit);
    for (int i = 0; i < d.partitions().size(); i++) {
      LivePartition p = d.partitions().get(i);
      Region r = region(f, p.rows(), p.rows().size() >= f.limit() || (stopped && i == d.partitions().size() - 1),
          p.staticRow() != null);
      if (r != null) out.add(new Scanned(p, r));
    }
    return out;
  }
}
