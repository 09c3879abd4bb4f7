package io.ringsim.cluster.net;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import io.ringsim.cluster.CborSerializable;
import java.util.Set;

/**
 * The protocol of the simulated network actor: node registration, message sends, and the faults it can inject. These
 * commands are local to one simulation; payloads of {@link Send} are the messages that cross nodes.
 */
public sealed interface NetworkCommand extends NoSerializationVerificationNeeded {

  /** A node's inbox: where messages addressed to {@code node} are delivered. */
  record Register(String node, Inbox<?> inbox) implements NetworkCommand {
    public Register(String node, ActorRef<Delivery> inbox) {
      this(node, Inbox.of(inbox));
    }
  }

  /** Sends {@code payload} from one node to another through the simulated links. */
  record Send(String from, String to, CborSerializable payload) implements NetworkCommand {}

  /** Latency of every link that has no latency of its own. */
  record SetDefaultLatency(LatencyModel latency) implements NetworkCommand {}

  /** Latency of the one-way link {@code from -> to}. */
  record SetLinkLatency(String from, String to, LatencyModel latency) implements NetworkCommand {}

  /** Probability in [0, 1] that any message is lost. */
  record SetLoss(double probability) implements NetworkCommand {}

  /**
   * Cuts the links from every node of {@code side1} to every node of {@code side2}, and back unless {@code oneWay}.
   * Partitions accumulate until {@link Heal}.
   */
  record Partition(Set<String> side1, Set<String> side2, boolean oneWay) implements NetworkCommand {}

  /** Removes every partition. */
  record Heal() implements NetworkCommand {}

  /** Adds {@code extraNanos} to every message a node sends or receives (0 makes it normal again). */
  record SlowNode(String node, long extraNanos) implements NetworkCommand {}

  /** Asks for the counters of what the network did so far. */
  record GetStats(ActorRef<NetworkStats> replyTo) implements NetworkCommand {}
}
