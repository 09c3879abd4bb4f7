package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.TimerScheduler;
import io.ringsim.cluster.HintStore;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.storage.NodeStorage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * What the parts of one node share, handed to each of them instead of the actor itself: its configuration, storage,
 * hints, clock, view of the cluster ({@link Topology}) and of who is up, the requests it has in flight, and a way
 * to send. Only the node's actor thread touches it, so nothing here is synchronized.
 */
final class NodeContext {
  final NodeConfig cfg;
  final NodeStorage storage;
  final HintStore<NodeMessage.Mutation> hints;
  final Topology topology;
  /** Paxos promises and proposals per partition: replica state that survives a crash, like Cassandra's system table. */
  final PaxosReplica paxos = new PaxosReplica();
  final NodeMetrics metrics = new NodeMetrics();
  /** Where node events go for explanations (hints, read repair, local reads and writes); null when not recording. */
  io.ringsim.cluster.net.TraceLog trace;

  private final ActorRef<NetworkCommand> network;
  private final LongSupplier loopNanos;
  private final TimerScheduler<NodeCommand> timers;
  private final SplittableRandom rng;
  private final Map<String, Long> downSince = new TreeMap<>();
  private final TreeSet<String> down = new TreeSet<>();
  /** Requests in flight by id; a TreeMap so that a crash cancels their timers in a fixed order. */
  private final TreeMap<Long, PendingRequest> pending = new TreeMap<>();
  private long skewMicros;
  private long lastTimestamp;
  private long nextRequestId = 1;

  NodeContext(NodeConfig cfg, Ring ring, ActorRef<NetworkCommand> network, LongSupplier loopNanos,
      TimerScheduler<NodeCommand> timers) {
    this.cfg = cfg;
    this.network = network;
    this.loopNanos = loopNanos;
    this.timers = timers;
    this.topology = new Topology(cfg.dc(), ring);
    this.storage = new NodeStorage(cfg.storage(), this::nowMicros);
    this.rng = new SplittableRandom(cfg.seed());
    this.hints = new HintStore<>(cfg.maxHintWindow().toNanos());
  }

  String name() {
    return cfg.name();
  }

  String dc() {
    return cfg.dc();
  }

  Ring ring() {
    return topology.ring();
  }

  Catalog catalog() {
    return topology.catalog();
  }

  // ---------------------------------------------------------------- time

  long loopNanos() {
    return loopNanos.getAsLong();
  }

  /** The node's clock: virtual time plus its skew (a skewed clock is how last-write-wins loses updates). */
  long nowMicros() {
    return loopNanos.getAsLong() / 1000 + skewMicros;
  }

  int nowInSeconds() {
    return (int) Math.floorDiv(nowMicros(), 1_000_000L);
  }

  void setSkewMicros(long skew) {
    skewMicros = skew;
  }

  /** Server-side write timestamps: the node clock, made strictly increasing as Cassandra's are. */
  long nextTimestamp() {
    lastTimestamp = Math.max(lastTimestamp + 1, nowMicros());
    return lastTimestamp;
  }

  /** A seeded random draw for backoffs (deterministic per node and seed). */
  long randomBelow(long bound) {
    return rng.nextLong(bound);
  }

  /** Records a node event in the trace, when the run keeps one. */
  void traceEvent(String kind, String target, String table, io.ringsim.ring.Token token, long requestId, long ts) {
    if (trace == null) return;
    trace.event(loopNanos(), cfg.name(), kind, target, table,
        token == null ? io.ringsim.cluster.net.TraceLog.NO_TOKEN : MessageDescriber.tokenLong(token), requestId, ts);
  }

  // ---------------------------------------------------------------- peers

  void send(String to, NodeMessage m) {
    network.tell(new NetworkCommand.Send(cfg.name(), to, m));
  }

  /** Whether this node's failure detector sees {@code node} up (it always sees itself up). */
  boolean isUp(String node) {
    return node.equals(cfg.name()) || !down.contains(node);
  }

  void markUp(String peer) {
    down.remove(peer);
    downSince.remove(peer);
  }

  void markDown(String peer) {
    down.add(peer);
    downSince.putIfAbsent(peer, loopNanos.getAsLong());
  }

  /** A peer that left the cluster: no longer down, only gone. */
  void forgetPeer(String peer) {
    down.remove(peer);
  }

  /** When this node first saw {@code peer} down, or now when it never did (the hint window counts from there). */
  long downSince(String peer) {
    return downSince.getOrDefault(peer, loopNanos.getAsLong());
  }

  /** Replicas in the order a read contacts them: this node, then its DC, then the rest (a static snitch). */
  List<String> byProximity(Placement p) {
    List<String> out = new ArrayList<>();
    if (p.replicas().contains(cfg.name())) out.add(cfg.name());
    for (String r : p.replicas()) if (!out.contains(r) && cfg.dc().equals(topology.dcOf(r))) out.add(r);
    for (String r : p.replicas()) if (!out.contains(r)) out.add(r);
    return out;
  }

  /** The ones of {@code nodes} this node sees up, in the same order. */
  List<String> live(List<String> nodes) {
    List<String> out = new ArrayList<>();
    for (String n : nodes) if (isUp(n)) out.add(n);
    return out;
  }

  // ---------------------------------------------------------------- requests in flight

  long newRequestId() {
    return nextRequestId++;
  }

  /** Tracks {@code p} until it finishes or {@code timeout} passes (then its onTimeout runs). */
  void register(PendingRequest p, Duration timeout) {
    pending.put(p.id, p);
    timers.startSingleTimer(p.id, new NodeCommand.RequestTimeout(p.id), timeout);
  }

  /** Routes the replies to {@code id} to {@code p}, with no timer of its own (a part of a request that has one). */
  void route(long id, PendingRequest p) {
    pending.put(id, p);
  }

  void unroute(long id) {
    pending.remove(id);
  }

  PendingRequest pending(long id) {
    return pending.get(id);
  }

  boolean isPending(long id) {
    return pending.containsKey(id);
  }

  void forget(long id) {
    pending.remove(id);
    timers.cancel(id);
  }

  /** Sends {@code id} a Resume after {@code delay} (speculative retry, Paxos backoff). */
  void resumeLater(long id, Duration delay) {
    timers.startSingleTimer("resume-" + id, new NodeCommand.Resume(id), delay);
  }

  /** A crash loses every request in flight: their clients see timeouts. */
  void dropAllPending() {
    for (Long id : pending.keySet()) timers.cancel(id);
    pending.clear();
  }
}
