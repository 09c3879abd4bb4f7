package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.findRow;
import static io.ringsim.cql.exec.WriteBinder.invalid;

import io.ringsim.cql.ast.Condition;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The LWT part of a write: IF EXISTS, IF NOT EXISTS and IF column conditions, as a {@link WritePlanner.CasSpec}. */
final class CasPlanner {
  private CasPlanner() {}

  /** One IF condition on a column: {@code column op expected[0]}, or {@code column IN expected} when op is null. */
  private record ColumnCondition(ColumnDef column, Relation.Op op, List<Object> expected, int field) {
    ColumnCondition(ColumnDef column, Relation.Op op, List<Object> expected) {
      this(column, op, expected, -1);
    }

    /** {@code current}: the column's value; a condition on a UDT field ({@code field >= 0}) looks at that field. */
    boolean holds(Object current) {
      CqlType type = column.type();
      if (field >= 0) {
        io.ringsim.schema.collection.UserType ut = (io.ringsim.schema.collection.UserType) type;
        type = ut.fieldTypes().get(field);
        current = current == null || field >= ((List<?>) current).size() ? null : ((List<?>) current).get(field);
      }
      Object now = current;
      if (op == null) return expected.stream().anyMatch(e -> Objects.equals(e, now));
      return RowValues.compare(type, current, op, expected.get(0));
    }
  }

  /** IF NOT EXISTS on an INSERT's row. */
  static WritePlanner.CasSpec ifNotExists(TableMetadata t, Clustering row) {
    return new WritePlanner.CasSpec(row, lp -> findRow(lp, row) == null, lp -> failureWholeRow(t, lp, row), null);
  }

  /** The condition of an UPDATE or DELETE, or null when it has none. */
  static WritePlanner.CasSpec of(TableMetadata t, KeyTargets targets, boolean ifExists, List<Condition> conditions,
      Values values, boolean delete) {
    if (!ifExists && conditions.isEmpty()) return null;
    String kind = delete ? "deletions" : "updates";
    if (targets.keys().size() != 1)
      throw invalid("IN on the partition key is not supported with conditional " + kind);
    if (targets.rows().size() > 1)
      throw invalid("IN on the clustering key columns is not supported with conditional " + kind);
    if (targets.slice() != null)
      throw invalid("DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to "
          + "delete non static columns");
    Clustering row = targets.rows().isEmpty() ? Clustering.EMPTY : targets.rows().get(0);
    if (ifExists) {
      // A write of static columns alone (no clustering given on a table that has some) targets the static row:
      // IF EXISTS then asks whether it has live cells, and a failure has no row to show (Cassandra's
      // STATIC_CLUSTERING condition).
      if (row.size() == 0 && !t.clusteringColumns().isEmpty()) {
        return new WritePlanner.CasSpec(row, lp -> lp != null && lp.staticRow() != null, lp -> notApplied(), null);
      }
      return new WritePlanner.CasSpec(row, lp -> findRow(lp, row) != null, lp -> failureWholeRow(t, lp, row), null);
    }
    List<ColumnCondition> conds = new ArrayList<>();
    for (Condition c : conditions) {
      ColumnDef def = t.column(c.column()).orElseThrow(() -> invalid("Undefined column name " + c.column()
          + " in table " + t.qualifiedName()));
      if (def.isPrimaryKey()) throw invalid("PRIMARY KEY column '" + c.column() + "' cannot have IF conditions");
      if (c instanceof Condition.InMarker) throw BindMarkers.unbound();
      if (c instanceof Condition.Compare cmp) {
        if (cmp.op() != Relation.Op.EQ && cmp.op() != Relation.Op.NEQ && SchemaOps.containsDuration(def.type())) {
          throw invalid(def.type() == io.ringsim.schema.types.CqlTypes.DURATION
              ? "Slice conditions ( " + cmp.op().symbol + " ) are not supported on durations"
              : "Slice conditions are not supported on " + SelectRestrictions.durationsIn(def.type()));
        }
        conds.add(new ColumnCondition(def, cmp.op(),
            java.util.Collections.singletonList(values.value(cmp.value(), def.type(), def.name()))));
      } else if (c instanceof Condition.Field f) {
        if (!(def.type() instanceof io.ringsim.schema.collection.UserType ut))
          throw invalid("Invalid field reference " + f.field() + " for non-UDT column " + def.name());
        int i = ut.fieldIndex(f.field());
        if (i < 0) throw invalid("Unknown field " + f.field() + " for column " + def.name());
        Object v = values.value(f.value(), ut.fieldTypes().get(i), def.name() + "." + f.field());
        conds.add(new ColumnCondition(def, f.op(), java.util.Collections.singletonList(v), i));
      } else if (c instanceof Condition.In in) {
        List<Object> vs = new ArrayList<>();
        for (Term term : in.values()) vs.add(values.value(term, def.type(), def.name()));
        conds.add(new ColumnCondition(def, null, vs));
      } else {
        // Cassandra's own refusals of the element and its value come first (ColumnCondition.Raw.prepare).
        Condition.Element el = (Condition.Element) c;
        String n = def.name();
        if (def.type() instanceof io.ringsim.schema.collection.ListType lt) {
          values.value(el.key(), io.ringsim.schema.types.CqlTypes.INT, "idx(" + n + ")");
          values.value(el.value(), lt.element(), "value(" + n + ")");
        } else if (def.type() instanceof io.ringsim.schema.collection.MapType mt) {
          values.value(el.key(), mt.key(), "key(" + n + ")");
          values.value(el.value(), mt.value(), "value(" + n + ")");
        } else if (!(def.type() instanceof io.ringsim.schema.collection.SetType)) {
          throw invalid("Invalid element access syntax for non-collection column " + n);
        }
        throw invalid("Conditions on collection elements are not supported by this simulator");
      }
    }
    List<ColumnDef> conditionColumns = conds.stream().map(ColumnCondition::column).distinct().toList();
    return new WritePlanner.CasSpec(row, lp -> {
      LiveRow r = findRow(lp, row);
      for (ColumnCondition c : conds) {
        if (!c.holds(current(t, lp, r, c.column()))) return false;
      }
      return true;
    }, lp -> {
      LiveRow r = shownRow(lp, row, conditionColumns);
      if (r == null && !showsStaticRow(lp, conditionColumns)) return notApplied();
      List<String> cols = new ArrayList<>(List.of("[applied]"));
      List<CqlType> types = new ArrayList<>(List.of(CqlTypes.BOOLEAN));
      List<Object> vals = new ArrayList<>(List.of(false));
      for (ColumnCondition c : conds) {
        ColumnDef def = c.column();
        if (cols.contains(def.name())) continue;
        cols.add(def.name());
        types.add(def.type());
        vals.add(current(t, lp, r, def));
      }
      return new ResultSet(cols, types, List.of(vals), List.of());
    }, conditionColumns);
  }

  private static ResultSet notApplied() {
    return new ResultSet(List.of("[applied]"), List.of(CqlTypes.BOOLEAN), List.of(List.of(false)), List.of());
  }

  /**
   * The row a failed condition shows, as Cassandra reads it for the round: with conditions on static columns only,
   * it reads the partition's first live row (to tell a partition with rows from a missing one), whatever row the
   * write targets; otherwise the targeted row. Null: no such row.
   */
  static LiveRow shownRow(LivePartition lp, Clustering row, List<ColumnDef> conditionColumns) {
    boolean staticOnly = conditionColumns.stream().allMatch(d -> d.kind() == ColumnKind.STATIC);
    if (!staticOnly) return findRow(lp, row);
    return lp == null || lp.rows().isEmpty() ? null : lp.rows().get(0);
  }

  /** Without a row to show: whether the partition's static row is shown (it is read when a condition names one). */
  static boolean showsStaticRow(LivePartition lp, List<ColumnDef> conditionColumns) {
    return lp != null && lp.staticRow() != null && conditionColumns.stream().anyMatch(d -> d.kind() == ColumnKind.STATIC);
  }

  /** A column's value in the row as read (a regular column of a missing row is null; a static one may still exist). */
  private static Object current(TableMetadata t, LivePartition lp, LiveRow r, ColumnDef def) {
    return r == null && def.kind() != ColumnKind.STATIC ? null : RowValues.columnValue(t, lp, r, def);
  }

  private static ResultSet failureWholeRow(TableMetadata t, LivePartition lp, Clustering c) {
    LiveRow r = findRow(lp, c);
    List<String> cols = new ArrayList<>(List.of("[applied]"));
    List<CqlType> types = new ArrayList<>(List.of(CqlTypes.BOOLEAN));
    List<Object> vals = new ArrayList<>(List.of(false));
    if (r != null || (lp != null && lp.staticRow() != null && !t.staticColumns().isEmpty())) {
      for (ColumnDef def : RowValues.starColumns(t)) {
        cols.add(def.name());
        types.add(def.type());
        vals.add(RowValues.columnValue(t, lp, r, def));
      }
    }
    return new ResultSet(cols, types, List.of(vals), List.of());
  }
}
