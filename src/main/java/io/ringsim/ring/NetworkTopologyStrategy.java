package io.ringsim.ring;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * NetworkTopologyStrategy as Cassandra 4 places replicas: walking clockwise from the range's end token, each data
 * centre takes a node from a rack it has not used yet; a node from an already used rack is taken only while the DC
 * has fewer racks than replicas (at most rf - racks such repeats), so replicas spread over as many racks as possible.
 */
public record NetworkTopologyStrategy(Map<String, Integer> replicationFactors) implements ReplicationStrategy {
  public NetworkTopologyStrategy {
    replicationFactors = new TreeMap<>(replicationFactors);
    for (var e : replicationFactors.entrySet())
      if (e.getValue() < 0)
        throw new IllegalArgumentException("replication factor of " + e.getKey() + " must be >= 0, got " + e.getValue());
  }

  @Override
  public int[] replicasOfRange(Ring ring, int rangeIndex) {
    Map<String, int[]> left = new HashMap<>(); // dc -> {replicas left, rack repeats allowed}
    Map<String, Set<String>> usedRacks = new HashMap<>();
    int wanted = 0;
    for (var e : replicationFactors.entrySet()) {
      int inDc = ring.nodeCountInDc(e.getKey());
      int rf = Math.min(e.getValue(), inDc);
      if (rf <= 0) continue;
      int racks = ring.rackCountInDc(e.getKey());
      left.put(e.getKey(), new int[] {rf, e.getValue() - racks});
      usedRacks.put(e.getKey(), new HashSet<>());
      wanted += rf;
    }
    List<Integer> out = new ArrayList<>(wanted);
    Set<Integer> chosen = new HashSet<>();
    int n = ring.size();
    for (int step = 0; step < n && out.size() < wanted; step++) {
      int idx = ring.ownerOf((rangeIndex + step) % n);
      Node node = ring.node(idx);
      int[] l = left.get(node.dc());
      if (l == null || l[0] == 0 || chosen.contains(idx)) continue;
      if (usedRacks.get(node.dc()).add(node.rack())) {
        l[0]--;
      } else if (l[1] > 0) {
        l[1]--;
        l[0]--;
      } else {
        continue;
      }
      chosen.add(idx);
      out.add(idx);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }
}
