package io.ringsim.cluster.time;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.ActorCell;
import akka.actor.ActorRefWithCell;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Adapter;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Simulation mode's mailbox: what actors send each other on the loop's thread, and what other threads send while
 * the loop runs, all arrives, each sender's messages in the order sent.
 */
class SimulationMailboxTest {

  sealed interface Cmd extends akka.actor.NoSerializationVerificationNeeded {}

  /** A number from sender {@code from}. */
  record Num(int from, int n) implements Cmd {}

  /** Asks the source to send {@code count} numbers, from the loop's thread. */
  record Burst(int count) implements Cmd {}

  private ActorSystem<Void> system;

  private ActorRef<Cmd> spawn(Behavior<Cmd> b, String name) throws Exception {
    List<ActorRef<Cmd>> out = new ArrayList<>();
    system = SimulationMode.create(Behaviors.setup(ctx -> {
      out.add(ctx.spawn(b, name));
      return Behaviors.empty();
    }), "mailbox", ConfigFactory.load("application-test"));
    SimulationMode.loop(system).settle();
    return out.get(0);
  }

  @AfterEach
  void stop() {
    if (system != null) system.terminate();
  }

  /** Records every number it gets. */
  static Behavior<Cmd> recorder(List<Num> seen) {
    return Behaviors.receive(Cmd.class)
        .onMessage(Num.class, n -> {
          seen.add(n);
          return Behaviors.same();
        })
        .build();
  }

  @Test
  void actorsOfASimulationUseIt() throws Exception {
    ActorRef<Cmd> ref = spawn(recorder(new ArrayList<>()), "r");
    ActorCell cell = (ActorCell) ((ActorRefWithCell) Adapter.toClassic(ref)).underlying();
    assertThat(cell.mailbox().messageQueue()).isInstanceOf(SimulationMailbox.Queue.class);
  }

  @Test
  void messagesSentOnTheLoopArriveInOrder() throws Exception {
    List<Num> seen = Collections.synchronizedList(new ArrayList<>());
    ActorRef<Cmd> ref = spawn(Behaviors.setup(ctx -> {
      ActorRef<Cmd> sink = ctx.spawn(recorder(seen), "sink");
      return Behaviors.receive(Cmd.class)
          .onMessage(Burst.class, b -> {
            for (int i = 0; i < b.count(); i++) sink.tell(new Num(0, i));
            return Behaviors.same();
          })
          .build();
    }), "source");
    ref.tell(new Burst(20_000));
    SimulationMode.loop(system).settle();
    assertThat(seen).hasSize(20_000);
    for (int i = 0; i < seen.size(); i++) assertThat(seen.get(i).n()).isEqualTo(i);
  }

  @Test
  void messagesFromOtherThreadsWhileTheLoopRunsAllArriveInTheirOrder() throws Exception {
    List<Num> seen = Collections.synchronizedList(new ArrayList<>());
    ActorRef<Cmd> sink = spawn(recorder(seen), "sink");
    int perThread = 20_000;
    List<Thread> senders = new ArrayList<>();
    for (int t = 1; t <= 2; t++) {
      int from = t;
      senders.add(new Thread(() -> {
        for (int i = 0; i < perThread; i++) sink.tell(new Num(from, i));
      }));
    }
    senders.forEach(Thread::start);
    for (Thread t : senders) t.join(TimeUnit.MINUTES.toMillis(2));
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (seen.size() < 2 * perThread && System.nanoTime() < deadline) SimulationMode.loop(system).settle();
    assertThat(seen).hasSize(2 * perThread);
    for (int from = 1; from <= 2; from++) {
      int f = from;
      assertThat(seen.stream().filter(n -> n.from() == f).mapToInt(Num::n).toArray())
          .isEqualTo(java.util.stream.IntStream.range(0, perThread).toArray());
    }
  }
}
