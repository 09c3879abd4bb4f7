package io.ringsim.cluster.net;

import akka.actor.typed.ActorRef;
import io.ringsim.cluster.CborSerializable;

/**
 * How a node and its gossiper reach the network: they send messages to peers and register where their own messages
 * are delivered. In a simulation this is the {@link SimulatedWire} itself, called on the loop's thread; across JVMs
 * it is the member's network actor, told.
 */
public interface NetworkPort {
  void send(String from, String to, CborSerializable payload);

  void register(String node, Inbox<?> inbox);

  /** A network actor as a port: every call becomes a message to it. */
  static NetworkPort of(ActorRef<NetworkCommand> actor) {
    return new NetworkPort() {
      @Override
      public void send(String from, String to, CborSerializable payload) {
        actor.tell(new NetworkCommand.Send(from, to, payload));
      }

      @Override
      public void register(String node, Inbox<?> inbox) {
        actor.tell(new NetworkCommand.Register(node, inbox));
      }
    };
  }
}
