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
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The LWT part of a write: IF EXISTS, IF NOT EXISTS and IF column conditions, as a {@link WritePlanner.CasSpec}. */
final class CasPlanner {
  private CasPlanner() {}

  /**
   * One IF condition on a column: {@code column op expected[0]}, or {@code column IN expected} when op is null; on
   * a UDT field ({@code field >= 0}) or on a collection element ({@code element}: a list index or map key) when
   * one is named. It is judged on the node that runs the Paxos round, as Cassandra's ColumnCondition.Bound is, and
   * so are its refusals that depend on the values (a null element, a negative index, a comparison with null).
   */
  private record ColumnCondition(ColumnDef column, Relation.Op op, List<Object> expected, int field,
      ElementAccess element) {
    ColumnCondition(ColumnDef column, Relation.Op op, List<Object> expected) {
      this(column, op, expected, -1, null);
    }

    /** {@code current}: the column's value as read. */
    boolean holds(Object current) {
      CqlType type = column.type();
      Object now = current;
      if (field >= 0) {
        io.ringsim.schema.collection.UserType ut = (io.ringsim.schema.collection.UserType) type;
        type = ut.fieldTypes().get(field);
        now = current == null || field >= ((List<?>) current).size() ? null : ((List<?>) current).get(field);
      } else if (element != null && element.containment() != null) {
        Object v = expected.get(0);
        if (v == null) throw invalid("Invalid comparison with null for operator \"CONTAINS"
            + (element.containment() == Containment.KEY ? " KEY" : "") + "\"");
        if (current instanceof java.util.Map<?, ?> m)
          return element.containment() == Containment.KEY ? m.containsKey(v) : m.containsValue(v);
        return current instanceof java.util.Collection<?> c && c.contains(v);
      } else if (element != null) {
        type = element.valueType();
        now = element.of(column, current);
      }
      // An IN compares each of its values with EQ (Cassandra's comparisonOperator).
      Relation.Op cmp = op == null ? Relation.Op.EQ : op;
      boolean multiCell = field < 0 && element == null && TableSchema.isComplex(type)
          && !(type instanceof io.ringsim.schema.collection.UserType);
      for (Object e : expected) {
        if (compare(type, multiCell, cmp, now, e)) return true;
      }
      return false;
    }

    /** Cassandra's compareWithOperator, and for a whole non-frozen collection its empty-value rule. */
    private static boolean compare(CqlType type, boolean multiCell, Relation.Op op, Object now, Object e) {
      boolean emptyCollection = multiCell && (e instanceof java.util.Collection<?> c && c.isEmpty()
          || e instanceof java.util.Map<?, ?> m && m.isEmpty());
      if (e == null || emptyCollection) {
        boolean nowEmpty = now == null || now instanceof java.util.Collection<?> c && c.isEmpty()
            || now instanceof java.util.Map<?, ?> m && m.isEmpty();
        if (op == Relation.Op.EQ) return multiCell ? nowEmpty : now == null;
        if (op == Relation.Op.NEQ) return multiCell ? !nowEmpty : now != null;
        if (e == null) throw invalid("Invalid comparison with null for operator \"" + op.symbol + "\"");
        throw invalid("Invalid comparison with an empty " + kindOf(type) + " for operator \"" + op.symbol + "\"");
      }
      if (now == null) return op == Relation.Op.NEQ;
      return RowValues.compare(type, now, op, e);
    }

    private static String kindOf(CqlType type) {
      return type instanceof io.ringsim.schema.collection.ListType ? "list"
          : type instanceof io.ringsim.schema.collection.SetType ? "set" : "map";
    }
  }

  /** What {@code IF c CONTAINS v} looks for: a map's key, or an element (a map's value). */
  private enum Containment { KEY, VALUE }

  /**
   * {@code l[index]} or {@code m[key]} in a condition ({@code key} null is refused when the condition is judged),
   * or with a {@code containment}, {@code c CONTAINS v}.
   */
  private record ElementAccess(Object key, CqlType valueType, boolean map, Containment containment) {
    ElementAccess(Object key, CqlType valueType, boolean map) {
      this(key, valueType, map, null);
    }

    Object of(ColumnDef column, Object current) {
      if (key == null) throw invalid("Invalid null value for " + (map ? "map" : "list") + " element access");
      if (map) return current == null ? null : ((java.util.Map<?, ?>) current).get(key);
      int idx = (Integer) key;
      // A frozen list is one cell: Cassandra reads the index only when that cell exists.
      if (TableSchema.isComplex(column.type()) || current != null) {
        if (idx < 0) throw invalid("Invalid negative list index " + idx);
      }
      List<?> list = (List<?>) current;
      return list == null || idx >= list.size() ? null : list.get(idx);
    }
  }

  /** IF NOT EXISTS on an INSERT's row. */
  static WritePlanner.CasSpec ifNotExists(TableMetadata t, Clustering row) {
    return new WritePlanner.CasSpec(row, lp -> findRow(lp, row) == null, lp -> failureWholeRow(t, lp, row, true),
        null);
  }

  /**
   * The refusals of a condition Cassandra makes when it prepares the conditions, before it looks at the WHERE
   * clause: its column, and an operator or element access the column's type does not take.
   */
  static void checkConditionColumns(TableMetadata t, List<Condition> conditions) {
    for (Condition c : conditions) {
      ColumnDef def = t.column(c.column()).orElseThrow(() -> invalid("Undefined column name " + c.column()
          + " in table " + t.qualifiedName()));
      if (def.isPrimaryKey()) throw invalid("PRIMARY KEY column '" + c.column() + "' cannot have IF conditions");
      CqlType type = def.type();
      if ((c instanceof Condition.Element || c instanceof Condition.ElementIn)
          && !(type instanceof io.ringsim.schema.collection.ListType
              || type instanceof io.ringsim.schema.collection.MapType)) {
        throw invalid(type instanceof io.ringsim.schema.collection.SetType
            ? "Invalid element access syntax for set column " + def.name()
            : "Invalid element access syntax for non-collection column " + def.name());
      }
      if (c instanceof Condition.Contains x) {
        if (x.key() && !(type instanceof io.ringsim.schema.collection.MapType))
          throw invalid("Cannot use CONTAINS KEY on non-map column " + def.name());
        if (!(type instanceof io.ringsim.schema.collection.ListType
            || type instanceof io.ringsim.schema.collection.SetType
            || type instanceof io.ringsim.schema.collection.MapType))
          throw invalid("Cannot use CONTAINS on non-collection column " + def.name());
      }
    }
  }

  /** The condition of an UPDATE or DELETE, or null when it has none. */
  static WritePlanner.CasSpec of(TableMetadata t, KeyTargets targets, List<Relation> where, boolean ifExists,
      List<Condition> conditions, Values values, boolean delete, boolean updatesStatics) {
    if (!ifExists && conditions.isEmpty()) return null;
    String kind = delete ? "deletions" : "updates";
    // As Cassandra, an IN is refused by its form, whatever number of values it lists (none included).
    if (hasIn(t, where, ColumnKind.PARTITION_KEY))
      throw invalid("IN on the partition key is not supported with conditional " + kind);
    if (hasIn(t, where, ColumnKind.CLUSTERING))
      throw invalid("IN on the clustering key columns is not supported with conditional " + kind);
    if (targets.keys().size() != 1)
      throw invalid("IN on the partition key is not supported with conditional " + kind);
    if (targets.rows().size() > 1)
      throw invalid("IN on the clustering key columns is not supported with conditional " + kind);
    if (targets.slices() != null)
      throw invalid("DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to "
          + "delete non static columns");
    Clustering row = targets.rows().isEmpty() ? Clustering.EMPTY : targets.rows().get(0);
    if (ifExists) {
      // A write of static columns alone (no clustering given on a table that has some) targets the static row:
      // IF EXISTS then asks whether it has live cells, and a failure has no row to show (Cassandra's
      // STATIC_CLUSTERING condition).
      if (row.size() == 0 && !t.clusteringColumns().isEmpty()) {
        return new WritePlanner.CasSpec(row, lp -> lp != null && lp.staticRow() != null,
            lp -> lp == null || lp.rows().isEmpty() ? notApplied() : staticFailure(t, lp), null);
      }
      return new WritePlanner.CasSpec(row, lp -> findRow(lp, row) != null,
          lp -> failureWholeRow(t, lp, row, updatesStatics), null);
    }
    List<ColumnCondition> conds = new ArrayList<>();
    for (Condition c : conditions) {
      ColumnDef def = t.column(c.column()).orElseThrow(() -> invalid("Undefined column name " + c.column()
          + " in table " + t.qualifiedName()));
      if (def.isPrimaryKey()) throw invalid("PRIMARY KEY column '" + c.column() + "' cannot have IF conditions");
      if (c instanceof Condition.InMarker || c instanceof Condition.FieldInMarker) throw BindMarkers.unbound();
      if (c instanceof Condition.Compare cmp) {
        if (cmp.op() != Relation.Op.EQ && cmp.op() != Relation.Op.NEQ && SchemaOps.containsDuration(def.type())) {
          throw invalid(def.type() == io.ringsim.schema.types.CqlTypes.DURATION
              ? "Slice conditions ( " + cmp.op().symbol + " ) are not supported on durations"
              : "Slice conditions are not supported on " + SelectRestrictions.durationsIn(def.type()));
        }
        conds.add(new ColumnCondition(def, cmp.op(),
            java.util.Collections.singletonList(values.value(cmp.value(), def.type(), def.name()))));
      } else if (c instanceof Condition.Field f) {
        int i = fieldIndex(def, f.field());
        CqlType ft = ((io.ringsim.schema.collection.UserType) def.type()).fieldTypes().get(i);
        Object v = values.value(f.value(), ft, def.name() + "." + f.field());
        conds.add(new ColumnCondition(def, f.op(), java.util.Collections.singletonList(v), i, null));
      } else if (c instanceof Condition.FieldIn f) {
        int i = fieldIndex(def, f.field());
        CqlType ft = ((io.ringsim.schema.collection.UserType) def.type()).fieldTypes().get(i);
        List<Object> vs = new ArrayList<>();
        for (Term term : f.values()) vs.add(values.value(term, ft, def.name() + "." + f.field()));
        conds.add(new ColumnCondition(def, null, vs, i, null));
      } else if (c instanceof Condition.Contains x) {
        CqlType type = def.type();
        if (x.key() && !(type instanceof io.ringsim.schema.collection.MapType))
          throw invalid("Cannot use CONTAINS KEY on non-map column " + def.name());
        CqlType element = type instanceof io.ringsim.schema.collection.ListType lt ? lt.element()
            : type instanceof io.ringsim.schema.collection.SetType st ? st.element()
            : type instanceof io.ringsim.schema.collection.MapType mt ? (x.key() ? mt.key() : mt.value()) : null;
        if (element == null) throw invalid("Cannot use CONTAINS on non-collection column " + def.name());
        Object v = values.value(x.value(), element, def.name());
        conds.add(new ColumnCondition(def, null, java.util.Collections.singletonList(v), -1,
            new ElementAccess(null, element, false, x.key() ? Containment.KEY : Containment.VALUE)));
      } else if (c instanceof Condition.In in) {
        List<Object> vs = new ArrayList<>();
        for (Term term : in.values()) vs.add(values.value(term, def.type(), def.name()));
        conds.add(new ColumnCondition(def, null, vs));
      } else {
        // Cassandra's own refusals of the element and its value come first (ColumnCondition.Raw.prepare).
        Term key = c instanceof Condition.Element el ? el.key() : ((Condition.ElementIn) c).key();
        List<Term> terms = c instanceof Condition.Element el ? List.of(el.value()) : ((Condition.ElementIn) c).values();
        String n = def.name();
        ElementAccess access;
        CqlType valueType;
        if (def.type() instanceof io.ringsim.schema.collection.ListType lt) {
          valueType = lt.element();
          access = new ElementAccess(values.value(key, CqlTypes.INT, "idx(" + n + ")"), valueType, false);
        } else if (def.type() instanceof io.ringsim.schema.collection.MapType mt) {
          valueType = mt.value();
          access = new ElementAccess(values.value(key, mt.key(), "key(" + n + ")"), valueType, true);
        } else if (def.type() instanceof io.ringsim.schema.collection.SetType) {
          throw invalid("Invalid element access syntax for set column " + n);
        } else {
          throw invalid("Invalid element access syntax for non-collection column " + n);
        }
        List<Object> expected = new ArrayList<>();
        for (Term term : terms) expected.add(values.value(term, valueType, "value(" + n + ")"));
        conds.add(new ColumnCondition(def, c instanceof Condition.Element el ? el.op() : null, expected, -1, access));
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

  /** The position of {@code field} in the user type of {@code def}, refused as Cassandra's UDTFieldCondition is. */
  private static int fieldIndex(ColumnDef def, String field) {
    if (!(def.type() instanceof io.ringsim.schema.collection.UserType ut))
      throw invalid("Invalid field reference " + field + " for non-UDT column " + def.name());
    int i = ut.fieldIndex(field);
    if (i < 0) throw invalid("Unknown field " + field + " for column " + def.name());
    return i;
  }

  /**
   * A failed IF EXISTS of a static-only write on a partition with rows but no static cells: Cassandra's round read
   * the static columns only, and shows the partition's first row with every other column null.
   */
  private static ResultSet staticFailure(TableMetadata t, LivePartition lp) {
    LiveRow first = lp.rows().get(0);
    List<String> cols = new ArrayList<>(List.of("[applied]"));
    List<CqlType> types = new ArrayList<>(List.of(CqlTypes.BOOLEAN));
    List<Object> vals = new ArrayList<>(List.of(false));
    for (ColumnDef def : RowValues.starColumns(t)) {
      cols.add(def.name());
      types.add(def.type());
      vals.add(def.isPrimaryKey() ? RowValues.columnValue(t, lp, first, def) : null);
    }
    return new ResultSet(cols, types, List.of(vals), List.of());
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

  /** Whether {@code where} restricts a column of {@code kind} with an IN (single- or multi-column). */
  static boolean hasIn(TableMetadata t, List<Relation> where, ColumnKind kind) {
    for (Relation r : where) {
      // A single-valued IN is an equality to Cassandra (k IN (1)); an empty one is still an IN.
      List<String> cols = r instanceof Relation.In in ? (in.values().size() == 1 ? List.of() : List.of(in.column()))
          : r instanceof Relation.InMarker in ? List.of(in.column())
          : r instanceof Relation.MultiColumnIn in ? in.columns()
          : r instanceof Relation.MultiColumnInMarker in ? in.columns()
          : r instanceof Relation.MultiColumnInMarkers in ? in.columns() : List.of();
      for (String c : cols) if (t.column(c).filter(d -> d.kind() == kind).isPresent()) return true;
    }
    return false;
  }

  /**
   * A failed IF EXISTS / IF NOT EXISTS: the whole row as read. {@code readsStatics}: the write sets static columns,
   * so Cassandra's round reads the static row too (CQL3CasRequest.columnsToRead); otherwise a missing row shows
   * nothing, and a row shows its static columns as null.
   */
  private static ResultSet failureWholeRow(TableMetadata t, LivePartition lp, Clustering c, boolean readsStatics) {
    LiveRow r = findRow(lp, c);
    if (!readsStatics && lp != null) lp = new LivePartition(lp.key(), null, lp.rows());
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
