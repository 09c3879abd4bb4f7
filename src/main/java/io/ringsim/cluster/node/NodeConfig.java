package io.ringsim.cluster.node;

import io.ringsim.cluster.gossip.GossipSettings;
import io.ringsim.storage.ServiceCosts;
import io.ringsim.storage.StorageSettings;
import java.time.Duration;
import java.util.List;

/**
 * How one simulated node is set up, made by {@link NodeSettings#node} (whose defaults are in reference.conf:
 * Cassandra's write_request_timeout of 2 s and read_request_timeout of 5 s).
 */
public record NodeConfig(
    String name,
    String dc,
    String rack,
    int index,
    StorageSettings storage,
    Duration writeTimeout,
    Duration readTimeout,
    GossipSettings gossip,
    List<String> peers,
    List<String> seeds,
    boolean hintedHandoff,
    Duration maxHintWindow,
    ServiceCosts costs,
    long seed) {

  /** Bits of a Paxos ballot that hold the node's index (PaxosCoordinator): at most 2,048 nodes ever in a cluster. */
  public static final int INDEX_BITS = 11;

  public NodeConfig {
    peers = List.copyOf(peers);
    seeds = List.copyOf(seeds);
    if (index < 0 || index >= 1 << INDEX_BITS) throw new IllegalArgumentException("node index out of range: " + index);
  }
}
