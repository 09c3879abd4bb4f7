package io.ringsim.cluster.gossip;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.net.Delivery;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.cluster.net.SimulatedNetwork;
import io.ringsim.cluster.time.SimulationLoop;
import io.ringsim.cluster.time.SimulationMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class GossiperTest {
  static final List<String> NODES = List.of("n1", "n2", "n3", "n4", "n5", "n6");
  static final long S = 1_000_000_000L;

  record Handles(ActorRef<NetworkCommand> network, Map<String, ActorRef<GossiperCommand>> gossipers)
      implements NoSerializationVerificationNeeded {}

  record Get(ActorRef<Handles> replyTo) implements NoSerializationVerificationNeeded {}

  /** A running 6-node gossip cluster and the status changes each node reported. */
  static final class Cluster implements AutoCloseable {
    final ActorSystem<Get> system;
    final SimulationLoop loop;
    final Handles h;
    final List<PeerStatus> events = Collections.synchronizedList(new ArrayList<>());

    Cluster(long seed) throws Exception {
      Behavior<Get> root =
          Behaviors.setup(
              ctx -> {
                SimulationLoop l = SimulationMode.loop(ctx.getSystem());
                ActorRef<NetworkCommand> net =
                    ctx.spawn(
                        SimulatedNetwork.create(
                            seed, new LatencyModel.Uniform(S / 1000, 5 * S / 1000), l::nowNanos, true),
                        "network");
                ActorRef<PeerStatus> listener =
                    ctx.spawn(
                        Behaviors.receive(PeerStatus.class)
                            .onMessage(PeerStatus.class, p -> {
                              events.add(p);
                              return Behaviors.same();
                            })
                            .build(),
                        "listener");
                Map<String, ActorRef<GossiperCommand>> gs = new HashMap<>();
                for (String n : NODES) {
                  ActorRef<GossiperCommand> g =
                      ctx.spawn(
                          Gossiper.create(
                              n, NODES, List.of("n1", "n4"), net, listener, l::nowNanos,
                              seed * 31 + n.hashCode(), GossipSettings.CASSANDRA_DEFAULTS),
                          "gossiper-" + n);
                  gs.put(n, g);
                  ActorRef<Delivery> inbox =
                      ctx.spawn(
                          Behaviors.receive(Delivery.class)
                              .onMessage(Delivery.class, d -> {
                                g.tell(new GossiperCommand.FromPeer(d.from(), (GossipMessage) d.payload()));
                                return Behaviors.same();
                              })
                              .build(),
                          "inbox-" + n);
                  net.tell(new NetworkCommand.Register(n, inbox));
                }
                Handles handles = new Handles(net, Map.copyOf(gs));
                return Behaviors.receive(Get.class)
                    .onMessage(Get.class, g -> {
                      g.replyTo().tell(handles);
                      return Behaviors.same();
                    })
                    .build();
              });
      system = SimulationMode.create(root, "gossip", ConfigFactory.load("application-test"));
      loop = SimulationMode.loop(system);
      var f = AskPattern.<Get, Handles>ask(system, Get::new, Duration.ofSeconds(5), system.scheduler());
      h = f.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    void runFor(long seconds) throws InterruptedException {
      loop.runUntil(loop.nowNanos() + seconds * S);
    }

    /** Who each node currently sees down, replaying the events. */
    Map<String, Set<String>> downViews() {
      Map<String, Set<String>> v = new TreeMap<>();
      for (String n : NODES) v.put(n, new TreeSet<>());
      synchronized (events) {
        for (PeerStatus e : events) {
          if (e.up()) v.get(e.observer()).remove(e.peer());
          else v.get(e.observer()).add(e.peer());
        }
      }
      return v;
    }

    @Override
    public void close() {
      system.terminate();
    }
  }

  @Test
  void aHealthyClusterStaysUpInEveryView() throws Exception {
    try (Cluster c = new Cluster(1)) {
      c.runFor(120);
      assertThat(c.events).isEmpty();
    }
  }

  @Test
  void aPartitionedNodeIsSeenDownByAllAndSeesAllDownThenHealingBringsItBack() throws Exception {
    try (Cluster c = new Cluster(2)) {
      c.runFor(30);
      long cutAt = c.loop.nowNanos();
      c.h.network().tell(new NetworkCommand.Partition(Set.of("n6"), Set.of("n1", "n2", "n3", "n4", "n5"), false));
      c.runFor(10);
      assertThat(c.events).as("nobody convicts before ~18 s of silence").isEmpty();
      c.runFor(20);
      Map<String, Set<String>> v = c.downViews();
      for (String n : List.of("n1", "n2", "n3", "n4", "n5")) assertThat(v.get(n)).containsExactly("n6");
      assertThat(v.get("n6")).containsExactly("n1", "n2", "n3", "n4", "n5");
      long firstConviction = c.events.stream().mapToLong(PeerStatus::atNanos).min().orElseThrow();
      assertThat(firstConviction - cutAt).isBetween(15 * S, 25 * S);

      c.h.network().tell(new NetworkCommand.Heal());
      c.runFor(20);
      assertThat(c.downViews().values()).allMatch(Set::isEmpty);
    }
  }

  @Test
  void aCrashedNodeIsConvictedAndARestartedOneOnlyComesBackWhenItAnswers() throws Exception {
    try (Cluster c = new Cluster(3)) {
      c.runFor(20);
      c.h.gossipers().get("n3").tell(new GossiperCommand.Crash());
      c.runFor(40);
      Map<String, Set<String>> v = c.downViews();
      for (String n : List.of("n1", "n2", "n4", "n5", "n6")) assertThat(v.get(n)).containsExactly("n3");

      // n5 crashes too; when n3 restarts it hears of n5 second-hand but must not believe it is up.
      c.h.gossipers().get("n5").tell(new GossiperCommand.Crash());
      c.runFor(5);
      c.h.gossipers().get("n3").tell(new GossiperCommand.Restart(2));
      c.runFor(40);
      v = c.downViews();
      assertThat(v.get("n3")).containsExactly("n5");
      for (String n : List.of("n1", "n2", "n4", "n6")) assertThat(v.get(n)).containsExactly("n5");
    }
  }

  @Test
  void theSameSeedGivesTheSameHistory() throws Exception {
    List<PeerStatus> first;
    try (Cluster c = new Cluster(9)) {
      c.runFor(10);
      c.h.network().tell(new NetworkCommand.Partition(Set.of("n1", "n2"), Set.of("n3", "n4", "n5", "n6"), false));
      c.runFor(40);
      c.h.network().tell(new NetworkCommand.Heal());
      c.runFor(20);
      first = List.copyOf(c.events);
    }
    try (Cluster c = new Cluster(9)) {
      c.runFor(10);
      c.h.network().tell(new NetworkCommand.Partition(Set.of("n1", "n2"), Set.of("n3", "n4", "n5", "n6"), false));
      c.runFor(40);
      c.h.network().tell(new NetworkCommand.Heal());
      c.runFor(20);
      assertThat(c.events).isEqualTo(first);
    }
    assertThat(first).hasSizeGreaterThan(8);
  }
}
