package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Assignment;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * List operations that need the list as it is now: {@code l[i] = v}, {@code DELETE l[i]} and {@code l = l - [...]}.
 * A list element is stored under a timeuuid path, so the index or value must first be turned into the paths of the
 * existing elements. As Cassandra does (ModificationStatement's read of the required lists), the coordinator side
 * reads the partition at the statement's consistency level before it builds the write; an index past the end fails
 * with Cassandra's message before anything is written.
 */
final class ListOps {
  private ListOps() {}

  /** A resolved operation: the element paths it touches. */
  record Paths(List<byte[]> paths) {}

  static boolean needsRead(Assignment a, ColumnDef def) {
    if (!(def.type() instanceof ListType) || !TableSchema.isComplex(def.type())) return false;
    return a instanceof Assignment.SetElement || (a instanceof Assignment.Add add && add.subtract());
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  /** For UPDATE: per row, per assignment index, the paths found in {@code lp}. */
  static Map<Clustering, Map<Integer, Paths>> resolve(TableMetadata t, LivePartition lp, List<Clustering> rows,
      List<UpdatePlanner.Assigned> assigned) {
    Map<Clustering, Map<Integer, Paths>> out = new HashMap<>();
    for (Clustering c : rows) {
      Map<Integer, Paths> byOp = new HashMap<>();
      for (int i = 0; i < assigned.size(); i++) {
        Assignment a = assigned.get(i).assignment();
        ColumnDef def = assigned.get(i).column();
        if (!needsRead(a, def)) continue;
        List<Map.Entry<byte[], Cell>> elements = elements(t, lp, c, def);
        if (a instanceof Assignment.SetElement) {
          int idx = (Integer) ((UpdatePlanner.ElementSet) assigned.get(i).value()).key();
          if (elements.isEmpty()) throw invalid("Attempted to set an element on a list which is null");
          byOp.put(i, new Paths(List.of(at(elements, idx))));
        } else {
          List<?> remove = (List<?>) assigned.get(i).value();
          byOp.put(i, new Paths(matching(elements, (ListType) def.type(), remove)));
        }
      }
      out.put(c, byOp);
    }
    return out;
  }

  /** For DELETE l[i]: per row, per target index, the path of element i. */
  static Map<Clustering, Map<Integer, Paths>> resolveDeletes(TableMetadata t, LivePartition lp,
      List<Clustering> rows, List<Statement.DeleteTarget> targets, Values values) {
    Map<Clustering, Map<Integer, Paths>> out = new HashMap<>();
    for (Clustering c : rows) {
      Map<Integer, Paths> byTarget = new HashMap<>();
      for (int i = 0; i < targets.size(); i++) {
        Statement.DeleteTarget dt = targets.get(i);
        ColumnDef def = t.column(dt.column()).orElseThrow();
        if (dt.element() == null || !(def.type() instanceof ListType)) continue;
        int idx = (Integer) values.value(dt.element(), CqlTypes.INT, def.name());
        List<Map.Entry<byte[], Cell>> elements = elements(t, lp, c, def);
        if (elements.isEmpty()) throw invalid("Attempted to delete an element from a list which is null");
        byTarget.put(i, new Paths(List.of(at(elements, idx))));
      }
      out.put(c, byTarget);
    }
    return out;
  }

  private static byte[] at(List<Map.Entry<byte[], Cell>> elements, int idx) {
    if (idx < 0 || idx >= elements.size())
      throw invalid("List index " + idx + " out of bound, list has size " + elements.size());
    return elements.get(idx).getKey();
  }

  private static List<byte[]> matching(List<Map.Entry<byte[], Cell>> elements, ListType type, List<?> remove) {
    List<byte[]> out = new ArrayList<>();
    if (remove == null) return out;
    for (Map.Entry<byte[], Cell> e : elements) {
      Object v = type.element().deserialize(e.getValue().value());
      if (remove.contains(v)) out.add(e.getKey());
    }
    return out;
  }

  /** The live elements of list {@code def} in row {@code c} (or the static row), in list order. */
  private static List<Map.Entry<byte[], Cell>> elements(TableMetadata t, LivePartition lp, Clustering c,
      ColumnDef def) {
    if (lp == null) return List.of();
    LiveRow row = def.kind() == ColumnKind.STATIC ? lp.staticRow() : WriteBinder.findRow(lp, c);
    if (row == null) return List.of();
    NavigableMap<byte[], Cell> cells = row.collections().get(def.name());
    return cells == null ? List.of() : new ArrayList<>(cells.entrySet());
  }
}
