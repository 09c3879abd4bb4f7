package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SelectRestrictions.invalid;

import io.ringsim.cql.ast.Relation;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A SELECT's clustering restrictions as Cassandra's ClusteringColumnRestrictions sees them: single-column ones and
 * multi-column ones (a slice over (b, c, d), an IN over (b, c)), each starting at a column, checked in column order.
 */
final class ClusteringParts {
  private ClusteringParts() {}

  enum Kind { SINGLE, TUPLE_SLICE, TUPLE_IN }

  /** A restriction on clustering columns {@code first..last} (positions). */
  record Part(Kind kind, int first, int last, boolean slice, int order) {}

  static List<Part> of(TableMetadata t, Map<String, ColumnRestriction> byColumn, TupleSlice tuple,
      List<byte[][]> inTuples, int inFirst, int inLast, List<Relation> where) {
    List<Part> parts = new ArrayList<>();
    for (ColumnRestriction cr : byColumn.values()) {
      if (cr.def.kind() != ColumnKind.CLUSTERING) continue;
      int p = cr.def.position();
      parts.add(new Part(Kind.SINGLE, p, p, cr.isSlice(), orderOf(where, cr.def.name())));
    }
    if (tuple.isSet()) parts.add(new Part(Kind.TUPLE_SLICE, tuple.columns.get(0).position(),
        tuple.columns.get(tuple.columns.size() - 1).position(), true, orderOf(where, Relation.MultiColumn.class)));
    if (inTuples != null) parts.add(new Part(Kind.TUPLE_IN, inFirst, inLast, false,
        orderOf(where, Relation.MultiColumnIn.class)));
    parts.sort(Comparator.comparingInt(Part::first));
    return parts;
  }

  /**
   * Without ALLOW FILTERING: nothing after a slice, no column skipped (unless an index serves the query), with
   * Cassandra's messages.
   */
  static void checkOrder(List<ColumnDef> cc, List<Part> parts, boolean queriableIndex) {
    checkSequence(cc, parts);
    Part prev = null;
    for (Part p : parts) {
      int next = prev == null ? 0 : prev.last() + 1;
      if (p.first() > next && !queriableIndex) throw invalid("PRIMARY KEY column \"" + cc.get(p.first()).name()
          + "\" cannot be restricted as preceding column \"" + cc.get(next).name() + "\" is not restricted");
      prev = p;
    }
  }

  /**
   * The single-column relations written before the first multi-column slice, checked in order before that slice
   * merges with them ({@code (b) < (1) AND (c) < (1) AND (b, c) > (0, 0)} is refused at {@code (c)}, as Cassandra).
   */
  static void checkBeforeTuple(TableMetadata t, Map<String, ColumnRestriction> byColumn, List<Relation> where) {
    int tupleAt = orderOf(where, Relation.MultiColumn.class);
    List<Part> parts = new ArrayList<>();
    for (ColumnRestriction cr : byColumn.values()) {
      int order = orderOf(where, cr.def.name());
      if (cr.def.kind() != ColumnKind.CLUSTERING || order >= tupleAt) continue;
      parts.add(new Part(Kind.SINGLE, cr.def.position(), cr.def.position(), cr.isSlice(), order));
    }
    checkSequence(t.clusteringColumns(), parts);
  }

  static void checkSequence(List<ColumnDef> cc, List<Part> parts) {
    // As Cassandra adds them, in the order of the WHERE clause, each checked against the one starting last so far.
    List<Part> added = new ArrayList<>();
    for (Part p : parts.stream().sorted(Comparator.comparingInt(Part::order)).toList()) {
      Part last = added.stream().max(Comparator.comparingInt(Part::first)).orElse(null);
      if (last != null && last.slice() && p.first() > last.first()) throw invalid("Clustering column \""
          + cc.get(p.first()).name() + "\" cannot be restricted (preceding column \"" + cc.get(last.first()).name()
          + "\" is restricted by a non-EQ relation)");
      if (last != null && p.slice() && p.first() < last.first()) {
        int next = added.stream().mapToInt(Part::first).filter(f -> f > p.first()).min().orElse(p.first() + 1);
        throw invalid("PRIMARY KEY column \"" + cc.get(next).name() + "\" cannot be restricted (preceding column \""
            + cc.get(p.first()).name() + "\" is restricted by a non-EQ relation)");
      }
      added.add(p);
    }
  }

  /** The index in the WHERE clause of the first relation on {@code column}. */
  static int orderOf(List<Relation> where, String column) {
    for (int i = 0; i < where.size(); i++) {
      Relation r = where.get(i);
      String c = r instanceof Relation.Single x ? x.column() : r instanceof Relation.In x ? x.column()
          : r instanceof Relation.Contains x ? x.column() : r instanceof Relation.Like x ? x.column() : null;
      if (column.equals(c)) return i;
      if (r instanceof Relation.MultiColumn mc && mc.op() == Relation.Op.EQ && mc.columns().contains(column)) return i;
    }
    return where.size();
  }

  private static int orderOf(List<Relation> where, Class<? extends Relation> kind) {
    for (int i = 0; i < where.size(); i++) {
      if (kind.isInstance(where.get(i)) && !(where.get(i) instanceof Relation.MultiColumn mc
          && mc.op() == Relation.Op.EQ)) return i;
    }
    return where.size();
  }

  /**
   * A single-column slice on the first column of a multi-column slice is one more bound of it ({@code (b, c) > (1, 2)
   * AND b < 5}); on a later column of it, Cassandra refuses it.
   */
  static void mergeSingleSlices(Map<String, ColumnRestriction> byColumn, TupleSlice tuple) {
    if (!tuple.isSet()) return;
    for (Iterator<ColumnRestriction> it = byColumn.values().iterator(); it.hasNext(); ) {
      ColumnRestriction cr = it.next();
      if (!tuple.columns.contains(cr.def) || !cr.isSlice() || cr.eq != null) continue;
      List<ColumnDef> one = List.of(cr.def);
      if (cr.lowerOp != null) MultiColumnSelect.bound(tuple, one, cr.lowerOp,
          new byte[][] {cr.def.type().serialize(cr.lower)});
      if (cr.upperOp != null) MultiColumnSelect.bound(tuple, one, cr.upperOp,
          new byte[][] {cr.def.type().serialize(cr.upper)});
      it.remove();
    }
  }
}
