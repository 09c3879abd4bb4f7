package io.ringsim.sim;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.MessageDispatch;
import io.ringsim.cluster.RowOps;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cql.exec.Keys;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Drives one workload inside the simulation: every 10 simulated milliseconds it issues the operations the target
 * rate asks for (open loop, capped by the concurrency), round-robin over the coordinators it believes are up, and
 * records every operation in the history and the metrics.
 */
public final class WorkloadActor {
  private WorkloadActor() {}

  public sealed interface Msg extends NoSerializationVerificationNeeded {}

  record Tick() implements Msg {}

  private record ClientTimeout() implements NoSerializationVerificationNeeded {}

  record Done(long op, ClientResponse response, Throwable failure) implements Msg {}

  /** The client's view of a node (a driver stops using a node it cannot reach). */
  public record NodeState(String node, boolean up) implements Msg {}

  /** An answer already reduced to what the history keeps (from a coordinator in another JVM). */
  public record Answered(long op, OpOutcome outcome, String error, long version, Boolean applied) implements Msg {}

  /**
   * Stop issuing operations, for good (a live run the user stopped); reply once every operation in flight has an
   * answer or has timed out.
   */
  public record Drain(ActorRef<Drained> replyTo) implements Msg {}

  public record Drained(long operations) implements NoSerializationVerificationNeeded {}

  /** How operations reach coordinators: actor refs in one JVM, or member JVMs of a real cluster. */
  public interface Transport {
    /**
     * Sends operation {@code id} of {@code type} (write, delete, read, lwt) on row {@code w} to {@code coordinator};
     * the answer comes back to the workload as a {@link Done} or an {@link Answered} with the same id.
     */
    void send(long id, String coordinator, OpType type, WritePlanner.RowWrite w, Map<String, Object> row, int ttl,
        ConsistencyLevel cl, ConsistencyLevel commitCl);

    /** Sends a request built here (the operations of a workload judged cell by cell); in-JVM transports only. */
    default void send(long id, String coordinator, ClientRequest request) {
      throw new UnsupportedOperationException("this transport carries whole-row operations only");
    }
  }

  /** The in-JVM transport: requests go straight to the coordinator node actors. */
  public static java.util.function.Function<ActorContext<Msg>, Transport> direct(
      Map<String, ActorRef<NodeCommand>> refs, String table, TableSchema schema) {
    return ctx -> {
      ActorRef<NodeCommand.TaggedResponse> replies = ctx.messageAdapter(NodeCommand.TaggedResponse.class,
          t -> new Done(t.tag(), t.response(), null));
      return new Transport() {
        @Override
        public void send(long id, String coord, OpType type, WritePlanner.RowWrite w, Map<String, Object> row,
            int ttl, ConsistencyLevel cl, ConsistencyLevel commitCl) {
          send(id, coord, RowOps.request(type.rowKind(), table, schema, w.key(), w.clustering(), w.update(), cl,
              commitCl));
        }

        @Override
        public void send(long id, String coord, ClientRequest request) {
          refs.get(coord).tell(new NodeCommand.CoordinateTagged(request, id, replies));
        }
      };
    };
  }

  private static final Duration TICK = Duration.ofMillis(10);

  /** The recorded outcome, shared with the runner once the simulation has stopped. */
  /** How to read a key back: its table, partition key bytes, row and filter. */
  public record KeyRef(String table, byte[] key, Clustering clustering, ReadFilter filter) {}

  public static final class Recorder {
    public final List<OpRecord> history = new ArrayList<>();
    /** Every key written, by its text form (for the final read-back). */
    public final Map<String, KeyRef> keys = new java.util.HashMap<>();
    public final Metrics metrics;
    public long throttled;
    /** Operations completed (the history's size when it is kept). */
    public long operations;
    /** Set when the workload is judged cell by cell ({@link CellHistory}). */
    public CellHistory.Recorder cells;
    /** Off for bulk loads ('history off'): no per-operation history and no key list, so memory stays flat. */
    final boolean keepHistory;

    Recorder(Metrics metrics) {
      this(metrics, true);
    }

    Recorder(Metrics metrics, boolean keepHistory) {
      this.metrics = metrics;
      this.keepHistory = keepHistory;
    }
  }

  private record InFlight(long id, int worker, OpType type, String key, ConsistencyLevel cl, String coordinator,
      long invokeMicros, long version, Clustering clustering) {}

  public static Behavior<Msg> create(WorkloadSpec spec, TableMetadata table, TableSchema schema, List<String> nodes,
      java.util.function.LongSupplier clockNanos, Map<String, ActorRef<NodeCommand>> refs, long seed,
      Recorder recorder) {
    return create(spec, table, schema, nodes, clockNanos, direct(refs, table.qualifiedName(), schema), seed,
        recorder);
  }

  public static Behavior<Msg> create(WorkloadSpec spec, TableMetadata table, TableSchema schema, List<String> nodes,
      java.util.function.LongSupplier clockNanos, java.util.function.Function<ActorContext<Msg>, Transport> transport,
      long seed, Recorder recorder) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
      timers.startTimerWithFixedDelay("tick", new Tick(), TICK);
      State st = new State(spec, table, schema, nodes, clockNanos, transport.apply(ctx), seed, recorder, ctx);
      return MessageDispatch.<Msg>builder()
          .onMessage(Tick.class, t -> {
            st.tick();
            return Behaviors.same();
          })
          .onMessage(Done.class, d -> {
            st.done(d);
            return Behaviors.same();
          })
          .onMessage(Answered.class, a -> {
            st.answered(a);
            return Behaviors.same();
          })
          .onMessage(Drain.class, d -> {
            st.stopped = true;
            st.draining = d.replyTo();
            st.maybeDrained();
            return Behaviors.same();
          })
          .onMessage(NodeState.class, n -> {
            if (n.up()) st.down.remove(n.node());
            else st.down.add(n.node());
            return Behaviors.same();
          })
          .build();
    }));
  }

  private static final class State {
    final WorkloadSpec spec;
    final TableMetadata table;
    final TableSchema schema;
    final List<String> nodes;
    final java.util.function.LongSupplier clock;
    final Transport transport;
    final SplittableRandom rng;
    final Values values;
    final Recorder rec;
    final ActorContext<Msg> ctx;
    ActorRef<Drained> draining;
    /** Drained: no operation is issued any more. */
    boolean stopped;
    final java.util.Set<String> down = new java.util.TreeSet<>();
    // Ids are issued in increasing order, so insertion order is id order: the oldest is first, and a completion
    // is removed without a tree search (a TreeMap's remove was 1.6% of the ten-million scenario's simulation thread).
    final Map<Long, InFlight> inFlight = new LinkedHashMap<>();
    final List<Map<String, Object>> recentKeys = new ArrayList<>();
    final boolean readsFromWritten;
    /** The level a throttled operation is counted at (see {@link Metrics#throttled}). */
    final String throttleLevel;
    long opCount;
    long nextId;
    int rr;
    double budget;
    long lastTickNanos = -1;
    /** Set when the workload is judged cell by cell. */
    final CellOperations cells;

    State(WorkloadSpec spec, TableMetadata table, TableSchema schema, List<String> nodes,
        java.util.function.LongSupplier clock, Transport transport, long seed, Recorder rec, ActorContext<Msg> ctx) {
      this.spec = spec;
      this.table = table;
      this.schema = schema;
      this.nodes = nodes;
      this.clock = clock;
      this.transport = transport;
      this.rng = new SplittableRandom(seed);
      this.values = new Values(0, seed ^ 0x5DEECE66DL);
      this.rec = rec;
      this.ctx = ctx;
      boolean fromWritten = false;
      for (ColumnDef c : keyColumns()) {
        ValueGen g = spec.generators().get(c.name());
        if (g == null || g instanceof ValueGen.RandomUuid || g instanceof ValueGen.Sequential
            || g instanceof ValueGen.Now || g instanceof ValueGen.TimeBucket) fromWritten = true;
      }
      this.readsFromWritten = fromWritten;
      java.util.Set<String> levels = new java.util.LinkedHashSet<>();
      if (spec.writeFraction() + spec.deleteFraction() + spec.cellOps().sum() > 0)
        levels.add(spec.writeConsistency().name());
      if (spec.lwtFraction() > 0) levels.add(ConsistencyLevel.SERIAL.name());
      if (spec.readFraction() > 0) levels.add(spec.readConsistency().name());
      this.throttleLevel = levels.size() == 1 ? levels.iterator().next() : Metrics.mixed(levels);
      this.cells = rec.cells == null ? null : new CellOperations(spec, table, schema, rng, values, rec.cells,
          this::newRow, this::keyForRead, this::remember);
    }

    List<ColumnDef> keyColumns() {
      List<ColumnDef> k = new ArrayList<>(table.partitionKey());
      k.addAll(table.clusteringColumns());
      return k;
    }

    long nowMillis() {
      return clock.getAsLong() / 1_000_000L;
    }

    void tick() {
      long nowMicros = clock.getAsLong() / 1000;
      while (!inFlight.isEmpty()) {
        InFlight oldest = inFlight.values().iterator().next();
        if (nowMicros - oldest.invokeMicros() < ClientRequest.CLIENT_TIMEOUT.toNanos() / 1000) break;
        done(new Done(oldest.id(), null, null));
      }
      long now = nowMillis();
      if (stopped || now < spec.startMillis() || now >= spec.endMillis()) return;
      // Whole ticks in virtual time; in real time a tick can come late, and the rate must not depend on it.
      long elapsed = lastTickNanos < 0 ? TICK.toNanos() : clock.getAsLong() - lastTickNanos;
      lastTickNanos = clock.getAsLong();
      double ticks = elapsed == TICK.toNanos() ? 1.0 : (double) elapsed / TICK.toNanos();
      budget += spec.rate() * TICK.toMillis() / 1000.0 * ticks;
      while (budget >= 1) {
        budget -= 1;
        if (inFlight.size() >= spec.concurrency()) {
          rec.throttled++;
          rec.metrics.throttled(throttleLevel, nowMicros);
          continue;
        }
        issue();
      }
    }

    private String coordinator() {
      for (int i = 0; i < nodes.size(); i++) {
        String n = nodes.get(Math.floorMod(rr++, nodes.size()));
        if (!down.contains(n)) return n;
      }
      return nodes.get(Math.floorMod(rr++, nodes.size()));
    }

    private Map<String, Object> newRow() {
      Map<String, Object> row = new LinkedHashMap<>();
      long n = opCount;
      for (ColumnDef c : table.columns()) {
        ValueGen g = spec.generators().get(c.name());
        if (g == null) g = ValueGen.defaultFor(c);
        row.put(c.name(), ValueGen.draw(g, rng, n, nowMillis(), c.type()));
      }
      return row;
    }

    private Map<String, Object> keyForRead() {
      if (readsFromWritten) {
        if (recentKeys.isEmpty()) return null;
        return recentKeys.get(rng.nextInt(recentKeys.size()));
      }
      return newRow();
    }

    /** The kind of the next operation, drawn from the mix. */
    private OpType pick(double x) {
      double c = spec.writeFraction();
      if (x < c) return OpType.WRITE;
      if (x < (c += spec.readFraction())) return OpType.READ;
      if (x < (c += spec.deleteFraction())) return OpType.DELETE;
      WorkloadSpec.CellOps o = spec.cellOps();
      if (o.sum() == 0) return OpType.LWT;
      OpType last = null;
      for (Map.Entry<OpType, Double> e : List.of(Map.entry(OpType.LWT, spec.lwtFraction()),
          Map.entry(OpType.UPDATE, o.update()), Map.entry(OpType.DELETE_CELL, o.deleteCell()),
          Map.entry(OpType.DELETE_RANGE, o.deleteRange()), Map.entry(OpType.DELETE_PARTITION, o.deletePartition()),
          Map.entry(OpType.READ_SLICE, o.readSlice()), Map.entry(OpType.READ_IN, o.readIn()),
          Map.entry(OpType.READ_LIMIT, o.readLimit()), Map.entry(OpType.READ_COLUMNS, o.readColumns()),
          Map.entry(OpType.INCREMENT, o.increment()))) {
        if (e.getValue() <= 0) continue;
        last = e.getKey();
        if (x < (c += e.getValue())) return last;
      }
      return last;
    }

    void issue() {
      double x = rng.nextDouble();
      OpType type = pick(x);
      opCount++;
      String coord = coordinator();
      long id = nextId++;
      int worker = (int) (id % spec.concurrency());
      long invoke = clock.getAsLong() / 1000;
      if (cells != null) {
        CellOperations.Issued is = cells.issue(type, id, coord, worker, invoke);
        if (is == null) is = cells.issue(OpType.WRITE, id, coord, worker, invoke);
        inFlight.put(id, new InFlight(id, worker, is.type(), keyString(is.key(), is.clustering()), is.cl(), coord,
            invoke, -1, is.clustering()));
        transport.send(id, coord, is.request());
        return;
      }
      Map<String, Object> row;
      ConsistencyLevel cl;
      if (type == OpType.READ || type == OpType.DELETE) {
        row = keyForRead();
        if (row == null) {
          type = OpType.WRITE;
          row = newRow();
        }
      } else {
        row = newRow();
      }
      // Cassandra stamps a write without USING TTL with the table's default_time_to_live.
      int ttl = spec.ttlSeconds() > 0 ? spec.ttlSeconds() : table.params().defaultTimeToLive();
      WritePlanner.RowWrite w = WritePlanner.rowInsert(table, schema, row, ttl, values);
      String key = keyString(w.key(), w.clustering());
      switch (type) {
        case WRITE, LWT -> {
          cl = type == OpType.LWT ? ConsistencyLevel.SERIAL : spec.writeConsistency();
          remember(row);
        }
        case DELETE -> cl = spec.writeConsistency();
        default -> cl = spec.readConsistency();
      }
      if (type != OpType.READ && rec.keepHistory) {
        rec.keys.computeIfAbsent(key, k -> new KeyRef(table.qualifiedName(), w.key(), w.clustering(),
            rowFilter(w.clustering())));
      }
      inFlight.put(id, new InFlight(id, worker, type, key, cl, coord, invoke, -1, w.clustering()));
      // Answers come back tagged with the operation id; the client timeout is checked on ticks.
      transport.send(id, coord, type, w, row, ttl, cl, spec.writeConsistency());
    }

    private void remember(Map<String, Object> row) {
      if (!readsFromWritten) return;
      if (recentKeys.size() < 10_000) recentKeys.add(row);
      else recentKeys.set(rng.nextInt(recentKeys.size()), row);
    }

    private ReadFilter rowFilter(Clustering c) {
      return RowOps.rowFilter(c);
    }

    void done(Done d) {
      InFlight f = inFlight.remove(d.op());
      if (f == null) return;
      long complete = clock.getAsLong() / 1000;
      OpOutcome outcome;
      String error = null;
      long version = -1;
      Boolean applied = null;
      Integer now = null;
      ClientResponse r = d.response();
      if (r == null) {
        outcome = OpOutcome.TIMEOUT;
        error = "OperationTimedOut (client, " + ClientRequest.CLIENT_TIMEOUT.toSeconds() + " s)";
      } else if (r instanceof ClientResponse.Failed fl) {
        outcome = OpOutcome.FAIL;
        error = fl.error().name();
      } else {
        outcome = OpOutcome.OK;
        if (r instanceof ClientResponse.WriteDone wd) {
          version = wd.timestampMicros();
          now = reported(wd.nowInSec());
        }
        if (r instanceof ClientResponse.ReadDone rd) {
          version = observed(rd.partitions(), f.clustering());
          now = reported(rd.nowInSec());
        }
        if (r instanceof ClientResponse.CasDone cd) {
          applied = cd.applied();
          now = reported(cd.nowInSec());
        }
      }
      if (cells != null) cells.answered(f.id(), r, complete);
      record(f, complete, outcome, error, version, applied, now);
    }

    private static Integer reported(int nowInSec) {
      return nowInSec == ClientResponse.NOW_NOT_REPORTED ? null : nowInSec;
    }

    void answered(Answered a) {
      InFlight f = inFlight.remove(a.op());
      if (f == null) return;
      record(f, clock.getAsLong() / 1000, a.outcome(), a.error(), a.version(), a.applied(), null);
    }

    private void record(InFlight f, long complete, OpOutcome outcome, String error, long version, Boolean applied,
        Integer now) {
      OpRecord op = new OpRecord(f.id(), spec.name(), table.qualifiedName(), f.worker(), f.type(), f.key(),
          f.cl(), f.coordinator(), f.invokeMicros(), complete, outcome, error, version, applied, null, now);
      rec.operations++;
      if (rec.keepHistory) rec.history.add(op);
      rec.metrics.record(op);
      maybeDrained();
    }

    void maybeDrained() {
      if (draining != null && inFlight.isEmpty()) {
        draining.tell(new Drained(rec.operations));
        draining = null;
      }
    }

    private static long observed(List<LivePartition> parts, Clustering c) {
      return RowOps.observed(parts, c);
    }

    private String keyString(byte[] key, Clustering c) {
      StringBuilder sb = new StringBuilder();
      List<Object> pk = Keys.partitionValues(table, key);
      for (int i = 0; i < pk.size(); i++) {
        if (i > 0) sb.append(':');
        CqlType t = table.partitionKey().get(i).type();
        sb.append(t.format(pk.get(i)));
      }
      if (c.size() > 0) {
        sb.append(" / ");
        for (int i = 0; i < c.size(); i++) {
          if (i > 0) sb.append(':');
          CqlType t = table.clusteringColumns().get(i).type();
          sb.append(t.format(t.deserialize(c.get(i))));
        }
      }
      return sb.toString();
    }
  }

  static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  static CqlType bigint() {
    return CqlTypes.BIGINT;
  }
}
