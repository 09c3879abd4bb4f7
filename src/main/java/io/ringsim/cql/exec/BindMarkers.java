package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;

/** Finding the bind markers left in a statement. */
final class BindMarkers {
  private BindMarkers() {}

  /** What a script or cqlsh gets for a marker: only a prepared statement can give it a value. */
  static CqlException unbound() {
    return new CqlException(CqlErrorClass.InvalidRequest, "Bind markers (?) need a prepared statement");
  }

  /** The relations that exist only as markers (k IN ?, (a, b) > ?) must have been bound before planning. */
  static void refuseUnbound(Relation r) {
    if (r instanceof Relation.InMarker || r instanceof Relation.MultiColumnMarker
        || r instanceof Relation.MultiColumnInMarker || r instanceof Relation.MultiColumnInMarkers) {
      throw unbound();
    }
  }

  /**
   * How many markers the statement has: one more than the largest index. The AST is made of records, lists and
   * maps only, so a generic walk finds every marker, including in positions added to the grammar later.
   */
  static int count(Object node) {
    return maxIndex(node) + 1;
  }

  private static int maxIndex(Object node) {
    if (node instanceof Term.BindMarker m) return m.index();
    int max = -1;
    if (node instanceof Collection<?> c) {
      for (Object o : c) max = Math.max(max, maxIndex(o));
    } else if (node instanceof Map<?, ?> m) {
      for (Object o : m.values()) max = Math.max(max, maxIndex(o));
    } else if (node instanceof Record r) {
      for (RecordComponent rc : r.getClass().getRecordComponents()) {
        try {
          max = Math.max(max, maxIndex(rc.getAccessor().invoke(r)));
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return max;
  }
}
