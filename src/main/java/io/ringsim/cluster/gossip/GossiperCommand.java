package io.ringsim.cluster.gossip;

import akka.actor.NoSerializationVerificationNeeded;

/** The local protocol of a node's gossiper (messages from the network come wrapped in {@link FromPeer}). */
public sealed interface GossiperCommand extends NoSerializationVerificationNeeded {

  /** A gossip message from another node. */
  record FromPeer(String from, GossipMessage message) implements GossiperCommand {}

  /** The node crashed: stop gossiping and forget what was learnt. */
  record Crash() implements GossiperCommand {}

  /** The node restarted: gossip again under a new generation. */
  record Restart(long generation) implements GossiperCommand {}

  /** A node joined the ring: include it in gossip targets. */
  record AddPeer(String node) implements GossiperCommand {}

  /** A node left the ring: stop gossiping to it and forget it. */
  record RemovePeer(String node) implements GossiperCommand {}

  /** Timer tick: one gossip round. */
  enum Round implements GossiperCommand {
    INSTANCE
  }
}
