package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import java.lang.reflect.Method;
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

  /**
   * Each record class's component accessors, looked up once: {@code Class.getRecordComponents()} builds new objects
   * and interns their names on every call, and a served cluster counts the markers of every EXECUTE (it was a fifth
   * of the request threads' time under a prepared-insert load).
   */
  private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
    @Override
    protected Method[] computeValue(Class<?> type) {
      RecordComponent[] rc = type.getRecordComponents();
      Method[] out = new Method[rc.length];
      for (int i = 0; i < rc.length; i++) {
        out[i] = rc[i].getAccessor();
        out[i].setAccessible(true);
      }
      return out;
    }
  };

  /** Each marker under {@code node}, in the same generic walk. */
  static void forEach(Object node, java.util.function.Consumer<Term.BindMarker> action) {
    if (node instanceof Term.BindMarker m) {
      action.accept(m);
    } else if (node instanceof Collection<?> c) {
      for (Object o : c) forEach(o, action);
    } else if (node instanceof Map<?, ?> m) {
      for (Object o : m.values()) forEach(o, action);
    } else if (node instanceof Record r) {
      for (Method accessor : ACCESSORS.get(r.getClass())) {
        try {
          forEach(accessor.invoke(r), action);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
    }
  }

  private static int maxIndex(Object node) {
    if (node instanceof Term.BindMarker m) return m.index();
    int max = -1;
    if (node instanceof Collection<?> c) {
      for (Object o : c) max = Math.max(max, maxIndex(o));
    } else if (node instanceof Map<?, ?> m) {
      for (Object o : m.values()) max = Math.max(max, maxIndex(o));
    } else if (node instanceof Record r) {
      for (Method accessor : ACCESSORS.get(r.getClass())) {
        try {
          max = Math.max(max, maxIndex(accessor.invoke(r)));
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return max;
  }
}
