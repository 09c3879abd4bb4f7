package io.ringsim.cluster.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.gossip.GossipSettings;
import io.ringsim.storage.ServiceCosts;
import io.ringsim.storage.StorageSettings;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What every node of a cluster shares: storage, timeouts, gossip, hints and what its work costs ({@link ServiceCosts}). The timeouts and hints come from
 * {@code ringsim.node} in the configuration, whose defaults are in reference.conf (Cassandra's: 2 s, 5 s, on, 3 h);
 * each node's {@link NodeConfig} is built from these by {@link #node}, the one place that makes one.
 */
public record NodeSettings(StorageSettings storage, Duration writeTimeout, Duration readTimeout, GossipSettings gossip,
    boolean hintedHandoff, Duration maxHintWindow, ServiceCosts costs) {

  public static NodeSettings from(Config config) {
    Config c = config.getConfig("ringsim.node");
    return new NodeSettings(StorageSettings.DEFAULTS, c.getDuration("write-request-timeout"),
        c.getDuration("read-request-timeout"), GossipSettings.CASSANDRA_DEFAULTS, c.getBoolean("hinted-handoff"),
        c.getDuration("max-hint-window"), ServiceCosts.from(c.getConfig("cost")));
  }

  /** The defaults of reference.conf alone. */
  public static NodeSettings defaults() {
    return from(ConfigFactory.defaultReference());
  }

  public NodeSettings withStorage(StorageSettings s) {
    return new NodeSettings(s, writeTimeout, readTimeout, gossip, hintedHandoff, maxHintWindow, costs);
  }

  public NodeSettings withCosts(ServiceCosts c) {
    return new NodeSettings(storage, writeTimeout, readTimeout, gossip, hintedHandoff, maxHintWindow, c);
  }

  public NodeSettings withHintedHandoff(boolean on) {
    return new NodeSettings(storage, writeTimeout, readTimeout, gossip, on, maxHintWindow, costs);
  }

  /**
   * The configuration of every node of {@code ring}, in ring order: each gossips with all the others, the first three
   * are the seeds, and each node's seed is drawn in turn from {@code seed}.
   */
  public List<NodeConfig> forRing(Ring ring, long seed) {
    List<String> names = new ArrayList<>();
    for (Node n : ring.nodes()) names.add(n.name());
    List<String> seeds = names.subList(0, Math.min(3, names.size()));
    SplittableRandom rng = new SplittableRandom(seed);
    List<NodeConfig> out = new ArrayList<>();
    int index = 0;
    for (Node n : ring.nodes()) {
      List<String> peers = new ArrayList<>(names);
      peers.remove(n.name());
      out.add(node(n.name(), n.dc(), n.rack(), index++, peers, seeds, rng.nextLong()));
    }
    return out;
  }

  /** One node's configuration: its place in the cluster, whom it gossips with, and the seed of its randomness. */
  public NodeConfig node(String name, String dc, String rack, int index, List<String> peers, List<String> seeds,
      long seed) {
    return new NodeConfig(name, dc, rack, index, storage, writeTimeout, readTimeout, gossip, peers, seeds,
        hintedHandoff, maxHintWindow, costs.with(storage.costOverrides()), seed);
  }
}
