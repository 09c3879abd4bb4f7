package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.invalid;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.Partition;
import io.ringsim.storage.RangeTombstone;
import io.ringsim.storage.Row;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plans a DELETE: a partition, row, clustering-prefix or range deletion, or tombstones for some columns (whole, or
 * one map key, set element or list index), and its IF condition.
 */
final class DeletePlanner {
  private DeletePlanner() {}

  static WritePlanner.WritePlan plan(Statement.Delete given, WriteBinder binder) {
    TableMetadata t = binder.table(given.keyspace(), given.table());
    Statement.Delete s = withoutUnsetListIndexes(given, t);
    boolean writesNothing = s.targets().isEmpty() && !given.targets().isEmpty();
    if (writesNothing) s = given; // checked as written, then nothing is written
    return plan(s, t, binder, writesNothing);
  }

  /** Lists.DiscarderByIndex: DELETE l[?] with an UNSET index removes nothing (an UNSET map key is refused). */
  private static Statement.Delete withoutUnsetListIndexes(Statement.Delete s, TableMetadata t) {
    List<Statement.DeleteTarget> kept = new ArrayList<>();
    for (Statement.DeleteTarget d : s.targets()) {
      boolean unsetIndex = d.element() instanceof Term.Unset
          && t.column(d.column()).map(c -> c.type() instanceof ListType).orElse(false);
      if (!unsetIndex) kept.add(d);
    }
    if (kept.size() == s.targets().size()) return s;
    return new Statement.Delete(s.keyspace(), s.table(), kept, s.where(), s.ifExists(), s.conditions(), s.timestamp());
  }

  private static WritePlanner.WritePlan plan(Statement.Delete s, TableMetadata t, WriteBinder binder,
      boolean writesNothing) {
    Values values = binder.values();
    boolean onlyStatic = !s.targets().isEmpty();
    boolean needsRead = false;
    for (Statement.DeleteTarget d : s.targets()) {
      ColumnDef def = t.column(d.column()).orElseThrow(() -> invalid("Undefined column name " + d.column()
          + " in table " + t.qualifiedName()));
      if (def.isPrimaryKey()) throw invalid("Invalid identifier " + d.column() + " for deletion (should not be a"
          + " PRIMARY KEY part)");
      if (def.kind() != ColumnKind.STATIC) onlyStatic = false;
      if (d.element() != null && !writesNothing) needsRead |= checkElement(def, d.element(), values);
      if (d.field() != null) UserTypeWrites.checkDelete(def, d.field());
    }
    boolean conditional = s.ifExists() || !s.conditions().isEmpty();
    // The columns deleted are static ones only; a condition on a regular column still needs the row named
    // (Cassandra's appliesOnlyToStaticColumns looks at the conditions too).
    boolean deletesStatics = onlyStatic;
    for (io.ringsim.cql.ast.Condition c : s.conditions()) {
      if (t.column(c.column()).filter(d -> d.kind() == ColumnKind.REGULAR).isPresent()) onlyStatic = false;
    }
    if (t.isCounterTable()) WriteBinder.checkCounterStatement(t, s.conditions(), conditional, null, s.timestamp());
    CasPlanner.checkConditionColumns(t, s.conditions());
    if (conditional) checkConditionalKeys(t, s, deletesStatics, onlyStatic, values);
    KeyTargets targets = KeyTargets.of(t, s.where(), values, onlyStatic, s.targets().isEmpty(), true,
        onlyStatic);
    if (!s.targets().isEmpty() && targets.slices() != null)
      throw invalid("Range deletions are not supported for specific columns");
    if (writesNothing && !conditional) return new WritePlanner.WritePlan(t, List.of(), null);
    Long fixedTs = binder.fixedTimestamp(s.timestamp());
    TableSchema schema = binder.schema(t);
    List<WritePlanner.PartitionWrite> writes = new ArrayList<>();
    List<Clustering> columnRows = targets.rows().isEmpty() ? List.of(Clustering.STATIC) : targets.rows();
    for (byte[] key : targets.keys()) {
      writes.add(new WritePlanner.PartitionWrite(key, factory(s, t, schema, key, targets, fixedTs, values, null),
          !needsRead ? null : lp -> factory(s, t, schema, key, targets, fixedTs, values,
              ListOps.resolveDeletes(t, lp, columnRows, s.targets(), values))));
    }
    WritePlanner.CasSpec cas = CasPlanner.of(t, targets, s.where(), s.ifExists(), s.conditions(), values, true,
        s.targets().stream().anyMatch(d -> t.column(d.column()).get().kind() == ColumnKind.STATIC));
    return new WritePlanner.WritePlan(t, writes, cas);
  }

  /**
   * A conditional DELETE that does not name its row by equalities on every key column may only delete and test
   * static columns (Cassandra's DeleteStatement.Parsed). Left to the key checks that Cassandra makes first: a
   * missing partition key column, and a clustering restriction on a static-only deletion.
   */
  private static void checkConditionalKeys(TableMetadata t, Statement.Delete s, boolean deletesStatics,
      boolean onlyStatic, Values values) {
    java.util.Set<String> byEquality = new java.util.HashSet<>();
    java.util.Set<String> named = new java.util.HashSet<>();
    for (io.ringsim.cql.ast.Relation r : s.where()) {
      List<String> cols = r instanceof io.ringsim.cql.ast.Relation.Single x ? List.of(x.column())
          : r instanceof io.ringsim.cql.ast.Relation.In x ? List.of(x.column())
          : r instanceof io.ringsim.cql.ast.Relation.InMarker x ? List.of(x.column())
          : r instanceof io.ringsim.cql.ast.Relation.MultiColumn x ? x.columns()
          : r instanceof io.ringsim.cql.ast.Relation.MultiColumnMarker x ? x.columns()
          : r instanceof io.ringsim.cql.ast.Relation.MultiColumnIn x ? x.columns()
          : r instanceof io.ringsim.cql.ast.Relation.MultiColumnInMarker x ? x.columns()
          : r instanceof io.ringsim.cql.ast.Relation.MultiColumnInMarkers x ? x.columns() : List.of();
      named.addAll(cols);
      boolean equality = r instanceof io.ringsim.cql.ast.Relation.Single x ? x.op() == io.ringsim.cql.ast.Relation.Op.EQ
          : r instanceof io.ringsim.cql.ast.Relation.MultiColumn x ? x.op() == io.ringsim.cql.ast.Relation.Op.EQ
          : r instanceof io.ringsim.cql.ast.Relation.MultiColumnMarker x ? x.op() == io.ringsim.cql.ast.Relation.Op.EQ
          : !cols.isEmpty();
      if (equality) byEquality.addAll(cols);
    }
    if (t.partitionKey().stream().anyMatch(c -> !named.contains(c.name()))) return;
    if (onlyStatic && t.clusteringColumns().stream().anyMatch(c -> named.contains(c.name()))) return;
    boolean allByEquality = t.partitionKey().stream().allMatch(c -> byEquality.contains(c.name()))
        && t.clusteringColumns().stream().allMatch(c -> byEquality.contains(c.name()));
    if (allByEquality) return;
    // The key values' own refusals (a constant of the wrong type) come first: Cassandra builds the restrictions
    // before it makes this check.
    for (io.ringsim.cql.ast.Relation r : s.where()) {
      if (r instanceof io.ringsim.cql.ast.Relation.Single x)
        t.column(x.column()).ifPresent(d -> values.value(x.value(), d.type(), d.name()));
      else if (r instanceof io.ringsim.cql.ast.Relation.In x)
        t.column(x.column()).ifPresent(d -> x.values().forEach(v -> values.value(v, d.type(), d.name())));
    }
    if (!deletesStatics) throw invalid("DELETE statements must restrict all PRIMARY KEY columns with equality relations"
        + " in order to delete non static columns");
    for (io.ringsim.cql.ast.Condition c : s.conditions()) {
      if (t.column(c.column()).filter(d -> d.kind() != ColumnKind.STATIC).isPresent())
        throw invalid("DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to"
            + " use IF condition on non static columns");
    }
  }

  /**
   * Checks {@code DELETE c[element]} before anything runs (not when the coordinator builds the write: a bad
   * statement must fail first); true for a list index, which needs the list as it is now.
   */
  private static boolean checkElement(ColumnDef def, Term element, Values values) {
    CqlType type = def.type();
    if (!(type instanceof MapType || type instanceof SetType || type instanceof ListType))
      throw invalid("Invalid deletion operation for non collection column " + def.name());
    if (!TableSchema.isComplex(type))
      throw invalid("Invalid deletion operation for frozen collection column " + def.name());
    if (type instanceof MapType mt) values.value(element, mt.key(), "key(" + def.name() + ")");
    else if (type instanceof SetType st) values.value(element, st.element(), "value(" + def.name() + ")");
    else if (values.value(element, CqlTypes.INT, "idx(" + def.name() + ")") == null)
      throw invalid("Invalid null value for list index");
    else return true;
    return false;
  }

  /** {@code resolved}: per row and target, the list paths a read found (null when nothing needed a read). */
  private static WritePlanner.UpdateFactory factory(Statement.Delete s, TableMetadata t, TableSchema schema,
      byte[] key, KeyTargets targets, Long fixedTs, Values values,
      Map<Clustering, Map<Integer, ListOps.Paths>> resolved) {
    return (serverTs, now) -> {
      long ts = fixedTs != null ? fixedTs : serverTs;
      Partition p = schema.newPartition(key);
      DeletionTime d = new DeletionTime(ts, now);
      if (s.targets().isEmpty()) {
        if (targets.slices() != null) {
          for (Slice slice : targets.slices()) p.addRangeTombstone(new RangeTombstone(slice, d));
        } else if (targets.prefixOnly()) {
          for (Clustering c : targets.rows()) {
            byte[][] prefix = new byte[c.size()][];
            for (int i = 0; i < c.size(); i++) prefix[i] = c.get(i);
            p.addRangeTombstone(new RangeTombstone(Slice.prefix(prefix), d));
          }
        } else if (t.clusteringColumns().isEmpty() || targets.rows().isEmpty()) {
          p.delete(d);
        } else {
          for (Clustering c : targets.rows()) p.add(Row.builder(c).delete(d).build());
        }
        return p;
      }
      for (Clustering c : targets.rows().isEmpty() ? List.of(Clustering.STATIC) : targets.rows()) {
        Row.Builder row = Row.builder(c);
        Row.Builder st = null;
        for (int i = 0; i < s.targets().size(); i++) {
          Statement.DeleteTarget dt = s.targets().get(i);
          ColumnDef def = t.column(dt.column()).orElseThrow();
          Row.Builder target = row;
          if (def.kind() == ColumnKind.STATIC && !c.isStatic()) {
            if (st == null) st = Row.builder(Clustering.STATIC);
            target = st;
          }
          ListOps.Paths paths = resolved == null ? null : resolved.getOrDefault(c, Map.of()).get(i);
          if (dt.field() != null) UserTypeWrites.deleteField(target, def, dt.field(), ts, now, schema);
          else deleteColumn(target, def, dt.element(), ts, now, values, schema, paths);
        }
        Row built = row.build();
        if (!built.isEmpty()) p.add(built);
        if (st != null) p.add(st.build());
      }
      return p;
    };
  }

  private static void deleteColumn(Row.Builder row, ColumnDef def, Term element, long ts, int now, Values values,
      TableSchema schema, ListOps.Paths resolved) {
    CqlType type = def.type();
    if (element != null && type instanceof ListType) {
      if (resolved == null) return;
      ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
      for (byte[] path : ListOps.paths(resolved, Map.of())) col.cells().put(path, Cell.tombstone(ts, now));
      row.complex(def.name(), col);
      return;
    }
    if (element == null) {
      if (TableSchema.isComplex(type)) {
        row.complex(def.name(), ComplexColumn.of(new DeletionTime(ts, now), schema.pathOrder(def.name())));
      } else {
        row.cell(def.name(), Cell.tombstone(ts, now));
      }
      return;
    }
    if (type instanceof MapType mt && TableSchema.isComplex(type)) {
      ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
      col.cells().put(mt.key().serialize(values.value(element, mt.key(), def.name())), Cell.tombstone(ts, now));
      row.complex(def.name(), col);
      return;
    }
    if (type instanceof SetType st && TableSchema.isComplex(type)) {
      ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
      col.cells().put(st.element().serialize(values.value(element, st.element(), def.name())), Cell.tombstone(ts, now));
      row.complex(def.name(), col);
      return;
    }
    throw invalid("Invalid element deletion " + def.name() + "[...]: only map keys and set elements can be deleted"
        + " one by one in this simulator");
  }
}
