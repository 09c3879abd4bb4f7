package io.ringsim.sim.model;

import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Cell;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.LivenessFilter;
import io.ringsim.storage.Partition;
import io.ringsim.storage.RangeTombstone;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Row;
import java.util.Map;

/**
 * What a read of a whole partition crosses, by kind, counted as ringsim's read path counts it ({@link LivenessFilter},
 * the count a node compares with tombstone_warn_threshold): the partition's deletion, each range tombstone, each row
 * deletion, each deleted cell (a DELETE of a column) and each cell whose TTL has expired, unless a newer deletion of
 * its row, range or partition shadows it. Live cells are the cells such a read returns.
 */
final class Tombstones {
  private Tombstones() {}

  /**
   * A partition's figures at one moment.
   *
   * @param liveCells cells a read returns
   * @param cell deleted cells (a cell tombstone, or a collection's deletion)
   * @param expired cells whose TTL (the write's, or the table's default_time_to_live) has passed
   * @param row rows with a row deletion
   * @param range range tombstones
   * @param partition 1 when the partition has a partition deletion
   */
  record Counts(long liveCells, long cell, long expired, long row, long range, long partition) {
    static final Counts NONE = new Counts(0, 0, 0, 0, 0, 0);

    long total() {
      return cell + expired + row + range + partition;
    }

    Counts scaled(double f) {
      return f == 1 ? this : new Counts(Math.round(liveCells * f), Math.round(cell * f), Math.round(expired * f),
          Math.round(row * f), Math.round(range * f), partition);
    }
  }

  static Counts of(Partition p, int nowSec, TableMetadata t) {
    long[] n = new long[4]; // live, cell, expired, row
    if (p.staticRow() != null) row(p.staticRow(), p.deletion(), nowSec, n);
    for (Row r : p.rows().values()) {
      DeletionTime outer = p.deletion();
      for (RangeTombstone rt : p.rangeTombstones()) {
        if (rt.slice().contains(p.comparator(), r.clustering())) outer = DeletionTime.max(outer, rt.deletion());
      }
      row(r, outer, nowSec, n);
    }
    return new Counts(n[0], n[1], n[2], n[3], p.rangeTombstones().size(), p.deletion().isLive() ? 0 : 1);
  }

  private static void row(Row r, DeletionTime outer, int nowSec, long[] n) {
    DeletionTime d = DeletionTime.max(outer, r.deletion());
    if (!r.deletion().isLive()) n[3]++;
    for (int i = 0; i < r.cellCount(); i++) cell(r.cell(i), d, nowSec, n);
    for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
      DeletionTime cd = DeletionTime.max(d, e.getValue().deletion());
      if (!e.getValue().deletion().isLive()) n[1]++;
      for (Cell c : e.getValue().cells().values()) cell(c, cd, nowSec, n);
    }
  }

  private static void cell(Cell c, DeletionTime d, int nowSec, long[] n) {
    if (d.deletes(c.timestamp())) return;
    if (c.isLive(nowSec)) n[0]++;
    else if (c.isTombstone()) n[1]++;
    else n[2]++;
  }

  /** The tombstones ringsim's read path counts for a read of {@code p} with {@code filter} (a query's slice and limit). */
  static long crossed(Partition p, ReadFilter filter, int nowSec, TableMetadata t) {
    LivenessFilter view = new LivenessFilter(nowSec, t);
    view.countLiveRows(p, filter);
    return view.tombstonesScanned();
  }
}
