package io.ringsim.cluster.net;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import io.ringsim.cluster.FaultState;
import io.ringsim.cluster.MessageDispatch;
import io.ringsim.cluster.time.SimulationLoop;

/**
 * The simulated network as an actor: the harness's network faults (partitions, loss, slow nodes), its latencies and
 * its questions come here; faults are applied to the cluster's {@link FaultState}, which the {@link SimulatedWire}
 * every message crosses reads. Nodes send through the wire itself
 * ({@link NetworkPort}); a {@link NetworkCommand.Send} told to this actor goes the same way.
 */
public final class SimulatedNetwork extends AbstractBehavior<NetworkCommand> {
  private final SimulatedWire wire;

  /** A network with a wire of its own (for tests that only talk to the actor). */
  public static Behavior<NetworkCommand> create(
      long seed, LatencyModel defaultLatency, SimulationLoop loop, boolean serializePayloads) {
    return Behaviors.setup(ctx -> new SimulatedNetwork(ctx,
        new SimulatedWire(ctx.getSystem(), seed, defaultLatency, loop, serializePayloads, TraceLog.OFF,
            new FaultState())));
  }

  /** The actor in front of {@code wire}, which the nodes are handed as their {@link NetworkPort}. */
  public static Behavior<NetworkCommand> create(SimulatedWire wire) {
    return Behaviors.setup(ctx -> new SimulatedNetwork(ctx, wire));
  }

  private SimulatedNetwork(ActorContext<NetworkCommand> ctx, SimulatedWire wire) {
    super(ctx);
    this.wire = wire;
  }

  @Override
  public Receive<NetworkCommand> createReceive() {
    return MessageDispatch.<NetworkCommand>builder()
        .onMessage(NetworkCommand.Send.class, s -> {
          wire.send(s.from(), s.to(), s.payload());
          return this;
        })
        .onMessage(NetworkCommand.Register.class, r -> {
          wire.register(r.node(), r.inbox());
          return this;
        })
        .onMessage(NetworkCommand.SetDefaultLatency.class, m -> {
          wire.setDefaultLatency(m.latency());
          return this;
        })
        .onMessage(NetworkCommand.SetLinkLatency.class, m -> {
          wire.setLinkLatency(m.from(), m.to(), m.latency());
          return this;
        })
        .onMessage(NetworkCommand.SetLoss.class, m -> {
          wire.faults().setLoss(m.probability());
          return this;
        })
        .onMessage(NetworkCommand.Partition.class, p -> {
          wire.faults().partition(p.side1(), p.side2(), p.oneWay());
          return this;
        })
        .onMessage(NetworkCommand.Heal.class, m -> {
          wire.faults().heal();
          return this;
        })
        .onMessage(NetworkCommand.SlowNode.class, m -> {
          wire.faults().slow(m.node(), m.extraNanos());
          return this;
        })
        .onMessage(NetworkCommand.GetStats.class, m -> {
          m.replyTo().tell(wire.stats());
          return this;
        })
        .build();
  }
}
