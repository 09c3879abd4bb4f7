package io.ringsim.sim;

import static io.ringsim.sim.Say.EN;

import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.AskPattern;
import com.typesafe.config.Config;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.RequestKind;
import io.ringsim.cluster.member.ClusterClient;
import io.ringsim.cluster.member.MemberProtocol;
import io.ringsim.cluster.member.MemberProtocol.FaultKind;
import io.ringsim.cluster.member.MemberWatcher;
import io.ringsim.cluster.member.WallClock;
import io.ringsim.cluster.node.NodeReport;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.TableSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Runs a scenario against a real cluster of member JVMs ({@code bin/ringsim run FILE --cluster HOST:PORT}), in real
 * time: the schema is shipped to every member, the workloads run in this JVM and send each operation to the member
 * hosting its coordinator, faults are sent to every member, and the history is checked exactly as in a simulation.
 *
 * <p>Unlike a simulation the run is not reproducible: real threads, a real network and real clocks decide the
 * interleaving. The cluster's shape is the one its members were started with; the scenario's cluster section is
 * only compared with it.
 */
public final class ClusterRunner {
  private final RunSpec spec;
  private final Config config;
  private final String seedNode;
  private final ScenarioRunner.Progress progress;

  public ClusterRunner(RunSpec spec, Config config, String seedNode, ScenarioRunner.Progress progress) {
    this.spec = spec;
    this.config = config;
    this.seedNode = seedNode;
    this.progress = progress;
  }

  /** What a scenario may do against a real cluster; the rest needs the simulation's control of every node. */
  static void validate(RunSpec spec) {
    for (WorkloadSpec w : spec.workloads()) {
      if (w.cellOps().any()) throw new ScenarioRunner.ScenarioFailure("workload " + w.name() + ": update, delete"
          + " cell/range/partition and 'timestamps client' run in simulations only (the checker judges them by the"
          + " mutations the coordinators built, which a real cluster does not hand back)");
    }
    for (TimedAction ta : spec.timeline()) {
      Action a = ta.action();
      if (a instanceof Action.Bootstrap || a instanceof Action.Decommission || a instanceof Action.Repair
          || a instanceof Action.Cql) {
        throw new ScenarioRunner.ScenarioFailure("at " + Durations.format(ta.atMillis()) + " (" + ta.text()
            + "): not supported against a real cluster (bootstrap, decommission, repair and cql actions run in"
            + " simulations only)");
      }
    }
  }

  /** The run's outcome; a cluster run measures no partition sizes and keeps no trace or views. */
  public RunOutcome run() {
    validate(spec);
    Catalog catalog;
    try {
      catalog = SchemaOps.applyAll(Catalog.EMPTY, spec.cql(), io.ringsim.cluster.ClusterSpec.features(config),
          spec.datacenters());
    } catch (CqlException | IllegalArgumentException e) {
      throw new ScenarioRunner.ScenarioFailure("cql section: " + e.getMessage());
    }
    long wallStart = System.nanoTime();
    Duration settle = config.getDuration("ringsim.cluster.settle-time");
    List<RunResult.Event> events = new ArrayList<>();
    try (ClusterClient client = ClusterClient.connect(config, seedNode, Duration.ofSeconds(60))) {
      Ring ring = client.ring();
      int scenarioNodes = spec.dcs().stream().mapToInt(d -> d.nodes()).sum();
      if (scenarioNodes != ring.nodes().size()) {
        events.add(new RunResult.Event(0, "note", EN.f("say.event.note.nodes", scenarioNodes, ring.nodes().size())));
      }
      try {
        client.applySchema(spec.cql());
      } catch (IllegalArgumentException e) {
        throw new ScenarioRunner.ScenarioFailure("cql section, on the cluster: " + e.getMessage());
      }
      long base = WallClock.nowNanos();
      long baseMicros = base / 1000;
      java.util.function.LongSupplier clock = () -> WallClock.nowNanos() - base;
      if (spec.loss() > 0) client.fault(FaultKind.LOSS, null, List.of(), List.of(), false, spec.loss());

      Metrics metrics = new Metrics(Metrics.bucketMillis(spec.durationMillis()) * 1000, spec.recordHistory());
      List<WorkloadActor.Recorder> recorders = new ArrayList<>();
      List<ActorRef<WorkloadActor.Msg>> workloads = new ArrayList<>();
      Map<String, TableMetadata> tables = new TreeMap<>();
      int wi = 0;
      for (WorkloadSpec w : spec.workloads()) {
        TableMetadata t = catalog.table(w.table()).orElseThrow(() -> new ScenarioRunner.ScenarioFailure("workload "
            + w.name() + ": table " + w.table() + " does not exist (create it in the cql section)"));
        tables.put(t.qualifiedName(), t);
        WorkloadActor.Recorder rec = new WorkloadActor.Recorder(metrics, spec.recordHistory());
        recorders.add(rec);
        workloads.add(client.spawn(WorkloadActor.create(w, t, TableSchema.of(t, ring.partitioner()),
            client.nodeNames(), clock, remote(client, t), spec.seed() * 31 + wi, rec), "workload-" + wi++));
      }

      // Like a client driver's connection pool: nodes on a member Akka finds unreachable are not used as
      // coordinators until it is back (a member killed from outside the scenario included).
      Map<akka.actor.Address, List<String>> byMember = new HashMap<>();
      client.hostsByNode().forEach((n, m) -> byMember.computeIfAbsent(m.path().address(), a -> new ArrayList<>())
          .add(n));
      byMember.values().forEach(java.util.Collections::sort);
      java.util.concurrent.ConcurrentLinkedQueue<RunResult.Event> seen = new java.util.concurrent.ConcurrentLinkedQueue<>();
      java.util.Set<String> unreachable = java.util.concurrent.ConcurrentHashMap.newKeySet();
      client.spawn(MemberWatcher.create(byMember, (nodes, up) -> {
        if (up) unreachable.removeAll(nodes);
        else unreachable.addAll(nodes);
        for (ActorRef<WorkloadActor.Msg> w : workloads) for (String n : nodes) w.tell(new WorkloadActor.NodeState(n, up));
        seen.add(new RunResult.Event(clock.getAsLong() / 1000, up ? "member-up" : "member-down",
            EN.f(up ? "say.event.member-up" : "say.event.member-down", String.join(", ", nodes))));
      }), "member-watcher");

      List<TimedAction> timeline = new ArrayList<>(spec.timeline());
      timeline.sort((a, b) -> Long.compare(a.atMillis(), b.atMillis()));
      TreeSet<String> crashed = new TreeSet<>();
      TreeSet<String> gone = new TreeSet<>();
      for (TimedAction a : timeline) {
        sleepUntil(clock, a.atMillis());
        if (a.action() instanceof Action.StopMember sm) {
          List<String> hosted;
          try {
            hosted = client.stopMember(sm.position());
          } catch (IllegalArgumentException e) {
            throw new ScenarioRunner.ScenarioFailure("at " + Durations.format(a.atMillis()) + " (" + a.text() + "): "
                + e.getMessage());
          }
          gone.addAll(hosted);
          for (String n : hosted) for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.NodeState(n, false));
          events.add(new RunResult.Event(clock.getAsLong() / 1000, "stop-member",
              EN.f("say.event.stop-member", sm.position(), String.join(", ", hosted))));
          continue;
        }
        apply(client, a, workloads, events, crashed, clock.getAsLong() / 1000);
      }
      sleepUntil(clock, spec.durationMillis());
      for (ActorRef<WorkloadActor.Msg> w : workloads) {
        try {
          AskPattern.<WorkloadActor.Msg, WorkloadActor.Drained>ask(w, WorkloadActor.Drain::new,
              Duration.ofSeconds(30), client.system().scheduler()).toCompletableFuture().get(40, TimeUnit.SECONDS);
        } catch (Exception e) {
          throw new IllegalStateException("a workload did not finish its operations in flight: " + e);
        }
      }
      events.addAll(seen);
      events.sort((a, b) -> Long.compare(a.atMicros(), b.atMicros()));
      progress.accept(null);

      // Heal for the final check, restart what is down, let hints replay (real time).
      client.fault(FaultKind.HEAL, null, List.of(), List.of(), false, 0);
      client.fault(FaultKind.LOSS, null, List.of(), List.of(), false, 0);
      gone.addAll(unreachable);
      crashed.removeAll(gone);
      for (String n : crashed) {
        client.fault(FaultKind.RESTART, n, List.of(), List.of(), false, 0);
        events.add(new RunResult.Event(clock.getAsLong() / 1000, "restart", EN.f("say.event.restart.final", n)));
      }
      sleepUntil(clock, clock.getAsLong() / 1_000_000 + settle.toMillis());

      List<OpRecord> all = new ArrayList<>();
      for (WorkloadActor.Recorder r : recorders) {
        for (OpRecord op : r.history) all.add(shift(op, baseMicros));
      }
      all.sort(OpRecord.BY_INVOCATION);
      // With a member gone (stopped by the scenario, or unreachable), ALL can never be met: read back at QUORUM
      // from the nodes that are left.
      ConsistencyLevel finalCl = gone.isEmpty() ? ConsistencyLevel.ALL : ConsistencyLevel.QUORUM;
      if (!gone.isEmpty()) {
        events.add(new RunResult.Event(clock.getAsLong() / 1000, "note", EN.f("say.event.final-quorum", String.join(", ", gone))));
      }
      List<String> readers = new ArrayList<>(client.nodeNames());
      readers.removeAll(gone);
      List<Checker.FinalRead> finals = spec.recordHistory()
          ? finalReads(client, readers, recorders, tables, baseMicros, finalCl) : List.of();
      Checker.Result checked = Checker.check(all, finals, spec.ttlByWorkload(catalog));
      List<NodeReport> reports = new ArrayList<>();
      for (ActorRef<MemberProtocol> m : client.members().values()) {
        try {
          reports.addAll(client.status(m).reports());
        } catch (IllegalStateException noAnswer) {
          events.add(new RunResult.Event(clock.getAsLong() / 1000, "note", EN.f("say.event.member-silent", m.path().address())));
        }
      }
      reports.sort((a, b) -> Integer.compare(ring.indexOf(a.node()), ring.indexOf(b.node())));
      long throttled = recorders.stream().mapToLong(r -> r.throttled).sum();
      RunResult result = RunResults.build(spec, ring, catalog, reports, metrics,
          recorders.stream().mapToLong(r -> r.operations).sum(), checked, events, throttled,
          (System.nanoTime() - wallStart) / 1_000_000L, new SimpleStrategy(3));
      return new RunOutcome(result, all, ring, Map.of(), null, null);
    }
  }

  /**
   * Write timestamps come from the members' clocks (epoch); the report counts time from the start of the run. A
   * coordinator's now is not carried over the member protocol: the checker takes a write's from its timestamp, and
   * counts a read of a row whose last write had a TTL as not judged (ttl-now-unknown), the read's now unknown.
   */
  private static OpRecord shift(OpRecord op, long baseMicros) {
    if (op.version() < 0) return op;
    return new OpRecord(op.id(), op.workload(), op.table(), op.worker(), op.type(), op.key(), op.consistency(),
        op.coordinator(), op.invokeMicros(), op.completeMicros(), op.outcome(), op.error(),
        op.version() - baseMicros, op.applied(), op.retryOf(), null);
  }

  private void sleepUntil(java.util.function.LongSupplier clock, long millis) {
    while (true) {
      long now = clock.getAsLong() / 1_000_000;
      if (now >= millis) return;
      progress.accept(Durations.format(now) + " / " + Durations.format(spec.durationMillis()) + " (real time)");
      try {
        Thread.sleep(Math.min(500, millis - now));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }

  private static void apply(ClusterClient client, TimedAction ta, List<ActorRef<WorkloadActor.Msg>> workloads,
      List<RunResult.Event> events, TreeSet<String> crashed, long nowMicros) {
    Action a = ta.action();
    try {
      if (a instanceof Action.Crash c) {
        client.fault(FaultKind.CRASH, c.node(), List.of(), List.of(), false, 0);
        crashed.add(c.node());
        for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.NodeState(c.node(), false));
        events.add(new RunResult.Event(nowMicros, "crash", EN.f("say.event.crash", c.node())));
      } else if (a instanceof Action.Restart r) {
        client.fault(FaultKind.RESTART, r.node(), List.of(), List.of(), false, 0);
        crashed.remove(r.node());
        for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.NodeState(r.node(), true));
        events.add(new RunResult.Event(nowMicros, "restart", EN.f("say.event.restart.cluster", r.node())));
      } else if (a instanceof Action.Partition p) {
        client.fault(FaultKind.PARTITION, null, List.copyOf(p.side1()), List.copyOf(p.side2()), p.oneWay(), 0);
        events.add(new RunResult.Event(nowMicros, "partition",
            EN.f(p.oneWay() ? "say.event.one-way" : "say.event.partition", p.side1(), p.side2())));
      } else if (a instanceof Action.Heal) {
        client.fault(FaultKind.HEAL, null, List.of(), List.of(), false, 0);
        events.add(new RunResult.Event(nowMicros, "heal", EN.get("say.event.heal")));
      } else if (a instanceof Action.Slow s) {
        client.fault(FaultKind.SLOW, s.node(), List.of(), List.of(), false, s.extraMillis());
        events.add(new RunResult.Event(nowMicros, "slow", EN.f("say.event.slow", s.node(), s.extraMillis())));
      } else if (a instanceof Action.Loss l) {
        client.fault(FaultKind.LOSS, null, List.of(), List.of(), false, l.probability());
        events.add(new RunResult.Event(nowMicros, "loss", EN.f("say.event.loss", Math.round(l.probability() * 1000) / 10.0)));
      } else if (a instanceof Action.ClockSkew s) {
        client.fault(FaultKind.CLOCK_SKEW, s.node(), List.of(), List.of(), false, s.skewMillis());
        events.add(new RunResult.Event(nowMicros, "clock-skew", EN.f("say.event.clock-skew", s.node(), s.skewMillis())));
      } else if (a instanceof Action.Flush f) {
        for (String n : f.node() == null ? client.nodeNames() : List.of(f.node())) {
          client.fault(FaultKind.FLUSH, n, List.of(), List.of(), false, 0);
        }
        events.add(new RunResult.Event(nowMicros, "flush",
            EN.f("say.event.flush", f.node() == null ? EN.get("say.event.all-nodes") : f.node())));
      } else if (a instanceof Action.Compact c) {
        for (String n : c.node() == null ? client.nodeNames() : List.of(c.node())) {
          client.fault(FaultKind.COMPACT, n, List.of(), List.of(), false, 0);
        }
        events.add(new RunResult.Event(nowMicros, "compact",
            EN.f("say.event.compact", c.node() == null ? EN.get("say.event.all-nodes") : c.node())));
      }
    } catch (IllegalArgumentException e) {
      throw new ScenarioRunner.ScenarioFailure("at " + Durations.format(ta.atMillis()) + " (" + ta.text() + "): "
          + e.getMessage());
    }
  }

  /** Sends each operation to the member that hosts its coordinator; the answer comes back as Answered. */
  static Function<ActorContext<WorkloadActor.Msg>, WorkloadActor.Transport> remote(ClusterClient client,
      TableMetadata table) {
    Map<String, ActorRef<MemberProtocol>> hosts = client.hostsByNode();
    return ctx -> {
      ActorRef<MemberProtocol.RowOpResult> answers = ctx.messageAdapter(MemberProtocol.RowOpResult.class,
          r -> new WorkloadActor.Answered(r.tag(), outcome(r), r.error(), r.version(), r.applied()));
      return (id, coord, type, w, row, ttl, cl, commitCl) -> {
        Map<String, byte[]> values = new HashMap<>();
        if (type == OpType.WRITE || type == OpType.LWT) {
          for (ColumnDef c : table.columns()) {
            Object v = row.get(c.name());
            if (v != null) values.put(c.name(), c.type().serialize(v));
          }
        }
        List<byte[]> clustering = new ArrayList<>();
        for (int i = 0; i < w.clustering().size(); i++) clustering.add(w.clustering().get(i));
        hosts.get(coord).tell(new MemberProtocol.RowOp(id, coord, type.rowKind(), table.qualifiedName(), w.key(),
            clustering, values, ttl, cl, commitCl, answers));
      };
    };
  }

  /** A member answers or refuses; a timeout is the driver's verdict when no answer comes. */
  private static OpOutcome outcome(MemberProtocol.RowOpResult r) {
    return switch (r.outcome()) {
      case OK -> OpOutcome.OK;
      case FAIL -> OpOutcome.FAIL;
    };
  }

  /** Reads back (at ALL, or QUORUM once a member has gone) a sample of the keys written, as the simulation does. */
  private static List<Checker.FinalRead> finalReads(ClusterClient client, List<String> nodes,
      List<WorkloadActor.Recorder> recorders, Map<String, TableMetadata> tables, long baseMicros,
      ConsistencyLevel cl) {
    TreeMap<String, WorkloadActor.KeyRef> all = new TreeMap<>();
    for (WorkloadActor.Recorder r : recorders) r.keys.forEach((k, v) -> all.put(v.table() + " " + k, v));
    List<Checker.FinalRead> out = new ArrayList<>();
    if (all.isEmpty()) return out;
    int stride = Math.max(1, all.size() / 5000);
    List<String> keys = new ArrayList<>();
    List<CompletableFuture<MemberProtocol.RowOpResult>> pending = new ArrayList<>();
    int i = 0;
    for (Map.Entry<String, WorkloadActor.KeyRef> e : all.entrySet()) {
      if (i++ % stride != 0) continue;
      WorkloadActor.KeyRef k = e.getValue();
      String coord = nodes.get(keys.size() % nodes.size());
      List<byte[]> clustering = new ArrayList<>();
      for (int c = 0; c < k.clustering().size(); c++) clustering.add(k.clustering().get(c));
      long tag = keys.size();
      keys.add(e.getKey());
      pending.add(AskPattern.<MemberProtocol, MemberProtocol.RowOpResult>ask(client.hostOf(coord),
          r -> new MemberProtocol.RowOp(tag, coord, RequestKind.READ, k.table(), k.key(), clustering,
              Map.of(), 0, cl, cl, r),
          Duration.ofSeconds(30), client.system().scheduler()).toCompletableFuture());
      // A window of 256 reads in flight: Artery drops sends past its queue rather than waiting.
      if (pending.size() % 256 == 0) CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0]))
          .handle((x, t) -> null).join();
    }
    CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0])).handle((x, t) -> null).join();
    for (int j = 0; j < pending.size(); j++) {
      MemberProtocol.RowOpResult r;
      try {
        r = pending.get(j).getNow(null);
      } catch (RuntimeException ex) {
        continue;
      }
      if (r == null || outcome(r) != OpOutcome.OK) continue;
      out.add(new Checker.FinalRead(keys.get(j), r.version() < 0 ? -1 : r.version() - baseMicros));
    }
    return out;
  }
}
