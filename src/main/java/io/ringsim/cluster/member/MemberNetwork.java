package io.ringsim.cluster.member;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.ServiceKey;
import akka.cluster.ClusterEvent;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Subscribe;
import io.ringsim.cluster.gossip.PeerStatus;
import io.ringsim.cluster.net.CutLinks;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.net.Inbox;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.cluster.net.NetworkStats;
import io.ringsim.cluster.node.NodeCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The network of one member JVM in real-time mode. Messages between two nodes this member hosts are delivered
 * directly; a message for a node hosted elsewhere goes, as a {@link Wire}, to the member that registered that node
 * with the cluster Receptionist. The faults of a scenario (partitions, loss, slow nodes) are applied here on the
 * sending side, so every member must be told of them (the driver broadcasts them).
 *
 * <p>Akka Cluster membership drives each hosted node's view of the others: when Akka's phi-accrual detector marks a
 * member unreachable (or the split-brain resolver removes it), every node hosted there is marked down at once; the
 * simulated gossip still detects a single simulated node that crashes inside a live member.
 */
public final class MemberNetwork extends AbstractBehavior<Object> {

  /** Where messages for node {@code name} are sent, cluster-wide. */
  public static ServiceKey<Wire> nodeKey(String name) {
    return ServiceKey.create(Wire.class, "ringsim-node-" + name);
  }

  /** A node actor hosted by this member, told of membership changes. */
  public record Hosted(String name, ActorRef<NodeCommand> node) implements NoSerializationVerificationNeeded {}

  private record RoutesChanged(Receptionist.Listing listing) implements NoSerializationVerificationNeeded {}

  private record Reachability(ClusterEvent.ReachabilityEvent event) implements NoSerializationVerificationNeeded {}

  private record Membership(ClusterEvent.MemberEvent event) implements NoSerializationVerificationNeeded {}

  private final Map<String, Inbox<?>> inboxes = new HashMap<>();
  private final Map<String, ActorRef<NodeCommand>> hosted = new TreeMap<>();
  private final Map<String, ActorRef<Wire>> routes = new HashMap<>();
  private final Set<akka.actor.Address> unreachable = new HashSet<>();
  /** Where each remote node was last hosted: kept after its route goes, to match later membership events. */
  private final Map<String, akka.actor.Address> lastHost = new HashMap<>();
  private final CutLinks cutLinks = new CutLinks();
  private final Map<String, Long> slowNodes = new HashMap<>();
  private final SplittableRandom rng;
  private double loss;
  private long sent, delivered, lost, partitioned, undeliverable;

  public static Behavior<Object> create(List<String> allNodes, long seed) {
    return Behaviors.setup(ctx -> new MemberNetwork(ctx, allNodes, seed));
  }

  private MemberNetwork(ActorContext<Object> ctx, List<String> allNodes, long seed) {
    super(ctx);
    this.rng = new SplittableRandom(seed);
    ActorRef<Receptionist.Listing> listings = ctx.messageAdapter(Receptionist.Listing.class, RoutesChanged::new);
    for (String n : allNodes) ctx.getSystem().receptionist().tell(Receptionist.subscribe(nodeKey(n), listings));
    Cluster cluster = Cluster.get(ctx.getSystem());
    cluster.subscriptions().tell(Subscribe.create(
        ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class, Reachability::new),
        ClusterEvent.ReachabilityEvent.class));
    cluster.subscriptions().tell(Subscribe.create(
        ctx.messageAdapter(ClusterEvent.MemberEvent.class, Membership::new), ClusterEvent.MemberEvent.class));
  }

  @Override
  public Receive<Object> createReceive() {
    return newReceiveBuilder()
        .onMessage(NetworkCommand.Register.class, r -> {
          inboxes.put(r.node(), r.inbox());
          getContext().getSystem().receptionist().tell(
              Receptionist.register(nodeKey(r.node()), getContext().getSelf().<Wire>narrow()));
          return this;
        })
        .onMessage(Hosted.class, h -> {
          hosted.put(h.name(), h.node());
          return this;
        })
        .onMessage(NetworkCommand.Send.class, this::onSend)
        .onMessage(Wire.class, w -> {
          Inbox<?> inbox = inboxes.get(w.to());
          if (inbox == null) undeliverable++;
          else inbox.deliver(w.from(), w.payload());
          return this;
        })
        .onMessage(RoutesChanged.class, this::onRoutes)
        .onMessage(Reachability.class, r -> {
          akka.actor.Address a = r.event().member().address();
          boolean up = r.event() instanceof ClusterEvent.ReachableMember;
          if (up) unreachable.remove(a);
          else unreachable.add(a);
          tellHosted(a, up);
          return this;
        })
        .onMessage(Membership.class, m -> {
          if (m.event() instanceof ClusterEvent.MemberRemoved || m.event() instanceof ClusterEvent.MemberDowned) {
            tellHosted(m.event().member().address(), false);
          }
          return this;
        })
        .onMessage(NetworkCommand.Partition.class, p -> {
          cutLinks.partition(p.side1(), p.side2(), p.oneWay());
          return this;
        })
        .onMessage(NetworkCommand.Heal.class, h -> {
          cutLinks.heal();
          return this;
        })
        .onMessage(NetworkCommand.SetLoss.class, l -> {
          if (!(l.probability() >= 0 && l.probability() <= 1))
            throw new IllegalArgumentException("message loss must be in [0, 1], got " + l.probability());
          loss = l.probability();
          return this;
        })
        .onMessage(NetworkCommand.SlowNode.class, s -> {
          if (s.extraNanos() <= 0) slowNodes.remove(s.node());
          else slowNodes.put(s.node(), s.extraNanos());
          return this;
        })
        // The real network decides latency in real time; simulated latency models do not apply.
        .onMessage(NetworkCommand.SetDefaultLatency.class, l -> this)
        .onMessage(NetworkCommand.SetLinkLatency.class, l -> this)
        .onMessage(NetworkCommand.GetStats.class, g -> {
          g.replyTo().tell(new NetworkStats(sent, delivered, lost, partitioned, undeliverable, 0));
          return this;
        })
        .build();
  }

  private Behavior<Object> onSend(NetworkCommand.Send s) {
    sent++;
    if (cutLinks.isCut(s.from(), s.to())) {
      partitioned++;
      return this;
    }
    if (loss > 0 && !s.from().equals(s.to()) && rng.nextDouble() < loss) {
      lost++;
      return this;
    }
    long extra = slowNodes.getOrDefault(s.from(), 0L) + slowNodes.getOrDefault(s.to(), 0L);
    Inbox<?> inbox = inboxes.get(s.to());
    if (inbox != null) {
      delivered++;
      if (extra > 0) {
        CborSerializable payload = s.payload();
        getContext().getSystem().scheduler().scheduleOnce(Duration.ofNanos(extra),
            () -> inbox.deliver(s.from(), payload), getContext().getExecutionContext());
      } else {
        inbox.deliver(s.from(), s.payload());
      }
      return this;
    }
    ActorRef<Wire> route = routes.get(s.to());
    if (route == null) {
      undeliverable++;
      return this;
    }
    delivered++;
    Wire w = Wire.of(s.from(), s.to(), s.payload());
    if (extra > 0) getContext().scheduleOnce(Duration.ofNanos(extra), route, w);
    else route.tell(w);
    return this;
  }

  private Behavior<Object> onRoutes(RoutesChanged c) {
    Receptionist.Listing l = c.listing();
    @SuppressWarnings("unchecked")
    ServiceKey<Wire> key = (ServiceKey<Wire>) l.getKey();
    String node = key.id().substring("ringsim-node-".length());
    List<ActorRef<Wire>> refs = new ArrayList<>(l.getServiceInstances(key));
    refs.sort(Comparator.comparing(r -> r.path().toString()));
    ActorRef<Wire> before = routes.get(node);
    if (refs.isEmpty()) routes.remove(node);
    else routes.put(node, refs.get(0));
    ActorRef<Wire> after = routes.get(node);
    if (inboxes.containsKey(node)) return this;
    if (after != null) lastHost.put(node, after.path().address());
    // The Receptionist drops the entries of an unreachable or removed member, sometimes before the membership event
    // arrives: a node that loses its route is down for every node hosted here; one that gets it back is up.
    if (before != null && after == null) tellHosted(node, false);
    if (before == null && after != null && !unreachable.contains(after.path().address())) tellHosted(node, true);
    return this;
  }

  /** Marks every node hosted at {@code member} up or down in the view of every node hosted here. */
  private void tellHosted(akka.actor.Address member, boolean up) {
    for (Map.Entry<String, akka.actor.Address> h : lastHost.entrySet()) {
      if (member.equals(h.getValue())) tellHosted(h.getKey(), up);
    }
  }

  private void tellHosted(String node, boolean up) {
    for (Map.Entry<String, ActorRef<NodeCommand>> h : hosted.entrySet()) {
      h.getValue().tell(new NodeCommand.PeerChanged(new PeerStatus(h.getKey(), node, up, WallClock.nowNanos())));
    }
  }
}
