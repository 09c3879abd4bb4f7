package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SelectRestrictions.invalid;

import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** A SELECT's multi-column restrictions on clustering columns: {@code (a, b) = / > / IN ...}. */
final class MultiColumnSelect {
  private MultiColumnSelect() {}

  /** {@code (a, b) = (1, 2)} becomes EQ restrictions per column; a slice narrows {@code tuple}. */
  static void apply(TableMetadata t, Relation.MultiColumn mc, Map<String, ColumnRestriction> byColumn,
      Values values, TupleSlice tuple) {
    List<ColumnDef> cc = t.clusteringColumns();
    MultiColumnWhere.clusteringPrefix(mc.columns(), name -> Projection.column(t, name), MultiColumnWhere.rest(mc));
    MultiColumnWhere.checkTupleSize(mc.columns().size(), mc.values());
    if (mc.op() == Relation.Op.EQ) {
      for (int i = 0; i < mc.columns().size(); i++) {
        ColumnDef d = cc.get(i);
        ColumnRestriction cr = byColumn.computeIfAbsent(d.name(), n -> new ColumnRestriction(d));
        cr.eq = List.of(values.value(mc.values().get(i), d.type(), d.name()));
      }
      return;
    }
    if (!mc.op().isSlice()) throw invalid("Unsupported \"" + mc.op().symbol + "\" relation: (" + String.join(", ",
        mc.columns()) + ")");
    List<ColumnDef> cols = cc.subList(0, mc.columns().size());
    if (tuple.isSet() && !tuple.columns.equals(cols)) throw invalid("Multi-column relations must all be on the same "
        + "columns: (" + String.join(", ", mc.columns()) + ")");
    tuple.columns = cols;
    byte[][] v = new byte[cols.size()][];
    for (int i = 0; i < cols.size(); i++) {
      Object x = values.value(mc.values().get(i), cols.get(i).type(), cols.get(i).name());
      if (x == null) throw invalid("Invalid null value for column " + cols.get(i).name());
      v[i] = cols.get(i).type().serialize(x);
    }
    if (mc.op() == Relation.Op.GT || mc.op() == Relation.Op.GTE) {
      if (tuple.lowerOp != null) throw invalid("More than one restriction was found for the start bound on "
          + String.join(", ", mc.columns()));
      tuple.lowerOp = mc.op();
      tuple.lower = v;
    } else {
      if (tuple.upperOp != null) throw invalid("More than one restriction was found for the end bound on "
          + String.join(", ", mc.columns()));
      tuple.upperOp = mc.op();
      tuple.upper = v;
    }
  }

  /** {@code (a, b) IN ((1, 2), (3, 4))}: the tuples, checked as Cassandra checks them, without repeats. */
  static List<byte[][]> inTuples(TableMetadata t, List<Relation.MultiColumnIn> multiIn,
      Map<String, ColumnRestriction> byColumn, TupleSlice tuple, Values values) {
    Relation.MultiColumnIn mi = multiIn.get(0);
    if (multiIn.size() > 1 || tuple.isSet()) throw invalid("Clustering columns cannot be restricted by more than one"
        + " relation if it includes an IN: (" + String.join(", ", mi.columns()) + ")");
    List<ColumnDef> cols = MultiColumnWhere.clusteringPrefix(mi.columns(), name -> Projection.column(t, name));
    for (ColumnDef c : t.clusteringColumns()) {
      if (byColumn.containsKey(c.name())) throw invalid("Mixing single column relations and multi column relations "
          + "on clustering columns is not allowed");
    }
    List<byte[][]> out = new ArrayList<>();
    for (List<Term> tupleValues : mi.tuples()) {
      MultiColumnWhere.checkTupleSize(cols.size(), tupleValues);
      byte[][] v = new byte[cols.size()][];
      for (int i = 0; i < cols.size(); i++) {
        Object x = values.value(tupleValues.get(i), cols.get(i).type(), cols.get(i).name());
        if (x == null) throw invalid("Invalid null value in condition for column " + cols.get(i).name());
        v[i] = cols.get(i).type().serialize(x);
      }
      boolean seen = false;
      for (byte[][] o : out) seen |= Arrays.deepEquals(o, v);
      if (!seen) out.add(v);
    }
    return out;
  }
}
