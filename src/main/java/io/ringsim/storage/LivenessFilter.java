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
  /** A materialized view keyed on a base regular column: a row lives only while its row marker does. */
  private final boolean strict;

  public LivenessFilter(int nowInSec) {
    this(nowInSec, null);
  }

  /** A view that also hides the cells of {@code table}'s dropped columns written before their DROP. */
  public LivenessFilter(int nowInSec, TableMetadata table) {
    this.nowInSec = nowInSec;
    this.table = table == null || table.droppedColumns().isEmpty() ? null : table;
    this.strict = table != null && table.strictLiveness();
  }

  private boolean dropped(String column, long timestamp) {
    return table != null && table.droppedWith(column, timestamp);
  }

  public long tombstonesScanned() {
    return tombstones;
  }

  public LivePartition view(Partition p, ReadFilter filter) {
    LiveRow st = partitionLevel(p, true);
    List<LiveRow> out = new ArrayList<>();
    walk(p, filter, out);
    return new LivePartition(p.key(), st, out);
  }

  /**
   * The number of live rows {@link #view} would return, counting the same tombstones, without building the rows: a
   * replica reports the count, and ships the stored data rather than the view (the coordinator builds that once).
   */
  public int countLiveRows(Partition p, ReadFilter filter) {
    partitionLevel(p, false);
    return walk(p, filter, null);
  }

  /** Counts the partition's own tombstones; its static row's live part (when {@code build}). */
  private LiveRow partitionLevel(Partition p, boolean build) {
    if (!p.deletion().isLive()) tombstones++;
    tombstones += p.rangeTombstones().size();
    return p.staticRow() == null ? null : liveRow(p.staticRow(), p.deletion(), build);
  }

  /** The live rows of {@code p} a read sees, in its order up to its limit, added to {@code out} (null: only counted). */
  private int walk(Partition p, ReadFilter filter, List<LiveRow> out) {
    int n = 0;
    List<Slice> slices = filter.slices();
    if (filter.reversed() && slices.size() > 1) {
      slices = new ArrayList<>(slices);
      Collections.reverse(slices);
    }
    for (Slice s : slices) {
      NavigableMap<Clustering, Row> rows = p.rowsIn(s);
      for (Row r : (filter.reversed() ? rows.descendingMap() : rows).values()) {
        if (n >= filter.limit()) return n;
        LiveRow lr = liveRow(r, shadowing(p, r.clustering()), out != null);
        if (lr == null) continue;
        n++;
        if (out != null) out.add(lr);
      }
    }
    return n;
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
    return liveRow(r, outer, true);
  }

  /** Whether anything of a row is live, as a non-null {@link #COUNTED} when {@code build} is false. */
  private static final LiveRow COUNTED = new LiveRow(Clustering.EMPTY, true, Map.of(), Map.of());

  private LiveRow liveRow(Row r, DeletionTime outer, boolean build) {
    DeletionTime d = DeletionTime.max(outer, r.deletion());
    if (!r.deletion().isLive()) tombstones++;
    boolean marker = r.liveness().isLive(nowInSec) && !d.deletes(r.liveness().timestamp());
    Map<String, Cell> cells = build ? new TreeMap<>() : null;
    boolean anyLive = marker;
    for (int i = 0; i < r.cellCount(); i++) {
      Cell c = r.cell(i);
      if (d.deletes(c.timestamp()) || dropped(r.name(i), c.timestamp())) continue;
      if (!c.isLive(nowInSec)) tombstones++;
      else if (build) cells.put(r.name(i), c);
      else anyLive = true;
    }
    Map<String, NavigableMap<byte[], Cell>> collections = Map.of();
    for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
      DeletionTime cd = DeletionTime.max(d, e.getValue().deletion());
      if (!e.getValue().deletion().isLive()) tombstones++;
      TreeMap<byte[], Cell> live = build ? new TreeMap<>(e.getValue().cells().comparator()) : null;
      for (Map.Entry<byte[], Cell> c : e.getValue().cells().entrySet()) {
        if (cd.deletes(c.getValue().timestamp()) || dropped(e.getKey(), c.getValue().timestamp())) continue;
        if (!c.getValue().isLive(nowInSec)) tombstones++;
        else if (build) live.put(c.getKey(), c.getValue());
        else anyLive = true;
      }
      if (build && !live.isEmpty()) {
        if (collections.isEmpty()) collections = new TreeMap<>();
        collections.put(e.getKey(), live);
      }
    }
    if (strict && !marker) return null;
    if (!build) return anyLive ? COUNTED : null;
    if (!marker && cells.isEmpty() && collections.isEmpty()) return null;
    return new LiveRow(r.clustering(), marker, cells, collections);
  }
}
