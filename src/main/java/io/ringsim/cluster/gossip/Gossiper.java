package io.ringsim.cluster.gossip;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import io.ringsim.cluster.MessageDispatch;
import io.ringsim.cluster.net.NetworkPort;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * One node's gossiper. Every round it bumps its own heartbeat and sends the digests of what it knows to one random
 * peer it sees up, sometimes also to one it sees down (so a healed node is noticed) and to a seed (so the cluster does
 * not split into islands), as Cassandra's Gossiper does; the peer takes the news in the digests and answers with the
 * heartbeats the sender lacks (see {@link GossipMessage}). Each fresher heartbeat it learns feeds its own phi-accrual
 * detector; after each round it reports every peer whose status (UN/DN) changed in its own view.
 *
 * <p>The simulation starts from a healthy cluster: every peer is known and up at time zero.
 */
public final class Gossiper extends AbstractBehavior<GossiperCommand> {

  private final String self;
  private final List<String> seeds;
  private final NetworkPort network;
  private final ActorRef<PeerStatus> listener;
  private final LongSupplier nowNanos;
  private final SplittableRandom rng;
  private final GossipSettings settings;
  private final TimerScheduler<GossiperCommand> timers;
  private final GossipView view;
  private boolean crashed;
  private long generation = 1;
  private long version;

  public static Behavior<GossiperCommand> create(
      String self,
      Collection<String> peers,
      Collection<String> seeds,
      NetworkPort network,
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
      NetworkPort network,
      ActorRef<PeerStatus> listener,
      LongSupplier nowNanos,
      long rngSeed,
      GossipSettings settings) {
    super(ctx);
    this.timers = timers;
    this.self = self;
    this.view = new GossipView(self, peers);
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
    version = 0;
    long now = nowNanos.getAsLong();
    view.reset(settings, generation, assumePeersUp, now);
    if (!assumePeersUp) {
      // A restarted node knows its peers from its saved ring but has heard nothing yet: down until gossip says up.
      for (int i = 0; i < view.size(); i++) {
        if (!view.isSelf(i)) listener.tell(new PeerStatus(self, view.endpoint(i), false, now));
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
    return MessageDispatch.<GossiperCommand>builder()
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
          view.add(a.node());
          return this;
        })
        .onMessage(GossiperCommand.RemovePeer.class, r -> {
          view.remove(r.node());
          return this;
        })
        .build();
  }

  private Behavior<GossiperCommand> onRound() {
    if (crashed) return this;
    version++;
    view.setSelf(generation, version);
    int live = view.livePeers();
    int down = view.downPeers();
    // One Syn for every target of the round: the digests do not change between the sends, and a message is immutable.
    GossipMessage.Syn syn = null;
    String liveTarget = live == 0 ? null : view.endpoint(view.nthPeer(false, rng.nextInt(live)));
    if (liveTarget != null) send(liveTarget, syn = new GossipMessage.Syn(view.digests()));
    if (down > 0 && rng.nextDouble() < (double) down / (live + 1)) {
      String downTarget = view.endpoint(view.nthPeer(true, rng.nextInt(down)));
      send(downTarget, syn != null ? syn : (syn = new GossipMessage.Syn(view.digests())));
    }
    if (!seeds.isEmpty() && (liveTarget == null || !seeds.contains(liveTarget))) {
      double p = live < seeds.size() ? 1.0 : (double) seeds.size() / (live + down);
      if (rng.nextDouble() <= p) {
        send(seeds.get(rng.nextInt(seeds.size())), syn != null ? syn : new GossipMessage.Syn(view.digests()));
      }
    }
    checkStatuses();
    return this;
  }

  private Behavior<GossiperCommand> onPeer(GossiperCommand.FromPeer m) {
    if (crashed) return this;
    GossipMessage msg = m.message();
    if (msg instanceof GossipMessage.Syn syn) {
      view.merge(syn.digests(), nowNanos.getAsLong(), this::heard);
      send(m.from(), new GossipMessage.Ack(view.newerThan(syn.digests())));
    } else if (msg instanceof GossipMessage.Ack ack) {
      view.merge(ack.newer(), nowNanos.getAsLong(), this::heard);
    } else if (msg instanceof GossipMessage.Echo) {
      send(m.from(), new GossipMessage.EchoReply());
    } else if (msg instanceof GossipMessage.EchoReply) {
      int i = view.indexOf(m.from());
      if (i >= 0 && view.mark(i, false)) listener.tell(new PeerStatus(self, m.from(), true, nowNanos.getAsLong()));
    }
    return this;
  }

  /** News of a peer seen down: ask it directly before believing it is back. */
  private void heard(int i) {
    if (view.isDown(i)) send(view.endpoint(i), new GossipMessage.Echo());
  }

  private void checkStatuses() {
    long now = nowNanos.getAsLong();
    for (int i = 0; i < view.size(); i++) {
      if (view.shouldConvict(i, now)) {
        view.mark(i, true);
        listener.tell(new PeerStatus(self, view.endpoint(i), false, now));
      }
    }
  }

  private void send(String to, GossipMessage m) {
    network.send(self, to, m);
  }
}
