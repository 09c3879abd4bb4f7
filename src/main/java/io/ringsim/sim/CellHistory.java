package io.ringsim.sim;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.cells.CellCapture;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * The scenario workloads judged at Cassandra's granularity, the cell: every workload of a table that some workload
 * writes in part (an update of some columns, a deletion of a cell, a clustering range or a partition) or stamps with
 * the client's timestamps. Their operations are recorded as the served clients' are ({@link ServedOp}: the mutation
 * each coordinator built, the cells each read saw) and judged by {@link ServedChecker}; the other workloads keep the
 * per-row {@link Checker}, which cannot place a partial write or a range deletion.
 */
public final class CellHistory {
  private final Set<String> tables = new TreeSet<>();
  private final List<Recorder> recorders = new ArrayList<>();

  public CellHistory(List<WorkloadSpec> workloads, Catalog catalog) {
    for (WorkloadSpec w : workloads) {
      if (w.cellOps().any()) catalog.table(w.table()).ifPresent(t -> tables.add(t.qualifiedName()));
    }
  }

  /** Whether the workloads of {@code table} are judged cell by cell. */
  public boolean judgesByCell(String qualifiedTable) {
    return tables.contains(qualifiedTable);
  }

  /**
   * A recorder for one workload of a table judged by cell.
   *
   * @param coordinatorClockMicros a node's clock now (the cluster's plus its skew): its "now" for TTLs
   * @param clientClockMicros the client's clock, for {@code timestamps client}
   * @param keep false under 'history off': the operations are sent as usual, nothing is kept or judged
   * @param reaches the replicas a request is sure to reach, for the counters' judgement
   */
  public Recorder recorder(int workload, ToLongFunction<String> coordinatorClockMicros,
      LongSupplier clientClockMicros, boolean keep, Reaches reaches) {
    Recorder r = new Recorder(workload, coordinatorClockMicros, clientClockMicros, keep, reaches);
    recorders.add(r);
    return r;
  }

  /** The operations the per-row checker judges: those on tables not judged cell by cell. */
  public List<OpRecord> perRow(List<OpRecord> history) {
    if (tables.isEmpty()) return history;
    return history.stream().filter(o -> !tables.contains(o.table())).toList();
  }

  /**
   * Reads every partition the cell-judged workloads wrote back at ALL (the cluster healed) and judges their
   * operations with these final reads. A read-back that fails is counted as not judged.
   */
  public Checker.Result check(SimCluster sim) {
    if (recorders.isEmpty()) return Checker.Result.NONE;
    List<ServedOp> ops = new ArrayList<>();
    Map<String, Written> written = new TreeMap<>();
    for (Recorder r : recorders) {
      synchronized (r) {
        ops.addAll(r.ops);
        written.putAll(r.written);
      }
    }
    long id = ops.stream().mapToLong(ServedOp::id).max().orElse(0);
    List<String> nodes = sim.nodeNames();
    List<Written> targets = new ArrayList<>(written.values());
    List<CompletableFuture<ClientResponse>> pending = new ArrayList<>();
    List<Long> invoked = new ArrayList<>();
    for (int j = 0; j < targets.size(); j++) {
      Written w = targets.get(j);
      invoked.add(sim.nowNanos() / 1000);
      pending.add(sim.submit(nodes.get(j % nodes.size()), new ClientRequest.Read(w.table().qualifiedName(), w.key(),
          ReadFilter.ALL, ConsistencyLevel.ALL, false), Duration.ofSeconds(30)).toCompletableFuture());
    }
    int nowLo = (int) Math.floorDiv(sim.clockNowMicros() - maxSkewMicros(sim), 1_000_000L);
    try {
      sim.await(CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0])).handle((x, e) -> null));
    } catch (RuntimeException ex) {
      // each read's own failure is counted below
    }
    int nowHi = (int) Math.floorDiv(sim.clockNowMicros() + maxSkewMicros(sim), 1_000_000L);
    long complete = sim.nowNanos() / 1000;
    for (int j = 0; j < targets.size(); j++) {
      Written w = targets.get(j);
      ClientResponse r;
      try {
        r = pending.get(j).getNow(null);
      } catch (RuntimeException ex) {
        r = null;
      }
      if (!(r instanceof ClientResponse.ReadDone d)) {
        ops.add(new ServedOp.Unjudged(++id, invoked.get(j), complete, NotJudged.FINAL_READ_FAILED));
        continue;
      }
      if (w.table().isCounterTable()) {
        String reader = nodes.get(j % nodes.size());
        ops.add(new ServedOp.CounterRead(++id, -1, w.ref(), TableSchema.of(w.table(), sim.ring().partitioner())
            .clustering(), "ALL", reader, invoked.get(j), complete, ServedOp.Outcome.OK, Region.WHOLE,
            CellCapture.counterValues(d.partitions()), io.ringsim.sim.cells.Reach.of(sim.catalog(), sim.ring(),
            w.table().keyspace(), ConsistencyLevel.ALL, reader), true));
        continue;
      }
      boolean reported = d.nowInSec() != ClientResponse.NOW_NOT_REPORTED;
      ops.add(new ServedOp.Read(++id, -1, w.ref(), TableSchema.of(w.table(), sim.ring().partitioner()).clustering(),
          "ALL", nodes.get(j % nodes.size()), invoked.get(j), complete, ServedOp.Outcome.OK, Region.WHOLE,
          CellCapture.seen(d.partitions()), reported ? d.nowInSec() : nowLo, reported ? d.nowInSec() : nowHi, true,
          null));
    }
    return ServedChecker.check(ops, ServedChecker.Order.REAL_TIME);
  }

  private static long maxSkewMicros(SimCluster sim) {
    return sim.faults().skewMillis().values().stream().mapToLong(Math::abs).max().orElse(0) * 1000;
  }

  /** The replicas a request on a table of {@code keyspace} at {@code cl} via {@code coordinator} is sure to reach. */
  @FunctionalInterface
  public interface Reaches {
    io.ringsim.sim.cells.Reach of(String keyspace, ConsistencyLevel cl, String coordinator);
  }

  /** A partition a workload wrote to: what the read-back reads. */
  record Written(TableMetadata table, byte[] key, ServedOp.PartitionRef ref) {}

  /** One workload's operations at the cells' granularity (written on the workload's thread). */
  public static final class Recorder {
    /** Clients of different workloads are different clients (read-your-writes is judged per client). */
    final int clientBase;
    final ToLongFunction<String> coordinatorClockMicros;
    final LongSupplier clientClockMicros;
    private final List<ServedOp> ops = new ArrayList<>();
    private final Map<String, Written> written = new TreeMap<>();
    private long lastClientTimestamp = Long.MIN_VALUE;
    private final boolean keep;
    final Reaches reaches;

    Recorder(int workload, ToLongFunction<String> coordinatorClockMicros, LongSupplier clientClockMicros,
        boolean keep, Reaches reaches) {
      this.keep = keep;
      this.reaches = reaches;
      this.clientBase = workload * 1_000_000;
      this.coordinatorClockMicros = coordinatorClockMicros;
      this.clientClockMicros = clientClockMicros;
    }

    /**
     * The next client timestamp: the client's clock in microseconds, kept increasing as the drivers' monotonic
     * timestamp generators keep it.
     */
    long nextClientTimestamp() {
      lastClientTimestamp = Math.max(lastClientTimestamp + 1, clientClockMicros.getAsLong());
      return lastClientTimestamp;
    }

    synchronized void add(ServedOp op) {
      if (keep) ops.add(op);
    }

    /** The partitions this workload wrote to, in key order. */
    synchronized List<Written> written() {
      return List.copyOf(written.values());
    }

    synchronized void wrote(TableMetadata t, byte[] key, ServedOp.PartitionRef ref) {
      if (keep) written.putIfAbsent(ref.identity(), new Written(t, key, ref));
    }

    static ServedOp.PartitionRef ref(TableMetadata t, byte[] key, String keyText) {
      return new ServedOp.PartitionRef(t.qualifiedName(), keyText, HexFormat.of().formatHex(key));
    }
  }
}
