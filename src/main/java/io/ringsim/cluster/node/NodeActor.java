package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import io.ringsim.cluster.gossip.GossipMessage;
import io.ringsim.cluster.gossip.Gossiper;
import io.ringsim.cluster.gossip.GossiperCommand;
import io.ringsim.cluster.gossip.PeerStatus;
import io.ringsim.cluster.net.Delivery;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.ReplayReport;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * One simulated Cassandra node. This actor only receives messages and hands them to the part that handles them:
 * client requests to {@link WriteCoordinator}, {@link ReadCoordinator}, {@link RangeScan} and
 * {@link PaxosCoordinator}; requests from other nodes to {@link ReplicaVerbs}; replies to the request in flight
 * they answer; timers, gossip, schema and ring changes, crash and restart to itself. What the parts share is the
 * node's {@link NodeContext}. Its view of who is up comes from its own gossiper. A crashed node ignores everything
 * but Restart and the harness's control commands.
 */
public final class NodeActor extends AbstractBehavior<NodeCommand> {
  private final NodeContext node;
  private final ActorRef<GossiperCommand> gossiper;
  private boolean running = true;
  private long generation = 1;
  private long ticks;

  public static Behavior<NodeCommand> create(NodeConfig cfg, Ring ring, ActorRef<NetworkCommand> network,
      LongSupplier loopNanos) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(t -> new NodeActor(ctx, t, cfg, ring, network, loopNanos)));
  }

  private NodeActor(ActorContext<NodeCommand> ctx, TimerScheduler<NodeCommand> timers, NodeConfig cfg, Ring ring,
      ActorRef<NetworkCommand> network, LongSupplier loopNanos) {
    super(ctx);
    this.node = new NodeContext(cfg, ring, network, loopNanos, timers);
    ActorRef<Delivery> inbox = ctx.messageAdapter(Delivery.class, d -> new NodeCommand.Inbound(d.from(), d.payload()));
    network.tell(new NetworkCommand.Register(cfg.name(), inbox));
    ActorRef<PeerStatus> listener = ctx.messageAdapter(PeerStatus.class, NodeCommand.PeerChanged::new);
    this.gossiper = ctx.spawn(Gossiper.create(cfg.name(), cfg.peers(), cfg.seeds(), network, listener, loopNanos,
        cfg.seed(), cfg.gossip()), "gossiper");
    timers.startTimerWithFixedDelay("tick", new NodeCommand.Tick(), Duration.ofSeconds(1));
  }

  @Override
  public Receive<NodeCommand> createReceive() {
    return newReceiveBuilder()
        .onMessage(NodeCommand.Inbound.class, this::onInbound)
        .onMessage(NodeCommand.Coordinate.class, c -> onCoordinate(c.request(), c.replyTo()::tell))
        .onMessage(NodeCommand.CoordinateTagged.class, c -> onCoordinate(c.request(),
            r -> c.replyTo().tell(new NodeCommand.TaggedResponse(c.tag(), r))))
        .onMessage(NodeCommand.PeerChanged.class, this::onPeerChanged)
        .onMessage(NodeCommand.RequestTimeout.class, t -> {
          PendingRequest p = node.pending(t.requestId());
          if (p != null) p.onTimeout();
          return this;
        })
        .onMessage(NodeCommand.Resume.class, r -> {
          PendingRequest p = node.pending(r.requestId());
          if (p != null) p.onResume();
          return this;
        })
        .onMessage(NodeCommand.Tick.class, t -> onTick())
        .onMessage(NodeCommand.SetSchema.class, this::onSchema)
        .onMessage(NodeCommand.SetRing.class, r -> {
          node.topology.setRing(r.ring());
          return this;
        })
        .onMessage(NodeCommand.SetPendingRing.class, r -> {
          node.topology.setPendingRing(r.ring());
          return this;
        })
        .onMessage(NodeCommand.AddPeer.class, a -> {
          gossiper.tell(new GossiperCommand.AddPeer(a.node()));
          return this;
        })
        .onMessage(NodeCommand.RemovePeer.class, a -> {
          gossiper.tell(new GossiperCommand.RemovePeer(a.node()));
          node.forgetPeer(a.node());
          return this;
        })
        .onMessage(NodeCommand.Leave.class, l -> onCrash())
        .onMessage(NodeCommand.SetClockSkew.class, s -> {
          node.setSkewMicros(s.skewMicros());
          return this;
        })
        .onMessage(NodeCommand.Crash.class, c -> onCrash())
        .onMessage(NodeCommand.Restart.class, this::onRestart)
        .onMessage(NodeCommand.Flush.class, f -> {
          if (running) node.storage.flushAll();
          return this;
        })
        .onMessage(NodeCommand.Truncate.class, t -> {
          node.storage.truncate(t.table());
          return this;
        })
        .onMessage(NodeCommand.Compact.class, c -> {
          if (running) node.storage.compactAll();
          return this;
        })
        .onMessage(NodeCommand.GetReport.class, this::onReport)
        .onMessage(NodeCommand.GetPartitionSizes.class, this::onPartitionSizes)
        .onMessage(NodeCommand.Repair.class, this::onRepair)
        .onMessage(NodeCommand.StreamTo.class, s -> {
          s.replyTo().tell(new NodeCommand.Streamed(running ? Streaming.streamTo(node, s) : 0));
          return this;
        })
        .build();
  }

  // ---------------------------------------------------------------- messages from other nodes

  private Behavior<NodeCommand> onInbound(NodeCommand.Inbound in) {
    if (!running) return this;
    if (in.payload() instanceof GossipMessage g) {
      gossiper.tell(new GossiperCommand.FromPeer(in.from(), g));
      return this;
    }
    if (!(in.payload() instanceof NodeMessage m)) return this;
    if (ReplicaVerbs.serve(node, in.from(), m)) return this;
    PendingRequest p = node.pending(responseId(m));
    if (p != null) p.onResponse(in.from(), m);
    return this;
  }

  /** The request a reply answers; -1 for a message that answers none. */
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

  // ---------------------------------------------------------------- client requests

  private Behavior<NodeCommand> onCoordinate(ClientRequest r, Replier replyTo) {
    if (!running) return this; // the client sees a timeout, as with a dead coordinator
    Optional<TableMetadata> md = node.catalog().table(r.table());
    if (md.isEmpty()) {
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.InvalidRequest,
          "unconfigured table " + r.table(), 0, 0, List.of()));
      return this;
    }
    try {
      if (r instanceof ClientRequest.Write w) WriteCoordinator.coordinate(node, w, replyTo);
      else if (r instanceof ClientRequest.Read rd) ReadCoordinator.coordinate(node, rd, replyTo);
      else if (r instanceof ClientRequest.RangeScan rs) RangeScan.coordinate(node, rs, replyTo);
      else if (r instanceof ClientRequest.Cas cas) PaxosCoordinator.coordinate(node, cas, replyTo);
    } catch (IllegalArgumentException e) {
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.InvalidRequest, e.getMessage(), 0, 0,
          List.of()));
    } catch (CqlException e) {
      // A statement the planner let through but the write cannot be built: the client gets the error, and the node
      // goes on (an exception escaping here would restart the actor and lose its pending requests).
      replyTo.reply(new ClientResponse.Failed(node.name(), e.errorClass(), e.getMessage(), 0, 0, List.of()));
    }
    return this;
  }

  // ---------------------------------------------------------------- timers and gossip

  private Behavior<NodeCommand> onTick() {
    if (!running) return this;
    node.storage.tick();
    if (++ticks % 10 == 0) HintDelivery.deliverToLiveTargets(node);
    return this;
  }

  private Behavior<NodeCommand> onPeerChanged(NodeCommand.PeerChanged p) {
    if (!running) return this;
    String peer = p.status().peer();
    if (p.status().up()) {
      node.markUp(peer);
      HintDelivery.deliverTo(node, peer);
    } else {
      node.markDown(peer);
    }
    return this;
  }

  // ---------------------------------------------------------------- control

  private Behavior<NodeCommand> onSchema(NodeCommand.SetSchema s) {
    Catalog old = node.catalog();
    node.topology.setCatalog(s.catalog());
    for (TableMetadata t : s.catalog().allTables()) {
      TableSchema ts = TableSchema.of(t, node.ring().partitioner());
      Optional<TableStore> existing = node.storage.table(t.qualifiedName());
      if (existing.isEmpty()) node.storage.createTable(ts);
      else if (!old.table(t.qualifiedName()).map(t::equals).orElse(false)) existing.get().alter(ts);
    }
    for (TableMetadata t : old.allTables()) {
      if (s.catalog().table(t.qualifiedName()).isEmpty()) node.storage.dropTable(t.qualifiedName());
    }
    return this;
  }

  private Behavior<NodeCommand> onCrash() {
    if (!running) return this;
    running = false;
    node.storage.crash();
    node.dropAllPending();
    gossiper.tell(new GossiperCommand.Crash());
    return this;
  }

  private Behavior<NodeCommand> onRestart(NodeCommand.Restart r) {
    if (running) {
      if (r.replyTo() != null) r.replyTo().tell(new NodeCommand.Restarted(new ReplayReport(0, 0, List.of(), 0)));
      return this;
    }
    running = true;
    generation++;
    ReplayReport report = node.storage.restart();
    gossiper.tell(new GossiperCommand.Restart(generation));
    if (r.replyTo() != null) r.replyTo().tell(new NodeCommand.Restarted(report));
    return this;
  }

  private Behavior<NodeCommand> onRepair(NodeCommand.Repair r) {
    if (!running) {
      r.replyTo().tell(new NodeCommand.RepairResult(node.name(), 0, 0, 0, 0, 0));
      return this;
    }
    new Repair(node).start(r.replyTo());
    return this;
  }

  private Behavior<NodeCommand> onReport(NodeCommand.GetReport g) {
    Map<String, Boolean> view = new TreeMap<>();
    for (Node n : node.ring().nodes()) view.put(n.name(), n.name().equals(node.name()) ? running : node.isUp(n.name()));
    NodeMetrics m = node.metrics;
    g.replyTo().tell(new NodeReport(node.name(), node.dc(), running, view, node.storage.stats(), m.coordinatedWrites,
        m.coordinatedReads, m.replicaWrites, m.replicaReads, node.hints.stored(), m.hintsReplayed,
        node.hints.pending(), m.readRepairs, node.storage.commitLog().size()));
    return this;
  }

  private Behavior<NodeCommand> onPartitionSizes(NodeCommand.GetPartitionSizes g) {
    Map<String, NodeCommand.TableSizes> out = new TreeMap<>();
    for (TableStore t : node.storage.tables()) {
      String table = t.schema().name();
      TableMetadata md = node.catalog().table(table).orElse(null);
      if (md == null) continue;
      out.put(table, PartitionSizeScan.scan(t, md, p -> !g.primaryOnly()
          || node.topology.placement(table, p.key().token()).replicas().get(0).equals(node.name()), g.topN()));
    }
    g.replyTo().tell(new NodeCommand.PartitionSizes(node.name(), out));
    return this;
  }
}
