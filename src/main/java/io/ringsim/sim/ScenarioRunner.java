package io.ringsim.sim;

import akka.actor.typed.ActorRef;
import com.typesafe.config.Config;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ClusterSpec;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.trace.TraceCapture;
import io.ringsim.sim.trace.TraceModel;
import io.ringsim.storage.TableSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs a scenario in virtual time, in four phases: {@link #startCluster} (the cluster, its schema, the workloads),
 * {@link TimelinePlayer} (the timeline's actions at their times while the workloads run), {@link #healAndReadBack}
 * (heal every fault, read back what was written, check the history) and {@link #gather} (the trace, the figures,
 * the one {@link RunOutcome}).
 */
public final class ScenarioRunner {
  /** A progress line for the terminal (simulated time, operations so far). */
  public interface Progress extends Consumer<String> {}

  /** A scenario that cannot run (bad CQL in the schema, a node that does not exist): the run stops with this. */
  public static final class ScenarioFailure extends RuntimeException {
    public ScenarioFailure(String message) {
      super(message);
    }
  }

  private final RunSpec spec;
  private final Config config;
  private final Progress progress;
  private LiveRun live;
  private long recordCap = TraceCapture.DEFAULT_RECORD_CAP;
  private final PhaseTimer timer = new PhaseTimer();

  public ScenarioRunner(RunSpec spec, Config config, Progress progress) {
    this.spec = spec;
    this.config = config;
    this.progress = progress;
  }

  /**
   * Records kept in trace.jsonl (messages and node events); past it only the anomalies' keys and a sample of keys
   * are kept. In memory the run holds at most four times as many before it samples. 0 records nothing.
   */
  public ScenarioRunner withRecordCap(long cap) {
    this.recordCap = cap;
    return this;
  }

  /** Runs in real time with clients taking part (see {@link LiveRun}). */
  public ScenarioRunner withLive(LiveRun l) {
    this.live = l;
    return this;
  }

  /** One run's state between the phases. */
  record Running(SimCluster sim, Metrics metrics, List<WorkloadActor.Recorder> recorders,
      CellHistory cells, TimelineActions actions, List<RunResult.Event> events) {
    long operations() {
      return recorders.stream().mapToLong(r -> r.operations).sum();
    }
  }

  /** What the heal-and-read-back phase found: every operation, and the checker's verdict on them. */
  private record Checked(List<OpRecord> history, int clientOperations, Checker.Result result) {}

  public RunOutcome run() {
    TimelineActions.refuseMemberStops(spec);
    long wallStart = System.nanoTime();
    ClusterSpec cs = ClusterSpec.from(spec.ring(), spec.seed(), config).withLatency(spec.latency())
        .withStorage(spec.storage()).withConsistentRangeMovement(spec.consistentRangeMovement());
    timer.mark("start");
    try (SimCluster sim = spec.recordHistory() && recordCap > 0
        ? SimCluster.startRecording(cs, config, Math.max(1, recordCap) * 4) : SimCluster.start(cs, config)) {
      Running run = startCluster(sim);
      RunSpec ran = new TimelinePlayer(spec, live, progress).play(run);
      Checked checked = healAndReadBack(run);
      return gather(run, ran, checked, (System.nanoTime() - wallStart) / 1_000_000L);
    }
  }

  /** Applies the loss setting and the schema, spawns the workloads, and opens a live run to its clients. */
  private Running startCluster(SimCluster sim) {
    timer.mark("cluster started");
    if (spec.loss() > 0) sim.setLoss(spec.loss());
    ClientSession session = new ClientSession(sim, spec.seed());
    for (String stmt : spec.cql()) {
      try {
        session.execute(stmt);
      } catch (CqlException e) {
        throw new ScenarioFailure("CQL failed: " + e.errorClass() + ": " + e.getMessage() + "\n  in: " + stmt);
      }
    }
    timer.mark("schema applied");
    Map<String, ActorRef<NodeCommand>> refs = new LinkedHashMap<>();
    for (String n : sim.nodeNames()) refs.put(n, sim.nodeRef(n));
    List<WorkloadActor.Recorder> recorders = new ArrayList<>();
    List<ActorRef<WorkloadActor.Msg>> workloads = new ArrayList<>();
    Metrics metrics = new Metrics(Metrics.bucketMillis(spec.durationMillis()) * 1000, spec.recordHistory());
    int wi = 0;
    CellHistory cells = new CellHistory(spec.workloads(), sim.catalog());
    for (WorkloadSpec w : spec.workloads()) {
      TableMetadata t = sim.catalog().table(w.table()).orElseThrow(() -> new ScenarioFailure("workload " + w.name()
          + ": table " + w.table() + " does not exist (create it in the cql section)"));
      WorkloadActor.Recorder rec = new WorkloadActor.Recorder(metrics, spec.recordHistory());
      recorders.add(rec);
      if (cells.judgesByCell(t.qualifiedName())) rec.cells = cells.recorder(wi, n -> sim.clockNowMicros()
          + sim.faults().skewMillis().getOrDefault(n, 0L) * 1000, sim::clockNowMicros, spec.recordHistory(),
          (ks, cl, coordinator) -> io.ringsim.sim.cells.Reach.of(sim.catalog(), sim.ring(), ks, cl, coordinator));
      workloads.add(sim.spawn(WorkloadActor.create(w, t, TableSchema.of(t, sim.ring().partitioner()),
          sim.nodeNames(), sim.loop()::nowNanos, refs, spec.seed() * 31 + wi, rec), "workload-" + wi++));
    }
    if (live != null) {
      metrics.listen(live::completed);
      try {
        live.started(sim);
      } catch (Exception e) {
        throw new ScenarioFailure("cannot serve the cluster: " + e.getMessage());
      }
    }
    List<RunResult.Event> events = new ArrayList<>();
    return new Running(sim, metrics, recorders, cells, new TimelineActions(spec, sim, session, workloads, events), events);
  }

  /**
   * Lets operations in flight finish or time out, heals every fault, lets hints replay, then reads back what was
   * written and checks the history against it.
   */
  private Checked healAndReadBack(Running run) {
    timer.mark("workload done");
    SimCluster sim = run.sim();
    sim.advance(Duration.ofSeconds(15));
    run.actions().healForReadBack();
    sim.advance(Duration.ofSeconds(60));
    // The trace ends here, at an instant every run reaches alike: the final read-back is submitted from this
    // thread while the simulation runs, so the order its messages take through the network is not reproducible.
    sim.trace().freeze();
    List<OpRecord> history = new ArrayList<>();
    for (WorkloadActor.Recorder r : run.recorders()) history.addAll(r.history);
    // The scenario checker judges the workloads' history (one value per key); the served clients' operations are
    // judged cell by cell apart (LiveRun.checkClients) and only join the history for history.jsonl and figures.
    List<OpRecord> workloadHistory = new ArrayList<>(history);
    workloadHistory.sort(OpRecord.BY_INVOCATION);
    List<OpRecord> clients = live == null ? List.of() : live.history();
    history.addAll(clients);
    for (OpRecord op : clients) run.metrics().record(op);
    if (live != null) run.metrics().clientRetries(live.clientRetries());
    history.sort(OpRecord.BY_INVOCATION);
    timer.mark("healed");
    // Without a history there is nothing to check the final state against: no read-back either.
    List<Checker.FinalRead> finals = spec.recordHistory() ? ReadBack.finalReads(sim, run.recorders()) : List.of();
    Checker.Result clientsChecked = live == null ? Checker.Result.NONE : live.checkClients(sim);
    timer.mark("final reads");
    Checker.Result cellsChecked = spec.recordHistory() ? run.cells().check(sim) : Checker.Result.NONE;
    Checker.Result checked = Checker.check(run.cells().perRow(workloadHistory), finals,
        spec.ttlByWorkload(sim.catalog())).plus(cellsChecked).plus(clientsChecked);
    timer.mark("checked");
    return new Checked(history, clients.size(), checked);
  }

  /** The trace, the nodes' figures and partition sizes, the report's views: the run's one outcome. */
  private RunOutcome gather(Running run, RunSpec ran, Checked checked, long wallMillis) {
    SimCluster sim = run.sim();
    TraceCapture.CapturedTrace trace = sim.trace().recording() ? captureTrace(run, checked.result()) : null;
    timer.mark("trace");
    var reports = sim.reports();
    var partitionSizes = ReadBack.partitionSizes(sim);
    timer.mark("reports");
    long throttled = run.recorders().stream().mapToLong(r -> r.throttled).sum();
    progress.accept(null);
    RunResult result = RunResults.build(ran, sim.ring(), sim.catalog(), reports, run.metrics(),
        run.operations() + checked.clientOperations(), checked.result(), run.events(), throttled, wallMillis,
        ClusterBuilder.defaultAllocationReplication());
    return new RunOutcome(result, checked.history(), sim.ring(), partitionSizes, ViewsMapper.views(sim, ran), trace);
  }

  private TraceCapture.CapturedTrace captureTrace(Running run, Checker.Result checked) {
    List<TraceCapture.KeyInput> keys = new ArrayList<>();
    for (WorkloadActor.Recorder r : run.recorders()) {
      r.keys.forEach((k, v) -> keys.add(new TraceCapture.KeyInput(v.table(), k, v.key())));
      if (r.cells != null) for (CellHistory.Written w : r.cells.written()) {
        keys.add(new TraceCapture.KeyInput(w.table().qualifiedName(), w.ref().key(), w.key()));
      }
    }
    List<TraceModel.Fault> faults = new ArrayList<>();
    for (RunResult.Event e : run.events()) faults.add(new TraceModel.Fault(e.atMicros(), e.kind(), e.text()));
    Set<String> rows = new HashSet<>();
    for (Checker.Anomaly a : checked.anomalies()) rows.add(a.key());
    SimCluster sim = run.sim();
    return TraceCapture.capture(sim.trace(), sim.ring(), sim.catalog(), keys, faults, rows, recordCap);
  }
}
