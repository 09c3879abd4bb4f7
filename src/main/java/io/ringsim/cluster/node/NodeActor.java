package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.SupervisorStrategy;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import io.ringsim.cluster.FaultState;
import io.ringsim.cluster.HintsGauge;
import io.ringsim.cluster.MessageDispatch;
import io.ringsim.cluster.gossip.GossipMessage;
import io.ringsim.cluster.gossip.Gossiper;
import io.ringsim.cluster.gossip.GossiperCommand;
import io.ringsim.cluster.gossip.PeerStatus;
import io.ringsim.cluster.net.Inbox;
import io.ringsim.cluster.net.NetworkPort;
import io.ringsim.cluster.net.TraceLog;
import io.ringsim.cluster.time.VirtualTimeScheduler;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.ring.Ring;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.ReplayReport;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * One simulated Cassandra node. This actor only receives messages and hands them to the part that handles them:
 * client requests to {@link WriteCoordinator}, {@link ReadCoordinator}, {@link RangeScan} and
 * {@link PaxosCoordinator}; requests from other nodes to {@link ReplicaVerbs}; replies to the request in flight
 * they answer; the harness's commands to {@link NodeControl}. What the parts share is the node's
 * {@link NodeContext}. Its view of who is up comes from its own gossiper. This is the running node's behaviour: a
 * crash switches to {@link CrashedNode}, and a restart switches back.
 */
public final class NodeActor extends AbstractBehavior<NodeCommand> {
  private final NodeContext node;
  private final NodeControl control;
  /** Seconds since the node started, counted while it runs: hints go out every tenth. */
  private long ticks;

  public static Behavior<NodeCommand> create(NodeConfig cfg, Ring ring, NetworkPort network,
      LongSupplier loopNanos) {
    return create(cfg, ring, network, loopNanos, TraceLog.OFF, new FaultState());
  }

  /**
   * @param trace where the node records its events for explanations ({@link TraceLog#OFF}: nowhere)
   * @param faults the cluster's faults, where the node's clock skew is kept
   */
  public static Behavior<NodeCommand> create(NodeConfig cfg, Ring ring, NetworkPort network,
      LongSupplier loopNanos, TraceLog trace, FaultState faults) {
    // A bug met while handling one message must not take the node down with every request it holds (Akka's default
    // stops the actor): the failure is logged and the node goes on with its state as it was.
    return Behaviors.supervise(Behaviors.<NodeCommand>setup(ctx -> Behaviors.withTimers(t -> {
      NodeActor a = new NodeActor(ctx, t, cfg, ring, network, loopNanos, faults);
      a.node.trace = trace;
      return a;
    }))).onFailure(RuntimeException.class, SupervisorStrategy.resume());
  }

  private NodeActor(ActorContext<NodeCommand> ctx, TimerScheduler<NodeCommand> timers, NodeConfig cfg, Ring ring,
      NetworkPort network, LongSupplier loopNanos, FaultState faults) {
    super(ctx);
    this.node = new NodeContext(cfg, ring, network, loopNanos, ctx.getSystem().scheduler(),
        ctx.getSystem().classicSystem().scheduler() instanceof VirtualTimeScheduler v ? v.loop() : null, ctx.getSelf(),
        faults);
    HintsGauge gauge = HintsGauge.of(ctx.getSystem());
    node.hints.observe((target, delta) -> gauge.change(target, delta, loopNanos.getAsLong()));
    ActorRef<NodeCommand> self = ctx.getSelf();
    network.register(cfg.name(), new Inbox<>(self, (from, payload) -> new NodeCommand.Inbound(from, payload, self)));
    ActorRef<PeerStatus> listener = ctx.messageAdapter(PeerStatus.class, NodeCommand.PeerChanged::new);
    this.control = new NodeControl(node, ctx.spawn(Gossiper.create(cfg.name(), cfg.peers(), cfg.seeds(), network,
        listener, loopNanos, cfg.seed(), cfg.gossip()), "gossiper"));
    // The timer outlives a crash (a crashed node drops its ticks): timers belong to the actor, not the behaviour.
    timers.startTimerWithFixedDelay("tick", new NodeCommand.Tick(), Duration.ofSeconds(1));
  }

  @Override
  public Receive<NodeCommand> createReceive() {
    return control.handle(MessageDispatch.builder(), this, true)
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
          if (p != null && NodeContext.isCurrentResume(p, r)) p.onResume();
          return this;
        })
        .onMessage(NodeCommand.Deferred.class, d -> {
          node.onDeferred(d);
          return this;
        })
        .onMessage(NodeCommand.Tick.class, t -> onTick())
        .onMessage(NodeCommand.Leave.class, l -> onCrash())
        .onMessage(NodeCommand.Crash.class, c -> onCrash())
        .onMessage(NodeCommand.Restart.class, r -> {
          // Already running: nothing to replay.
          if (r.replyTo() != null) r.replyTo().tell(new NodeCommand.Restarted(new ReplayReport(0, 0, List.of(), 0)));
          return this;
        })
        .onMessage(NodeCommand.Flush.class, f -> {
          node.storage.flushAll();
          return this;
        })
        .onMessage(NodeCommand.Compact.class, c -> {
          node.storage.compactAll();
          return this;
        })
        .onMessage(NodeCommand.SyncCommitLog.class, c -> {
          node.storage.commitLog().sync(node.storage.clock().nowMillis());
          return this;
        })
        .onMessage(NodeCommand.Repair.class, r -> {
          new RepairCoordinator(node).start(r.replyTo());
          return this;
        })
        .onMessage(NodeCommand.StreamTo.class, s -> {
          s.replyTo().tell(new NodeCommand.Streamed(Streaming.streamTo(node, s)));
          return this;
        })
        .build();
  }

  /** Decommission ends the same way: the node stops serving and stays down. */
  private Behavior<NodeCommand> onCrash() {
    control.crash();
    return new CrashedNode(getContext(), node, control, this);
  }

  // ---------------------------------------------------------------- messages from other nodes

  private Behavior<NodeCommand> onInbound(NodeCommand.Inbound in) {
    if (in.payload() instanceof GossipMessage g) {
      control.gossiper().tell(new GossiperCommand.FromPeer(in.from(), g));
      return this;
    }
    if (!(in.payload() instanceof NodeMessage m)) return this;
    if (ReplicaVerbs.serve(node, in.from(), m)) return this;
    if (!(m instanceof NodeMessage.Reply reply)) return this;
    PendingRequest p = node.pending(reply.requestId());
    if (p != null) p.onResponse(in.from(), m);
    return this;
  }


  // ---------------------------------------------------------------- client requests

  private Behavior<NodeCommand> onCoordinate(ClientRequest r, Replier replyTo) {
    Optional<TableMetadata> md = node.catalog().table(r.table());
    if (md.isEmpty()) {
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.InvalidRequest,
          "unconfigured table " + r.table(), 0, 0, List.of()));
      return this;
    }
    try {
      if (r instanceof ClientRequest.Write w) WriteCoordinator.coordinate(node, w, replyTo);
      else if (r instanceof ClientRequest.Read rd) ReadCoordinator.coordinate(node, rd, replyTo);
      else if (r instanceof ClientRequest.RangeScan rs && rs.rowLimit() > 0) {
        PagedRangeScan.coordinate(node, rs, replyTo);
      } else if (r instanceof ClientRequest.RangeScan rs) RangeScan.coordinate(node, rs, replyTo);
      else if (r instanceof ClientRequest.Cas cas) PaxosCoordinator.coordinate(node, cas, replyTo);
      else if (r instanceof ClientRequest.Batchlog b) BatchlogCoordinator.coordinate(node, b, replyTo);
    } catch (IllegalArgumentException e) {
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.InvalidRequest, e.getMessage(), 0, 0,
          List.of()));
    } catch (CqlException e) {
      // A statement the planner let through but the write cannot be built: the client gets the error, and the node
      // goes on (an exception escaping here would leave the client without an answer until its own timeout).
      replyTo.reply(new ClientResponse.Failed(node.name(), e.errorClass(), e.getMessage(), 0, 0, List.of()));
    }
    return this;
  }

  // ---------------------------------------------------------------- timers and gossip

  private Behavior<NodeCommand> onTick() {
    node.storage.tick();
    if (++ticks % 10 == 0) HintDelivery.deliverToLiveTargets(node);
    return this;
  }

  private Behavior<NodeCommand> onPeerChanged(NodeCommand.PeerChanged p) {
    String peer = p.status().peer();
    if (p.status().up()) {
      node.markUp(peer);
      HintDelivery.deliverTo(node, peer);
    } else {
      node.markDown(peer);
    }
    return this;
  }
}
