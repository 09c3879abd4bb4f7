package io.ringsim.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * A page's read of one partition source: the rows inside the slices, in the query's order, but no more than a cap,
 * so a page of a large partition costs about the page, not the partition. {@code truncated} says the source was
 * cut there (rows may follow); what lies past a cut source's last row is unknown until a later read.
 */
public record BoundedSlice(Partition partition, boolean truncated) {

  /** Up to {@code cap} rows of the in-memory partition {@code p}, walking the tree only over the rows taken. */
  static BoundedSlice of(Partition p, List<Slice> slices, boolean reversed, int cap) {
    Partition out = shell(p);
    ClusteringComparator cmp = p.comparator();
    List<Slice> order = new ArrayList<>(slices);
    if (reversed) java.util.Collections.reverse(order);
    int taken = 0;
    for (Slice s : order) {
      for (Row r : inQueryOrder(p.rows(), cmp, s, reversed)) {
        if (!s.contains(cmp, r.clustering())) {
          // Candidates come from the tree's nearest key: skip the few before the slice, stop at its far end.
          if (reversed ? cmp.compareToStart(r.clustering(), s.start()) < 0 : cmp.compareToEnd(r.clustering(),
              s.end()) > 0) break;
          continue;
        }
        if (taken == cap) return new BoundedSlice(out, true);
        out.add(r);
        taken++;
      }
    }
    return new BoundedSlice(out, false);
  }

  /** The rows from the slice's near end onwards, in query order (a view: nothing is copied). */
  private static Iterable<Row> inQueryOrder(NavigableMap<Clustering, Row> rows, ClusteringComparator cmp, Slice s,
      boolean reversed) {
    if (rows.isEmpty()) return List.of();
    if (!reversed) {
      if (s.start().isUnbounded()) return rows.values();
      Clustering floor = rows.floorKey(Clustering.of(s.start().prefix()));
      return floor == null ? rows.values() : rows.tailMap(floor, true).values();
    }
    if (s.end().isUnbounded()) return rows.descendingMap().values();
    // Rows sharing the end bound's prefix sort after the bare prefix: step over them to the last one inside.
    Clustering top = rows.ceilingKey(Clustering.of(s.end().prefix()));
    while (top != null && cmp.compareToEnd(top, s.end()) <= 0) {
      Clustering next = rows.higherKey(top);
      if (next == null || cmp.compareToEnd(next, s.end()) > 0) break;
      top = next;
    }
    if (top == null) return rows.descendingMap().values();
    return rows.headMap(top, true).descendingMap().values();
  }

  /** {@code p}'s partition deletion, range tombstones and static row, without its rows. */
  static Partition shell(Partition p) {
    Partition out = new Partition(p.key(), p.comparator());
    out.delete(p.deletion());
    for (RangeTombstone rt : p.rangeTombstones()) out.appendRangeTombstone(rt);
    if (p.staticRow() != null) out.add(p.staticRow());
    return out;
  }

  /** The last row of {@code p} in the query's order (null: no rows). */
  public static Clustering edge(Partition p, boolean reversed) {
    if (p.rows().isEmpty()) return null;
    return reversed ? p.rows().firstKey() : p.rows().lastKey();
  }

  /** {@code p} without the rows past {@code edge} in the query's order. */
  public static Partition cutAfter(Partition p, Clustering edge, boolean reversed) {
    Partition out = shell(p);
    NavigableMap<Clustering, Row> kept = reversed ? p.rows().tailMap(edge, true) : p.rows().headMap(edge, true);
    for (Map.Entry<Clustering, Row> e : kept.entrySet()) out.add(e.getValue());
    return out;
  }
}
