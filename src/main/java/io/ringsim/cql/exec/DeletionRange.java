package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.List;

/**
 * The clustering range a DELETE removes: a start and an end bound, each collected from its own relation.
 * Both bounds are kept side by side (issue 18: keeping one relation per column lost the start of
 * {@code c > a AND c <= b}, and the tombstone then reached back to the start of the partition).
 */
final class DeletionRange {
  /** The clustering columns the bounds are on: one column for {@code c > x}, several for {@code (c1, c2) > (x, y)}. */
  private List<String> columns;
  private boolean multiColumn;
  private Relation.Op startOp, endOp;
  private List<Object> start, end;

  boolean isSet() {
    return columns != null;
  }

  boolean isMultiColumn() {
    return multiColumn;
  }

  List<String> columns() {
    return columns;
  }

  /**
   * Adds one bound; {@code values} holds one value per column in {@code cols}. As Cassandra's slice restrictions
   * merge, a single-column slice and a multi-column one starting at the same column make one range ({@code (c1, c2)
   * >= (3, 2) AND (c1) <= (4)}, {@code c1 > 1 AND (c1, c2) < (2, 3)}) over the longer list of columns, each bound
   * as its relation gives it.
   */
  void add(TableMetadata t, List<String> cols, boolean multi, Relation.Op op, List<Object> values) {
    if (isSet() && !columns.get(0).equals(cols.get(0))) {
      if (multi || multiColumn) {
        String later = position(t, columns.get(0)) > position(t, cols.get(0)) ? columns.get(0) : cols.get(0);
        throw invalid("Column \"" + later + "\" cannot be restricted by two inequalities not starting with the same "
            + "column");
      }
      throw invalid("Range deletions must restrict the clustering columns in order, the slice on the last one");
    }
    List<String> common = !isSet() || cols.size() <= columns.size() ? cols : columns;
    // Cassandra's getColumnsInCommons joins the shared columns with " ,".
    String named = String.join(" ,", common);
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) == null) throw invalid("Invalid null value in condition for column " + cols.get(i));
    }
    if (!isSet() || cols.size() > columns.size()) columns = List.copyOf(cols);
    multiColumn |= multi;
    boolean isStart = op == Relation.Op.GT || op == Relation.Op.GTE;
    if (isStart) {
      if (startOp != null) throw invalid("More than one restriction was found for the start bound on " + named);
      startOp = op;
      start = values;
    } else {
      if (endOp != null) throw invalid("More than one restriction was found for the end bound on " + named);
      endOp = op;
      end = values;
    }
  }

  /**
   * The slice in clustering order under the fixed {@code prefix} (the values of the clustering columns restricted
   * by =), or null when the range holds no row at all, which Cassandra then does not write.
   */
  Slice slice(TableMetadata t, List<Object> prefix) {
    List<ColumnDef> cc = t.clusteringColumns();
    ClusteringBound open = new ClusteringBound(Keys.clustering(t, prefix), true);
    ClusteringBound lower = startOp == null ? open : bound(t, prefix, start, startOp == Relation.Op.GTE);
    ClusteringBound upper = endOp == null ? open : bound(t, prefix, end, endOp == Relation.Op.LTE);
    // The storage engine's slices run in clustering order, where a DESC column's smallest value comes last: there the
    // value range's lower bound is the slice's end. Multi-column slices are refused on mixed orders, so the first
    // bounded column decides.
    boolean desc = cc.get(prefix.size()).order() == ClusteringOrder.DESC;
    Slice s = desc ? new Slice(upper, lower) : new Slice(lower, upper);
    return isEmpty(new ClusteringComparator(cc), s) ? null : s;
  }

  private static ClusteringBound bound(TableMetadata t, List<Object> prefix, List<Object> values, boolean inclusive) {
    List<Object> all = new ArrayList<>(prefix);
    all.addAll(values);
    return new ClusteringBound(Keys.clustering(t, all), inclusive);
  }

  /** Whether no clustering can lie inside {@code s} (e.g. {@code c > 4 AND c < 3}). */
  static boolean isEmpty(ClusteringComparator cmp, Slice s) {
    byte[][] a = s.start().prefix(), b = s.end().prefix();
    int n = Math.min(a.length, b.length);
    Clustering ca = Clustering.of(java.util.Arrays.copyOf(a, n)), cb = Clustering.of(java.util.Arrays.copyOf(b, n));
    int c = cmp.compare(ca, cb);
    if (c != 0) return c > 0;
    if (a.length == b.length) return !(s.start().inclusive() && s.end().inclusive());
    // One bound is a shorter prefix of the other: inclusive, it covers every clustering under it; exclusive, it
    // starts after (or ends before) all of them.
    ClusteringBound shorter = a.length < b.length ? s.start() : s.end();
    return !shorter.inclusive();
  }

  private static int position(TableMetadata t, String column) {
    return t.column(column).map(ColumnDef::position).orElse(-1);
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
