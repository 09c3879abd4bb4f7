package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Scheduler;
import akka.dispatch.ExecutionContexts$;
import io.ringsim.cluster.FaultState;
import io.ringsim.cluster.net.NetworkPort;
import io.ringsim.cluster.net.TraceLog;
import io.ringsim.cluster.time.SimulationLoop;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
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
  /** The logged batches this node holds in its batchlog, by id, with their mutation counts (never replayed). */
  final java.util.Map<Long, Integer> batchlog = new java.util.TreeMap<>();
  final NodeMetrics metrics = new NodeMetrics();
  /** Where node events go for explanations (hints, read repair, local reads and writes); OFF when not recording. */
  TraceLog trace = TraceLog.OFF;

  private final NetworkPort network;
  private final LongSupplier loopNanos;
  private final Scheduler scheduler;
  /** The simulation's loop when the node runs in one (its request timers go straight onto it), else null. */
  private final SimulationLoop loop;
  private final ActorRef<NodeCommand> self;
  private final SplittableRandom rng;
  private final Map<String, Long> downSince = new TreeMap<>();
  private final TreeSet<String> down = new TreeSet<>();
  /** Requests in flight by id (a crash cancels their timers in id order). */
  private final PendingRequests pending = new PendingRequests();
  /** The cluster's faults this node reads (its clock skew); a node outside a simulation has a record of its own. */
  private final FaultState faults;
  private final FaultState.NodeFaults myFaults;
  private long epochMicros;
  private long lastTimestamp;
  private long nextRequestId = 1;
  /** The node's work in hand, in virtual time: what makes its answers wait (see ServiceCosts). */
  private final ServiceQueue queue = new ServiceQueue();
  /** Counts the node's lives: answers deferred before a crash are not sent after it. */
  private long incarnation;

  NodeContext(NodeConfig cfg, Ring ring, NetworkPort network, LongSupplier loopNanos,
      Scheduler scheduler, SimulationLoop loop, ActorRef<NodeCommand> self, FaultState faults) {
    this.cfg = cfg;
    this.faults = faults;
    this.myFaults = faults.node(cfg.name());
    this.scheduler = scheduler;
    this.loop = loop;
    this.self = self;
    this.network = network;
    this.loopNanos = loopNanos;
    this.topology = new Topology(cfg.name(), cfg.dc(), ring);
    this.storage = new NodeStorage(cfg.storage(), this::nowMicros);
    storage.events(new StorageTrace());
    this.rng = new SplittableRandom(cfg.seed());
    this.hints = new HintStore<>(cfg.maxHintWindow().toNanos());
  }

  String name() {
    return cfg.name();
  }

  /** The LSM's own flushes and compactions, recorded in the run's trace (when it keeps one). */
  private final class StorageTrace implements io.ringsim.storage.StorageEvents {
    @Override
    public void flushed(String table, int partitions) {
      traceEvent("flush", name(), table, null, -1, partitions);
    }

    @Override
    public void compacted(String table, long purgedTombstones) {
      traceEvent("compaction", name(), table, null, -1, purgedTombstones);
    }

    @Override
    public boolean wantsPurges() {
      return trace.recording();
    }

    @Override
    public void tombstonePurged(String table, io.ringsim.ring.Token token) {
      traceEvent("tombstone-purged", name(), table, token, -1, -1);
    }
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
    return loopNanos.getAsLong() / 1000 + epochMicros + myFaults.skewMicros();
  }

  /** See NodeCommand.SetClockEpoch. */
  void setEpochMicros(long epoch) {
    epochMicros = epoch;
  }

  int nowInSeconds() {
    return (int) Math.floorDiv(nowMicros(), 1_000_000L);
  }

  /**
   * A client request's now, fixed once by its coordinator: the client's (a v5 now_in_seconds) if it gave one, else
   * this node's clock. Everything the request judges (expiry, TTLs it writes) and every replica it asks use it.
   */
  int requestNow(int clientNow) {
    return clientNow != ClientRequest.COORDINATOR_NOW ? clientNow : nowInSeconds();
  }

  /** The harness's clock-skew command reached this node: from now on its clock runs {@code skew} ahead. */
  void setSkewMicros(long skew) {
    faults.skew(cfg.name(), skew);
  }

  /** Server-side write timestamps: the node clock, made strictly increasing as Cassandra's are. */
  long nextTimestamp() {
    lastTimestamp = Math.max(lastTimestamp + 1, nowMicros());
    return lastTimestamp;
  }

  /**
   * A Paxos round's timestamp when its client's clock is known ({@link ClientRequest.Cas#clientClockMicros}):
   * later than that reading too, moved by this node's skew. A served cluster's virtual time trails the wall clock it
   * follows (by the pacer's step and whatever the simulation loop is busy with), so the node clock alone could read
   * earlier than the client timestamp of a write acknowledged before the round began, and that write would shadow
   * the LWT's. On one machine Cassandra's coordinator clock reads later than its drivers' earlier readings; a node
   * whose clock is skewed still stamps by its skewed clock, as a real skewed node would.
   */
  long nextTimestampAfter(long clientClockMicros) {
    long now = nextTimestamp();
    if (clientClockMicros == ClientRequest.NO_CLIENT_CLOCK) return now;
    lastTimestamp = Math.max(now, clientClockMicros + myFaults.skewMicros() + 1);
    return lastTimestamp;
  }

  /** A seeded random draw for backoffs (deterministic per node and seed). */
  long randomBelow(long bound) {
    return rng.nextLong(bound);
  }

  /** Records a node event in the trace, when the run keeps one. */
  void traceEvent(String kind, String target, String table, Token token, long requestId, long ts) {
    if (!trace.recording()) return; // spares the token's conversion
    trace.event(loopNanos(), cfg.name(), kind, target, table,
        token == null ? TraceLog.NO_TOKEN : MessageDescriber.tokenLong(token), requestId, ts);
  }

  // ---------------------------------------------------------------- the node's work

  /** When work of {@code serviceNanos} arriving now is done, after what the node had in hand (virtual nanos). */
  long serve(long serviceNanos) {
    return queue.serve(loopNanos(), serviceNanos);
  }

  /** When a write done at {@code appendedNanos} is durable in batch mode (at once in periodic mode). */
  long durable(long appendedNanos) {
    return cfg.storage().commitLogSync() == io.ringsim.storage.CommitLogSync.BATCH
        ? queue.synced(appendedNanos, cfg.costs().commitlogSync()) : appendedNanos;
  }

  /**
   * Sends {@code reply} to {@code to} at {@code readyNanos} (virtual time): at once when that is now, else when its
   * time comes. {@code to} may be this node (a coordinator that is also a replica): the request in flight it
   * answers gets it then, as it would get a peer's.
   */
  void answer(String to, NodeMessage reply, long readyNanos) {
    long delay = readyNanos - loopNanos();
    if (delay <= 0) {
      deliver(to, reply);
      return;
    }
    NodeCommand.Deferred d = new NodeCommand.Deferred(incarnation, to, reply);
    scheduleOnce(Duration.ofNanos(delay), () -> self.tell(d));
  }

  /** A deferred answer whose time has come (dropped when the node crashed since). */
  void onDeferred(NodeCommand.Deferred d) {
    if (d.incarnation() == incarnation) deliver(d.to(), d.message());
  }

  private void deliver(String to, NodeMessage reply) {
    if (!to.equals(cfg.name())) {
      send(to, reply);
      return;
    }
    if (reply instanceof NodeMessage.Reply r) {
      PendingRequest p = pending(r.requestId());
      if (p != null) p.onLocalResponse(to, reply);
    }
  }

  // ---------------------------------------------------------------- peers

  void send(String to, NodeMessage m) {
    network.send(cfg.name(), to, m);
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

  /** The ones of {@code nodes} this node sees up, in the same order (not to be modified: may be {@code nodes}). */
  List<String> live(List<String> nodes) {
    if (down.isEmpty()) return nodes; // the usual case, no copy per request
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
    // Scheduled the way Akka's TimerScheduler schedules a single timer (the system scheduler, a task that tells
    // this actor, run on the firing thread), so the timer takes the same place among the loop's events; without the
    // TimerScheduler's keyed map, which cost an immutable-map update to start and another to cancel, per request.
    long id = p.id;
    p.timeout = scheduleOnce(timeout, () -> self.tell(new NodeCommand.RequestTimeout(id)));
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
    return pending.contains(id);
  }

  /** {@code p} is done: its replies are no longer routed to it and its timer is cancelled. */
  void forget(PendingRequest p) {
    pending.remove(p.id);
    p.cancelTimeout();
    // A finished request's Resume would find nothing to resume; its timer would still fire and cost the node a
    // message (a read's speculative retry, on every read that finishes in time).
    if (p.resumeTimer != null) {
      p.resumeTimer.cancel();
      p.resumeTimer = null;
      p.resume = null;
    }
  }

  /**
   * Sends {@code p} a Resume after {@code delay} (speculative retry, Paxos backoff). As with a keyed Akka timer, a
   * later call replaces an earlier one that has not been handled yet: only the newest Resume reaches {@code p}.
   */
  void resumeLater(PendingRequest p, Duration delay) {
    if (p.resumeTimer != null) p.resumeTimer.cancel();
    NodeCommand.Resume resume = new NodeCommand.Resume(p.id);
    p.resume = resume;
    p.resumeTimer = scheduleOnce(delay, () -> self.tell(resume));
  }

  /**
   * A timer that runs {@code task} where it fires (a tell to this node), as Akka's system scheduler runs one with the
   * parasitic executor; in a simulation it goes straight onto the loop, which is what that scheduler does with it
   * there, without the conversions of Akka's typed and classic scheduler adapters on every request.
   */
  private akka.actor.Cancellable scheduleOnce(Duration delay, Runnable task) {
    if (loop != null) return loop.scheduleOnce(delay.toNanos(), task);
    return scheduler.scheduleOnce(delay, task, ExecutionContexts$.MODULE$.parasitic());
  }

  /** Whether {@code r} is the Resume {@code p} waits for (not one a later {@link #resumeLater} replaced). */
  static boolean isCurrentResume(PendingRequest p, NodeCommand.Resume r) {
    if (p.resume != r) return false;
    p.resume = null;
    p.resumeTimer = null;
    return true;
  }

  /** A crash loses every request in flight: their clients see timeouts (what is on disk, like hints, stays). */
  void dropAllPending() {
    incarnation++;
    queue.clear();
    List<PendingRequest> dropped = new ArrayList<>();
    for (long id : pending.ids()) {
      PendingRequest p = pending.get(id);
      if (p.id == id) {
        p.cancelTimeout();
        dropped.add(p);
      }
    }
    pending.clear();
    for (PendingRequest p : dropped) p.onDropped();
  }
}
