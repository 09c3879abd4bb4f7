package io.ringsim.storage;

/** A clustering range [start, end] in clustering order (the table's ASC/DESC order already applied). */
public record Slice(ClusteringBound start, ClusteringBound end) {
  public static final Slice ALL = new Slice(ClusteringBound.UNBOUNDED, ClusteringBound.UNBOUNDED);

  /** The rows whose clustering starts with {@code prefix} (a DELETE with a partial clustering key). */
  public static Slice prefix(byte[]... prefix) {
    return new Slice(ClusteringBound.inclusive(prefix), ClusteringBound.inclusive(prefix));
  }

  public boolean contains(ClusteringComparator cmp, Clustering c) {
    if (c.isStatic()) return false;
    return cmp.compareToStart(c, start) >= 0 && cmp.compareToEnd(c, end) <= 0;
  }
}
