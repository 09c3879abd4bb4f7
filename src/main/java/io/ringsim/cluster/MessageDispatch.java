package io.ringsim.cluster;

import akka.actor.typed.Behavior;
import akka.actor.typed.Signal;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.japi.function.Function;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A behaviour's message handlers, chosen as Akka's {@code ReceiveBuilder} chooses them (the first handler added whose
 * class the message is an instance of, or whose value it equals, or the catch-all; otherwise unhandled), but found
 * through a map from the message's class to the few handlers that can match it, built the first time that class
 * arrives. {@code ReceiveBuilder}'s receive walks every handler added before the matching one and, in Akka 2.6,
 * allocates three objects per handler it passes: on the node actor, whose replica messages come after about twenty
 * control handlers, that was the largest share of the simulation thread's allocations.
 */
public final class MessageDispatch<T> extends Receive<T> {

  private record Case<T>(Class<?> type, Object equalTo, Function<Object, Behavior<T>> handler) {
    boolean matches(Object msg) {
      return type != null ? type.isInstance(msg) : equalTo == null || equalTo.equals(msg);
    }
  }

  private final List<Case<T>> cases;
  /** Per message class: the handlers that can match an instance of it, in the order they were added. */
  private final Map<Class<?>, Case<T>[]> byClass = new IdentityHashMap<>();

  private MessageDispatch(List<Case<T>> cases) {
    this.cases = List.copyOf(cases);
  }

  public static <T> Builder<T> builder() {
    return new Builder<>();
  }

  @Override
  public Behavior<T> receiveMessage(T msg) throws Exception {
    Case<T>[] candidates = byClass.get(msg.getClass());
    if (candidates == null) {
      candidates = candidatesFor(msg.getClass());
      byClass.put(msg.getClass(), candidates);
    }
    for (Case<T> c : candidates) {
      if (c.type != null || c.matches(msg)) return c.handler.apply(msg);
    }
    return Behaviors.unhandled();
  }

  @SuppressWarnings("unchecked")
  private Case<T>[] candidatesFor(Class<?> cls) {
    List<Case<T>> out = new ArrayList<>();
    for (Case<T> c : cases) {
      if (c.type == null) {
        out.add(c); // equality cases are decided per message; the catch-all ends the list
        if (c.equalTo == null) break;
      } else if (c.type.isAssignableFrom(cls)) {
        out.add(c); // an instance of cls always matches: nothing after it can be reached
        break;
      }
    }
    return out.toArray(new Case[0]);
  }

  @Override
  public Behavior<T> receiveSignal(Signal sig) {
    return Behaviors.unhandled();
  }

  /** Adds handlers in the order they are tried, as {@code ReceiveBuilder} does. */
  public static final class Builder<T> {
    private final List<Case<T>> cases = new ArrayList<>();

    private Builder() {}

    @SuppressWarnings("unchecked")
    public <M extends T> Builder<T> onMessage(Class<M> type, Function<M, Behavior<T>> handler) {
      cases.add(new Case<>(type, null, m -> handler.apply((M) m)));
      return this;
    }

    /** Handles a message equal to {@code value} (a singleton command such as a timer's tick). */
    public Builder<T> onMessageEquals(T value, akka.japi.function.Creator<Behavior<T>> handler) {
      if (value == null) throw new IllegalArgumentException("onMessageEquals needs a value");
      cases.add(new Case<>(null, value, m -> handler.create()));
      return this;
    }

    /** Handles whatever no earlier handler took. */
    @SuppressWarnings("unchecked")
    public Builder<T> onAnyMessage(Function<T, Behavior<T>> handler) {
      cases.add(new Case<>(null, null, m -> handler.apply((T) m)));
      return this;
    }

    public MessageDispatch<T> build() {
      return new MessageDispatch<>(cases);
    }
  }
}
