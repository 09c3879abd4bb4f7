package io.ringsim.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.cluster.net.NetworkPort;
import io.ringsim.cluster.net.SimulatedNetwork;
import io.ringsim.cluster.net.SimulatedWire;
import io.ringsim.cluster.net.TraceLog;
import io.ringsim.cluster.node.NodeActor;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cluster.node.NodeConfig;
import io.ringsim.cluster.time.SimulationLoop;
import io.ringsim.cluster.time.SimulationMode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The root actor of a {@link SimCluster}: it starts the simulated network, the driver's proxy and one actor per ring
 * node, hands their references back, then starts whatever else the driver asks for.
 */
final class ClusterGuardian {
  private ClusterGuardian() {}

  /** Asks the guardian to start another actor in the simulation (workloads, probes). */
  record SpawnRequest<T>(Behavior<T> behavior, String name, CompletableFuture<ActorRef<T>> result)
      implements akka.actor.NoSerializationVerificationNeeded {}

  /** What the guardian started: the network actor, its wire, the driver's proxy, and each node by name. */
  record Started(ActorRef<NetworkCommand> network, NetworkPort wire, ActorRef<Object> proxy,
      Map<String, ActorRef<NodeCommand>> nodes) {}

  /** {@code started} receives the actors once they exist; the wire and the nodes read {@code faults}. */
  static Behavior<SpawnRequest<?>> create(ClusterSpec spec, CompletableFuture<Started> started, TraceLog trace,
      FaultState faults) {
    return Behaviors.setup(ctx -> {
      SimulationLoop loop = SimulationMode.loop(ctx.getSystem());
      SimulatedWire wire = new SimulatedWire(ctx.getSystem(), spec.seed(), spec.latency(), loop,
          spec.serializePayloads(), trace, faults);
      ActorRef<NetworkCommand> net = ctx.spawn(SimulatedNetwork.create(wire), "network");
      ActorRef<Object> proxy = ctx.spawn(DriverProxy.create(), "driver");
      Map<String, ActorRef<NodeCommand>> nodes = new LinkedHashMap<>();
      for (NodeConfig cfg : spec.node().forRing(spec.ring(), spec.seed())) {
        nodes.put(cfg.name(), ctx.spawn(NodeActor.create(cfg, spec.ring(), wire, loop::nowNanos, trace, faults), cfg.name()));
      }
      started.complete(new Started(net, wire, proxy, nodes));
      return Behaviors.<SpawnRequest<?>>receive((c, req) -> {
        spawnChild(c, req);
        return Behaviors.same();
      });
    });
  }

  private static <T> void spawnChild(ActorContext<SpawnRequest<?>> ctx, SpawnRequest<T> r) {
    r.result().complete(ctx.spawn(r.behavior(), r.name()));
  }
}
