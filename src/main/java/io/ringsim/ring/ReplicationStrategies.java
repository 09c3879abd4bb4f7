package io.ringsim.ring;

import java.util.Map;
import java.util.TreeMap;

/** Builds a replication strategy from a CQL replication map, with Cassandra's error messages. */
public final class ReplicationStrategies {
  private ReplicationStrategies() {}

  /** Cassandra 4.1's default_keyspace_rf: the replication factor of a SimpleStrategy that names none. */
  public static final int DEFAULT_KEYSPACE_RF = 1;

  /**
   * The replication map as Cassandra stores it: a SimpleStrategy without a replication_factor gets the default one
   * (Cassandra 4.1 accepts it and shows it in system_schema.keyspaces).
   */
  public static Map<String, String> withDefaults(Map<String, String> replication) {
    String cls = replication.get("class");
    if (cls == null || !cls.substring(cls.lastIndexOf('.') + 1).equals("SimpleStrategy")
        || replication.containsKey("replication_factor")) return replication;
    Map<String, String> out = new java.util.LinkedHashMap<>(replication);
    out.put("replication_factor", String.valueOf(DEFAULT_KEYSPACE_RF));
    return out;
  }

  /** LocalStrategy, which Cassandra keeps for its own keyspaces (an invalid request, not a configuration error). */
  public static final class Reserved extends IllegalArgumentException {
    Reserved() {
      super("Unable to use given strategy class: LocalStrategy is reserved for internal use.");
    }
  }

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
      case "LocalStrategy" -> throw new Reserved();
      // Cassandra looks a short name up in its own package and names the class it tried.
      default -> throw new IllegalArgumentException("Unable to find replication strategy class '"
          + (cls.contains(".") ? cls : "org.apache.cassandra.locator." + cls) + "'");
    }
  }

  /** Cassandra's ReplicationFactor.fromString and validate: Integer.parseInt's own message for what is no int. */
  private static int rf(String v) {
    int n;
    try {
      n = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    if (n < 0) throw new IllegalArgumentException("Replication factor must be non-negative, found " + n);
    return n;
  }
}
