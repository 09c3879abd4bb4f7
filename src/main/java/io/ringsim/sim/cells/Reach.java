package io.ringsim.sim.cells;

import io.ringsim.cluster.ConsistencyLevel;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The replicas an answered request is sure to have reached, by its consistency level: at least {@code total} of the
 * keyspace's replicas, and at least {@code perDc} of each data centre's. Two requests overlap (some replica took part
 * in both, so a read sees what a write left there) when their sure replicas add up to more than the replicas there
 * are, in all or in one data centre: Cassandra's R + W &gt; RF. {@code rfByDc}: the keyspace's replicas per data
 * centre (one entry named "" under SimpleStrategy), as its replication asked when the request was made.
 */
public record Reach(Map<String, Integer> rfByDc, Map<String, Integer> perDc, int total) {
  public Reach {
    rfByDc = Map.copyOf(rfByDc);
    perDc = Map.copyOf(perDc);
  }

  /**
   * The reach of a request at {@code cl} coordinated in {@code localDc}; {@code networkTopology}: whether
   * {@code rfByDc} names data centres (else its one entry is the whole ring).
   */
  public static Reach of(ConsistencyLevel cl, Map<String, Integer> rfByDc, String localDc, boolean networkTopology) {
    Map<String, Integer> rf = new TreeMap<>();
    if (networkTopology) rf.putAll(rfByDc);
    else rf.put("", rfByDc.values().stream().mapToInt(Integer::intValue).sum());
    int all = rf.values().stream().mapToInt(Integer::intValue).sum();
    String local = networkTopology ? localDc : "";
    Map<String, Integer> perDc = new HashMap<>();
    int total;
    switch (cl) {
      case LOCAL_ONE, LOCAL_QUORUM, LOCAL_SERIAL -> {
        int n = cl == ConsistencyLevel.LOCAL_ONE ? 1 : ConsistencyLevel.quorumFor(rf.getOrDefault(local, 0));
        perDc.put(local, n);
        total = n;
      }
      case EACH_QUORUM -> {
        total = 0;
        for (Map.Entry<String, Integer> e : rf.entrySet()) {
          int n = ConsistencyLevel.quorumFor(e.getValue());
          perDc.put(e.getKey(), n);
          total += n;
        }
      }
      default -> {
        // ANY may be met by a hint alone: it is sure to have reached no replica.
        total = switch (cl) {
          case ANY -> 0;
          case ONE -> 1;
          case TWO -> 2;
          case THREE -> 3;
          case ALL -> all;
          default -> ConsistencyLevel.quorumFor(all); // QUORUM, SERIAL
        };
        // Of n replicas anywhere, at least n minus those outside a data centre are in it.
        for (Map.Entry<String, Integer> e : rf.entrySet()) perDc.put(e.getKey(), Math.max(0, total - (all - e.getValue())));
      }
    }
    return new Reach(rf, perDc, total);
  }

  /**
   * The reach of a request on a table of {@code keyspace} at {@code cl} coordinated by {@code coordinator}, by the
   * keyspace's replication as the catalog has it now (a keyspace unknown: one replica).
   */
  public static Reach of(io.ringsim.schema.Catalog catalog, io.ringsim.ring.Ring ring, String keyspace,
      ConsistencyLevel cl, String coordinator) {
    io.ringsim.schema.KeyspaceMetadata ks = catalog.keyspace(keyspace).orElse(null);
    io.ringsim.ring.ReplicationStrategy strategy = ks == null ? null
        : io.ringsim.ring.ReplicationStrategies.fromCql(ks.replication());
    Map<String, Integer> rf = strategy == null ? Map.of("", 1) : strategy.replicationFactors();
    int i = ring.indexOf(coordinator);
    String dc = i < 0 ? "" : ring.node(i).dc();
    return of(cl, rf, dc, strategy instanceof io.ringsim.ring.NetworkTopologyStrategy);
  }

  /** Whether every replica answered the request (ALL, or a level that needs as many): none was left to reach later. */
  public boolean everyReplica() {
    return total >= rfByDc.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** Whether a replica surely took part in both requests (false when the keyspace's replication changed between). */
  public boolean overlaps(Reach o) {
    if (!rfByDc.equals(o.rfByDc)) return false;
    int all = rfByDc.values().stream().mapToInt(Integer::intValue).sum();
    if (total + o.total > all) return true;
    for (Map.Entry<String, Integer> e : rfByDc.entrySet()) {
      if (perDc.getOrDefault(e.getKey(), 0) + o.perDc.getOrDefault(e.getKey(), 0) > e.getValue()) return true;
    }
    return false;
  }
}
