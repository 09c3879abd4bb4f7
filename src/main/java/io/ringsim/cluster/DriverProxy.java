package io.ringsim.cluster;

import akka.actor.Cancellable;
import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeCommand;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Asks on behalf of the driver thread. Unlike AskPattern, the answer completes the driver's future on the
 * simulation thread at the virtual instant it arrives, which is what lets a waiting driver stop the clock exactly
 * there and keeps runs reproducible.
 *
 * <p>Client requests to a coordinator ({@link Submit}, every statement a served client or a script sends) are
 * tagged and answered to this actor itself, which keeps the waiting futures in a map: one message to the node and one
 * back. Any other ask spawns a short-lived actor as its reply address; doing that per client request (an actor
 * created, a keyed timer started, the actor stopped) cost about a sixth of the simulation thread of a served cluster
 * under load.
 */
final class DriverProxy {
  private DriverProxy() {}

  record Ask<T, M>(ActorRef<M> target, Function<ActorRef<T>, M> message, CompletableFuture<T> result,
      Duration timeout) implements NoSerializationVerificationNeeded {}

  /** A client request for {@code node} to coordinate; {@code result} completes with its answer or times out. */
  record Submit(ActorRef<NodeCommand> node, ClientRequest request, CompletableFuture<ClientResponse> result,
      Duration timeout) implements NoSerializationVerificationNeeded {}

  private record Timeout() implements NoSerializationVerificationNeeded {}

  private record SubmitTimeout(long tag) implements NoSerializationVerificationNeeded {}

  private record Waiting(CompletableFuture<ClientResponse> result, Cancellable timer, Duration timeout) {}

  static Behavior<Object> create() {
    return Behaviors.setup(ctx -> {
      Map<Long, Waiting> waiting = new HashMap<>();
      long[] nextTag = {1};
      ActorRef<NodeCommand.TaggedResponse> answers = ctx.getSelf().narrow();
      return Behaviors.receive((c, m) -> {
        if (m instanceof Submit s) {
          long tag = nextTag[0]++;
          Cancellable timer = c.scheduleOnce(s.timeout(), c.getSelf(), new SubmitTimeout(tag));
          waiting.put(tag, new Waiting(s.result(), timer, s.timeout()));
          s.node().tell(new NodeCommand.CoordinateTagged(s.request(), tag, answers));
        } else if (m instanceof NodeCommand.TaggedResponse r) {
          Waiting w = waiting.remove(r.tag());
          if (w != null) {
            w.timer().cancel();
            w.result().complete(r.response());
          }
        } else if (m instanceof SubmitTimeout t) {
          Waiting w = waiting.remove(t.tag());
          if (w != null) w.result().completeExceptionally(new TimeoutException("no answer within " + w.timeout()));
        } else if (m instanceof Ask<?, ?> ask) {
          start(c, ask);
        }
        return Behaviors.same();
      });
    });
  }

  private static <T, M> void start(akka.actor.typed.javadsl.ActorContext<Object> ctx, Ask<T, M> ask) {
    ActorRef<Object> waiter = ctx.spawnAnonymous(Behaviors.<Object>withTimers(timers -> {
      timers.startSingleTimer(new Timeout(), ask.timeout());
      return Behaviors.receive((c, msg) -> {
        if (msg instanceof Timeout) {
          ask.result().completeExceptionally(new TimeoutException("no answer within " + ask.timeout()));
        } else {
          @SuppressWarnings("unchecked")
          T answer = (T) msg;
          ask.result().complete(answer);
        }
        return Behaviors.stopped();
      });
    }));
    @SuppressWarnings("unchecked")
    ActorRef<T> replyTo = (ActorRef<T>) (ActorRef<?>) waiter;
    ask.target().tell(ask.message().apply(replyTo));
  }
}
