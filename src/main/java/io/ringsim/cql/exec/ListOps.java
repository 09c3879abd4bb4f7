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
import java.util.Arrays;
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

  /**
   * An element an operation touches: one the list held before the statement, or element {@code element} of what
   * assignment {@code assignment} of the same statement adds (its path is known only once the write is built).
   */
  sealed interface Ref {
    record Existing(byte[] path) implements Ref {}

    record Added(int assignment, int element) implements Ref {}
  }

  /** A resolved operation: the elements it touches. */
  record Paths(List<Ref> refs) {}

  static boolean needsRead(Assignment a, ColumnDef def) {
    if (!(def.type() instanceof ListType) || !TableSchema.isComplex(def.type())) return false;
    return a instanceof Assignment.SetElement || (a instanceof Assignment.Add add && add.subtract());
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  /**
   * One element of a list as the statement sees it so far; {@code ours}: written by this statement, at its
   * timestamp, so that a second write of it keeps the greater value (Cassandra's reconciliation on a tie).
   */
  private static final class Entry {
    final Ref ref;
    byte[] value;
    boolean ours;

    Entry(Ref ref, byte[] value, boolean ours) {
      this.ref = ref;
      this.value = value;
      this.ours = ours;
    }
  }

  /**
   * For UPDATE: per row, per assignment index, the elements found. As Cassandra's UpdateParameters.getPrefetchedRow,
   * each operation sees the list as read merged with what the statement's earlier operations wrote to it: an index
   * counts the elements appended before it and not those removed before it.
   */
  static Map<Clustering, Map<Integer, Paths>> resolve(TableMetadata t, LivePartition lp, List<Clustering> rows,
      List<UpdatePlanner.Assigned> assigned) {
    Map<Clustering, Map<Integer, Paths>> out = new HashMap<>();
    for (Clustering c : rows) {
      Map<Integer, Paths> byOp = new HashMap<>();
      Map<String, List<Entry>> lists = new HashMap<>();
      for (int i = 0; i < assigned.size(); i++) {
        Assignment a = assigned.get(i).assignment();
        ColumnDef def = assigned.get(i).column();
        if (!(def.type() instanceof ListType lt) || !TableSchema.isComplex(def.type())) continue;
        Object v = assigned.get(i).value();
        if (a instanceof Assignment.Set) {
          if (lists.containsKey(def.name()) || assigned.stream().skip(i + 1).anyMatch(x -> x.column() == def
              && needsRead(x.assignment(), def))) {
            throw invalid("Setting a whole list and operating on its elements in the same statement is not supported"
                + " by this simulator");
          }
          continue;
        }
        boolean read = needsRead(a, def);
        boolean adds = a instanceof Assignment.Prepend || a instanceof Assignment.Add add && !add.subtract();
        if (!read && !(adds && lists.containsKey(def.name()))
            && assigned.stream().skip(i + 1).noneMatch(x -> x.column() == def && needsRead(x.assignment(), def)))
          continue;
        List<Entry> list = lists.computeIfAbsent(def.name(), n -> current(t, lp, c, def));
        if (adds) {
          List<Entry> added = new ArrayList<>();
          List<?> values = v == null ? List.of() : (List<?>) v;
          for (int k = 0; k < values.size(); k++)
            added.add(new Entry(new Ref.Added(i, k), lt.element().serialize(values.get(k)), true));
          list.addAll(a instanceof Assignment.Prepend ? 0 : list.size(), added);
        } else if (a instanceof Assignment.SetElement) {
          UpdatePlanner.ElementSet es = (UpdatePlanner.ElementSet) v;
          int idx = (Integer) es.key();
          if (list.isEmpty()) throw invalid("Attempted to set an element on a list which is null");
          Entry e = list.get(at(list.size(), idx));
          byOp.put(i, new Paths(List.of(e.ref)));
          if (es.value() == null) {
            list.remove(e);
          } else {
            byte[] nv = lt.element().serialize(es.value());
            if (!e.ours || Arrays.compareUnsigned(nv, e.value) > 0) e.value = nv;
            e.ours = true;
          }
        } else {
          List<?> remove = (List<?>) v;
          List<byte[]> removeBytes = new ArrayList<>();
          if (remove != null) for (Object r : remove) removeBytes.add(lt.element().serialize(r));
          List<Ref> refs = new ArrayList<>();
          for (java.util.Iterator<Entry> it = list.iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (removeBytes.stream().anyMatch(b -> Arrays.equals(b, e.value))) {
              refs.add(e.ref);
              it.remove();
            }
          }
          byOp.put(i, new Paths(refs));
        }
      }
      out.put(c, byOp);
    }
    return out;
  }

  /** For DELETE l[i]: per row, per target index, the element at i once the targets before it are deleted. */
  static Map<Clustering, Map<Integer, Paths>> resolveDeletes(TableMetadata t, LivePartition lp,
      List<Clustering> rows, List<Statement.DeleteTarget> targets, Values values) {
    Map<Clustering, Map<Integer, Paths>> out = new HashMap<>();
    for (Clustering c : rows) {
      Map<Integer, Paths> byTarget = new HashMap<>();
      Map<String, List<Entry>> lists = new HashMap<>();
      for (int i = 0; i < targets.size(); i++) {
        Statement.DeleteTarget dt = targets.get(i);
        ColumnDef def = t.column(dt.column()).orElseThrow();
        if (dt.element() == null || !(def.type() instanceof ListType)) continue;
        int idx = (Integer) values.value(dt.element(), CqlTypes.INT, def.name());
        List<Entry> list = lists.computeIfAbsent(def.name(), n -> current(t, lp, c, def));
        if (list.isEmpty()) throw invalid("Attempted to delete an element from a list which is null");
        byTarget.put(i, new Paths(List.of(list.remove(at(list.size(), idx)).ref)));
      }
      out.put(c, byTarget);
    }
    return out;
  }

  private static int at(int size, int idx) {
    if (idx < 0 || idx >= size) throw invalid("List index " + idx + " out of bound, list has size " + size);
    return idx;
  }

  /** The live elements of list {@code def} in row {@code c} (or the static row), in list order. */
  private static List<Entry> current(TableMetadata t, LivePartition lp, Clustering c, ColumnDef def) {
    List<Entry> out = new ArrayList<>();
    if (lp == null) return out;
    LiveRow row = def.kind() == ColumnKind.STATIC ? lp.staticRow() : WriteBinder.findRow(lp, c);
    if (row == null) return out;
    NavigableMap<byte[], Cell> cells = row.collections().get(def.name());
    if (cells != null)
      for (Map.Entry<byte[], Cell> e : cells.entrySet())
        out.add(new Entry(new Ref.Existing(e.getKey()), e.getValue().value(), false));
    return out;
  }

  /**
   * The paths of {@code refs} in the write being built: {@code added} holds, per assignment, the paths its added
   * elements got, in list order.
   */
  static List<byte[]> paths(Paths p, Map<Integer, List<byte[]>> added) {
    List<byte[]> out = new ArrayList<>();
    for (Ref r : p.refs()) {
      if (r instanceof Ref.Existing e) out.add(e.path());
      else if (r instanceof Ref.Added a) out.add(added.get(a.assignment()).get(a.element()));
    }
    return out;
  }
}
