package io.ringsim.cluster.gossip;

import akka.actor.NoSerializationVerificationNeeded;

/**
 * A change in how one node sees another: UN (up) or DN (down), as nodetool status shows it. Local to the observing
 * node; it never crosses the network.
 */
public record PeerStatus(String observer, String peer, boolean up, long atNanos)
    implements NoSerializationVerificationNeeded {}
