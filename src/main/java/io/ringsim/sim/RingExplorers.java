package io.ringsim.sim;

import io.ringsim.report.RingExplorer;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.Ring;
import java.util.ArrayList;
import java.util.List;

/** The data that makes a drawn ring explorable in a page, from the ring and its replica placement. */
public final class RingExplorers {
  private RingExplorers() {}

  /**
   * Every token of the ring with its range's replicas (node indices of {@code map.ring()}), or null when the page
   * could not place a typed key on it (the page hashes keys with Murmur3 only).
   *
   * @param placement the replication in words, as the page shows it
   */
  public static RingExplorer of(ReplicaMap map, String placement) {
    Ring ring = map.ring();
    if (!(ring.partitioner() instanceof Murmur3Partitioner)) return null;
    List<String> tokens = new ArrayList<>(ring.size());
    int[][] replicas = new int[ring.size()][];
    for (int i = 0; i < ring.size(); i++) {
      tokens.add(ring.token(i).toString());
      replicas[i] = map.replicasOfRange(i);
    }
    List<String> names = ring.nodes().stream().map(Node::name).toList();
    return new RingExplorer(ring.partitioner().name(), placement, names, tokens, RingExplorer.lists(replicas));
  }
}
