package io.ringsim.storage;

import java.util.Comparator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A non-frozen collection: one cell per element, keyed by its path (the list's timeuuid, the set element, the map
 * key), plus a collection-wide deletion that a full overwrite writes just before the new elements.
 */
public record ComplexColumn(DeletionTime deletion, NavigableMap<byte[], Cell> cells) {

  public static ComplexColumn of(DeletionTime deletion, Comparator<? super byte[]> pathOrder) {
    return new ComplexColumn(deletion, new TreeMap<>(pathOrder));
  }

  public ComplexColumn merge(ComplexColumn other) {
    DeletionTime d = DeletionTime.max(deletion, other.deletion);
    TreeMap<byte[], Cell> out = new TreeMap<>(cells.comparator());
    for (NavigableMap<byte[], Cell> side : java.util.List.of(cells, other.cells)) {
      for (Map.Entry<byte[], Cell> e : side.entrySet()) {
        if (d.deletes(e.getValue().timestamp())) continue;
        out.merge(e.getKey(), e.getValue(), Cell::reconcile);
      }
    }
    return new ComplexColumn(d, out);
  }

  int dataSize() {
    int n = deletion.isLive() ? 0 : DeletionTime.SIZE;
    for (Map.Entry<byte[], Cell> e : cells.entrySet()) n += e.getKey().length + e.getValue().dataSize();
    return n;
  }
}
