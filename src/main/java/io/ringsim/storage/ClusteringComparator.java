package io.ringsim.storage;

import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import java.util.Comparator;
import java.util.List;

/**
 * Orders rows as the table declares: each clustering column by its type's comparator (ints as numbers, text as
 * UTF-8 bytes, timeuuid by time), reversed for DESC columns; the static row first.
 */
public final class ClusteringComparator implements Comparator<Clustering> {
  private final CqlType[] types;
  private final boolean[] descending;

  public ClusteringComparator(List<ColumnDef> clusteringColumns) {
    types = new CqlType[clusteringColumns.size()];
    descending = new boolean[types.length];
    for (int i = 0; i < types.length; i++) {
      types[i] = clusteringColumns.get(i).type();
      descending[i] = clusteringColumns.get(i).order() == ClusteringOrder.DESC;
    }
  }

  public int size() {
    return types.length;
  }

  public CqlType type(int i) {
    return types[i];
  }

  @Override
  public int compare(Clustering a, Clustering b) {
    if (a.isStatic() || b.isStatic()) return Boolean.compare(b.isStatic(), a.isStatic());
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      int c = component(i, a.get(i), b.get(i));
      if (c != 0) return c;
    }
    return Integer.compare(a.size(), b.size());
  }

  int component(int i, byte[] a, byte[] b) {
    int c = io.ringsim.schema.EmptyValue.compare(types[i], a, b);
    return descending[i] ? -c : c;
  }

  private int comparePrefix(Clustering c, byte[][] prefix) {
    for (int i = 0; i < prefix.length && i < c.size(); i++) {
      int r = component(i, c.get(i), prefix[i]);
      if (r != 0) return r;
    }
    return 0;
  }

  /** Negative when {@code c} sorts before the slice start {@code bound}. */
  public int compareToStart(Clustering c, ClusteringBound bound) {
    if (c.isStatic()) return -1;
    int r = comparePrefix(c, bound.prefix());
    if (r != 0) return r;
    return bound.inclusive() ? 0 : -1;
  }

  /** Positive when {@code c} sorts after the slice end {@code bound}. */
  public int compareToEnd(Clustering c, ClusteringBound bound) {
    if (c.isStatic()) return -1;
    int r = comparePrefix(c, bound.prefix());
    if (r != 0) return r;
    return bound.inclusive() ? 0 : 1;
  }
}
