package io.ringsim.ring;

import java.util.Map;

/** SimpleStrategy: the next {@code rf} distinct nodes clockwise from the range's end token, ignoring DCs and racks. */
public record SimpleStrategy(int replicationFactor) implements ReplicationStrategy {
  public SimpleStrategy {
    if (replicationFactor < 1) throw new IllegalArgumentException("replication factor must be >= 1, got " + replicationFactor);
  }

  @Override
  public int[] replicasOfRange(Ring ring, int rangeIndex) {
    int want = Math.min(replicationFactor, ring.nodes().size());
    int[] out = new int[want];
    int found = 0;
    int n = ring.size();
    for (int step = 0; step < n && found < want; step++) {
      int node = ring.ownerOf((rangeIndex + step) % n);
      boolean seen = false;
      for (int k = 0; k < found; k++) if (out[k] == node) seen = true;
      if (!seen) out[found++] = node;
    }
    return out;
  }

  @Override
  public Map<String, Integer> replicationFactors() {
    return Map.of("*", replicationFactor);
  }
}
