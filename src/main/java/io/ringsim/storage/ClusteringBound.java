package io.ringsim.storage;

/**
 * One end of a clustering slice: a prefix of clustering values and whether rows equal to the prefix are included.
 * An empty prefix is unbounded ("from the start" or "to the end").
 */
public record ClusteringBound(byte[][] prefix, boolean inclusive) {
  public static final ClusteringBound UNBOUNDED = new ClusteringBound(new byte[0][], true);

  public static ClusteringBound inclusive(byte[]... prefix) {
    return new ClusteringBound(prefix, true);
  }

  public static ClusteringBound exclusive(byte[]... prefix) {
    return new ClusteringBound(prefix, false);
  }

  public boolean isUnbounded() {
    return prefix.length == 0;
  }
}
