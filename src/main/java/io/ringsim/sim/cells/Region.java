package io.ringsim.sim.cells;

import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.Slice;
import java.util.List;

/**
 * The part of a partition a read saw whole: its clustering slices, up to the last row it returned when its row limit
 * (a LIMIT, a page) or disagreeing replicas cut it there ({@code last}, in the read's order; null when not cut), and
 * the static row when it came with it. {@code columns}: the columns it selected (null: all, with the rows' markers);
 * a read that selected some columns says nothing of the others, nor of whether a row exists.
 */
public record Region(List<Slice> slices, boolean reversed, Clustering last, boolean withStatic,
    java.util.Set<String> columns) {
  public Region {
    slices = List.copyOf(slices);
    if (columns != null) columns = java.util.Set.copyOf(columns);
  }

  public Region(List<Slice> slices, boolean reversed, Clustering last, boolean withStatic) {
    this(slices, reversed, last, withStatic, null);
  }

  public static final Region WHOLE = new Region(List.of(Slice.ALL), false, null, true);

  /** The same region, of {@code selected} columns only. */
  public Region selecting(java.util.Set<String> selected) {
    return new Region(slices, reversed, last, withStatic, selected);
  }

  /** Whether the read selected cell {@code k}: its row is in the region and its column among those selected. */
  public boolean contains(CellKey k, ClusteringComparator cmp) {
    if (columns != null && (k.isMarker() || !columns.contains(k.column()))) return false;
    return contains(k.clustering(), cmp);
  }

  public boolean contains(Clustering c, ClusteringComparator cmp) {
    if (c.isStatic()) return withStatic;
    boolean in = false;
    for (Slice s : slices) {
      if (s.contains(cmp, c)) {
        in = true;
        break;
      }
    }
    if (!in || last == null) return in;
    int vs = cmp.compare(c, last);
    return reversed ? vs >= 0 : vs <= 0;
  }
}
