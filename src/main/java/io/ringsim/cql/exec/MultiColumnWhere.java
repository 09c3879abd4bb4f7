package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Multi-column relations in the WHERE clause of an UPDATE or DELETE, checked as SELECT checks them. */
final class MultiColumnWhere {
  private MultiColumnWhere() {}

  /**
   * Cassandra's checks of the columns of any multi-column relation, in a SELECT or a write's WHERE: clustering columns
   * only, in PRIMARY KEY order from the first. {@code column} resolves a name (each statement kind words an unknown
   * one its own way). Returns the columns.
   */
  static List<ColumnDef> clusteringPrefix(List<String> columns, java.util.function.Function<String, ColumnDef> column) {
    return clusteringPrefix(columns, column, "");
  }

  /** The same, {@code rest} being the relation's text after its columns (" > (1, 1)"), which the message quotes. */
  static List<ColumnDef> clusteringPrefix(List<String> columns, java.util.function.Function<String, ColumnDef> column,
      String rest) {
    List<ColumnDef> out = new ArrayList<>(columns.size());
    for (int i = 0; i < columns.size(); i++) {
      ColumnDef d = column.apply(columns.get(i));
      if (d.kind() != ColumnKind.CLUSTERING) throw invalid("Multi-column relations can only be applied to clustering"
          + " columns but was applied to: " + d.name());
      if (d.position() != i) throw invalid("Clustering columns must appear in the PRIMARY KEY order in multi-column "
          + "relations: (" + String.join(", ", columns) + ")" + rest);
      out.add(d);
    }
    return out;
  }

  /**
   * Cassandra's MultiColumnRelation.receivers, for a SELECT: clustering columns only, each once, consecutive in
   * PRIMARY KEY order (not necessarily from the first: {@code b = 0 AND (c, d) > (1, 1)}).
   */
  static List<ColumnDef> consecutiveClustering(List<String> columns,
      java.util.function.Function<String, ColumnDef> column, String rest) {
    List<ColumnDef> out = new ArrayList<>(columns.size());
    for (String name : columns) {
      ColumnDef d = column.apply(name);
      if (d.kind() != ColumnKind.CLUSTERING) throw invalid("Multi-column relations can only be applied to clustering"
          + " columns but was applied to: " + d.name());
      if (out.contains(d)) throw invalid("Column \"" + d.name() + "\" appeared twice in a relation: ("
          + String.join(", ", columns) + ")" + rest);
      if (!out.isEmpty() && d.position() != out.get(out.size() - 1).position() + 1) throw invalid("Clustering "
          + "columns must appear in the PRIMARY KEY order in multi-column relations: (" + String.join(", ", columns)
          + ")" + rest);
      out.add(d);
    }
    return out;
  }

  /** A value tuple of another size than the relation's columns. */
  static void checkTupleSize(int columns, List<io.ringsim.cql.ast.Term> values) {
    if (values.size() != columns) throw invalid("Expected " + columns + " elements in value tuple, but got "
        + values.size() + ": (" + String.join(", ", values.stream().map(TermText::of).toList()) + ")");
  }

  /** The text of a multi-column relation after its columns, as Cassandra's MultiColumnRelation.toString ends. */
  static String rest(Relation.MultiColumn mc) {
    return " " + mc.op().symbol + " (" + String.join(", ", mc.values().stream().map(TermText::of).toList()) + ")";
  }

  /** {@code (c1, c2) = (x, y)} fixes each column; {@code (c1, c2) > (x, y)} bounds a range deletion. */
  static void apply(TableMetadata t, Relation.MultiColumn mc, Values values,
      Map<String, List<Object>> eq, DeletionRange range) {
    List<ColumnDef> cc = t.clusteringColumns();
    clusteringPrefix(mc.columns(), name -> t.column(name).orElseThrow(() -> invalid("Undefined column name " + name)),
        rest(mc));
    checkTupleSize(mc.columns().size(), mc.values());
    List<Object> vs = new ArrayList<>();
    for (int i = 0; i < mc.columns().size(); i++) {
      ColumnDef d = cc.get(i);
      vs.add(values.value(mc.values().get(i), d.type(), d.name()));
    }
    // Cassandra merges this relation with the earlier ones on any column they share, and names the shared columns.
    List<String> withEq = mc.columns().stream().filter(eq::containsKey).toList();
    List<String> inRange = range.isSet() ? mc.columns().stream().filter(range.columns()::contains).toList() : List.of();
    if (mc.op() == Relation.Op.EQ && !inRange.isEmpty()) throw invalid("Column \"" + String.join(" ,", inRange)
        + "\" cannot be restricted by both an equality and an inequality relation");
    if (mc.op().isSlice() && !withEq.isEmpty())
      throw invalid(String.join(" ,", withEq) + " cannot be restricted by more than one relation if it includes an Equal");
    if (mc.op() == Relation.Op.EQ) {
      for (int i = 0; i < vs.size(); i++) {
        ColumnDef d = cc.get(i);
        if (eq.put(d.name(), List.of(WriteBinder.nonNullKey(vs.get(i), d, t))) != null)
          throw invalid(d.name() + " cannot be restricted by more than one relation if it includes an Equal");
      }
      return;
    }
    if (!mc.op().isSlice())
      throw invalid("Invalid operator " + mc.op().symbol + " for PRIMARY KEY part " + mc.columns().get(0));
    boolean desc = cc.get(0).order() == ClusteringOrder.DESC;
    for (ColumnDef c : cc.subList(0, mc.columns().size())) {
      if ((c.order() == ClusteringOrder.DESC) != desc) throw invalid("Multi-column slices over "
          + "columns with mixed clustering orders are not supported by this simulator");
    }
    range.add(t, mc.columns(), true, mc.op(), vs);
  }


  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
