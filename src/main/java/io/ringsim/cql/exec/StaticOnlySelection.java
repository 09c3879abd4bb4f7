package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SelectRestrictions.invalid;

import io.ringsim.cql.ast.Selector;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;

/**
 * A SELECT whose selection reads static columns and nothing but them and the partition key ({@code SELECT p, s},
 * {@code max(s)}, {@code writetime(s)}) reads one value per partition, so Cassandra refuses any restriction on a
 * clustering column with it, by one column or several (StatementRestrictions' selectsOnlyStaticColumns check).
 * Found by DifferentialAgainstCassandraOracle: {@code (c1, c2) > (0, 'ant')} was served instead.
 */
final class StaticOnlySelection {
  private StaticOnlySelection() {}

  static void check(TableMetadata t, List<Selector> selectors, SelectRestrictions where) {
    boolean clusteringRestricted = where.tuple.isSet() || where.inTuples != null
        || where.byColumn.values().stream().anyMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING);
    if (clusteringRestricted && readsOnlyStatics(t, selectors)) {
      throw invalid("Cannot restrict clustering columns when selecting only static columns");
    }
  }

  /** Not for SELECT * (the selection then has every column): at least one static, else static or key columns. */
  private static boolean readsOnlyStatics(TableMetadata t, List<Selector> selectors) {
    List<String> names = new ArrayList<>();
    for (Selector s : selectors) columnsOf(s, names);
    boolean anyStatic = false;
    for (String n : names) {
      ColumnDef d = Projection.column(t, n);
      if (d.kind() == ColumnKind.STATIC) anyStatic = true;
      else if (d.kind() != ColumnKind.PARTITION_KEY) return false;
    }
    return anyStatic;
  }

  private static void columnsOf(Selector s, List<String> out) {
    if (s instanceof Selector.Column c) out.add(c.name());
    else if (s instanceof Selector.Aliased a) columnsOf(a.selector(), out);
    else if (s instanceof Selector.Function f) f.args().forEach(a -> columnsOf(a, out));
    else if (s instanceof Selector.Cast c) columnsOf(c.arg(), out);
    else if (s instanceof Selector.Element e) columnsOf(e.collection(), out);
    else if (s instanceof Selector.Slice sl) columnsOf(sl.collection(), out);
    else if (s instanceof Selector.Field f) columnsOf(f.value(), out);
    else if (s instanceof Selector.Operation o) {
      columnsOf(o.left(), out);
      columnsOf(o.right(), out);
    } else if (s instanceof Selector.Negation n) columnsOf(n.operand(), out);
    else if (s instanceof Selector.Parenthesized p) columnsOf(p.inner(), out);
    else if (s instanceof Selector.TypeHint h) columnsOf(h.value(), out);
    else if (s instanceof Selector.ListLiteral l) l.elements().forEach(e -> columnsOf(e, out));
    else if (s instanceof Selector.SetLiteral st) st.elements().forEach(e -> columnsOf(e, out));
    else if (s instanceof Selector.TupleLiteral tl) tl.elements().forEach(e -> columnsOf(e, out));
    // A key that is a bare name may be a user type's field, not a column: only the values are read for certain.
    else if (s instanceof Selector.MapOrUdtLiteral m) m.values().forEach(e -> columnsOf(e, out));
  }
}
