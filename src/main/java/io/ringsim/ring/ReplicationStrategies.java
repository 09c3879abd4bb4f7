package io.ringsim.ring;

import java.util.Map;
import java.util.TreeMap;

/** Builds a replication strategy from a CQL replication map, with Cassandra's error messages. */
public final class ReplicationStrategies {
  private ReplicationStrategies() {}

  /** Cassandra 4.1's default_keyspace_rf: the replication factor of a SimpleStrategy that names none. */
  public static final int DEFAULT_KEYSPACE_RF = 1;

  /**
   * The replication map Cassandra 4.1 stores for CREATE or ALTER KEYSPACE ({@code previous}: the keyspace's map
   * before an ALTER, else null), with its errors: ReplicationParams.fromMapWithDefaults gives the strategy its
   * prepareOptions hook (NetworkTopologyStrategy expands {@code replication_factor} to every data centre it does not
   * name, keeps an ALTER's data centres, and drops those at 0; SimpleStrategy takes the previous or the default
   * replication factor), then validateReplicationStrategy refuses an empty NetworkTopologyStrategy, an option that
   * names no data centre of {@code datacenters} (the cluster's, Datacenters.getValidDatacenters) and a replication
   * factor that is no number or asks for transient replicas. Options are visited in a HashMap's order, as Cassandra
   * visits them, so that the one an error names is the one Cassandra names.
   */
  public static Map<String, String> prepare(String keyspace, Map<String, String> replication,
      Map<String, String> previous, java.util.Collection<String> datacenters) {
    String cls = replication.get("class");
    fromCqlClass(cls);
    boolean nts = simpleName(cls).equals("NetworkTopologyStrategy");
    Map<String, String> options = new java.util.HashMap<>(replication);
    options.remove("class");
    Map<String, String> before = new java.util.HashMap<>(previous == null ? Map.of() : previous);
    before.remove("class");
    if (nts) {
      prepareNetworkTopology(options, before, datacenters);
      // The strategy's constructor reads every factor before any option is checked.
      for (String v : options.values()) rfWithTransient(v);
      if (options.isEmpty())
        throw new IllegalArgumentException("Configuration for at least one datacenter must be present");
      for (String k : options.keySet()) {
        if (!datacenters.contains(k)) throw new IllegalArgumentException("Unrecognized strategy option {" + k
            + "} passed to NetworkTopologyStrategy for keyspace " + keyspace);
      }
    } else if (simpleName(cls).equals("SimpleStrategy")) {
      options.putIfAbsent("replication_factor", before.getOrDefault("replication_factor",
          String.valueOf(DEFAULT_KEYSPACE_RF)));
      rfWithTransient(options.get("replication_factor"));
      for (String k : options.keySet()) {
        if (!k.equals("replication_factor")) throw new IllegalArgumentException("Unrecognized strategy option {" + k
            + "} passed to SimpleStrategy for keyspace " + keyspace);
      }
    }
    // The map as given, then what the expansion added, in the cluster's data-centre order.
    Map<String, String> out = new java.util.LinkedHashMap<>();
    out.put("class", cls);
    for (String k : replication.keySet()) if (options.containsKey(k)) out.put(k, options.get(k));
    for (String dc : datacenters) if (options.containsKey(dc)) out.putIfAbsent(dc, options.get(dc));
    for (Map.Entry<String, String> e : options.entrySet()) out.putIfAbsent(e.getKey(), e.getValue());
    fromCql(out);
    return out;
  }

  /**
   * NetworkTopologyStrategy.prepareOptions. A replication factor that is no number stops it where Cassandra's
   * reflective call swallows the exception: after {@code replication_factor} was removed.
   */
  private static void prepareNetworkTopology(Map<String, String> options, Map<String, String> previous,
      java.util.Collection<String> datacenters) {
    if (options.isEmpty()) {
      options.put("replication_factor", previous.getOrDefault("replication_factor",
          String.valueOf(DEFAULT_KEYSPACE_RF)));
    }
    String replication = options.remove("replication_factor");
    if (replication == null && options.isEmpty()) {
      replication = previous.get("replication_factor");
    } else if (replication != null) {
      for (Map.Entry<String, String> e : previous.entrySet()) {
        if (!e.getKey().equals("replication_factor")) options.putIfAbsent(e.getKey(), e.getValue());
      }
    }
    if (replication != null) {
      String rf;
      try {
        rf = String.valueOf(rfWithTransient(replication));
      } catch (IllegalArgumentException e) {
        return;
      }
      for (String dc : datacenters) options.putIfAbsent(dc, rf);
    }
    options.values().removeAll(java.util.Collections.singleton("0"));
  }

  /** ReplicationFactor.fromString and validate: "3/1" asks for a transient replica, which Cassandra has off. */
  private static int rfWithTransient(String v) {
    if (!v.contains("/")) return rf(v);
    String[] parts = v.split("/");
    if (parts.length != 2)
      throw new IllegalArgumentException("Replication factor format is <replicas> or <replicas>/<transient>");
    int total;
    int transientReplicas;
    try {
      total = Integer.parseInt(parts[0]);
      transientReplicas = Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    if (transientReplicas != 0)
      throw new IllegalArgumentException("Transient replication is not enabled on this node");
    return rf(String.valueOf(total));
  }


  private static String simpleName(String cls) {
    return cls.substring(cls.lastIndexOf('.') + 1);
  }

  /** The class checks of {@link #fromCql}, before any option is looked at (AbstractReplicationStrategy.getClass). */
  private static void fromCqlClass(String cls) {
    if (cls == null) throw new IllegalArgumentException("Missing replication strategy class");
    switch (simpleName(cls)) {
      case "SimpleStrategy", "NetworkTopologyStrategy" -> { }
      case "LocalStrategy" -> throw new Reserved();
      default -> {
        String full = cls.contains(".") ? cls : "org.apache.cassandra.locator." + cls;
        if (full.equals("org.apache.cassandra.locator.OldNetworkTopologyStrategy"))
          throw new IllegalArgumentException("The support for the OldNetworkTopologyStrategy has been removed in C*"
              + " version 4.0. The keyspace strategy should be switch to NetworkTopologyStrategy");
        throw new IllegalArgumentException("Unable to find replication strategy class '" + full + "'");
      }
    }
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
    if (v.contains("/")) return rfWithTransient(v);
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
