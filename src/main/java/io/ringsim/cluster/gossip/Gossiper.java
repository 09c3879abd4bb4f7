package io.ringsim.cluster.gossip;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import io.ringsim.cluster.net.NetworkCommand;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * One node's gossiper. Every round it bumps its own heartbeat and exchanges everything it knows with one random peer
 * it sees up, sometimes also with one it sees down (so a healed node is noticed) and with a seed (so the cluster does
 * not split into islands), as Cassandra's Gossiper does. Each fresher heartbeat it learns feeds its own phi-accrual
 * detector; after each round it reports every peer whose status (UN/DN) changed in its own view.
 *
 * <p>The simulation starts from a healthy cluster: every peer is known and up at time zero.
 */
public final class Gossiper extends AbstractBehavior<GossiperCommand> {

  private final String self;
  private final TreeSet<String> peers;
  private final List<String> seeds;
  private final ActorRef<NetworkCommand> network;
  private final ActorRef<PeerStatus> listener;
  private final LongSupplier nowNanos;
  private final SplittableRandom rng;
  private final GossipSettings settings;
  private final TimerScheduler<GossiperCommand> timers;
  private final TreeMap<String, HeartbeatState> states = new TreeMap<>();
  private final TreeSet<String> seenDown = new TreeSet<>();
  private PhiAccrualDetector detector;
  private boolean crashed;
  private long generation = 1;
  private long version;

  public static Behavior<GossiperCommand> create(
      String self,
      Collection<String> peers,
      Collection<String> seeds,
      ActorRef<NetworkCommand> network,
      ActorRef<PeerStatus> listener,
      LongSupplier nowNanos,
      long rngSeed,
      GossipSettings settings) {
    return Behaviors.setup(
        ctx ->
            Behaviors.withTimers(
                timers ->
                    new Gossiper(
                        ctx, timers, self, peers, seeds, network, listener, nowNanos, rngSeed, settings)));
  }

  private Gossiper(
      ActorContext<GossiperCommand> ctx,
      TimerScheduler<GossiperCommand> timers,
      String self,
      Collection<String> peers,
      Collection<String> seeds,
      ActorRef<NetworkCommand> network,
      ActorRef<PeerStatus> listener,
      LongSupplier nowNanos,
      long rngSeed,
      GossipSettings settings) {
    super(ctx);
    this.timers = timers;
    this.self = self;
    this.peers = new TreeSet<>(peers);
    this.peers.remove(self);
    this.seeds = new ArrayList<>(new TreeSet<>(seeds));
    this.seeds.remove(self);
    this.network = network;
    this.listener = listener;
    this.nowNanos = nowNanos;
    this.rng = new SplittableRandom(rngSeed);
    this.settings = settings;
    start(true);
  }

  private void start(boolean assumePeersUp) {
    detector = settings.newDetector(peers.size());
    states.clear();
    seenDown.clear();
    version = 0;
    states.put(self, new HeartbeatState(generation, version));
    long now = nowNanos.getAsLong();
    for (String p : peers) {
      if (assumePeersUp) {
        states.put(p, new HeartbeatState(0, 0));
        detector.heartbeat(p, now);
      } else {
        // A restarted node knows its peers from its saved ring but has heard nothing yet: down until gossip says up.
        seenDown.add(p);
        listener.tell(new PeerStatus(self, p, false, now));
      }
    }
    // Spread first rounds over one interval so that nodes do not gossip in lockstep.
    long first = 1 + rng.nextLong(settings.interval().toNanos());
    timers.startTimerWithFixedDelay(
        GossiperCommand.Round.INSTANCE, GossiperCommand.Round.INSTANCE, java.time.Duration.ofNanos(first),
        settings.interval());
  }

  @Override
  public Receive<GossiperCommand> createReceive() {
    return newReceiveBuilder()
        .onMessageEquals(GossiperCommand.Round.INSTANCE, this::onRound)
        .onMessage(GossiperCommand.FromPeer.class, this::onPeer)
        .onMessage(GossiperCommand.Crash.class, c -> {
          crashed = true;
          timers.cancelAll();
          return this;
        })
        .onMessage(GossiperCommand.Restart.class, r -> {
          crashed = false;
          generation = Math.max(generation + 1, r.generation());
          start(false);
          return this;
        })
        .onMessage(GossiperCommand.AddPeer.class, a -> {
          if (!a.node().equals(self) && peers.add(a.node())) seenDown.add(a.node());
          return this;
        })
        .onMessage(GossiperCommand.RemovePeer.class, r -> {
          peers.remove(r.node());
          states.remove(r.node());
          seenDown.remove(r.node());
          detector.remove(r.node());
          return this;
        })
        .build();
  }

  private Behavior<GossiperCommand> onRound() {
    if (crashed) return this;
    version++;
    states.put(self, new HeartbeatState(generation, version));
    List<String> live = new ArrayList<>();
    List<String> down = new ArrayList<>();
    for (String p : peers) (seenDown.contains(p) ? down : live).add(p);

    String liveTarget = live.isEmpty() ? null : live.get(rng.nextInt(live.size()));
    if (liveTarget != null) send(liveTarget, new GossipMessage.Syn(snapshot()));
    if (!down.isEmpty() && rng.nextDouble() < (double) down.size() / (live.size() + 1)) {
      send(down.get(rng.nextInt(down.size())), new GossipMessage.Syn(snapshot()));
    }
    if (!seeds.isEmpty() && (liveTarget == null || !seeds.contains(liveTarget))) {
      double p = live.size() < seeds.size() ? 1.0 : (double) seeds.size() / (live.size() + down.size());
      if (rng.nextDouble() <= p) send(seeds.get(rng.nextInt(seeds.size())), new GossipMessage.Syn(snapshot()));
    }
    checkStatuses();
    return this;
  }

  private Behavior<GossiperCommand> onPeer(GossiperCommand.FromPeer m) {
    if (crashed) return this;
    GossipMessage msg = m.message();
    if (msg instanceof GossipMessage.Syn syn) {
      merge(syn.states());
      send(m.from(), new GossipMessage.Ack(snapshot()));
    } else if (msg instanceof GossipMessage.Ack ack) {
      merge(ack.states());
    } else if (msg instanceof GossipMessage.Echo) {
      send(m.from(), new GossipMessage.EchoReply());
    } else if (msg instanceof GossipMessage.EchoReply) {
      if (peers.contains(m.from()) && seenDown.remove(m.from())) {
        listener.tell(new PeerStatus(self, m.from(), true, nowNanos.getAsLong()));
      }
    }
    return this;
  }

  private void merge(SortedMap<String, HeartbeatState> incoming) {
    if (incoming.comparator() != null) {
      for (var e : incoming.entrySet()) learn(e.getKey(), e.getValue());
      return;
    }
    // Both maps are in name order: walk them side by side instead of looking every name up (a 1,000-node cluster
    // merges a million entries per simulated second). Every name in states is self or a peer.
    long now = nowNanos.getAsLong();
    Iterator<Map.Entry<String, HeartbeatState>> mine = states.entrySet().iterator();
    Map.Entry<String, HeartbeatState> cur = mine.hasNext() ? mine.next() : null;
    for (var e : incoming.entrySet()) {
      String node = e.getKey();
      while (cur != null && cur.getKey().compareTo(node) < 0) cur = mine.hasNext() ? mine.next() : null;
      if (cur != null && cur.getKey().equals(node)) {
        if (!node.equals(self) && e.getValue().isNewerThan(cur.getValue())) {
          cur.setValue(e.getValue());
          heard(node, now);
        }
      } else if (learn(node, e.getValue())) {
        // A peer heard of for the first time was inserted: carry on from it in the changed map.
        mine = states.tailMap(node, false).entrySet().iterator();
        cur = mine.hasNext() ? mine.next() : null;
      }
    }
  }

  /** Takes {@code state} if it is news of a peer; returns whether it added a name to {@code states}. */
  private boolean learn(String node, HeartbeatState state) {
    if (node.equals(self) || !peers.contains(node)) return false;
    HeartbeatState known = states.get(node);
    if (!state.isNewerThan(known)) return false;
    states.put(node, state);
    heard(node, nowNanos.getAsLong());
    return known == null;
  }

  private void heard(String node, long now) {
    detector.heartbeat(node, now);
    if (!seenDown.isEmpty() && seenDown.contains(node)) send(node, new GossipMessage.Echo());
  }

  private void checkStatuses() {
    long now = nowNanos.getAsLong();
    for (String p : peers) {
      if ((seenDown.isEmpty() || !seenDown.contains(p)) && !detector.isAvailable(p, now)) {
        seenDown.add(p);
        listener.tell(new PeerStatus(self, p, false, now));
      }
    }
  }

  private SortedMap<String, HeartbeatState> snapshot() {
    return new TreeMap<>(states);
  }

  private void send(String to, GossipMessage m) {
    network.tell(new NetworkCommand.Send(self, to, m));
  }
}
