package io.ringsim.sim.cells;

import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.Slice;
import java.util.List;

/**
 * The part of a partition a read saw whole: its clustering slices, up to the last row it returned when its row limit
 * (a LIMIT, a page) or disagreeing replicas cut it there ({@code last}, in the read's order; null when not cut), and
 * the static row when it came with it.
 */
public record Region(List<Slice> slices, boolean reversed, Clustering last, boolean withStatic) {
  public Region {
    slices = List.copyOf(slices);
  }

  public static final Region WHOLE = new Region(List.of(Slice.ALL), false, null, true);

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
