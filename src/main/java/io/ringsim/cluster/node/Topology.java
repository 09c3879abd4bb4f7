package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.ring.NetworkTopologyStrategy;
import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One node's view of the cluster's layout: the ring, the schema, the ring a joining node will make (while it
 * streams), and the replica placements derived from them, cached per keyspace and range. Builds the
 * {@link ReplicaPlan} of every request this node coordinates.
 */
final class Topology {
  /**
   * How many ranges' placements a node keeps: all of them in a small cluster; in a 1,000 x 256-vnode one, a cache of
   * every range on every node would grow to gigabytes over a long run, for a hit rate that is low anyway.
   */
  static final int PLACEMENT_CACHE_RANGES = 2048;

  /** The node whose view this is: reads contact it first. */
  private final String self;
  private final String localDc;
  private Ring ring;
  private Catalog catalog = Catalog.EMPTY;
  /** The ring once a joining node has joined, while it streams; null otherwise. */
  private Ring pendingRing;
  private final Map<String, ReplicaMap> pendingMaps = new HashMap<>();
  /** Per keyspace: its replica map, and the placements of its ranges built so far. */
  private final Map<String, Placements> replicaMaps = new HashMap<>();
  /** The same by table name: a request names its table, and this skips the catalog's two lookups. */
  private final Map<String, Placements> byTable = new HashMap<>();

  /**
   * A replica map and a direct-mapped cache of its ranges' placements: slot {@code range & (length - 1)} holds the
   * placement of the range {@code rangeOf[slot] - 1} (0: none yet). One array read per request, where an
   * access-ordered map reordered its entries on every hit.
   */
  private record Placements(ReplicaMap map, Placement[] byRange, int[] rangeOf) {
    static Placements of(ReplicaMap map) {
      // A slot per range up to the cap (a power of two at least the range count, so no two ranges share a slot).
      int ranges = Math.max(1, Math.min(PLACEMENT_CACHE_RANGES, map.ring().size()));
      int slots = ranges == 1 ? 1 : Integer.highestOneBit(ranges - 1) << 1;
      return new Placements(map, new Placement[slots], new int[slots]);
    }
  }

  Topology(String self, String localDc, Ring ring) {
    this.self = self;
    this.localDc = localDc;
    this.ring = ring;
  }

  Ring ring() {
    return ring;
  }

  Catalog catalog() {
    return catalog;
  }

  /** A new ring replaces the pending one too: the join it announced is complete. */
  void setRing(Ring r) {
    ring = r;
    replicaMaps.clear();
    byTable.clear();
    pendingRing = null;
    pendingMaps.clear();
  }

  void setPendingRing(Ring r) {
    pendingRing = r;
    pendingMaps.clear();
  }

  void setCatalog(Catalog c) {
    catalog = c;
    replicaMaps.clear();
    byTable.clear();
    pendingMaps.clear();
  }

  /** The DC of a node of the ring, or null for one it does not hold. */
  String dcOf(String node) {
    int i = ring.indexOf(node);
    return i < 0 ? null : ring.node(i).dc();
  }

  ReplicaPlan readPlan(String table, Token token, ConsistencyLevel cl) {
    return ReplicaPlan.forRead(cl, placement(table, token), localDc);
  }

  /**
   * Where a write goes: the key's replicas plus, while a node joins or leaves, the replicas that gain the key in the
   * pending ring (Cassandra's pending endpoints).
   */
  ReplicaPlan writePlan(String table, Token token, ConsistencyLevel cl) {
    Placement p = placement(table, token);
    if (pendingRing == null) return natural(cl, p);
    TableMetadata md = catalog.table(table).orElseThrow();
    KeyspaceMetadata ks = catalog.keyspace(md.keyspace()).orElseThrow();
    ReplicaMap map = pendingMaps.computeIfAbsent(ks.name(),
        k -> pendingRing.replicaMap(ReplicationStrategies.fromCql(ks.replication())));
    Map<String, String> dcOf = new LinkedHashMap<>(p.dcOf());
    List<String> pending = new ArrayList<>();
    Map<String, Integer> byDc = new TreeMap<>();
    for (Node n : map.replicasFor(token)) {
      if (p.replicas().contains(n.name())) continue;
      String dc = p.nts() ? n.dc() : localDc;
      pending.add(n.name());
      dcOf.put(n.name(), dc);
      byDc.merge(dc, 1, Integer::sum);
    }
    if (pending.isEmpty()) return natural(cl, p);
    List<String> targets = new ArrayList<>(p.replicas());
    targets.addAll(pending);
    return new ReplicaPlan(cl, p, pending, targets, dcOf, byDc, localDc);
  }

  private ReplicaPlan natural(ConsistencyLevel cl, Placement p) {
    return new ReplicaPlan(cl, p, List.of(), p.replicas(), p.dcOf(), Map.of(), localDc);
  }

  Placement placement(String table, Token token) {
    Placements ps = byTable.get(table);
    if (ps == null) {
      TableMetadata md = catalog.table(table).orElseThrow();
      KeyspaceMetadata ks = catalog.keyspace(md.keyspace()).orElseThrow();
      ps = replicaMaps.computeIfAbsent(ks.name(),
          k -> Placements.of(ring.replicaMap(ReplicationStrategies.fromCql(ks.replication()))));
      byTable.put(table, ps);
    }
    int range = ps.map().ring().rangeIndexOf(token);
    int slot = range & (ps.byRange().length - 1);
    if (ps.rangeOf()[slot] != range + 1) {
      ps.byRange()[slot] = placementOf(ps.map(), ps.map().replicasOfRange(range));
      ps.rangeOf()[slot] = range + 1;
    }
    return ps.byRange()[slot];
  }

  private Placement placementOf(ReplicaMap map, int[] replicaIndices) {
    List<String> replicas = new ArrayList<>();
    Map<String, String> dcOf = new LinkedHashMap<>();
    for (int i : replicaIndices) {
      Node n = map.ring().node(i);
      replicas.add(n.name());
      dcOf.put(n.name(), n.dc());
    }
    ReplicationStrategy s = map.strategy();
    boolean nts = s instanceof NetworkTopologyStrategy;
    // Levels count against the replication factor the keyspace asks for, not the replicas that exist: with RF 3 on
    // two nodes ALL needs 3 and is always Unavailable, as Cassandra's ConsistencyLevel.blockFor reads the strategy's
    // replication factor (SimpleStrategy places min(RF, nodes) replicas but still asks for RF).
    Map<String, Integer> rf = new TreeMap<>();
    if (nts) rf.putAll(s.replicationFactors());
    else rf.put(localDc, s.totalReplicationFactor());
    if (!nts) dcOf.replaceAll((n, dc) -> localDc);
    return new Placement(List.copyOf(replicas), Map.copyOf(dcOf), Map.copyOf(rf), nts, byProximity(replicas),
        localDc);
  }

  /** The order a read contacts {@code replicas} in: this node, then its DC, then the rest (a static snitch). */
  private List<String> byProximity(List<String> replicas) {
    List<String> out = new ArrayList<>();
    if (replicas.contains(self)) out.add(self);
    for (String r : replicas) if (!out.contains(r) && localDc.equals(dcOf(r))) out.add(r);
    for (String r : replicas) if (!out.contains(r)) out.add(r);
    return List.copyOf(out);
  }
}
