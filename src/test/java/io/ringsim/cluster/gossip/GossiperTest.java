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
import io.ringsim.cluster.net.NetworkPort;
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

  record Delivered(String from, String to, GossipMessage message) {}

  /** A running gossip cluster (6 nodes unless said otherwise) and the status changes each node reported. */
  static final class Cluster implements AutoCloseable {
    final ActorSystem<Get> system;
    final SimulationLoop loop;
    final Handles h;
    final List<String> nodes;
    final List<PeerStatus> events = Collections.synchronizedList(new ArrayList<>());
    /** Every gossip message delivered, in delivery order. */
    final List<Delivered> delivered = Collections.synchronizedList(new ArrayList<>());

    Cluster(long seed) throws Exception {
      this(seed, NODES, List.of("n1", "n4"));
    }

    Cluster(long seed, List<String> nodes, List<String> seeds) throws Exception {
      this.nodes = nodes;
      Behavior<Get> root =
          Behaviors.setup(
              ctx -> {
                SimulationLoop l = SimulationMode.loop(ctx.getSystem());
                ActorRef<NetworkCommand> net =
                    ctx.spawn(
                        SimulatedNetwork.create(
                            seed, new LatencyModel.Uniform(S / 1000, 5 * S / 1000), l, true),
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
                for (String n : nodes) {
                  ActorRef<GossiperCommand> g =
                      ctx.spawn(
                          Gossiper.create(
                              n, nodes, seeds, NetworkPort.of(net), listener, l::nowNanos,
                              seed * 31 + n.hashCode(), GossipSettings.CASSANDRA_DEFAULTS),
                          "gossiper-" + n);
                  gs.put(n, g);
                  ActorRef<Delivery> inbox =
                      ctx.spawn(
                          Behaviors.receive(Delivery.class)
                              .onMessage(Delivery.class, d -> {
                                delivered.add(new Delivered(d.from(), n, (GossipMessage) d.payload()));
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
      for (String n : nodes) v.put(n, new TreeSet<>());
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

  /** n1 ... n{count}. */
  static List<String> names(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= count; i++) names.add("n" + i);
    return names;
  }

  /** When each observer saw {@code peer} go down (the first time). */
  static Map<String, Long> convictions(Cluster c, String peer) {
    Map<String, Long> at = new TreeMap<>();
    synchronized (c.events) {
      for (PeerStatus e : c.events) if (e.peer().equals(peer) && !e.up()) at.putIfAbsent(e.observer(), e.atNanos());
    }
    return at;
  }

  @Test
  void aCrashedNodeIsConvictedByEveryOtherNodeWithinTenToThirtySeconds() throws Exception {
    List<String> nodes = names(20);
    try (Cluster c = new Cluster(4, nodes, List.of("n1", "n2", "n3"))) {
      c.runFor(30);
      long crashAt = c.loop.nowNanos();
      c.h.gossipers().get("n7").tell(new GossiperCommand.Crash());
      c.runFor(40);
      Map<String, Long> convicted = convictions(c, "n7");
      List<String> others = new ArrayList<>(nodes);
      others.remove("n7");
      assertThat(convicted.keySet()).containsExactlyInAnyOrderElementsOf(others);
      // About 18 s of silence times the mean interval between fresh heartbeats, which is not quite 1 s when news
      // comes by several paths. Full-state gossip convicted n7 here 14.0 to 23.7 s after the crash.
      for (long at : convicted.values()) assertThat(at - crashAt).isBetween(10 * S, 30 * S);
      assertThat(c.events).allMatch(e -> e.peer().equals("n7"));
    }
  }

  @Test
  void aHundredNodeClusterConverges() throws Exception {
    List<String> nodes = names(100);
    try (Cluster c = new Cluster(5, nodes, List.of("n1", "n2", "n3"))) {
      c.runFor(30);
      assertThat(c.events).as("a healthy cluster convicts nobody").isEmpty();
      long crashAt = c.loop.nowNanos();
      c.h.gossipers().get("n50").tell(new GossiperCommand.Crash());
      c.runFor(45);
      Map<String, Set<String>> views = c.downViews();
      for (String n : nodes) {
        if (!n.equals("n50")) assertThat(views.get(n)).as(n).containsExactly("n50");
      }
      // Full-state gossip convicted n50 here 17.4 to 30.5 s after the crash: news of a node in a big cluster comes less
      // regularly, and intervals over 2 s do not count, so some detectors average over longer intervals.
      for (long at : convictions(c, "n50").values()) assertThat(at - crashAt).isBetween(10 * S, 40 * S);

      // Restarted, n50 has heard nothing: it learns every other node's heartbeat from the answers to its digests, and
      // they learn its new generation from each other, all within a few rounds.
      c.h.gossipers().get("n50").tell(new GossiperCommand.Restart(2));
      c.runFor(15);
      assertThat(c.downViews().values()).allMatch(Set::isEmpty);
    }
  }

  /**
   * Digest gossip convicts and clears nodes at the very instants full-state gossip did: a scripted run (message loss,
   * a crash, a partition, a restart, a node leaving the ring and joining again) reports the status changes recorded
   * with the full-state gossiper, to the nanosecond. (The run is written to target/ for comparison.)
   */
  @Test
  void statusChangesHappenWhenFullStateGossipMadeThem() throws Exception {
    List<String> nodes = names(12);
    List<String> lines = new ArrayList<>();
    try (Cluster c = new Cluster(11, nodes, List.of("n1", "n2", "n3"))) {
      c.runFor(30);
      c.h.network().tell(new NetworkCommand.SetLoss(0.05));
      c.h.gossipers().get("n3").tell(new GossiperCommand.Crash());
      c.runFor(25);
      c.h.network().tell(new NetworkCommand.Partition(Set.of("n1", "n2"), Set.copyOf(nodes.subList(3, 12)), false));
      c.runFor(30);
      c.h.network().tell(new NetworkCommand.Heal());
      c.runFor(10);
      c.h.gossipers().get("n3").tell(new GossiperCommand.Restart(2));
      c.runFor(20);
      c.h.gossipers().get("n12").tell(new GossiperCommand.Crash());
      c.runFor(25);
      for (String n : nodes.subList(0, 11)) c.h.gossipers().get(n).tell(new GossiperCommand.RemovePeer("n12"));
      c.runFor(10);
      c.h.gossipers().get("n12").tell(new GossiperCommand.Restart(2));
      for (String n : nodes.subList(0, 11)) c.h.gossipers().get(n).tell(new GossiperCommand.AddPeer("n12"));
      c.runFor(30);
      c.h.network().tell(new NetworkCommand.SetLoss(0));
      c.runFor(10);
      synchronized (c.events) {
        for (PeerStatus e : c.events)
          lines.add(e.atNanos() + " " + e.observer() + " " + e.peer() + " " + (e.up() ? "up" : "down"));
      }
    }
    java.nio.file.Path out = java.nio.file.Path.of("target", "gossip-status-history.txt");
    java.nio.file.Files.createDirectories(out.getParent());
    java.nio.file.Files.write(out, lines);
    List<String> recorded;
    try (var in = GossiperTest.class.getResourceAsStream("/gossip/status-history-seed11.txt")) {
      assertThat(in).as("the recorded history").isNotNull();
      recorded = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    }
    assertThat(lines).hasSizeGreaterThan(50).isEqualTo(recorded);
  }

  @Test
  void everyAckCarriesOnlyTheHeartbeatsItsSynLacked() throws Exception {
    try (Cluster c = new Cluster(6)) {
      c.runFor(60);
      // Links are FIFO and nothing is lost: the k-th Ack from b to a answers the k-th Syn from a that b received.
      Map<String, java.util.ArrayDeque<Heartbeats>> synsAwaitingAck = new TreeMap<>();
      int acks = 0;
      long entries = 0;
      synchronized (c.delivered) {
        for (Delivered d : c.delivered) {
          if (d.message() instanceof GossipMessage.Syn syn) {
            synsAwaitingAck.computeIfAbsent(d.from() + ">" + d.to(), k -> new java.util.ArrayDeque<>())
                .addLast(syn.digests());
          } else if (d.message() instanceof GossipMessage.Ack ack) {
            var pending = synsAwaitingAck.get(d.to() + ">" + d.from());
            if (pending == null || pending.isEmpty()) continue; // its Syn was sent before the test could see it
            Heartbeats digests = pending.removeFirst();
            Map<String, HeartbeatState> known = new TreeMap<>();
            for (int i = 0; i < digests.size(); i++) known.put(digests.endpoints().get(i), digests.state(i));
            for (int i = 0; i < ack.newer().size(); i++) {
              HeartbeatState sent = ack.newer().state(i);
              assertThat(sent.isNewerThan(known.get(ack.newer().endpoints().get(i))))
                  .as("%s's Ack to %s: %s", d.from(), d.to(), ack.newer()).isTrue();
            }
            acks++;
            entries += ack.newer().size();
          }
        }
      }
      assertThat(acks).isGreaterThan(300);
      assertThat((double) entries / acks).as("heartbeats per Ack, out of 6").isLessThan(4);
    }
  }
}
