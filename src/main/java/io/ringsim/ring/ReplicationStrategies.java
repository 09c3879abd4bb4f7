package io.ringsim.ring;

import java.util.Map;
import java.util.TreeMap;

/** Builds a replication strategy from a CQL replication map, with Cassandra's error messages. */
public final class ReplicationStrategies {
  private ReplicationStrategies() {}

  public static ReplicationStrategy fromCql(Map<String, String> replication) {
    String cls = replication.get("class");
    if (cls == null) throw new IllegalArgumentException("Missing replication strategy class");
    String simple = cls.substring(cls.lastIndexOf('.') + 1);
    switch (simple) {
      case "SimpleStrategy" -> {
        String rf = replication.get("replication_factor");
        if (rf == null)
          throw new IllegalArgumentException("SimpleStrategy requires a replication_factor strategy option.");
        for (String k : replication.keySet()) {
          if (!k.equals("class") && !k.equals("replication_factor"))
            throw new IllegalArgumentException("Unrecognized strategy option {" + k + "} passed to SimpleStrategy");
        }
        return new SimpleStrategy(rf(rf));
      }
      case "NetworkTopologyStrategy" -> {
        Map<String, Integer> byDc = new TreeMap<>();
        for (Map.Entry<String, String> e : replication.entrySet()) {
          if (e.getKey().equals("class")) continue;
          byDc.put(e.getKey(), rf(e.getValue()));
        }
        return new NetworkTopologyStrategy(byDc);
      }
      default -> throw new IllegalArgumentException("Unable to find replication strategy class '" + cls + "'");
    }
  }

  private static int rf(String v) {
    try {
      int n = Integer.parseInt(v.trim());
      if (n < 0) throw new NumberFormatException();
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Replication factor must be non-negative; found " + v);
    }
  }
}
