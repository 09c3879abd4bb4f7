package io.ringsim.sim;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cluster.time.SimulationLoop;
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

  private static final Duration TICK = Duration.ofMillis(10);
  static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(12);

  /** The recorded outcome, shared with the runner once the simulation has stopped. */
  /** How to read a key back: its table, partition key bytes, row and filter. */
  public record KeyRef(String table, byte[] key, Clustering clustering, ReadFilter filter) {}

  public static final class Recorder {
    public final List<OpRecord> history = new ArrayList<>();
    /** Every key written, by its text form (for the final read-back). */
    public final Map<String, KeyRef> keys = new java.util.HashMap<>();
    public final Metrics metrics;
    public long throttled;

    Recorder(Metrics metrics) {
      this.metrics = metrics;
    }
  }

  private record InFlight(long id, int worker, String type, String key, ConsistencyLevel cl, String coordinator,
      long invokeMicros, long version, Clustering clustering) {}

  public static Behavior<Msg> create(WorkloadSpec spec, TableMetadata table, TableSchema schema, List<String> nodes,
      SimulationLoop loop, Map<String, ActorRef<NodeCommand>> refs, long seed, Recorder recorder) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
      timers.startTimerWithFixedDelay("tick", new Tick(), TICK);
      State st = new State(spec, table, schema, nodes, loop, refs, seed, recorder, ctx);
      return Behaviors.receive(Msg.class)
          .onMessage(Tick.class, t -> {
            st.tick();
            return Behaviors.same();
          })
          .onMessage(Done.class, d -> {
            st.done(d);
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
    final SimulationLoop loop;
    final Map<String, ActorRef<NodeCommand>> refs;
    final SplittableRandom rng;
    final Values values;
    final Recorder rec;
    final ActorContext<Msg> ctx;
    final ActorRef<NodeCommand.TaggedResponse> replies;
    final java.util.Set<String> down = new java.util.TreeSet<>();
    final Map<Long, InFlight> inFlight = new TreeMap<>();
    final List<Map<String, Object>> recentKeys = new ArrayList<>();
    final boolean readsFromWritten;
    long opCount;
    long nextId;
    int rr;
    double budget;

    State(WorkloadSpec spec, TableMetadata table, TableSchema schema, List<String> nodes, SimulationLoop loop,
        Map<String, ActorRef<NodeCommand>> refs, long seed, Recorder rec, ActorContext<Msg> ctx) {
      this.spec = spec;
      this.table = table;
      this.schema = schema;
      this.nodes = nodes;
      this.loop = loop;
      this.refs = refs;
      this.rng = new SplittableRandom(seed);
      this.values = new Values(0, seed ^ 0x5DEECE66DL);
      this.rec = rec;
      this.ctx = ctx;
      this.replies = ctx.messageAdapter(NodeCommand.TaggedResponse.class, t -> new Done(t.tag(), t.response(), null));
      boolean fromWritten = false;
      for (ColumnDef c : keyColumns()) {
        ValueGen g = spec.generators().get(c.name());
        if (g == null || g instanceof ValueGen.RandomUuid || g instanceof ValueGen.Sequential
            || g instanceof ValueGen.Now || g instanceof ValueGen.TimeBucket) fromWritten = true;
      }
      this.readsFromWritten = fromWritten;
    }

    List<ColumnDef> keyColumns() {
      List<ColumnDef> k = new ArrayList<>(table.partitionKey());
      k.addAll(table.clusteringColumns());
      return k;
    }

    long nowMillis() {
      return loop.nowNanos() / 1_000_000L;
    }

    void tick() {
      long nowMicros = loop.nowNanos() / 1000;
      while (!inFlight.isEmpty()) {
        InFlight oldest = inFlight.values().iterator().next();
        if (nowMicros - oldest.invokeMicros() < CLIENT_TIMEOUT.toNanos() / 1000) break;
        done(new Done(oldest.id(), null, null));
      }
      long now = nowMillis();
      if (now < spec.startMillis() || now >= spec.endMillis()) return;
      budget += spec.rate() * TICK.toMillis() / 1000.0;
      while (budget >= 1) {
        budget -= 1;
        if (inFlight.size() >= spec.concurrency()) {
          rec.throttled++;
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
        if (g == null) g = defaultGen(c);
        row.put(c.name(), g.next(rng, n, nowMillis(), c.type()));
      }
      return row;
    }

    private ValueGen defaultGen(ColumnDef c) {
      if (c.isPrimaryKey()) {
        return c.type().name().equals("uuid") || c.type().name().equals("timeuuid") ? new ValueGen.RandomUuid()
            : new ValueGen.Sequential();
      }
      return switch (c.type().name()) {
        case "text", "varchar", "ascii" -> new ValueGen.Text(8, 24);
        case "timestamp" -> new ValueGen.Now();
        default -> new ValueGen.Uniform(1_000_000);
      };
    }

    private Map<String, Object> keyForRead() {
      if (readsFromWritten) {
        if (recentKeys.isEmpty()) return null;
        return recentKeys.get(rng.nextInt(recentKeys.size()));
      }
      return newRow();
    }

    void issue() {
      double x = rng.nextDouble();
      String type = x < spec.writeFraction() ? "write"
          : x < spec.writeFraction() + spec.readFraction() ? "read"
          : x < spec.writeFraction() + spec.readFraction() + spec.deleteFraction() ? "delete" : "lwt";
      opCount++;
      String coord = coordinator();
      long id = nextId++;
      int worker = (int) (id % spec.concurrency());
      long invoke = loop.nowNanos() / 1000;
      ClientRequest req;
      Map<String, Object> row;
      ConsistencyLevel cl;
      if (type.equals("read") || type.equals("delete")) {
        row = keyForRead();
        if (row == null) {
          type = "write";
          row = newRow();
        }
      } else {
        row = newRow();
      }
      WritePlanner.RowWrite w = WritePlanner.rowInsert(table, schema, row, spec.ttlSeconds(), values);
      String key = keyString(w.key(), w.clustering());
      switch (type) {
        case "write" -> {
          cl = spec.writeConsistency();
          req = new ClientRequest.Write(table.qualifiedName(), w.key(), (ts, now) -> w.update().build(ts, now), cl,
              false);
          remember(row);
        }
        case "delete" -> {
          cl = spec.writeConsistency();
          WritePlanner.UpdateFactory del = WritePlanner.rowDelete(schema, w.key(), w.clustering());
          req = new ClientRequest.Write(table.qualifiedName(), w.key(), (ts, now) -> del.build(ts, now), cl, false);
        }
        case "read" -> {
          cl = spec.readConsistency();
          req = new ClientRequest.Read(table.qualifiedName(), w.key(), rowFilter(w.clustering()), cl, false);
        }
        default -> {
          cl = ConsistencyLevel.SERIAL;
          Clustering c = w.clustering();
          req = new ClientRequest.Cas(table.qualifiedName(), w.key(), rowFilter(c),
              lp -> lp.rows().stream().noneMatch(r -> r.clustering().equals(c)),
              (ts, now) -> w.update().build(ts, now), cl, spec.writeConsistency(), false);
          remember(row);
        }
      }
      if (!type.equals("read")) {
        rec.keys.computeIfAbsent(key, k -> new KeyRef(table.qualifiedName(), w.key(), w.clustering(),
            rowFilter(w.clustering())));
      }
      inFlight.put(id, new InFlight(id, worker, type, key, cl, coord, invoke, -1, w.clustering()));
      // Answers come back tagged with the operation id to one adapter; the client timeout is checked on ticks.
      refs.get(coord).tell(new NodeCommand.CoordinateTagged(req, id, replies));
    }

    private void remember(Map<String, Object> row) {
      if (!readsFromWritten) return;
      if (recentKeys.size() < 10_000) recentKeys.add(row);
      else recentKeys.set(rng.nextInt(recentKeys.size()), row);
    }

    private ReadFilter rowFilter(Clustering c) {
      if (c.size() == 0) return ReadFilter.ALL;
      byte[][] v = new byte[c.size()][];
      for (int i = 0; i < c.size(); i++) v[i] = c.get(i);
      return ReadFilter.slices(List.of(new Slice(ClusteringBound.inclusive(v), ClusteringBound.inclusive(v))));
    }

    void done(Done d) {
      InFlight f = inFlight.remove(d.op());
      if (f == null) return;
      long complete = loop.nowNanos() / 1000;
      String outcome;
      String error = null;
      long version = -1;
      Boolean applied = null;
      ClientResponse r = d.response();
      if (r == null) {
        outcome = "timeout";
        error = "OperationTimedOut (client, " + CLIENT_TIMEOUT.toSeconds() + " s)";
      } else if (r instanceof ClientResponse.Failed fl) {
        outcome = "fail";
        error = fl.error().name();
      } else {
        outcome = "ok";
        if (r instanceof ClientResponse.WriteDone wd) version = wd.timestampMicros();
        if (r instanceof ClientResponse.ReadDone rd) version = observed(rd.partitions(), f.clustering());
        if (r instanceof ClientResponse.CasDone cd) applied = cd.applied();
      }
      OpRecord op = new OpRecord(f.id(), spec.name(), table.qualifiedName(), f.worker(), f.type(), f.key(), f.cl().name(), f.coordinator(),
          f.invokeMicros(), complete, outcome, error, version, applied);
      rec.history.add(op);
      rec.metrics.record(op);
    }

    private static long observed(List<LivePartition> parts, Clustering c) {
      for (LivePartition p : parts) {
        for (LiveRow row : p.rows()) {
          if (!row.clustering().equals(c)) continue;
          long max = -1;
          for (Cell cell : row.cells().values()) max = Math.max(max, cell.timestamp());
          for (var col : row.collections().values()) for (Cell cell : col.values()) max = Math.max(max, cell.timestamp());
          return max;
        }
      }
      return -1;
    }

    private String keyString(byte[] key, Clustering c) {
      StringBuilder sb = new StringBuilder();
      List<Object> pk = io.ringsim.cql.exec.Keys.partitionValues(table, key);
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
