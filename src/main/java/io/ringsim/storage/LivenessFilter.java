package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import io.ringsim.schema.TableMetadata;

/**
 * Turns stored data (tombstones included) into what a read sees at {@code nowInSec}, counting the tombstones it had
 * to walk past, which is what makes a tombstone-heavy partition slow in Cassandra.
 */
public final class LivenessFilter {
  private long tombstones;
  private final int nowInSec;
  /** The table, for its dropped columns; null when there are none to hide. */
  private final TableMetadata table;

  public LivenessFilter(int nowInSec) {
    this(nowInSec, null);
  }

  /** A view that also hides the cells of {@code table}'s dropped columns written before their DROP. */
  public LivenessFilter(int nowInSec, TableMetadata table) {
    this.nowInSec = nowInSec;
    this.table = table == null || table.droppedColumns().isEmpty() ? null : table;
  }

  private boolean dropped(String column, long timestamp) {
    return table != null && table.droppedWith(column, timestamp);
  }

  public long tombstonesScanned() {
    return tombstones;
  }

  public LivePartition view(Partition p, ReadFilter filter) {
    if (!p.deletion().isLive()) tombstones++;
    tombstones += p.rangeTombstones().size();
    LiveRow st = p.staticRow() == null ? null : liveRow(p.staticRow(), p.deletion());
    List<LiveRow> out = new ArrayList<>();
    List<Slice> slices = new ArrayList<>(filter.slices());
    if (filter.reversed()) Collections.reverse(slices);
    for (Slice s : slices) {
      NavigableMap<Clustering, Row> rows = p.rowsIn(s);
      for (Row r : (filter.reversed() ? rows.descendingMap() : rows).values()) {
        if (out.size() >= filter.limit()) return new LivePartition(p.key(), st, out);
        DeletionTime d = shadowing(p, r.clustering());
        LiveRow lr = liveRow(r, d);
        if (lr != null) out.add(lr);
      }
    }
    return new LivePartition(p.key(), st, out);
  }

  private static DeletionTime shadowing(Partition p, Clustering c) {
    DeletionTime d = p.deletion();
    for (RangeTombstone rt : p.rangeTombstones()) {
      if (rt.slice().contains(p.comparator(), c)) d = DeletionTime.max(d, rt.deletion());
    }
    return d;
  }

  /** The live part of a row under the deletion {@code outer}, or null when nothing of it is live. */
  LiveRow liveRow(Row r, DeletionTime outer) {
    DeletionTime d = DeletionTime.max(outer, r.deletion());
    if (!r.deletion().isLive()) tombstones++;
    boolean marker = r.liveness().isLive(nowInSec) && !d.deletes(r.liveness().timestamp());
    Map<String, Cell> cells = new TreeMap<>();
    for (int i = 0; i < r.cellCount(); i++) {
      Cell c = r.cell(i);
      if (d.deletes(c.timestamp()) || dropped(r.name(i), c.timestamp())) continue;
      if (c.isLive(nowInSec)) cells.put(r.name(i), c);
      else tombstones++;
    }
    Map<String, NavigableMap<byte[], Cell>> collections = Map.of();
    for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
      DeletionTime cd = DeletionTime.max(d, e.getValue().deletion());
      if (!e.getValue().deletion().isLive()) tombstones++;
      TreeMap<byte[], Cell> live = new TreeMap<>(e.getValue().cells().comparator());
      for (Map.Entry<byte[], Cell> c : e.getValue().cells().entrySet()) {
        if (cd.deletes(c.getValue().timestamp()) || dropped(e.getKey(), c.getValue().timestamp())) continue;
        if (c.getValue().isLive(nowInSec)) live.put(c.getKey(), c.getValue());
        else tombstones++;
      }
      if (!live.isEmpty()) {
        if (collections.isEmpty()) collections = new TreeMap<>();
        collections.put(e.getKey(), live);
      }
    }
    if (!marker && cells.isEmpty() && collections.isEmpty()) return null;
    return new LiveRow(r.clustering(), marker, cells, collections);
  }
}
