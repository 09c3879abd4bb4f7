package io.ringsim.sim;

import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ClusterSpec;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.ConsistentRangeMovement;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cluster.node.NodeReport;
import io.ringsim.cql.CqlException;
import io.ringsim.report.PartitionSizeReport;
import io.ringsim.report.RunViews;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.trace.TraceCapture;
import io.ringsim.sim.trace.TraceModel;
import io.ringsim.storage.Cell;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Runs a scenario in virtual time: builds the cluster, applies the schema, starts the workloads, plays the
 * timeline, then heals the cluster, reads back what was written, checks the history and gathers the figures.
 */
public final class ScenarioRunner {
  /** A progress line for the terminal (simulated time, operations so far). */
  public interface Progress extends Consumer<String> {}

  private final RunSpec spec;
  private final Config config;
  private final Progress progress;
  /** The history of the last run (history.jsonl). */
  List<OpRecord> lastHistory = List.of();

  public List<OpRecord> history() {
    return lastHistory;
  }

  private Ring lastRing;
  private Map<String, PartitionSizeReport.Measured> lastPartitionSizes = Map.of();

  /** Every partition of every table after the run (largest replica copy), keys in CQL form. */
  public Map<String, PartitionSizeReport.Measured> partitionSizes() {
    return lastPartitionSizes;
  }

  /** The report lists this many of each table's largest partitions. */
  static final int LARGEST_PARTITIONS = 10;

  /**
   * Every partition's size, each measured once on its primary replica (after the final heal and hint replay, the
   * replicas agree but for what the run's faults left behind), and the largest few of each node.
   */
  private static Map<String, PartitionSizeReport.Measured> partitionSizes(SimCluster sim) {
    Map<String, List<long[]>> bytes = new TreeMap<>();
    Map<String, List<PartitionSizeReport.PartitionStat>> largest = new TreeMap<>();
    for (String n : sim.nodeNames()) {
      NodeCommand.NodePartitionSizes ps = sim.partitionSizes(n, LARGEST_PARTITIONS, true);
      ps.byTable().forEach((table, sizes) -> {
        bytes.computeIfAbsent(table, k -> new ArrayList<>()).add(sizes.bytes());
        List<PartitionSizeReport.PartitionStat> l = largest.computeIfAbsent(table, k -> new ArrayList<>());
        for (NodeCommand.LargePartition p : sizes.largest()) {
          l.add(new PartitionSizeReport.PartitionStat(p.key(), p.bytes(), p.rows()));
        }
      });
    }
    Map<String, PartitionSizeReport.Measured> out = new TreeMap<>();
    bytes.forEach((table, parts) -> {
      long[] all = new long[parts.stream().mapToInt(a -> a.length).sum()];
      int at = 0;
      for (long[] a : parts) {
        System.arraycopy(a, 0, all, at, a.length);
        at += a.length;
      }
      out.put(table, new PartitionSizeReport.Measured(all, largest.get(table)));
    });
    return out;
  }

  private RunViews lastViews;

  /** What report.html's time slider and explorable ring need beyond the report, from the last run (views.json). */
  public RunViews views() {
    return lastViews;
  }

  /** The ring of the last run. */
  public Ring ring() {
    return lastRing;
  }

  public ScenarioRunner(RunSpec spec, Config config, Progress progress) {
    this.spec = spec;
    this.config = config;
    this.progress = progress;
  }

  /** A scenario that cannot run (bad CQL in the schema, a node that does not exist): the run stops with this. */
  public static final class ScenarioFailure extends RuntimeException {
    public ScenarioFailure(String message) {
      super(message);
    }
  }

  private LiveRun live;
  private long recordCap = TraceCapture.DEFAULT_RECORD_CAP;
  private TraceCapture.CapturedTrace lastTrace;

  /**
   * Records kept in trace.jsonl (messages and node events); past it only the anomalies' keys and a sample of keys
   * are kept. In memory the run holds at most four times as many before it samples. 0 records nothing.
   */
  public ScenarioRunner withRecordCap(long cap) {
    this.recordCap = cap;
    return this;
  }

  /** The trace of the last run, or null when it kept no history. */
  public TraceCapture.CapturedTrace trace() {
    return lastTrace;
  }

  /** Runs in real time with clients taking part (see {@link LiveRun}). */
  public ScenarioRunner withLive(LiveRun l) {
    this.live = l;
    return this;
  }

  public RunResult run() {
    for (TimedAction ta : spec.timeline()) {
      if (ta.action() instanceof Action.StopMember) {
        throw new ScenarioFailure("at " + Durations.format(ta.atMillis()) + " (" + ta.text() + "): there are no"
            + " member JVMs in a simulation; run with --cluster HOST:PORT, or crash the nodes instead");
      }
    }
    long wallStart = System.nanoTime();
    Ring ring = spec.ring();
    lastRing = ring;
    ClusterSpec cs = ClusterSpec.from(ring, spec.seed(), config).withLatency(spec.latency())
        .withStorage(spec.storage()).withConsistentRangeMovement(spec.consistentRangeMovement());
    List<RunResult.Event> events = new ArrayList<>();
    phase("start");
    try (SimCluster sim = spec.recordHistory() && recordCap > 0 ? SimCluster.startRecording(cs, config, Math.max(1, recordCap) * 4)
        : SimCluster.start(cs, config)) {
      phase("cluster started");
      if (spec.loss() > 0) sim.setLoss(spec.loss());
      ClientSession session = new ClientSession(sim, spec.seed());
      for (String stmt : spec.cql()) {
        try {
          session.execute(stmt);
        } catch (CqlException e) {
          throw new ScenarioFailure("CQL failed: " + e.errorClass() + ": " + e.getMessage() + "\n  in: " + stmt);
        }
      }
      phase("schema applied");
      // Workloads.
      Map<String, ActorRef<NodeCommand>> refs = new LinkedHashMap<>();
      for (String n : sim.nodeNames()) refs.put(n, sim.nodeRef(n));
      List<WorkloadActor.Recorder> recorders = new ArrayList<>();
      List<ActorRef<WorkloadActor.Msg>> workloads = new ArrayList<>();
      Map<String, TableMetadata> tables = new TreeMap<>();
      int wi = 0;
      Metrics metrics = new Metrics(bucketMicros(), spec.recordHistory());
      for (WorkloadSpec w : spec.workloads()) {
        TableMetadata t = sim.catalog().table(w.table()).orElseThrow(() -> new ScenarioFailure("workload " + w.name()
            + ": table " + w.table() + " does not exist (create it in the cql section)"));
        tables.put(t.qualifiedName(), t);
        WorkloadActor.Recorder rec = new WorkloadActor.Recorder(metrics, spec.recordHistory());
        recorders.add(rec);
        workloads.add(sim.spawn(WorkloadActor.create(w, t, TableSchema.of(t, ring.partitioner()), sim.nodeNames(),
            sim.loop()::nowNanos, refs, spec.seed() * 31 + wi, rec), "workload-" + wi++));
      }
      if (live != null) {
        metrics.listen(live::completed);
        try {
          live.started(sim);
        } catch (Exception e) {
          throw new ScenarioFailure("cannot serve the cluster: " + e.getMessage());
        }
      }
      // Timeline.
      List<TimedAction> timeline = new ArrayList<>(spec.timeline());
      timeline.sort((a, b) -> Long.compare(a.atMillis(), b.atMillis()));
      long step = Math.max(1000, spec.durationMillis() / 50);
      long t = 0;
      for (TimedAction a : timeline) {
        t = advance(sim, t, a.atMillis(), step, recorders);
        if (t < a.atMillis()) break; // stopped early by the user (live runs)
        int before = events.size();
        apply(sim, session, a, workloads, events);
        if (live != null) for (RunResult.Event e : events.subList(before, events.size())) live.event(e);
      }
      if (t >= lastTimelineMillis(timeline)) t = advance(sim, t, spec.durationMillis(), step, recorders);
      RunSpec ran = spec;
      if (live != null) {
        metrics.listen(null);
        live.stopped(sim);
        long endMillis = Math.max(1, sim.nowNanos() / 1_000_000L);
        if (endMillis < spec.durationMillis()) {
          // Stopped early: the workloads start nothing more, so the results count what ran while live (what is in
          // flight finishes or times out below), and the run says where it stopped.
          ran = spec.withDurationMillis(endMillis);
          ActorRef<WorkloadActor.Drained> nobody = sim.spawn(Behaviors.ignore(), "workloads-stopped");
          for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.Drain(nobody));
          // An empty served cluster (serve without a scenario) plans nothing: its end is no early stop.
          if (!spec.workloads().isEmpty() || !spec.timeline().isEmpty()) {
            events.add(new RunResult.Event(sim.nowNanos() / 1000, "live-stopped", "the run was stopped at "
                + Durations.format(endMillis) + " of " + Durations.format(spec.durationMillis())
                + ": nothing the scenario plans after it ran (operations, timeline)"));
          }
        }
        events.addAll(live.events());
        events.sort((a, b) -> Long.compare(a.atMicros(), b.atMicros()));
      }
      phase("workload done");
      // Let in-flight operations finish or time out.
      sim.advance(Duration.ofSeconds(15));
      long endOfWorkloadMicros = sim.nowNanos() / 1000;
      // Heal for the final check: the network, every crashed node; give hints time to replay.
      sim.heal();
      sim.setLoss(0);
      for (String n : sim.nodeNames()) {
        if (sim.isCrashed(n)) {
          sim.restart(n);
          events.add(new RunResult.Event(sim.nowNanos() / 1000, "restart", n + " restarted for the final check"));
        }
      }
      sim.advance(Duration.ofSeconds(60));
      // The trace ends here, at an instant every run reaches alike: the final read-back is submitted from this
      // thread while the simulation runs, so the order its messages take through the network is not reproducible.
      if (sim.trace() != null) sim.trace().freeze();
      List<OpRecord> history = new ArrayList<>();
      for (WorkloadActor.Recorder r : recorders) history.addAll(r.history);
      // The scenario checker judges the workloads' history (one value per key); the served clients' operations are
      // judged cell by cell apart (LiveRun.checkClients) and only join the history for history.jsonl and figures.
      List<OpRecord> workloadHistory = new ArrayList<>(history);
      workloadHistory.sort((a, b) -> a.invokeMicros() != b.invokeMicros()
          ? Long.compare(a.invokeMicros(), b.invokeMicros()) : Long.compare(a.id(), b.id()));
      List<OpRecord> clients = live == null ? List.of() : live.history();
      history.addAll(clients);
      for (OpRecord op : clients) metrics.record(op);
      history.sort((a, b) -> a.invokeMicros() != b.invokeMicros() ? Long.compare(a.invokeMicros(), b.invokeMicros())
          : Long.compare(a.id(), b.id()));
      lastHistory = history;
      phase("healed");
      // Without a history there is nothing to check the final state against: no read-back either.
      List<Checker.FinalRead> finals = new ArrayList<>(spec.recordHistory() ? finalReads(sim, recorders)
          : List.<Checker.FinalRead>of());
      Checker.Result clientsChecked = live == null ? Checker.Result.NONE : live.checkClients(sim);
      phase("final reads");
      Checker.Result checked = Checker.check(workloadHistory, finals, ttlByWorkload(spec, sim.catalog()))
          .plus(clientsChecked);
      phase("checked");
      if (sim.trace() != null) lastTrace = captureTrace(sim, recorders, events, checked);
      phase("trace");
      List<NodeReport> reports = sim.reports();
      lastPartitionSizes = partitionSizes(sim);
      phase("reports");
      long throttled = recorders.stream().mapToLong(r -> r.throttled).sum();
      progress.accept(null);
      lastRing = sim.ring();
      lastViews = ViewsMapper.views(sim, ran);
      long operations = recorders.stream().mapToLong(r -> r.operations).sum() + clients.size();
      return RunResults.build(ran, sim.ring(), sim.catalog(), reports, metrics, history, operations, checked, events,
          endOfWorkloadMicros, throttled, (System.nanoTime() - wallStart) / 1_000_000L, ClusterBuilder.defaultAllocationReplication());
    }
  }

  private TraceCapture.CapturedTrace captureTrace(SimCluster sim, List<WorkloadActor.Recorder> recorders,
      List<RunResult.Event> events, Checker.Result checked) {
    List<TraceCapture.KeyInput> keys = new ArrayList<>();
    for (WorkloadActor.Recorder r : recorders) {
      r.keys.forEach((k, v) -> keys.add(new TraceCapture.KeyInput(v.table(), k, v.key())));
    }
    List<TraceModel.Fault> faults = new ArrayList<>();
    for (RunResult.Event e : events) faults.add(new TraceModel.Fault(e.atMicros(), e.kind(),
        e.text()));
    java.util.Set<String> rows = new java.util.HashSet<>();
    for (Checker.Anomaly a : checked.anomalies()) rows.add(a.key());
    return TraceCapture.capture(sim.trace(), sim.ring(), sim.catalog(), keys, faults, rows,
        recordCap);
  }

  /** Each workload's write TTL for the checker: its own, or the table's default_time_to_live when longer. */
  static Map<String, Integer> ttlByWorkload(RunSpec spec, Catalog catalog) {
    Map<String, Integer> ttls = new TreeMap<>();
    for (WorkloadSpec w : spec.workloads()) {
      int tableTtl = catalog.table(w.table()).map(tm -> tm.params().defaultTimeToLive()).orElse(0);
      ttls.put(w.name(), Math.max(w.ttlSeconds(), tableTtl));
    }
    return ttls;
  }

  private static final boolean TIMING = System.getenv("RINGSIM_DEBUG_TIMING") != null;
  private final long t0 = System.nanoTime();

  private void phase(String what) {
    if (!TIMING) return;
    // The process's CPU time beside the wall time: on a shared machine it is the steadier of the two.
    long cpuMillis = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() / 1_000_000 : -1;
    System.err.printf("%n[timing] %s at %d ms (CPU %d ms)%n", what, (System.nanoTime() - t0) / 1_000_000, cpuMillis);
  }

  private long bucketMicros() {
    long d = spec.durationMillis();
    long bucket = d <= 120_000 ? 1000 : d <= 900_000 ? 5000 : 30_000;
    return bucket * 1000;
  }

  private static long lastTimelineMillis(List<TimedAction> timeline) {
    return timeline.isEmpty() ? 0 : timeline.get(timeline.size() - 1).atMillis();
  }

  /**
   * Lets virtual time run to {@code to} ms, a step at a time (progress is reported between steps). Live: the pacer
   * moves time and this only waits for it; it returns early, short of {@code to}, when the user stops the run.
   */
  private long advance(SimCluster sim, long from, long to, long step, List<WorkloadActor.Recorder> recs) {
    long t = from;
    while (t < to) {
      long next = Math.min(to, t + step);
      if (live != null) {
        if (!live.awaitTime(sim, next * 1_000_000L)) return t;
      } else {
        sim.runUntil(next * 1_000_000L);
      }
      t = next;
      long ops = 0;
      for (WorkloadActor.Recorder r : recs) ops += r.operations;
      progress.accept(progressLine(t, ops));
    }
    return Math.max(from, to);
  }

  private String progressLine(long t, long ops) {
    int width = 30;
    int done = (int) Math.min(width, width * t / Math.max(1, spec.durationMillis()));
    return "[" + "=".repeat(done) + (done < width ? ">" : "") + " ".repeat(Math.max(0, width - done - 1)) + "] "
        + Durations.format(t) + " / " + Durations.format(spec.durationMillis()) + "  " + ops + " ops";
  }

  private void apply(SimCluster sim, ClientSession session, TimedAction ta, List<ActorRef<WorkloadActor.Msg>> workloads,
      List<RunResult.Event> events) {
    Action a = ta.action();
    long now = sim.nowNanos() / 1000;
    try {
      if (a instanceof Action.Crash c) {
        sim.crash(c.node());
        for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.NodeState(c.node(), false));
        events.add(new RunResult.Event(now, "crash", c.node() + " crashed"));
      } else if (a instanceof Action.Restart r) {
        var replay = sim.restart(r.node());
        for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.NodeState(r.node(), true));
        events.add(new RunResult.Event(now, "restart", r.node() + " restarted, commit log replayed "
            + replay.replayed() + " entries" + (replay.lostUnsynced() > 0 ? ", " + replay.lostUnsynced()
            + " lost (unsynced)" : "") + (replay.corrupt().isEmpty() ? "" : ", " + replay.corrupt().size()
            + " corrupt skipped")));
      } else if (a instanceof Action.Bootstrap b) {
        ClusterBuilder.Dc dc = spec.dcs().get(0);
        try {
          long streamed = sim.bootstrap(b.node(), dc.name(), "rack1", spec.vnodes(),
              ClusterBuilder.joiningAllocator(spec.allocator(), spec.seed()));
          events.add(new RunResult.Event(now, "bootstrap", b.node() + " joined, " + streamed
              + " partitions streamed to it"));
        } catch (ConsistentRangeMovement.Refused e) {
          // As a Cassandra node's startup fails: it never joins, the cluster goes on without it.
          events.add(new RunResult.Event(now, "bootstrap-failed", b.node() + " did not join: " + e.getMessage()
              + " (consistent_range_movement off would stream from another replica)"));
        }
      } else if (a instanceof Action.Decommission d) {
        for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.NodeState(d.node(), false));
        long streamed = sim.decommission(d.node());
        events.add(new RunResult.Event(now, "decommission", d.node() + " left, " + streamed
            + " partitions streamed away"));
      } else if (a instanceof Action.Partition p) {
        sim.partition(p.side1(), p.side2(), p.oneWay());
        events.add(new RunResult.Event(now, "partition", (p.oneWay() ? "one-way cut " : "partition ")
            + p.side1() + (p.oneWay() ? " -> " : " | ") + p.side2()));
      } else if (a instanceof Action.Heal) {
        sim.heal();
        events.add(new RunResult.Event(now, "heal", "network healed"));
      } else if (a instanceof Action.Slow s) {
        sim.slow(s.node(), Duration.ofMillis(s.extraMillis()));
        events.add(new RunResult.Event(now, "slow", s.node() + " slowed by " + s.extraMillis() + " ms per message"));
      } else if (a instanceof Action.Loss l) {
        sim.setLoss(l.probability());
        events.add(new RunResult.Event(now, "loss", "message loss " + Math.round(l.probability() * 1000) / 10.0
            + "%"));
      } else if (a instanceof Action.ClockSkew s) {
        sim.clockSkew(s.node(), Duration.ofMillis(s.skewMillis()));
        events.add(new RunResult.Event(now, "clock-skew", s.node() + " clock skewed by " + s.skewMillis() + " ms"));
      } else if (a instanceof Action.Flush f) {
        for (String n : targets(sim, f.node())) sim.flush(n);
        events.add(new RunResult.Event(now, "flush", "flush " + (f.node() == null ? "all nodes" : f.node())));
      } else if (a instanceof Action.Compact c) {
        for (String n : targets(sim, c.node())) sim.compact(n);
        events.add(new RunResult.Event(now, "compact", "compact " + (c.node() == null ? "all nodes" : c.node())));
      } else if (a instanceof Action.Repair r) {
        for (String n : targets(sim, r.node())) {
          NodeCommand.RepairResult res = sim.repair(n);
          events.add(new RunResult.Event(now, "repair", "repair on " + n + ": " + res.rangesCompared()
              + " ranges compared, " + res.rangesMismatched() + " differed (" + res.leavesMismatched() + " of "
              + res.leavesCompared() + " Merkle leaves), " + res.partitionsStreamed() + " partitions streamed"));
        }
      } else if (a instanceof Action.Cql q) {
        session.execute(q.statement());
        events.add(new RunResult.Event(now, "cql", q.statement()));
      }
    } catch (IllegalArgumentException | CqlException e) {
      throw new ScenarioFailure("at " + Durations.format(ta.atMillis()) + " (" + ta.text() + "): " + e.getMessage());
    }
  }

  private static List<String> targets(SimCluster sim, String node) {
    if (node != null) return List.of(node);
    List<String> out = new ArrayList<>();
    for (String n : sim.nodeNames()) if (!sim.isCrashed(n)) out.add(n);
    return out;
  }

  /** Reads back (at ALL, so replicas are compared and repaired) a deterministic sample of the keys written. */
  private static List<Checker.FinalRead> finalReads(SimCluster sim, List<WorkloadActor.Recorder> recorders) {
    TreeMap<String, WorkloadActor.KeyRef> all = new TreeMap<>();
    for (WorkloadActor.Recorder r : recorders) {
      r.keys.forEach((k, v) -> all.put(v.table() + " " + k, v));
    }
    List<Checker.FinalRead> out = new ArrayList<>();
    if (all.isEmpty()) return out;
    int cap = 5000;
    int stride = Math.max(1, all.size() / cap);
    List<String> keys = new ArrayList<>();
    List<WorkloadActor.KeyRef> refs = new ArrayList<>();
    int i = 0;
    for (Map.Entry<String, WorkloadActor.KeyRef> e : all.entrySet()) {
      if (i++ % stride != 0) continue;
      keys.add(e.getKey());
      refs.add(e.getValue());
    }
    List<String> nodes = sim.nodeNames();
    List<CompletableFuture<ClientResponse>> pending = new ArrayList<>();
    for (int j = 0; j < refs.size(); j++) {
      WorkloadActor.KeyRef k = refs.get(j);
      pending.add(sim.submit(nodes.get(j % nodes.size()), new ClientRequest.Read(k.table(), k.key(), k.filter(),
          ConsistencyLevel.ALL, false), Duration.ofSeconds(30)).toCompletableFuture());
    }
    try {
      sim.await(CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0])).handle((x, e) -> null));
    } catch (RuntimeException ex) {
      // individual failures are looked at below
    }
    for (int j = 0; j < pending.size(); j++) {
      ClientResponse r;
      try {
        r = pending.get(j).getNow(null);
      } catch (RuntimeException ex) {
        continue;
      }
      if (r == null) continue;
      if (!(r instanceof ClientResponse.ReadDone rd)) continue;
      long version = -1;
      for (var p : rd.partitions()) {
        for (LiveRow row : p.rows()) {
          if (!row.clustering().equals(refs.get(j).clustering())) continue;
          for (Cell c : row.cells().values()) version = Math.max(version, c.timestamp());
        }
      }
      out.add(new Checker.FinalRead(keys.get(j), version));
    }
    return out;
  }

  static ReplicationStrategy strategy(KeyspaceMetadata k) {
    return ReplicationStrategies.fromCql(k.replication());
  }

  static ReadFilter all() {
    return ReadFilter.ALL;
  }

  static TreeSet<String> sorted(Iterable<String> s) {
    TreeSet<String> out = new TreeSet<>();
    s.forEach(out::add);
    return out;
  }
}
