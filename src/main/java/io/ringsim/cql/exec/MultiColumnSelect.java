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

  /**
   * {@code (a, b) = (1, 2)} becomes EQ restrictions per column; a slice narrows {@code tuple}, merged with another
   * slice that starts at the same column as Cassandra's MultiColumnRestriction.SliceRestriction merges: the longer
   * column list, each side's bound from the relation that gives it.
   */
  static void apply(TableMetadata t, Relation.MultiColumn mc, Map<String, ColumnRestriction> byColumn,
      Values values, TupleSlice tuple, List<Relation> where) {
    if (mc.op() != Relation.Op.EQ && !mc.op().isSlice()) throw invalid("Unsupported \"" + mc.op().symbol
        + "\" relation: (" + String.join(", ", mc.columns()) + ")" + MultiColumnWhere.rest(mc));
    List<ColumnDef> cols = MultiColumnWhere.consecutiveClustering(mc.columns(), name -> Projection.column(t, name),
        MultiColumnWhere.rest(mc));
    MultiColumnWhere.checkTupleSize(mc.columns().size(), mc.values());
    refuseUnset(mc.values());
    if (mc.op() == Relation.Op.EQ) {
      for (int i = 0; i < cols.size(); i++) {
        ColumnDef d = cols.get(i);
        if (byColumn.containsKey(d.name()) || (tuple.isSet() && tuple.columns.contains(d)))
          throw invalid(d.name() + " cannot be restricted by more than one relation if it includes an Equal");
        Object x = values.value(mc.values().get(i), d.type(), d.name());
        if (x == null) throw invalid("Invalid null value for column " + d.name());
        byColumn.computeIfAbsent(d.name(), n -> new ColumnRestriction(d)).eq = List.of(x);
      }
      return;
    }
    for (ColumnDef d : cols) {
      ColumnRestriction cr = byColumn.get(d.name());
      // Cassandra merges in the order written: an EQ before the slice refuses it, a slice before the EQ does.
      if (cr != null && cr.eq != null) throw invalid(ClusteringParts.orderOf(where, d.name()) < where.indexOf(mc)
          ? d.name() + " cannot be restricted by more than one relation if it includes an Equal"
          : "Column \"" + d.name() + "\" cannot be restricted by both an equality and an inequality relation");
    }
    byte[][] v = new byte[cols.size()][];
    for (int i = 0; i < cols.size(); i++) {
      Object x = values.value(mc.values().get(i), cols.get(i).type(), cols.get(i).name());
      if (x == null) throw invalid("Invalid null value in condition for column " + cols.get(i).name());
      v[i] = cols.get(i).type().serialize(x);
    }
    if (tuple.isSet() && cols.stream().noneMatch(tuple.columns::contains)) {
      // A second slice on other columns: Cassandra keeps it apart, as a row filter it cannot apply.
      if (tuple.disjointFirst == null) tuple.disjointFirst = cols.get(0);
      return;
    }
    bound(tuple, cols, mc.op(), v);
  }

  /** An unset bind value inside a literal tuple, as Cassandra's Tuples.Value words it. */
  private static void refuseUnset(List<Term> values) {
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) instanceof Term.Unset) throw invalid("Invalid unset value for tuple field number " + i);
    }
  }

  /** One side of a slice on {@code cols}, merged into {@code tuple}. */
  static void bound(TupleSlice tuple, List<ColumnDef> cols, Relation.Op op, byte[][] v) {
    if (tuple.isSet()) {
      ColumnDef mine = tuple.columns.get(0), theirs = cols.get(0);
      if (!mine.equals(theirs)) throw invalid("Column \"" + (mine.position() > theirs.position() ? mine : theirs).name()
          + "\" cannot be restricted by two inequalities not starting with the same column");
    }
    // Cassandra's getColumnsInCommons joins the shared columns with " ,".
    String common = String.join(" ,", (tuple.isSet() && tuple.columns.size() < cols.size() ? tuple.columns : cols)
        .stream().map(ColumnDef::name).toList());
    if (op == Relation.Op.GT || op == Relation.Op.GTE) {
      if (tuple.lowerOp != null) throw invalid("More than one restriction was found for the start bound on " + common);
      tuple.lowerOp = op;
      tuple.lower = v;
    } else {
      if (tuple.upperOp != null) throw invalid("More than one restriction was found for the end bound on " + common);
      tuple.upperOp = op;
      tuple.upper = v;
    }
    if (!tuple.isSet() || tuple.columns.size() < cols.size()) tuple.columns = cols;
  }

  /** {@code (a, b) IN ((1, 2), (3, 4))}: the tuples, checked as Cassandra checks them, without repeats. */
  static List<byte[][]> inTuples(TableMetadata t, List<Relation.MultiColumnIn> multiIn,
      Map<String, ColumnRestriction> byColumn, TupleSlice tuple, Values values) {
    Relation.MultiColumnIn mi = multiIn.get(0);
    if (multiIn.size() > 1 || tuple.isSet()) throw invalid("Clustering columns cannot be restricted by more than one"
        + " relation if it includes an IN: (" + String.join(", ", mi.columns()) + ")");
    List<ColumnDef> cols = MultiColumnWhere.consecutiveClustering(mi.columns(), name -> Projection.column(t, name),
        "");
    for (ColumnDef c : cols) {
      if (byColumn.containsKey(c.name())) throw invalid(c.name() + " cannot be restricted by more than one relation if"
          + " it includes an Equal");
    }
    List<byte[][]> out = new ArrayList<>();
    for (List<Term> tupleValues : mi.tuples()) {
      MultiColumnWhere.checkTupleSize(cols.size(), tupleValues);
      refuseUnset(tupleValues);
      byte[][] v = new byte[cols.size()][];
      for (int i = 0; i < cols.size(); i++) {
        Object x = values.value(tupleValues.get(i), cols.get(i).type(), cols.get(i).name());
        // One tuple is an equality to Cassandra (its message); several are checked as a whole.
        if (x == null) throw invalid(mi.tuples().size() == 1 ? "Invalid null value for column " + cols.get(i).name()
            : "Invalid null value in condition for columns: " + cols.stream().map(ColumnDef::name).toList());
        v[i] = cols.get(i).type().serialize(x);
      }
      boolean seen = false;
      for (byte[][] o : out) seen |= Arrays.deepEquals(o, v);
      if (!seen) out.add(v);
    }
    return out;
  }
}
