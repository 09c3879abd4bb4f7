package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Relation;
import io.ringsim.schema.ColumnDef;
import io.ringsim.storage.LiveRow;
import java.util.List;

/**
 * A multi-column slice such as (b, c) > (1, 2): lexicographic bounds on consecutive clustering columns. Each bound may
 * cover fewer columns than {@link #columns} ({@code (b, c, d) > (1, 2, 3) AND (b) < (4)}).
 */
final class TupleSlice {
  List<ColumnDef> columns;
  Relation.Op lowerOp, upperOp;
  byte[][] lower, upper;
  /** The first column of another multi-column slice on columns apart from these, or null. */
  ColumnDef disjointFirst;

  boolean isSet() {
    return columns != null;
  }

  /**
   * Whether the columns mix ASC and DESC clustering order: the tuple's bounds compare values, not storage order,
   * so the rows it keeps are not one contiguous slice (Cassandra splits it into several), and are filtered instead.
   */
  boolean mixedOrders() {
    return columns.stream().map(ColumnDef::order).distinct().count() > 1;
  }

  /** (c1, c2) against the bounds, lexicographically by each column's natural order of values. */
  boolean matches(LiveRow r) {
    if (lowerOp != null) {
      int c = compare(r, lower);
      if (c < 0 || (c == 0 && lowerOp == Relation.Op.GT)) return false;
    }
    if (upperOp != null) {
      int c = compare(r, upper);
      if (c > 0 || (c == 0 && upperOp == Relation.Op.LT)) return false;
    }
    return true;
  }

  private int compare(LiveRow r, byte[][] bound) {
    for (int i = 0; i < bound.length; i++) {
      ColumnDef d = columns.get(i);
      int c = d.type().compare(r.clustering().get(d.position()), bound[i]);
      if (c != 0) return c;
    }
    return 0;
  }
}
