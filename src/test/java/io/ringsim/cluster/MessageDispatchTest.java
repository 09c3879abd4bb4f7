package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The handler chosen for a message is the one Akka's ReceiveBuilder would choose: the first added that matches. */
class MessageDispatchTest {
  sealed interface Cmd permits Ping, Pong, Tick {}

  record Ping(int n) implements Cmd {}

  record Pong(int n) implements Cmd {}

  enum Tick implements Cmd { INSTANCE, OTHER }

  private final List<String> handled = new ArrayList<>();

  private Behavior<Cmd> note(String what) {
    handled.add(what);
    return Behaviors.same();
  }

  @Test
  void theFirstMatchingHandlerWinsEveryTimeTheClassArrives() throws Exception {
    MessageDispatch<Cmd> d = MessageDispatch.<Cmd>builder()
        .onMessageEquals(Tick.INSTANCE, () -> note("tick"))
        .onMessage(Ping.class, p -> note("ping " + p.n()))
        .onMessage(Cmd.class, c -> note("any cmd " + c))
        .onMessage(Pong.class, p -> note("pong, never reached"))
        .build();
    for (int i = 0; i < 2; i++) { // the second time through, the cached choice must be the same
      d.receiveMessage(new Ping(i));
      d.receiveMessage(new Pong(i));
      d.receiveMessage(Tick.INSTANCE);
      d.receiveMessage(Tick.OTHER);
    }
    assertThat(handled).containsExactly("ping 0", "any cmd Pong[n=0]", "tick", "any cmd OTHER",
        "ping 1", "any cmd Pong[n=1]", "tick", "any cmd OTHER");
  }

  @Test
  void aMessageNoHandlerTakesIsUnhandledUnlessThereIsACatchAll() throws Exception {
    MessageDispatch<Cmd> only = MessageDispatch.<Cmd>builder().onMessage(Ping.class, p -> note("ping")).build();
    assertThat(only.receiveMessage(new Pong(1))).isSameAs(Behaviors.unhandled());
    assertThat(only.receiveMessage(Tick.INSTANCE)).isSameAs(Behaviors.unhandled());
    MessageDispatch<Cmd> withAny = MessageDispatch.<Cmd>builder()
        .onMessage(Ping.class, p -> note("ping"))
        .onAnyMessage(m -> note("any " + m))
        .onMessage(Pong.class, p -> note("pong, never reached"))
        .build();
    withAny.receiveMessage(new Pong(2));
    withAny.receiveMessage(new Ping(3));
    assertThat(handled).containsExactly("any Pong[n=2]", "ping");
  }
}
