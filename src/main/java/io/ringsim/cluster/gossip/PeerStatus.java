package io.ringsim.cluster.gossip;

/** A change in how one node sees another: UN (up) or DN (down), as nodetool status shows it. */
public record PeerStatus(String observer, String peer, boolean up, long atNanos) {}
