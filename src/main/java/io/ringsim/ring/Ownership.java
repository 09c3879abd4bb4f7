package io.ringsim.ring;

/**
 * Ownership as nodetool status shows it. Primary ownership is the share of the ring whose ranges a node owns; effective
 * ownership at a replication is the share of the ring a node holds a replica of (summing to the replication factor
 * over all nodes).
 */
public final class Ownership {
  private Ownership() {}

  public static double[] primary(Ring ring) {
    double[] own = new double[ring.nodes().size()];
    for (int i = 0; i < ring.size(); i++) own[ring.ownerOf(i)] += ring.rangeSize(i);
    return own;
  }

  public static double[] effective(ReplicaMap map) {
    Ring ring = map.ring();
    double[] own = new double[ring.nodes().size()];
    for (int i = 0; i < ring.size(); i++) {
      double size = ring.rangeSize(i);
      for (int n : map.replicasOfRange(i)) own[n] += size;
    }
    return own;
  }

  public static double[] effective(Ring ring, ReplicationStrategy strategy) {
    return effective(new ReplicaMap(ring, strategy));
  }
}
