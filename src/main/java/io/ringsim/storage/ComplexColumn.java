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

  /** Every element at {@code ts}, the collection's deletion at {@code ts - 1} (see Row.withAllTimestamps). */
  public ComplexColumn withAllTimestamps(long ts) {
    TreeMap<byte[], Cell> out = new TreeMap<>(cells.comparator());
    for (Map.Entry<byte[], Cell> e : cells.entrySet()) out.put(e.getKey(), e.getValue().withTimestamp(ts));
    return new ComplexColumn(deletion.isLive() ? deletion : new DeletionTime(ts - 1, deletion.localDeletionTime()),
        out);
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
