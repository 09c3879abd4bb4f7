package io.ringsim.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import com.typesafe.config.Config;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.cluster.net.NetworkPort;
import io.ringsim.cluster.net.NetworkStats;
import io.ringsim.cluster.net.TraceLog;
import io.ringsim.cluster.net.TrafficGauge;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.MessageDescriber;
import io.ringsim.cluster.node.NodeActor;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cluster.node.NodeConfig;
import io.ringsim.cluster.node.NodeReport;
import io.ringsim.cluster.time.SimulationLoop;
import io.ringsim.cluster.time.SimulationMode;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.Ring;
import io.ringsim.ring.TokenAllocator;
import io.ringsim.schema.Catalog;
import io.ringsim.storage.ReplayReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * A simulated cluster in virtual time: one actor system on the single-threaded simulation loop, the simulated
 * network, and one node actor per ring node. The driver (a CLI command, a scenario, a test) calls it from its own
 * thread; every call that waits lets virtual time run until the answer is there.
 */
public final class SimCluster implements AutoCloseable {

  private final ActorSystem<ClusterGuardian.SpawnRequest<?>> system;

  private final SimulationLoop loop;
  private final ActorRef<NetworkCommand> network;
  /** What nodes send through (the network's wire, called on the loop's thread). */
  private final NetworkPort wire;
  private final ActorRef<Object> proxy;
  private final Map<String, ActorRef<NodeCommand>> nodes = new LinkedHashMap<>();
  private volatile Ring ring;
  private volatile Catalog catalog = Catalog.EMPTY;
  /**
   * Paced (real-time) mode, as `serve` runs it: one pacer thread moves virtual time along with the wall clock, and
   * callers on other threads (client connections) wait for their answers instead of running the loop themselves.
   */
  private volatile boolean paced;
  /** Only one thread at a time may let the loop run (the pacer, or a control command that settles). */
  private final Object driving = new Object();
  private final ClusterSpec spec;
  /** Every fault in force: the wire and the nodes read it, the harness records its crashes in it. */
  private final FaultState faults = new FaultState();
  /** Every message and node event of the run, for explanations; {@link TraceLog#OFF} when not recording. */
  private final TraceLog trace;

  private SimCluster(ClusterSpec spec, Config base, long traceMemoryCap) {
    this.spec = spec;
    this.ring = spec.ring();
    this.trace = traceMemoryCap <= 0 ? TraceLog.OFF : new TraceLog(
        new MessageDescriber(spec.ring().partitioner(), this::catalog), traceMemoryCap);
    CompletableFuture<ClusterGuardian.Started> refs = new CompletableFuture<>();
    this.system = SimulationMode.create(ClusterGuardian.create(spec, refs, trace, faults), "ringsim", base);
    this.loop = SimulationMode.loop(system);
    try {
      loop.settle();
      ClusterGuardian.Started r = refs.get();
      this.network = r.network();
      this.wire = r.wire();
      this.proxy = r.proxy();
      for (Node n : spec.ring().nodes()) nodes.put(n.name(), r.nodes().get(n.name()));
    } catch (InterruptedException | ExecutionException e) {
      system.terminate();
      throw new IllegalStateException("simulation did not start: " + e, e);
    }
  }

  public static SimCluster start(ClusterSpec spec, Config base) {
    return new SimCluster(spec, base, 0);
  }

  /**
   * A cluster that records every message and node event (see {@link io.ringsim.cluster.net.TraceLog}), keeping at
   * most about {@code traceMemoryCap} records in memory beyond which only a sample of keys is kept.
   */
  public static SimCluster startRecording(ClusterSpec spec, Config base, long traceMemoryCap) {
    return new SimCluster(spec, base, Math.max(1, traceMemoryCap));
  }

  /** What the run recorded so far ({@link TraceLog#OFF} when it records nothing). */
  public TraceLog trace() {
    return trace;
  }

  /** Starts an actor inside the simulation (on the simulation thread, in virtual time). */
  public <T> ActorRef<T> spawn(Behavior<T> behavior, String name) {
    CompletableFuture<ActorRef<T>> f = new CompletableFuture<>();
    system.tell(new ClusterGuardian.SpawnRequest<>(behavior, name, f));
    return await(f);
  }

  /** The actor of a node, for actors that talk to coordinators directly. */
  public ActorRef<NodeCommand> nodeRef(String name) {
    return node(name);
  }

  public Ring ring() {
    return ring;
  }

  public Catalog catalog() {
    return catalog;
  }

  public ClusterSpec spec() {
    return spec;
  }

  public SimulationLoop loop() {
    return loop;
  }

  public long nowNanos() {
    return loop.nowNanos();
  }

  public List<String> nodeNames() {
    return List.copyOf(nodes.keySet());
  }

  public boolean isCrashed(String node) {
    return faults.isCrashed(node);
  }

  private ActorRef<NodeCommand> node(String name) {
    ActorRef<NodeCommand> ref = nodes.get(name);
    if (ref == null) throw new IllegalArgumentException("no node named '" + name + "' (nodes: "
        + String.join(", ", nodes.keySet()) + ")");
    return ref;
  }

  /** Lets virtual time run for {@code d}. */
  public void advance(Duration d) {
    runUntil(loop.nowNanos() + d.toNanos());
  }

  public void runUntil(long nanos) {
    try {
      synchronized (driving) {
        loop.runUntil(nanos);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** Waits (in virtual time) for a future the simulation completes. */
  public <T> T await(CompletionStage<T> stage) {
    CompletableFuture<T> f = stage.toCompletableFuture();
    if (paced) return awaitPaced(f);
    while (!f.isDone()) {
      try {
        loop.runUntil(loop.nowNanos() + 3_600_000_000_000L, f::isDone);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    return f.join();
  }

  private <T, M> CompletableFuture<T> ask(ActorRef<M> to, Function<ActorRef<T>, M> msg, Duration timeout) {
    CompletableFuture<T> f = new CompletableFuture<>();
    proxy.tell(new DriverProxy.Ask<>(to, msg, f, timeout));
    return f;
  }

  private <T> CompletableFuture<T> ask(ActorRef<NodeCommand> to, Function<ActorRef<T>, NodeCommand> msg) {
    return ask(to, msg, Duration.ofHours(1));
  }

  /** Sends a request to a coordinator; completes when it answers. A crashed coordinator never answers. */
  public CompletionStage<ClientResponse> submit(String coordinator, ClientRequest request, Duration clientTimeout) {
    CompletableFuture<ClientResponse> f = new CompletableFuture<>();
    proxy.tell(new DriverProxy.Submit(node(coordinator), request, f, clientTimeout));
    return f;
  }

  /**
   * Runs one request and waits for the answer; a coordinator that does not answer within
   * {@link ClientRequest#CLIENT_TIMEOUT} gives a client-side timeout as an OperationTimedOut failure.
   */
  public ClientResponse execute(String coordinator, ClientRequest request) {
    CompletableFuture<ClientResponse> f = submit(coordinator, request, ClientRequest.CLIENT_TIMEOUT).toCompletableFuture()
        .exceptionally(t -> new ClientResponse.Failed(coordinator, CqlErrorClass.ServerError,
            "OperationTimedOut: no answer from " + coordinator + " within "
            + ClientRequest.CLIENT_TIMEOUT.toSeconds() + " s", 0, 0, List.of()));
    return await(f);
  }

  public void setSchema(Catalog c) {
    Catalog before = catalog;
    catalog = c;
    for (ActorRef<NodeCommand> n : nodes.values()) n.tell(new NodeCommand.SetSchema(c));
    settle();
    for (SchemaListener l : schemaListeners) l.schemaChanged(before, c);
  }

  /** Told of every schema change once the nodes have it: what keeps Cassandra's schema tables' write history. */
  @FunctionalInterface
  public interface SchemaListener {
    void schemaChanged(Catalog before, Catalog after);
  }

  private final List<SchemaListener> schemaListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

  public void addSchemaListener(SchemaListener l) {
    schemaListeners.add(l);
  }

  /** Switches to paced mode: from now on a pacer thread (see {@code io.ringsim.server.Pacer}) runs the loop. */
  public void setPaced(boolean on) {
    paced = on;
  }

  public boolean paced() {
    return paced;
  }

  private static <T> T awaitPaced(CompletableFuture<T> f) {
    try {
      // Every request carries its own virtual-time timeout; this bound only guards against a stopped pacer.
      return f.get(10, java.util.concurrent.TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) throw r;
      throw new IllegalStateException(e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("no answer from the simulation within 10 minutes", e);
    }
  }

  public void settle() {
    try {
      synchronized (driving) {
        loop.settle();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public void crash(String name) {
    if (faults.isCrashed(name)) throw new IllegalArgumentException("node " + name + " is already down");
    node(name).tell(new NodeCommand.Crash());
    faults.crashed(name, true);
    settle();
  }

  public ReplayReport restart(String name) {
    if (!faults.isCrashed(name)) throw new IllegalArgumentException("node " + name + " is not down");
    faults.crashed(name, false);
    return await(this.<NodeCommand.Restarted>ask(node(name), NodeCommand.Restart::new)).report();
  }

  public void flush(String name) {
    node(name).tell(new NodeCommand.Flush());
    settle();
  }

  private final Set<String> left = new java.util.TreeSet<>();
  private ActorRef<NodeCommand> spawnNode(NodeConfig cfg, Ring r) {
    ActorRef<NodeCommand> ref = spawn(NodeActor.create(cfg, r, wire, loop::nowNanos, trace, faults), cfg.name());
    if (clockEpochMicros != 0) ref.tell(new NodeCommand.SetClockEpoch(clockEpochMicros));
    return ref;
  }

  private long clockEpochMicros;

  /**
   * Makes every node's clock read {@code epochMicros} at virtual time 0 (see NodeCommand.SetClockEpoch); a served
   * cluster sets it so that its clocks show the wall clock's date, as the drivers' timestamps do.
   */
  public void setClockEpoch(long epochMicros) {
    clockEpochMicros = epochMicros;
    for (ActorRef<NodeCommand> n : nodes.values()) n.tell(new NodeCommand.SetClockEpoch(epochMicros));
    settle();
  }

  /** What the nodes' clocks read at virtual time 0, in microseconds since 1970. */
  public long clockEpochMicros() {
    return clockEpochMicros;
  }

  /** What an unskewed node's clock reads now (virtual time plus the epoch), in microseconds. */
  public long clockNowMicros() {
    return nowNanos() / 1000 + clockEpochMicros;
  }

  /**
   * Bootstrap: a new node joins with tokens from {@code allocator}; every current node streams it the data of the
   * ranges it will replicate; then every node switches to the new ring. Returns the partitions streamed. Throws
   * {@link ConsistentRangeMovement.Refused}, with nothing changed, when a replica the node must stream from is down
   * and consistent range movement is on.
   */
  public long bootstrap(String name, String dc, String rack, int vnodes, TokenAllocator allocator) {
    long streamed = beginBootstrap(name, dc, rack, vnodes, allocator);
    finishBootstrap();
    return streamed;
  }

  private Ring joiningRing;

  /** The ring once the joining node has joined, between {@link #beginBootstrap} and {@link #finishBootstrap}. */
  public Ring joiningRing() {
    return joiningRing;
  }

  /**
   * The first half of {@link #bootstrap}: the node is spawned, every other node learns the pending ring (writes now
   * reach the joining node too) and streams to it. Until {@link #finishBootstrap} the old ring serves reads.
   */
  public long beginBootstrap(String name, String dc, String rack, int vnodes,
      TokenAllocator allocator) {
    if (nodes.containsKey(name)) throw new IllegalArgumentException("node " + name + " already exists");
    if (joiningRing != null) throw new IllegalStateException("another node is still joining");
    Node joined = allocator.allocate(ring.partitioner(), ring.nodes(),
        List.of(new NodeSpec(name, dc, rack, vnodes))).get(0);
    Ring next = ring.with(joined);
    if (spec.consistentRangeMovement()) {
      Optional<String> refused = ConsistentRangeMovement.check(ring, next, name, catalog, faults.crashedNodes());
      if (refused.isPresent()) throw new ConsistentRangeMovement.Refused(refused.get());
    }
    List<String> peers = new ArrayList<>(nodes.keySet());
    NodeConfig cfg = spec.node().node(name, dc, rack, nodes.size() + left.size(), peers,
        peers.subList(0, Math.min(3, peers.size())), spec.seed() * 7919 + nodes.size());
    ActorRef<NodeCommand> ref = spawnNode(cfg, next);
    ref.tell(new NodeCommand.SetSchema(catalog));
    for (Map.Entry<String, ActorRef<NodeCommand>> e : nodes.entrySet()) e.getValue().tell(new NodeCommand.AddPeer(name));
    // Pending ranges first, so that every write from now on also reaches the joining node; then the streams.
    for (ActorRef<NodeCommand> n : nodes.values()) n.tell(new NodeCommand.SetPendingRing(next));
    nodes.put(name, ref);
    joiningRing = next;
    settle();
    long streamed = 0;
    Set<String> down = faults.crashedNodes();
    for (String n : new ArrayList<>(nodes.keySet())) {
      if (n.equals(name) || faults.isCrashed(n)) continue;
      streamed += await(this.<NodeCommand.Streamed>ask(node(n), r -> new NodeCommand.StreamTo(name, next, down, r)))
          .partitions();
    }
    return streamed;
  }

  /** The second half of {@link #bootstrap}: the streams land, then every node switches to the new ring. */
  public void finishBootstrap() {
    if (joiningRing == null) throw new IllegalStateException("no node is joining");
    advance(Duration.ofSeconds(1)); // let the streams land
    Ring next = joiningRing;
    joiningRing = null;
    setRing(next);
  }

  /** Decommission: the node streams its data to the new owners, everyone switches ring, the node stops. */
  public long decommission(String name) {
    node(name);
    if (faults.isCrashed(name)) throw new IllegalArgumentException("node " + name + " is down: it cannot stream its data away");
    Ring next = ring.without(name);
    for (ActorRef<NodeCommand> n : nodes.values()) n.tell(new NodeCommand.SetPendingRing(next));
    settle();
    long streamed = 0;
    for (String target : nodes.keySet()) {
      if (target.equals(name) || faults.isCrashed(target)) continue;
      streamed += await(this.<NodeCommand.Streamed>ask(node(name),
          r -> new NodeCommand.StreamTo(target, next, faults.crashedNodes(), r)))
          .partitions();
    }
    advance(Duration.ofSeconds(1));
    setRing(next);
    node(name).tell(new NodeCommand.Leave());
    for (Map.Entry<String, ActorRef<NodeCommand>> e : nodes.entrySet()) {
      if (!e.getKey().equals(name)) e.getValue().tell(new NodeCommand.RemovePeer(name));
    }
    nodes.remove(name);
    left.add(name);
    settle();
    return streamed;
  }

  private void setRing(Ring next) {
    ring = next;
    for (ActorRef<NodeCommand> n : nodes.values()) n.tell(new NodeCommand.SetRing(next));
    settle();
  }

  /** TRUNCATE: every node drops the table's data (Cassandra requires all nodes up; the simulation does not). */
  public void truncate(String table) {
    for (ActorRef<NodeCommand> n : nodes.values()) n.tell(new NodeCommand.Truncate(table));
    settle();
  }

  public void compact(String name) {
    node(name).tell(new NodeCommand.Compact());
    settle();
  }

  public NodeCommand.RepairResult repair(String name) {
    return await(this.<NodeCommand.RepairResult>ask(node(name), NodeCommand.Repair::new));
  }

  public void partition(Set<String> side1, Set<String> side2, boolean oneWay) {
    for (String n : side1) node(n);
    for (String n : side2) node(n);
    network.tell(new NetworkCommand.Partition(side1, side2, oneWay));
    settle();
  }

  public void heal() {
    network.tell(new NetworkCommand.Heal());
    settle();
  }

  public void setLoss(double p) {
    if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException("message loss must be in [0, 1], got " + p);
    network.tell(new NetworkCommand.SetLoss(p));
    settle();
  }

  public void slow(String name, Duration extra) {
    node(name);
    network.tell(new NetworkCommand.SlowNode(name, extra.toNanos()));
    settle();
  }

  public void clockSkew(String name, Duration skew) {
    node(name).tell(new NodeCommand.SetClockSkew(skew.toNanos() / 1000));
    settle();
  }

  /** The partitions, slow nodes, clock skews and message loss in force (safe from any thread). */
  public FaultState.Snapshot faults() {
    return faults.snapshot();
  }

  public NodeReport report(String name) {
    return await(this.<NodeReport>ask(node(name), NodeCommand.GetReport::new));
  }

  /** The sizes of the partitions one node holds (or only those it is the primary replica of), its topN largest. */
  public NodeCommand.NodePartitionSizes partitionSizes(String name, int topN, boolean primaryOnly) {
    return await(this.<NodeCommand.NodePartitionSizes>ask(node(name),
        r -> new NodeCommand.GetPartitionSizes(topN, primaryOnly, r)));
  }

  public List<NodeReport> reports() {
    List<NodeReport> out = new ArrayList<>();
    for (String n : nodes.keySet()) out.add(report(n));
    return out;
  }

  /** Messages per second of virtual time, for report.html's time slider (read it while the simulation stands still). */
  public TrafficGauge traffic() {
    return TrafficGauge.of(system);
  }

  /** Hints pending per node and second, for report.html's time slider (read it while the simulation stands still). */
  public HintsGauge hintsGauge() {
    return HintsGauge.of(system);
  }

  public NetworkStats networkStats() {
    return await(this.<NetworkStats, NetworkCommand>ask(network, NetworkCommand.GetStats::new, Duration.ofHours(1)));
  }

  @Override
  public void close() {
    system.terminate();
  }
}
