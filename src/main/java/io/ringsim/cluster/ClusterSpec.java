package io.ringsim.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.cluster.node.NodeSettings;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.ring.Ring;
import io.ringsim.storage.StorageSettings;

/**
 * Everything that shapes a simulated cluster: the ring, the seed, the network's latency, what every node shares, and
 * whether messages are serialized and range movements kept consistent, and the cassandra.yaml feature switches
 * (user-defined functions, materialized views, SASI) every node reads.
 */
public record ClusterSpec(Ring ring, long seed, LatencyModel latency, NodeSettings node, boolean serializePayloads,
    boolean consistentRangeMovement, CqlFeatures features) {

  /** reference.conf's settings (see {@link #from}). */
  public static ClusterSpec defaults(Ring ring, long seed) {
    return from(ring, seed, ConfigFactory.defaultReference());
  }

  /** The node settings and ringsim.network.serialize-payloads of {@code config}; a log-normal latency of 0.5 ms/5 ms. */
  public static ClusterSpec from(Ring ring, long seed, Config config) {
    return new ClusterSpec(ring, seed, new LatencyModel.LogNormal(500_000, 5_000_000), NodeSettings.from(config),
        config.getBoolean("ringsim.network.serialize-payloads"), true, features(config));
  }

  /** ringsim.cql's feature switches (reference.conf: off, as in Cassandra 4.1's cassandra.yaml). */
  public static CqlFeatures features(Config config) {
    CqlFeatures f = CqlFeatures.DEFAULTS;
    for (String name : CqlFeatures.YAML_NAMES) {
      f = f.with(name, String.valueOf(config.getBoolean("ringsim.cql." + name)));
    }
    return f;
  }

  public ClusterSpec withFeatures(CqlFeatures f) {
    return new ClusterSpec(ring, seed, latency, node, serializePayloads, consistentRangeMovement, f);
  }

  public ClusterSpec withStorage(StorageSettings s) {
    return new ClusterSpec(ring, seed, latency, node.withStorage(s), serializePayloads, consistentRangeMovement, features);
  }

  public ClusterSpec withCosts(io.ringsim.storage.ServiceCosts c) {
    return new ClusterSpec(ring, seed, latency, node.withCosts(c), serializePayloads, consistentRangeMovement, features);
  }

  public ClusterSpec withLatency(LatencyModel l) {
    return new ClusterSpec(ring, seed, l, node, serializePayloads, consistentRangeMovement, features);
  }

  public ClusterSpec withSerializePayloads(boolean on) {
    return new ClusterSpec(ring, seed, latency, node, on, consistentRangeMovement, features);
  }

  /**
   * Cassandra's cassandra.consistent.rangemovement (on by default): a bootstrap is refused when a replica that loses
   * a range to the joining node is down; off, the range streams from another replica.
   */
  public ClusterSpec withConsistentRangeMovement(boolean on) {
    return new ClusterSpec(ring, seed, latency, node, serializePayloads, on, features);
  }

  public ClusterSpec withHintedHandoff(boolean on) {
    return new ClusterSpec(ring, seed, latency, node.withHintedHandoff(on), serializePayloads, consistentRangeMovement, features);
  }
}
