package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import io.ringsim.cluster.AckTracker;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.HintStore;
import io.ringsim.cluster.gossip.GossipMessage;
import io.ringsim.cluster.gossip.Gossiper;
import io.ringsim.cluster.gossip.GossiperCommand;
import io.ringsim.cluster.gossip.PeerStatus;
import io.ringsim.cluster.net.Delivery;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.ring.NetworkTopologyStrategy;
import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveView;
import io.ringsim.storage.NodeStorage;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import io.ringsim.storage.TombstoneOverwhelmingException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * One simulated Cassandra node: it stores its replicas' data, serves replica reads and writes, and coordinates
 * client requests (replicas from the ring, consistency levels, timeouts, hints, read repair, Paxos). Its view of who
 * is up comes from its own gossiper. A crashed node ignores everything but Restart.
 */
public final class NodeActor extends AbstractBehavior<NodeCommand> {
  private final NodeConfig cfg;
  private final ActorRef<NetworkCommand> network;
  private final LongSupplier loopNanos;
  private final TimerScheduler<NodeCommand> timers;
  private final ActorRef<GossiperCommand> gossiper;
  private final NodeStorage storage;
  private final HintStore<NodeMessage.Mutation> hints;
  private final Map<String, Long> downSince = new TreeMap<>();
  private final TreeSet<String> down = new TreeSet<>();
  private final TreeMap<Long, PendingRequest> pending = new TreeMap<>();
  /** The ring once a joining node has joined, while it streams; null otherwise. */
  private Ring pendingRing;
  private final Map<String, ReplicaMap> pendingMaps = new HashMap<>();
  /** Per keyspace: its replica map, and the placement of each range built once (keyed by the range's replica array). */
  private final Map<String, Placements> replicaMaps = new HashMap<>();
  private final Paxos paxos = new Paxos();
  private final java.util.SplittableRandom rng;
  private Catalog catalog = Catalog.EMPTY;
  private Ring ring;
  private long skewMicros;
  private long lastTimestamp;
  private long nextRequestId = 1;
  private boolean running = true;
  private long generation = 1;
  private long coordinatedWrites, coordinatedReads, replicaWrites, replicaReads, hintsReplayed, readRepairs;

  public static Behavior<NodeCommand> create(NodeConfig cfg, Ring ring, ActorRef<NetworkCommand> network,
      LongSupplier loopNanos) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(t -> new NodeActor(ctx, t, cfg, ring, network, loopNanos)));
  }

  private NodeActor(ActorContext<NodeCommand> ctx, TimerScheduler<NodeCommand> timers, NodeConfig cfg, Ring ring,
      ActorRef<NetworkCommand> network, LongSupplier loopNanos) {
    super(ctx);
    this.cfg = cfg;
    this.ring = ring;
    this.network = network;
    this.loopNanos = loopNanos;
    this.timers = timers;
    this.storage = new NodeStorage(cfg.storage(), this::nowMicros);
    this.rng = new java.util.SplittableRandom(cfg.seed());
    this.hints = new HintStore<>(cfg.maxHintWindow().toNanos());
    ActorRef<Delivery> inbox = ctx.messageAdapter(Delivery.class, d -> new NodeCommand.Inbound(d.from(), d.payload()));
    network.tell(new NetworkCommand.Register(cfg.name(), inbox));
    ActorRef<PeerStatus> listener = ctx.messageAdapter(PeerStatus.class, NodeCommand.PeerChanged::new);
    this.gossiper = ctx.spawn(Gossiper.create(cfg.name(), cfg.peers(), cfg.seeds(), network, listener, loopNanos,
        cfg.seed(), cfg.gossip()), "gossiper");
    timers.startTimerWithFixedDelay("tick", new NodeCommand.Tick(), Duration.ofSeconds(1));
  }

  private long nowMicros() {
    return loopNanos.getAsLong() / 1000 + skewMicros;
  }

  /** Server-side write timestamps: the node clock, made strictly increasing as Cassandra's are. */
  private long nextTimestamp() {
    lastTimestamp = Math.max(lastTimestamp + 1, nowMicros());
    return lastTimestamp;
  }

  @Override
  public Receive<NodeCommand> createReceive() {
    return newReceiveBuilder()
        .onMessage(NodeCommand.Inbound.class, this::onInbound)
        .onMessage(NodeCommand.Coordinate.class, c -> onCoordinate(c.request(), c.replyTo()::tell))
        .onMessage(NodeCommand.CoordinateTagged.class, c -> onCoordinate(c.request(),
            r -> c.replyTo().tell(new NodeCommand.TaggedResponse(c.tag(), r))))
        .onMessage(NodeCommand.PeerChanged.class, this::onPeerChanged)
        .onMessage(NodeCommand.RequestTimeout.class, this::onTimeout)
        .onMessage(NodeCommand.Resume.class, r -> {
          PendingRequest p = pending.get(r.requestId());
          if (p != null) p.onResume();
          return this;
        })
        .onMessage(NodeCommand.Tick.class, t -> onTick())
        .onMessage(NodeCommand.SetSchema.class, this::onSchema)
        .onMessage(NodeCommand.SetRing.class, r -> {
          ring = r.ring();
          replicaMaps.clear();
          pendingRing = null;
          pendingMaps.clear();
          return this;
        })
        .onMessage(NodeCommand.SetPendingRing.class, r -> {
          pendingRing = r.ring();
          pendingMaps.clear();
          return this;
        })
        .onMessage(NodeCommand.AddPeer.class, a -> {
          gossiper.tell(new GossiperCommand.AddPeer(a.node()));
          return this;
        })
        .onMessage(NodeCommand.RemovePeer.class, a -> {
          gossiper.tell(new GossiperCommand.RemovePeer(a.node()));
          down.remove(a.node());
          return this;
        })
        .onMessage(NodeCommand.Leave.class, l -> onCrash())
        .onMessage(NodeCommand.SetClockSkew.class, s -> {
          skewMicros = s.skewMicros();
          return this;
        })
        .onMessage(NodeCommand.Crash.class, c -> onCrash())
        .onMessage(NodeCommand.Restart.class, this::onRestart)
        .onMessage(NodeCommand.Flush.class, f -> {
          if (running) storage.flushAll();
          return this;
        })
        .onMessage(NodeCommand.Truncate.class, t -> {
          storage.truncate(t.table());
          return this;
        })
        .onMessage(NodeCommand.Compact.class, c -> {
          if (running) storage.compactAll();
          return this;
        })
        .onMessage(NodeCommand.GetReport.class, this::onReport)
        .onMessage(NodeCommand.GetPartitionSizes.class, g -> {
          java.util.Map<String, NodeCommand.TableSizes> out = new TreeMap<>();
          for (TableStore t : storage.tables()) {
            String table = t.schema().name();
            TableMetadata md = catalog.table(table).orElse(null);
            if (md == null) continue;
            out.put(table, PartitionSizeScan.scan(t, md,
                p -> !g.primaryOnly() || placement(table, p.key().token()).replicas().get(0).equals(cfg.name()),
                g.topN()));
          }
          g.replyTo().tell(new NodeCommand.PartitionSizes(cfg.name(), out));
          return this;
        })
        .onMessage(NodeCommand.Repair.class, this::onRepair)
        .onMessage(NodeCommand.StreamTo.class, this::onStreamTo)
        .build();
  }

  // ---------------------------------------------------------------- control

  private Behavior<NodeCommand> onSchema(NodeCommand.SetSchema s) {
    Catalog old = catalog;
    catalog = s.catalog();
    replicaMaps.clear();
    pendingMaps.clear();
    for (TableMetadata t : catalog.allTables()) {
      TableSchema ts = TableSchema.of(t, ring.partitioner());
      Optional<TableStore> existing = storage.table(t.qualifiedName());
      if (existing.isEmpty()) storage.createTable(ts);
      else if (!old.table(t.qualifiedName()).map(t::equals).orElse(false)) existing.get().alter(ts);
    }
    for (TableMetadata t : old.allTables()) {
      if (catalog.table(t.qualifiedName()).isEmpty()) storage.dropTable(t.qualifiedName());
    }
    return this;
  }

  private Behavior<NodeCommand> onCrash() {
    if (!running) return this;
    running = false;
    storage.crash();
    for (Long id : pending.keySet()) timers.cancel(id);
    pending.clear();
    paxos.clear();
    gossiper.tell(new GossiperCommand.Crash());
    return this;
  }

  private Behavior<NodeCommand> onRestart(NodeCommand.Restart r) {
    if (running) {
      if (r.replyTo() != null) r.replyTo().tell(new NodeCommand.Restarted(new io.ringsim.storage.ReplayReport(0, 0, List.of(), 0)));
      return this;
    }
    running = true;
    generation++;
    io.ringsim.storage.ReplayReport report = storage.restart();
    gossiper.tell(new GossiperCommand.Restart(generation));
    if (r.replyTo() != null) r.replyTo().tell(new NodeCommand.Restarted(report));
    return this;
  }

  private Behavior<NodeCommand> onReport(NodeCommand.GetReport g) {
    Map<String, Boolean> view = new TreeMap<>();
    for (Node n : ring.nodes()) view.put(n.name(), n.name().equals(cfg.name()) ? running : !down.contains(n.name()));
    g.replyTo().tell(new NodeReport(cfg.name(), cfg.dc(), running, view, storage.stats(), coordinatedWrites,
        coordinatedReads, replicaWrites, replicaReads, hints.stored(), hintsReplayed, hints.pending(), readRepairs,
        storage.commitLog().size()));
    return this;
  }

  private long ticks;

  /** Fixed speculative-retry delay: well above the simulated network's usual round trip. */
  static final Duration SPECULATIVE_RETRY = Duration.ofMillis(50);

  private Behavior<NodeCommand> onTick() {
    if (!running) return this;
    storage.tick();
    // Hints go out every 10 s to every target this node sees up (Cassandra's hint dispatcher), not only on an
    // up transition: a replica that merely timed out is never seen down.
    if (++ticks % 10 == 0) {
      for (String target : hints.pending().keySet()) if (isUp(target)) dispatchHints(target);
    }
    return this;
  }

  private void dispatchHints(String target) {
    List<HintStore.Hint<NodeMessage.Mutation>> batch = hints.drain(target);
    if (batch.isEmpty()) return;
    new HintDispatch(nextRequestId++, target, batch).start();
  }

  /** Hints replayed to one target; those not acknowledged in time go back to the store. */
  final class HintDispatch extends PendingRequest {
    final String target;
    final List<HintStore.Hint<NodeMessage.Mutation>> batch;
    final TreeSet<Integer> unacked = new TreeSet<>();
    final Map<Long, Integer> indexOf = new HashMap<>();

    HintDispatch(long id, String target, List<HintStore.Hint<NodeMessage.Mutation>> batch) {
      super(NodeActor.this, id, false);
      this.target = target;
      this.batch = batch;
    }

    void start() {
      register(this, cfg.writeTimeout());
      for (int i = 0; i < batch.size(); i++) {
        unacked.add(i);
        NodeMessage.Mutation m = batch.get(i).mutation();
        send(target, new NodeMessage.Mutation(id, m.table(), m.update(), false));
      }
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      if (!(m instanceof NodeMessage.MutationAck) || !from.equals(target)) return;
      // Acks on a FIFO link arrive in order.
      Integer first = unacked.pollFirst();
      if (first != null) hintsReplayed++;
      if (unacked.isEmpty()) finish();
    }

    @Override
    void onTimeout() {
      finish();
      List<HintStore.Hint<NodeMessage.Mutation>> back = new ArrayList<>();
      for (int i : unacked) back.add(batch.get(i));
      hints.requeue(back);
    }
  }

  private Behavior<NodeCommand> onPeerChanged(NodeCommand.PeerChanged p) {
    if (!running) return this;
    String peer = p.status().peer();
    if (p.status().up()) {
      down.remove(peer);
      downSince.remove(peer);
      dispatchHints(peer);
    } else {
      down.add(peer);
      downSince.putIfAbsent(peer, loopNanos.getAsLong());
    }
    return this;
  }

  // ---------------------------------------------------------------- network

  private void send(String to, NodeMessage m) {
    network.tell(new NetworkCommand.Send(cfg.name(), to, m));
  }

  private Behavior<NodeCommand> onInbound(NodeCommand.Inbound in) {
    if (!running) return this;
    if (in.payload() instanceof GossipMessage g) {
      gossiper.tell(new GossiperCommand.FromPeer(in.from(), g));
      return this;
    }
    if (!(in.payload() instanceof NodeMessage m)) return this;
    if (m instanceof NodeMessage.Mutation mu) {
      applyMutation(mu.table(), mu.update(), mu.decodedUpdate());
      if (!mu.hint()) send(in.from(), new NodeMessage.MutationAck(mu.requestId()));
    } else if (m instanceof NodeMessage.ReadData rd) {
      send(in.from(), localRead(rd));
    } else if (m instanceof NodeMessage.RangeRead rr) {
      send(in.from(), localRangeRead(rr));
    } else if (m instanceof NodeMessage.PaxosPrepare pp) {
      send(in.from(), paxos.prepare(pp, this));
    } else if (m instanceof NodeMessage.PaxosPropose pp) {
      send(in.from(), paxos.propose(pp));
    } else if (m instanceof NodeMessage.PaxosCommit pc) {
      paxos.commit(pc, this);
      send(in.from(), new NodeMessage.MutationAck(pc.requestId()));
    } else if (m instanceof NodeMessage.Stream s) {
      TableStore t = storage.table(s.table()).orElse(null);
      if (t != null) for (byte[] p : s.partitions()) applyMutation(s.table(), p);
      send(in.from(), new NodeMessage.StreamAck(s.requestId(), s.partitions().size()));
    } else if (m instanceof NodeMessage.CounterForward cf) {
      CounterWrite.onForward(this, in.from(), cf);
    } else if (m instanceof NodeMessage.TreeRequest tr) {
      send(in.from(), Repair.tree(tr, cfg.name(), storage, ring));
    } else {
      PendingRequest p = pending.get(responseId(m));
      if (p != null) p.onResponse(in.from(), m);
    }
    return this;
  }

  private static long responseId(NodeMessage m) {
    if (m instanceof NodeMessage.MutationAck a) return a.requestId();
    if (m instanceof NodeMessage.ReadDataReply r) return r.requestId();
    if (m instanceof NodeMessage.RangeReadReply r) return r.requestId();
    if (m instanceof NodeMessage.PaxosPromise r) return r.requestId();
    if (m instanceof NodeMessage.PaxosAccepted r) return r.requestId();
    if (m instanceof NodeMessage.TreeReply r) return r.requestId();
    if (m instanceof NodeMessage.StreamAck r) return r.requestId();
    if (m instanceof NodeMessage.CounterForwardReply r) return r.requestId();
    return -1;
  }

  // ---------------------------------------------------------------- replica side

  void applyMutation(String table, byte[] update) {
    applyMutation(table, update, null);
  }

  /** {@code decoded}: the partition {@code update} encodes, when the sender had it at hand (null: decode here). */
  void applyMutation(String table, byte[] update, Partition decoded) {
    TableStore t = storage.table(table).orElse(null);
    if (t == null) return;
    storage.apply(table, decoded != null ? decoded : PartitionCodec.decode(update, t.schema()), update);
    replicaWrites++;
  }

  NodeStorage storage() {
    return storage;
  }

  private NodeMessage.ReadDataReply localRead(NodeMessage.ReadData rd) {
    replicaReads++;
    TableStore t = storage.table(rd.table()).orElse(null);
    if (t == null) return new NodeMessage.ReadDataReply(rd.requestId(), new byte[0], 0, 0, 0, List.of(), null);
    try {
      PartitionRead r = t.read(t.schema().decorate(rd.key()), rd.filter().toFilter());
      byte[] data = r.data() == null ? new byte[0] : PartitionCodec.encode(r.data());
      return new NodeMessage.ReadDataReply(rd.requestId(), data, r.stats().sstablesTouched(), r.stats().liveRows(),
          r.stats().tombstonesScanned(), r.stats().warnings(), null);
    } catch (TombstoneOverwhelmingException e) {
      return new NodeMessage.ReadDataReply(rd.requestId(), new byte[0], 0, 0, e.tombstones(), List.of(),
          e.getMessage());
    }
  }

  private NodeMessage.RangeReadReply localRangeRead(NodeMessage.RangeRead rr) {
    replicaReads++;
    TableStore t = storage.table(rr.table()).orElse(null);
    if (t == null) return new NodeMessage.RangeReadReply(rr.requestId(), List.of(), 0, 0, 0, null);
    Token start = rr.startExclusive() == null ? null : ring.partitioner().parseToken(rr.startExclusive());
    Token end = rr.endInclusive() == null ? null : ring.partitioner().parseToken(rr.endInclusive());
    List<byte[]> out = new ArrayList<>();
    int sstables = 0;
    long tombs = 0, rows = 0;
    ReadFilter f = rr.filter().toFilter();
    try {
      for (DecoratedKey k : t.keysInRange(start, end, Integer.MAX_VALUE)) {
        PartitionRead r = t.read(k, f);
        sstables += r.stats().sstablesTouched();
        tombs += r.stats().tombstonesScanned();
        rows += r.stats().liveRows();
        if (r.data() != null) out.add(PartitionCodec.encode(r.data()));
        if (!r.live().isEmpty() && out.size() >= rr.partitionLimit()) break;
      }
    } catch (TombstoneOverwhelmingException e) {
      return new NodeMessage.RangeReadReply(rr.requestId(), List.of(), sstables, rows, e.tombstones(),
          e.getMessage());
    }
    return new NodeMessage.RangeReadReply(rr.requestId(), out, sstables, rows, tombs, null);
  }

  // ---------------------------------------------------------------- coordination

  long register(PendingRequest p, Duration timeout) {
    pending.put(p.id, p);
    timers.startSingleTimer(p.id, new NodeCommand.RequestTimeout(p.id), timeout);
    return p.id;
  }

  private Behavior<NodeCommand> onTimeout(NodeCommand.RequestTimeout t) {
    PendingRequest p = pending.get(t.requestId());
    if (p != null) p.onTimeout();
    return this;
  }

  /** Replica placement context of one table: the replicas of a key, their DCs, RF per DC. */
  /** Immutable, so one instance serves every request to the same range (AckTracker's Map.copyOf is then free). */
  record Placement(List<String> replicas, Map<String, String> dcOf, Map<String, Integer> rfByDc, boolean nts) {}

  /**
   * Where a write goes: the key's replicas plus, while a node joins or leaves, the replicas that gain the key in the
   * pending ring (Cassandra's pending endpoints). {@code dcOf} covers both; {@code pendingByDc} counts the pending ones.
   */
  record WritePlacement(Placement placement, List<String> pending, List<String> targets, Map<String, String> dcOf,
      Map<String, Integer> pendingByDc) {}

  WritePlacement writePlacement(String table, Token token) {
    Placement p = placement(table, token);
    if (pendingRing == null) return new WritePlacement(p, List.of(), p.replicas(), p.dcOf(), Map.of());
    TableMetadata md = catalog.table(table).orElseThrow();
    KeyspaceMetadata ks = catalog.keyspace(md.keyspace()).orElseThrow();
    ReplicaMap map = pendingMaps.computeIfAbsent(ks.name(),
        k -> pendingRing.replicaMap(ReplicationStrategies.fromCql(ks.replication())));
    Map<String, String> dcOf = new LinkedHashMap<>(p.dcOf());
    List<String> pending = new ArrayList<>();
    Map<String, Integer> byDc = new TreeMap<>();
    for (Node n : map.replicasFor(token)) {
      if (p.replicas().contains(n.name())) continue;
      String dc = p.nts() ? n.dc() : cfg.dc();
      pending.add(n.name());
      dcOf.put(n.name(), dc);
      byDc.merge(dc, 1, Integer::sum);
    }
    if (pending.isEmpty()) return new WritePlacement(p, List.of(), p.replicas(), p.dcOf(), Map.of());
    List<String> targets = new ArrayList<>(p.replicas());
    targets.addAll(pending);
    return new WritePlacement(p, pending, targets, dcOf, byDc);
  }
  private record Placements(ReplicaMap map, Map<int[], Placement> byRange) {}

  /**
   * How many ranges' placements a node keeps: all of them in a small cluster; in a 1,000 x 256-vnode one, a cache of
   * every range on every node would grow to gigabytes over a long run, for a hit rate that is low anyway.
   */
  static final int PLACEMENT_CACHE_RANGES = 2048;

  private static Map<int[], Placement> placementCache() {
    // int[] keys compare by identity, and the replica map hands out one array per range.
    return new LinkedHashMap<>(64, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<int[], Placement> eldest) {
        return size() > PLACEMENT_CACHE_RANGES;
      }
    };
  }

  Placement placement(String table, Token token) {
    TableMetadata md = catalog.table(table).orElseThrow();
    KeyspaceMetadata ks = catalog.keyspace(md.keyspace()).orElseThrow();
    Placements ps = replicaMaps.computeIfAbsent(ks.name(), k -> new Placements(
        ring.replicaMap(ReplicationStrategies.fromCql(ks.replication())), placementCache()));
    // replicaIndices returns the range's own array, so the cache holds one entry per range at most.
    return ps.byRange().computeIfAbsent(ps.map().replicaIndices(token), r -> placementOf(ps.map(), r));
  }

  private Placement placementOf(ReplicaMap map, int[] replicaIndices) {
    List<String> replicas = new ArrayList<>();
    Map<String, String> dcOf = new LinkedHashMap<>();
    for (int i : replicaIndices) {
      Node n = map.ring().node(i);
      replicas.add(n.name());
      dcOf.put(n.name(), n.dc());
    }
    ReplicationStrategy s = map.strategy();
    boolean nts = s instanceof NetworkTopologyStrategy;
    Map<String, Integer> rf = new TreeMap<>();
    if (nts) rf.putAll(s.replicationFactors());
    else rf.put(cfg.dc(), replicas.size());
    if (!nts) dcOf.replaceAll((n, dc) -> cfg.dc());
    return new Placement(List.copyOf(replicas), Map.copyOf(dcOf), Map.copyOf(rf), nts);
  }

  private boolean isUp(String node) {
    return node.equals(cfg.name()) || !down.contains(node);
  }

  /** Replicas in the order a read contacts them: this node, then its DC, then the rest (a static snitch). */
  private List<String> byProximity(Placement p) {
    List<String> out = new ArrayList<>();
    if (p.replicas.contains(cfg.name())) out.add(cfg.name());
    for (String r : p.replicas) if (!out.contains(r) && cfg.dc().equals(nodeDc(r))) out.add(r);
    for (String r : p.replicas) if (!out.contains(r)) out.add(r);
    return out;
  }

  private String nodeDc(String name) {
    int i = ring.indexOf(name);
    return i < 0 ? null : ring.node(i).dc();
  }

  private Behavior<NodeCommand> onCoordinate(ClientRequest r, Replier replyTo) {
    if (!running) return this; // the client sees a timeout, as with a dead coordinator
    Optional<TableMetadata> md = catalog.table(r.table());
    if (md.isEmpty()) {
      replyTo.reply(new ClientResponse.Failed(cfg.name(), CqlErrorClass.InvalidRequest,
          "unconfigured table " + r.table(), 0, 0, List.of()));
      return this;
    }
    try {
      if (r instanceof ClientRequest.Write w) coordinateWrite(w, replyTo);
      else if (r instanceof ClientRequest.Read rd) coordinateRead(rd, replyTo);
      else if (r instanceof ClientRequest.RangeScan rs) coordinateRange(rs, replyTo);
      else if (r instanceof ClientRequest.Cas cas) paxos.coordinate(cas, replyTo, this);
    } catch (IllegalArgumentException e) {
      replyTo.reply(new ClientResponse.Failed(cfg.name(), CqlErrorClass.InvalidRequest, e.getMessage(), 0, 0,
          List.of()));
    } catch (io.ringsim.cql.CqlException e) {
      // A statement the planner let through but the write cannot be built: the client gets the error, and the node
      // goes on (an exception escaping here would restart the actor and lose its pending requests).
      replyTo.reply(new ClientResponse.Failed(cfg.name(), e.errorClass(), e.getMessage(), 0, 0, List.of()));
    }
    return this;
  }

  private ClientResponse.Failed unavailable(ConsistencyLevel cl, int required, int alive, List<TraceEvent> trace) {
    return new ClientResponse.Failed(cfg.name(), CqlErrorClass.Unavailable,
        "Cannot achieve consistency level " + cl + " (required " + required + ", alive " + alive + ")", alive,
        required, trace);
  }

  // ---- writes

  private void coordinateWrite(ClientRequest.Write w, Replier replyTo) {
    w.consistency().validateForWrite();
    coordinatedWrites++;
    if (catalog.table(w.table()).orElseThrow().isCounterTable()) {
      CounterWrite.coordinate(this, w, replyTo);
      return;
    }
    TableStore local = storage.table(w.table()).orElseThrow();
    DecoratedKey key = local.schema().decorate(w.key());
    long ts = nextTimestamp();
    Partition update = w.update().build(ts, (int) Math.floorDiv(nowMicros(), 1_000_000L));
    byte[] bytes = PartitionCodec.encode(update);
    storage.validateWrite(update);
    PendingWrite pw = new PendingWrite(nextRequestId++, w, replyTo, writePlacement(w.table(), key.token()), bytes,
        update, ts);
    pw.start(key);
  }

  final class PendingWrite extends PendingRequest {
    final ClientRequest.Write w;
    final Replier replyTo;
    final Placement p;
    /** Replicas that gain this key in the pending ring: they get the write and raise the acks to wait for. */
    final List<String> joining;
    final List<String> targets;
    final Map<String, String> dcOf;
    final Map<String, Integer> joiningByDc;
    final byte[] update;
    final Partition decoded;
    final long ts;
    final AckTracker acks;
    final List<String> acked = new ArrayList<>();
    final TreeSet<String> awaiting = new TreeSet<>();
    boolean done;
    final long startNanos = loopNanos.getAsLong();

    PendingWrite(long id, ClientRequest.Write w, Replier replyTo, WritePlacement wp, byte[] update, Partition decoded,
        long ts) {
      super(NodeActor.this, id, w.trace());
      this.w = w;
      this.replyTo = replyTo;
      this.p = wp.placement();
      this.joining = wp.pending();
      this.targets = wp.targets();
      this.dcOf = wp.dcOf();
      this.joiningByDc = wp.pendingByDc();
      this.update = update;
      this.decoded = decoded;
      this.ts = ts;
      this.acks = new AckTracker(w.consistency(), dcOf, p.rfByDc, cfg.dc(), p.nts, joiningByDc);
    }

    void start(DecoratedKey key) {
      if (trace != null) trace("Determining replicas for mutation: token " + key.token() + " -> " + p.replicas
          + (joining.isEmpty() ? "" : ", pending (joining) " + joining));
      List<String> live = new ArrayList<>();
      for (String r : targets) if (isUp(r)) live.add(r);
      ConsistencyLevel cl = w.consistency();
      int required = acks.required();
      boolean any = cl == ConsistencyLevel.ANY;
      if (!any && !AckTracker.canBeMet(cl, live, dcOf, p.rfByDc, cfg.dc(), p.nts, joiningByDc)) {
        int alive = AckTracker.aliveCounting(cl, live, dcOf, p.rfByDc, cfg.dc(), p.nts);
        trace("Unavailable: " + alive + " of " + required + " required replicas alive");
        replyTo.reply(unavailable(cl, required, alive, traceList()));
        return;
      }
      register(this, cfg.writeTimeout());
      awaiting.addAll(live);
      for (String r : targets) {
        if (!isUp(r)) {
          storeHint(r);
          continue;
        }
        if (r.equals(cfg.name())) {
          applyMutation(w.table(), update, decoded);
          trace("Appending to commitlog and adding to memtable locally");
          onAck(r);
        } else {
          if (trace != null) trace("Sending MUTATION message to " + r);
          send(r, new NodeMessage.Mutation(id, w.table(), update, false, decoded));
        }
      }
      if (any && !done && !acked.isEmpty()) return;
      if (any && !done && hints.pending().values().stream().anyMatch(n -> n > 0)) {
        // ANY is satisfied by a stored hint.
        complete();
      }
    }

    private void storeHint(String r) {
      if (!cfg.hintedHandoff()) return;
      long since = downSince.getOrDefault(r, loopNanos.getAsLong());
      if (hints.store(r, new NodeMessage.Mutation(0, w.table(), update, true), loopNanos.getAsLong(), since))
        trace("Replica " + r + " is down: hint stored");
      else trace("Replica " + r + " down longer than max_hint_window: no hint");
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      if (m instanceof NodeMessage.MutationAck) {
        if (trace != null) {
          trace("MUTATION acknowledged by " + from + " after " + (loopNanos.getAsLong() - startNanos) / 1000 + " µs");
        }
        onAck(from);
      }
    }

    void onAck(String from) {
      awaiting.remove(from);
      acked.add(from);
      if (!done && acks.ack(from)) complete();
      if (awaiting.isEmpty()) finish();
    }

    void complete() {
      done = true;
      replyTo.reply(new ClientResponse.WriteDone(cfg.name(), ts, List.copyOf(acked), traceList()));
    }

    @Override
    void onTimeout() {
      finish();
      // Replicas that never answered get hints, as Cassandra's coordinator writes them on timeout.
      for (String r : awaiting) storeHint(r);
      if (done) return;
      trace("Write timeout: " + acks.received() + " of " + acks.required() + " acknowledgements");
      replyTo.reply(new ClientResponse.Failed(cfg.name(), CqlErrorClass.WriteTimeout,
          "Operation timed out - received only " + acks.received() + " responses.", acks.received(),
          acks.required(), traceList()));
    }
  }

  // ---- reads

  private void coordinateRead(ClientRequest.Read r, Replier replyTo) {
    r.consistency().validateForRead();
    if (r.consistency().isSerial()) {
      paxos.serialRead(r, replyTo, this);
      return;
    }
    coordinatedReads++;
    TableStore local = storage.table(r.table()).orElseThrow();
    DecoratedKey key = local.schema().decorate(r.key());
    Placement p = placement(r.table(), key.token());
    new PendingRead(nextRequestId++, r, replyTo, p, local.schema(), key).start();
  }

  final class PendingRead extends PendingRequest {
    final ClientRequest.Read r;
    final Replier replyTo;
    final Placement p;
    final TableSchema schema;
    final DecoratedKey key;
    final AckTracker acks;
    final Map<String, byte[]> responses = new TreeMap<>();
    final List<String> warnings = new ArrayList<>();
    final List<String> contacted = new ArrayList<>();
    boolean repairing;
    int repairAcks;
    Partition merged;
    String failure;
    final List<String> spares = new ArrayList<>();

    /** Speculative retry: a replica is late, ask the spare ones too (Cassandra's speculative_retry). */
    @Override
    void onResume() {
      if (repairing || spares.isEmpty()) return;
      NodeMessage.ReadData req = new NodeMessage.ReadData(id, r.table(), r.key(), FilterSpec.of(r.filter()));
      for (String x : spares) {
        if (trace != null) trace("Speculative retry: sending READ message to " + x);
        contacted.add(x);
        if (x.equals(cfg.name())) onResponse(x, localRead(req));
        else send(x, req);
        if (!isPending(id)) return;
      }
      spares.clear();
    }

    PendingRead(long id, ClientRequest.Read r, Replier replyTo, Placement p, TableSchema schema,
        DecoratedKey key) {
      super(NodeActor.this, id, r.trace());
      this.r = r;
      this.replyTo = replyTo;
      this.p = p;
      this.schema = schema;
      this.key = key;
      this.acks = new AckTracker(r.consistency(), p.dcOf, p.rfByDc, cfg.dc(), p.nts);
    }

    void start() {
      if (trace != null) trace("Determining replicas for read: token " + key.token() + " -> " + p.replicas);
      List<String> live = new ArrayList<>();
      for (String x : byProximity(p)) if (isUp(x)) live.add(x);
      ConsistencyLevel cl = r.consistency();
      if (!AckTracker.canBeMet(cl, live, p.dcOf, p.rfByDc, cfg.dc(), p.nts)) {
        int alive = AckTracker.aliveCounting(cl, live, p.dcOf, p.rfByDc, cfg.dc(), p.nts);
        replyTo.reply(unavailable(cl, acks.required(), alive, traceList()));
        return;
      }
      // Contact the closest live replicas that can satisfy the level (for EACH_QUORUM / LOCAL_*, all that count).
      AckTracker plan = new AckTracker(cl, p.dcOf, p.rfByDc, cfg.dc(), p.nts);
      for (String x : live) {
        contacted.add(x);
        if (plan.ack(x)) break;
      }
      register(this, cfg.readTimeout());
      spares.addAll(live);
      spares.removeAll(contacted);
      if (!spares.isEmpty()) resumeLater(id, SPECULATIVE_RETRY);
      NodeMessage.ReadData req = new NodeMessage.ReadData(id, r.table(), r.key(), FilterSpec.of(r.filter()));
      for (String x : contacted) {
        if (x.equals(cfg.name())) {
          trace("Reading data locally");
          onResponse(x, localRead(req));
        } else {
          if (trace != null) trace("Sending READ message to " + x);
          send(x, req);
        }
        if (!isPending(id)) return;
      }
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      if (repairing && m instanceof NodeMessage.MutationAck) {
        if (trace != null) trace("Read repair acknowledged by " + from);
        if (--repairAcks == 0) reply();
        return;
      }
      if (!(m instanceof NodeMessage.ReadDataReply rd) || responses.containsKey(from)) return;
      if (rd.failure() != null) {
        failure = rd.failure();
        if (trace != null) trace(from + ": " + rd.failure());
        finish();
        replyTo.reply(new ClientResponse.Failed(cfg.name(), CqlErrorClass.ReadFailure,
            "Operation failed - received " + acks.received() + " responses and 1 failures: " + rd.failure(),
            acks.received(), acks.required(), traceList()));
        return;
      }
      if (trace != null) {
        trace(from + ": read from " + rd.sstables() + " SSTables, " + rd.rows() + " live rows and " + rd.tombstones()
            + " tombstones scanned" + (rd.data().length == 0 ? ", no data" : ""));
      }
      warnings.addAll(rd.warnings());
      responses.put(from, rd.data());
      if (acks.ack(from)) resolve();
    }

    void resolve() {
      List<Partition> versions = new ArrayList<>();
      boolean mismatch = false;
      byte[] first = null;
      for (byte[] d : responses.values()) {
        if (first == null) first = d;
        else if (!Arrays.equals(first, d)) mismatch = true;
        if (d.length > 0) versions.add(PartitionCodec.decode(d, schema));
      }
      merged = versions.isEmpty() ? null : Partition.merge(versions);
      if (!mismatch) {
        reply();
        return;
      }
      // Blocking read repair: send the reconciled data to each replica that answered differently.
      trace("Digest mismatch: repairing replicas before answering");
      readRepairs++;
      byte[] full = PartitionCodec.encode(merged);
      repairing = true;
      for (Map.Entry<String, byte[]> e : responses.entrySet()) {
        Partition theirs = e.getValue().length == 0 ? null : PartitionCodec.decode(e.getValue(), schema);
        Partition after = theirs == null ? merged : Partition.merge(List.of(theirs, merged));
        if (theirs != null && Arrays.equals(PartitionCodec.encode(after), e.getValue())) continue;
        repairAcks++;
        if (trace != null) trace("Sending READ_REPAIR to " + e.getKey());
        if (e.getKey().equals(cfg.name())) {
          applyMutation(r.table(), full);
          repairAcks--;
        } else {
          send(e.getKey(), new NodeMessage.Mutation(id, r.table(), full, false));
        }
      }
      if (repairAcks == 0) reply();
    }

    void reply() {
      finish();
      LivePartition live = merged == null ? new LivePartition(key, null, List.of())
          : new LiveView((int) Math.floorDiv(nowMicros(), 1_000_000L)).view(merged, r.filter());
      replyTo.reply(new ClientResponse.ReadDone(cfg.name(), List.of(live), List.copyOf(responses.keySet()),
          repairing, List.copyOf(warnings), traceList()));
    }

    @Override
    void onTimeout() {
      finish();
      boolean dataPresent = !responses.isEmpty();
      trace("Read timeout: " + acks.received() + " of " + acks.required() + " responses");
      replyTo.reply(new ClientResponse.Failed(cfg.name(), CqlErrorClass.ReadTimeout,
          "Operation timed out - received only " + acks.received() + " responses.", acks.received(),
          acks.required(), traceList()));
    }
  }

  // ---- range scans

  private void coordinateRange(ClientRequest.RangeScan s, Replier replyTo) {
    s.consistency().validateForRead();
    coordinatedReads++;
    TableStore local = storage.table(s.table()).orElseThrow();
    new PendingRange(nextRequestId++, s, replyTo, local.schema()).start();
  }

  /** Walks the ring's ranges in token order, one sub-request per range to enough replicas of that range. */
  final class PendingRange extends PendingRequest {
    long rowsScanned;
    final ClientRequest.RangeScan s;
    final Replier replyTo;
    final TableSchema schema;
    final Map<Long, Integer> subRequestOf = new HashMap<>();
    final List<Map<String, List<byte[]>>> answers = new ArrayList<>();
    final List<AckTracker> trackers = new ArrayList<>();
    final List<String> contactedAll = new ArrayList<>();
    int outstanding;
    boolean dispatching;

    PendingRange(long id, ClientRequest.RangeScan s, Replier replyTo, TableSchema schema) {
      super(NodeActor.this, id, s.trace());
      this.s = s;
      this.replyTo = replyTo;
      this.schema = schema;
    }

    void start() {
      int n = ring.size();
      List<String[]> ranges = new ArrayList<>();
      // Range i is (token(i-1), token(i)]; the first range also holds tokens after the last one (wrap-around).
      for (int i = 0; i < n; i++) {
        String lo = i == 0 ? null : ring.token(i - 1).toString();
        String hi = ring.token(i).toString();
        ranges.add(new String[] {lo, hi, String.valueOf(i)});
      }
      ranges.add(new String[] {ring.token(n - 1).toString(), null, "0"});
      register(this, cfg.readTimeout());
      trace("Scanning " + ranges.size() + " token ranges");
      dispatching = true;
      for (String[] rg : ranges) {
        if (!overlaps(rg[0], rg[1])) continue;
        String lo = maxStart(rg[0]);
        String hi = minEnd(rg[1]);
        Placement p = placement(s.table(), ring.token(Integer.parseInt(rg[2])));
        List<String> live = new ArrayList<>();
        for (String x : byProximity(p)) if (isUp(x)) live.add(x);
        ConsistencyLevel cl = s.consistency();
        if (!AckTracker.canBeMet(cl, live, p.dcOf, p.rfByDc, cfg.dc(), p.nts)) {
          int alive = AckTracker.aliveCounting(cl, live, p.dcOf, p.rfByDc, cfg.dc(), p.nts);
          finish();
          replyTo.reply(unavailable(cl, new AckTracker(cl, p.dcOf, p.rfByDc, cfg.dc(), p.nts).required(), alive,
              traceList()));
          return;
        }
        AckTracker plan = new AckTracker(cl, p.dcOf, p.rfByDc, cfg.dc(), p.nts);
        int sub = answers.size();
        answers.add(new TreeMap<>());
        trackers.add(new AckTracker(cl, p.dcOf, p.rfByDc, cfg.dc(), p.nts));
        outstanding++;
        long subId = nextRequestId++;
        subRequestOf.put(subId, sub);
        pending.put(subId, new SubRange(subId, this));
        for (String x : live) {
          NodeMessage.RangeRead req = new NodeMessage.RangeRead(subId, s.table(), lo, hi, FilterSpec.of(s.filter()),
              s.partitionLimit());
          if (!contactedAll.contains(x)) contactedAll.add(x);
          if (x.equals(cfg.name())) onSub(sub, x, localRangeRead(req));
          else send(x, req);
          if (plan.ack(x)) break;
        }
      }
      dispatching = false;
      if (outstanding == 0 && isPending(id)) reply();
    }

    private boolean overlaps(String lo, String hi) {
      Token qlo = s.startExclusive() == null ? null : ring.partitioner().parseToken(s.startExclusive());
      Token qhi = s.endInclusive() == null ? null : ring.partitioner().parseToken(s.endInclusive());
      Token rlo = lo == null ? null : ring.partitioner().parseToken(lo);
      Token rhi = hi == null ? null : ring.partitioner().parseToken(hi);
      if (qhi != null && rlo != null && rlo.compareTo(qhi) >= 0) return false;
      if (qlo != null && rhi != null && rhi.compareTo(qlo) <= 0) return false;
      return true;
    }

    private String maxStart(String lo) {
      if (s.startExclusive() == null) return lo;
      if (lo == null) return s.startExclusive();
      Token a = ring.partitioner().parseToken(lo), b = ring.partitioner().parseToken(s.startExclusive());
      return a.compareTo(b) >= 0 ? lo : s.startExclusive();
    }

    private String minEnd(String hi) {
      if (s.endInclusive() == null) return hi;
      if (hi == null) return s.endInclusive();
      Token a = ring.partitioner().parseToken(hi), b = ring.partitioner().parseToken(s.endInclusive());
      return a.compareTo(b) <= 0 ? hi : s.endInclusive();
    }

    void onSub(int sub, String from, NodeMessage m) {
      if (!(m instanceof NodeMessage.RangeReadReply rr) || !isPending(id)) return;
      if (rr.failure() != null) {
        finish();
        replyTo.reply(new ClientResponse.Failed(cfg.name(), CqlErrorClass.ReadFailure,
            "Operation failed - received 0 responses and 1 failures: " + rr.failure(), 0, 1, traceList()));
        return;
      }
      if (answers.get(sub).containsKey(from)) return;
      answers.get(sub).put(from, rr.partitions());
      rowsScanned += rr.rows();
      if (trace != null) {
        trace(from + ": range " + sub + " read " + rr.partitions().size() + " partitions from " + rr.sstables()
            + " SSTables, " + rr.rows() + " live rows and " + rr.tombstones() + " tombstones scanned");
      }
      if (trackers.get(sub).ack(from) && trackers.get(sub).received() == trackers.get(sub).required()) {
        if (--outstanding == 0 && !dispatching) reply();
      }
    }

    @Override
    void onResponse(String from, NodeMessage m) {}

    void reply() {
      finish();
      for (Long sid : subRequestOf.keySet()) pending.remove(sid);
      TreeMap<DecoratedKey, List<Partition>> byKey = new TreeMap<>();
      for (Map<String, List<byte[]>> a : answers) {
        for (List<byte[]> parts : a.values()) {
          for (byte[] b : parts) {
            Partition p = PartitionCodec.decode(b, schema);
            byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
          }
        }
      }
      LiveView view = new LiveView((int) Math.floorDiv(nowMicros(), 1_000_000L));
      List<LivePartition> out = new ArrayList<>();
      for (List<Partition> v : byKey.values()) {
        LivePartition lp = view.view(Partition.merge(v), s.filter());
        if (!lp.isEmpty()) out.add(lp);
        if (out.size() >= s.partitionLimit()) break;
      }
      if (trace != null) {
        trace("Range scan returned " + out.size() + " partitions; replicas scanned " + rowsScanned + " live rows"
            + " (filtering, if any, happens on this coordinator)");
      }
      replyTo.reply(new ClientResponse.ReadDone(cfg.name(), out, List.copyOf(contactedAll), false, List.of(),
          traceList()));
    }

    @Override
    void onTimeout() {
      finish();
      for (Long sid : subRequestOf.keySet()) pending.remove(sid);
      replyTo.reply(new ClientResponse.Failed(cfg.name(), CqlErrorClass.ReadTimeout,
          "Operation timed out - received only 0 responses.", 0, 1, traceList()));
    }
  }

  /** Routes a range sub-request's replies to its parent scan. */
  final class SubRange extends PendingRequest {
    final PendingRange parent;

    SubRange(long id, PendingRange parent) {
      super(NodeActor.this, id, false);
      this.parent = parent;
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      parent.onSub(parent.subRequestOf.get(id), from, m);
    }

    @Override
    void onTimeout() {}
  }

  // ---- hooks used by requests, Paxos and Repair

  void resumeLater(long id, Duration delay) {
    timers.startSingleTimer("resume-" + id, new NodeCommand.Resume(id), delay);
  }

  /** A seeded random draw for backoffs (deterministic per node and seed). */
  long randomBelow(long bound) {
    return rng.nextLong(bound);
  }

  boolean isPending(long id) {
    return pending.containsKey(id);
  }

  void forget(long id) {
    pending.remove(id);
    timers.cancel(id);
  }

  long loopNanos() {
    return loopNanos.getAsLong();
  }

  String name() {
    return cfg.name();
  }

  String dc() {
    return cfg.dc();
  }

  long allocateRequestId() {
    return nextRequestId++;
  }

  int nodeIndex() {
    return cfg.index();
  }

  long clockMicros() {
    return nowMicros();
  }

  long newTimestamp() {
    return nextTimestamp();
  }

  boolean up(String node) {
    return isUp(node);
  }

  void sendTo(String node, NodeMessage m) {
    send(node, m);
  }

  void track(PendingRequest p, Duration timeout) {
    register(p, timeout);
  }

  Duration writeTimeout() {
    return cfg.writeTimeout();
  }

  Optional<TableStore> table(String name) {
    return storage.table(name);
  }

  Ring ring() {
    return ring;
  }

  Catalog catalog() {
    return catalog;
  }

  private Behavior<NodeCommand> onRepair(NodeCommand.Repair r) {
    if (!running) {
      r.replyTo().tell(new NodeCommand.RepairResult(cfg.name(), 0, 0, 0, 0, 0));
      return this;
    }
    new Repair(this).start(r.replyTo());
    return this;
  }

  private Behavior<NodeCommand> onStreamTo(NodeCommand.StreamTo s) {
    int streamed = 0;
    if (running) {
      for (TableStore t : storage.tables()) {
        TableMetadata md = t.schema().metadata();
        KeyspaceMetadata ks = catalog.keyspace(md.keyspace()).orElse(null);
        if (ks == null) continue;
        ReplicationStrategy strategy = ReplicationStrategies.fromCql(ks.replication());
        ReplicaMap next = s.newRing().replicaMap(strategy);
        ReplicaMap now = ring.replicaMap(strategy);
        boolean leaving = s.newRing().indexOf(cfg.name()) < 0;
        List<byte[]> batch = new ArrayList<>();
        for (Partition p : t.allPartitions()) {
          boolean gains = next.replicasFor(p.key().token()).stream().anyMatch(n -> n.name().equals(s.target()));
          List<Node> before = now.replicasFor(p.key().token());
          boolean had = before.stream().anyMatch(n -> n.name().equals(s.target()));
          boolean source = leaving || cfg.name().equals(streamSource(before, next.replicasFor(p.key().token()), s.down()));
          if (gains && !had && source) batch.add(PartitionCodec.encode(p));
        }
        if (!batch.isEmpty()) {
          send(s.target(), new NodeMessage.Stream(nextRequestId++, md.qualifiedName(), batch));
          streamed += batch.size();
        }
      }
    }
    s.replyTo().tell(new NodeCommand.Streamed(streamed));
    return this;
  }

  /**
   * One source per range, as Cassandra's consistent range movement picks it: the replica that loses the range (it holds
   * exactly what the joining node takes over from it), else, when that one is down, the first live replica (Cassandra
   * would need consistent.rangemovement=false for that). Null when every replica is down.
   */
  static String streamSource(List<Node> before, List<Node> after, java.util.Set<String> down) {
    for (Node n : before) {
      if (down.contains(n.name())) continue;
      if (after.stream().noneMatch(a -> a.name().equals(n.name()))) return n.name();
    }
    for (Node n : before) if (!down.contains(n.name())) return n.name();
    return null;
  }
}
