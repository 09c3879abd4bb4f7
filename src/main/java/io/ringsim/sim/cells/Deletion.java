package io.ringsim.sim.cells;

import static io.ringsim.sim.Say.EN;

import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.Slice;

/**
 * A deletion of many cells at once, as a mutation carries it: it shadows every cell it covers written at or before
 * its timestamp (deletion wins ties).
 */
public sealed interface Deletion {
  long timestamp();

  boolean covers(CellKey k, ClusteringComparator cmp);

  String describe(ClusteringComparator cmp);

  /** DELETE FROM t WHERE pk = ?: the whole partition, static row included. */
  record OfPartition(long timestamp) implements Deletion {
    @Override
    public boolean covers(CellKey k, ClusteringComparator cmp) {
      return true;
    }

    @Override
    public String describe(ClusteringComparator cmp) {
      return EN.get("say.deletion.partition");
    }
  }

  /** A range tombstone: every row in a clustering slice. */
  record OfRange(Slice slice, long timestamp) implements Deletion {
    @Override
    public boolean covers(CellKey k, ClusteringComparator cmp) {
      return slice.contains(cmp, k.clustering());
    }

    @Override
    public String describe(ClusteringComparator cmp) {
      return EN.f("say.deletion.range", bound(slice.start(), true, cmp), bound(slice.end(), false, cmp));
    }

    /** A bound as a user writes it: its clustering values, and whether rows equal to them are in the range. */
    private static String bound(ClusteringBound b, boolean start, ClusteringComparator cmp) {
      if (b.isUnbounded()) return EN.get(start ? "say.bound.first" : "say.bound.last");
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < b.prefix().length; i++) {
        if (i > 0) s.append(", ");
        try {
          s.append(cmp.type(i).format(cmp.type(i).deserialize(b.prefix()[i])));
        } catch (RuntimeException e) {
          s.append("0x").append(java.util.HexFormat.of().formatHex(b.prefix()[i]));
        }
      }
      return b.inclusive() ? "(" + s + ")" : EN.f(start ? "say.bound.after" : "say.bound.before", s);
    }
  }

  /** A row deletion: its marker and every cell of the row. */
  record OfRow(Clustering row, long timestamp) implements Deletion {
    @Override
    public boolean covers(CellKey k, ClusteringComparator cmp) {
      return k.clustering().equals(row);
    }

    @Override
    public String describe(ClusteringComparator cmp) {
      return EN.f("say.deletion.row", CellKey.describe(row, cmp));
    }
  }

  /** A collection's deletion (DELETE c, or an overwrite c = [...]): every element of it. */
  record OfCollection(Clustering row, String column, long timestamp) implements Deletion {
    @Override
    public boolean covers(CellKey k, ClusteringComparator cmp) {
      return k.path() != null && k.column().equals(column) && k.clustering().equals(row);
    }

    @Override
    public String describe(ClusteringComparator cmp) {
      return EN.f("say.deletion.collection", column);
    }
  }
}
