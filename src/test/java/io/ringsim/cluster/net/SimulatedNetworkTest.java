package io.ringsim.cluster.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.time.SimulationLoop;
import io.ringsim.cluster.time.SimulationMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SimulatedNetworkTest {

  record Msg(int n, List<String> tags) implements CborSerializable {}

  record Arrival(String at, String from, Msg msg, long nanos) {}

  sealed interface Root extends akka.actor.NoSerializationVerificationNeeded {}

  record Start(ActorRef<ActorRef<NetworkCommand>> replyTo) implements Root {}

  private ActorSystem<Root> system;
  private SimulationLoop loop;
  private ActorRef<NetworkCommand> net;
  private final List<Arrival> arrivals = Collections.synchronizedList(new ArrayList<>());

  private void start(long seed, LatencyModel latency) throws Exception {
    Behavior<Root> root =
        Behaviors.setup(
            ctx -> {
              SimulationLoop l = SimulationMode.loop(ctx.getSystem());
              ActorRef<NetworkCommand> n =
                  ctx.spawn(SimulatedNetwork.create(seed, latency, l, true), "network");
              for (String node : List.of("a", "b", "c")) {
                ActorRef<Delivery> inbox =
                    ctx.spawn(
                        Behaviors.receive(Delivery.class)
                            .onMessage(
                                Delivery.class,
                                d -> {
                                  arrivals.add(new Arrival(node, d.from(), (Msg) d.payload(), l.nowNanos()));
                                  return Behaviors.same();
                                })
                            .build(),
                        node);
                n.tell(new NetworkCommand.Register(node, inbox));
              }
              return Behaviors.receive(Root.class)
                  .onMessage(
                      Start.class,
                      s -> {
                        s.replyTo().tell(n);
                        return Behaviors.same();
                      })
                  .build();
            });
    system = SimulationMode.create(root, "net", ConfigFactory.load("application-test"));
    loop = SimulationMode.loop(system);
    net =
        AskPattern.<Root, ActorRef<NetworkCommand>>ask(
                system, Start::new, Duration.ofSeconds(5), system.scheduler())
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() {
    if (system != null) system.terminate();
  }

  private void send(String from, String to, int n) {
    net.tell(new NetworkCommand.Send(from, to, new Msg(n, List.of("x" + n))));
  }

  private void runFor(Duration d) throws InterruptedException {
    loop.runUntil(loop.nowNanos() + d.toNanos());
  }

  @Test
  void theWireNodesShareRefusesAnyThreadButTheLoops() throws Exception {
    start(1, new LatencyModel.Fixed(0));
    SimulatedWire wire = new SimulatedWire(system, 1, new LatencyModel.Fixed(0), loop, false, TraceLog.OFF,
        new io.ringsim.cluster.FaultState());
    assertThatThrownBy(() -> wire.send("a", "b", new Msg(1, List.of())))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("outside the simulation loop's thread");
    assertThatThrownBy(() -> wire.register("a", Inbox.of(system.ignoreRef())))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void fixedLatencyDeliversAtExactlyThatVirtualDelay() throws Exception {
    start(1, new LatencyModel.Fixed(TimeUnit.MILLISECONDS.toNanos(3)));
    long sentAt = loop.nowNanos();
    send("a", "b", 1);
    runFor(Duration.ofSeconds(1));
    assertThat(arrivals).hasSize(1);
    Arrival a = arrivals.get(0);
    assertThat(a.at()).isEqualTo("b");
    assertThat(a.from()).isEqualTo("a");
    assertThat(a.nanos() - sentAt).isEqualTo(TimeUnit.MILLISECONDS.toNanos(3));
  }

  @Test
  void payloadsArriveAsSerializedCopiesNotSharedObjects() throws Exception {
    start(1, new LatencyModel.Fixed(0));
    Msg original = new Msg(7, new ArrayList<>(List.of("t")));
    net.tell(new NetworkCommand.Send("a", "b", original));
    runFor(Duration.ofMillis(1));
    assertThat(arrivals).hasSize(1);
    assertThat(arrivals.get(0).msg()).isEqualTo(original).isNotSameAs(original);
    assertThat(stats().bytesSerialized()).isPositive();
  }

  @Test
  void aLinkIsFifoWhateverLatencyEachMessageDraws() throws Exception {
    start(5, new LatencyModel.Uniform(0, TimeUnit.MILLISECONDS.toNanos(50)));
    for (int i = 0; i < 200; i++) send("a", "b", i);
    runFor(Duration.ofSeconds(1));
    assertThat(arrivals).extracting(x -> x.msg().n()).containsExactlyElementsOf(range(200));
  }

  @Test
  void twoWayPartitionBlocksBothDirectionsOneWayOnlyOneAndHealRestores() throws Exception {
    start(1, new LatencyModel.Fixed(1000));
    net.tell(new NetworkCommand.Partition(Set.of("a"), Set.of("b", "c"), false));
    send("a", "b", 1);
    send("b", "a", 2);
    send("b", "c", 3);
    runFor(Duration.ofMillis(10));
    assertThat(arrivals).extracting(x -> x.msg().n()).containsExactly(3);

    net.tell(new NetworkCommand.Heal());
    net.tell(new NetworkCommand.Partition(Set.of("a"), Set.of("b"), true));
    send("a", "b", 4);
    send("b", "a", 5);
    runFor(Duration.ofMillis(10));
    assertThat(arrivals).extracting(x -> x.msg().n()).containsExactly(3, 5);

    net.tell(new NetworkCommand.Heal());
    send("a", "b", 6);
    runFor(Duration.ofMillis(10));
    assertThat(arrivals).extracting(x -> x.msg().n()).containsExactly(3, 5, 6);
    assertThat(stats().droppedByPartition()).isEqualTo(3);
  }

  @Test
  void slowNodeAddsItsDelayToWhatItSendsAndReceives() throws Exception {
    start(1, new LatencyModel.Fixed(TimeUnit.MILLISECONDS.toNanos(1)));
    net.tell(new NetworkCommand.SlowNode("b", TimeUnit.MILLISECONDS.toNanos(100)));
    long t0 = loop.nowNanos();
    send("a", "b", 1);
    send("a", "c", 2);
    runFor(Duration.ofSeconds(1));
    assertThat(arrivals).extracting(Arrival::at).containsExactly("c", "b");
    assertThat(arrivals.get(1).nanos() - t0).isEqualTo(TimeUnit.MILLISECONDS.toNanos(101));
  }

  @Test
  void lossDropsAboutThatShareAndTheSameSeedDropsTheSameMessages() throws Exception {
    List<Integer> first = lossyRun(42);
    stop();
    arrivals.clear();
    List<Integer> second = lossyRun(42);
    assertThat(first.size()).isBetween(2_700, 3_300 + 0).isNotEqualTo(0);
    assertThat(second).isEqualTo(first);
    stop();
    arrivals.clear();
    assertThat(lossyRun(43)).isNotEqualTo(first);
  }

  private List<Integer> lossyRun(long seed) throws Exception {
    start(seed, new LatencyModel.LogNormal(TimeUnit.MILLISECONDS.toNanos(2), TimeUnit.MILLISECONDS.toNanos(20)));
    net.tell(new NetworkCommand.SetLoss(0.7));
    for (int i = 0; i < 10_000; i++) send("a", i % 2 == 0 ? "b" : "c", i);
    runFor(Duration.ofSeconds(5));
    List<Integer> got = new ArrayList<>();
    synchronized (arrivals) {
      for (Arrival a : arrivals) got.add(a.msg().n());
    }
    return got;
  }

  private NetworkStats stats() throws Exception {
    var f =
        AskPattern.<NetworkCommand, NetworkStats>ask(
                net, NetworkCommand.GetStats::new, Duration.ofSeconds(5), system.scheduler())
            .toCompletableFuture();
    loop.settle();
    return f.get(10, TimeUnit.SECONDS);
  }

  private static List<Integer> range(int n) {
    List<Integer> r = new ArrayList<>();
    for (int i = 0; i < n; i++) r.add(i);
    return r;
  }
}
