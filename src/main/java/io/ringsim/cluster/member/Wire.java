package io.ringsim.cluster.member;

import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.gossip.GossipMessage;
import io.ringsim.cluster.node.NodeMessage;

/**
 * A message between simulated nodes hosted by different member JVMs. Exactly one of {@code node} and {@code gossip}
 * is set: two closed families of named types, so the receiving JVM never instantiates a class the sender names.
 */
public record Wire(String from, String to, NodeMessage node, GossipMessage gossip) implements CborSerializable {

  public static Wire of(String from, String to, CborSerializable payload) {
    if (payload instanceof NodeMessage m) return new Wire(from, to, m, null);
    if (payload instanceof GossipMessage g) return new Wire(from, to, null, g);
    throw new IllegalArgumentException("not a node-to-node message: " + payload.getClass().getName());
  }

  public CborSerializable payload() {
    return node != null ? node : gossip;
  }
}
