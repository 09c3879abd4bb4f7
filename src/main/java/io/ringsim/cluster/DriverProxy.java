package io.ringsim.cluster;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Asks on behalf of the driver thread. Unlike AskPattern, the answer completes the driver's future on the
 * simulation thread at the virtual instant it arrives, which is what lets a waiting driver stop the clock exactly
 * there and keeps runs reproducible.
 */
final class DriverProxy {
  private DriverProxy() {}

  record Ask<T, M>(ActorRef<M> target, Function<ActorRef<T>, M> message, CompletableFuture<T> result,
      Duration timeout) implements NoSerializationVerificationNeeded {}

  private record Timeout() implements NoSerializationVerificationNeeded {}

  static Behavior<Ask<?, ?>> create() {
    return Behaviors.receive((ctx, ask) -> {
      start(ctx, ask);
      return Behaviors.same();
    });
  }

  private static <T, M> void start(akka.actor.typed.javadsl.ActorContext<Ask<?, ?>> ctx, Ask<T, M> ask) {
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
