package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.invalid;

import io.ringsim.cql.ast.Assignment;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.CounterShards;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Plans an UPDATE: its SET assignments on every targeted row of every targeted partition, and its IF condition. */
final class UpdatePlanner {
  private UpdatePlanner() {}

  /**
   * One SET assignment with its value evaluated once: the value to write, the elements to add or remove, the counter
   * delta, or an {@link ElementSet} for {@code c[k] = v}.
   */
  record Assigned(Assignment assignment, ColumnDef column, Object value) {}

  /** The value of {@code c[key] = value}: a map key, or a list index (an Integer). */
  record ElementSet(Object key, Object value) {}

  static WritePlanner.WritePlan plan(Statement.Update s, WriteBinder binder) {
    TableMetadata t = binder.table(s.keyspace(), s.table());
    Values values = binder.values();
    boolean onlyStatic = true;
    for (Assignment a : s.assignments()) {
      ColumnDef def = t.column(a.column()).orElseThrow(() -> invalid("Undefined column name " + a.column()
          + " in table " + t.qualifiedName()));
      if (def.isPrimaryKey()) throw invalid("PRIMARY KEY part " + a.column() + " found in SET part");
      if (def.kind() != ColumnKind.STATIC) onlyStatic = false;
    }
    // A condition on a regular column needs the row, so the statement is no longer static-only.
    for (io.ringsim.cql.ast.Condition c : s.conditions()) {
      if (t.column(c.column()).filter(d -> d.kind() == ColumnKind.REGULAR).isPresent()) onlyStatic = false;
    }
    UserTypeWrites.checkNoConflict(s.assignments());
    List<Assigned> assigned = new ArrayList<>();
    boolean needsRead = false;
    for (Assignment a : s.assignments()) {
      ColumnDef def = t.column(a.column()).orElseThrow();
      assigned.add(new Assigned(a, def, evaluate(a, def, values)));
      needsRead |= ListOps.needsRead(a, def);
    }
    boolean conditional = s.ifExists() || !s.conditions().isEmpty();
    if (t.isCounterTable()) WriteBinder.checkCounterStatement(t, s.conditions(), conditional, s.ttl(), s.timestamp());
    CasPlanner.checkConditionColumns(t, s.conditions());
    KeyTargets targets = KeyTargets.of(t, s.where(), values, onlyStatic, false,
        onlyStatic && !s.assignments().isEmpty());
    Long fixedTs = binder.fixedTimestamp(s.timestamp());
    int ttl = WriteBinder.ttl(s.ttl(), t);
    TableSchema schema = binder.schema(t);
    List<WritePlanner.PartitionWrite> writes = new ArrayList<>();
    List<Clustering> rows = onlyStatic ? List.of(Clustering.STATIC) : targets.rows();
    for (byte[] key : targets.keys()) {
      WritePlanner.UpdateFactory plain = WriteBinder.expiryChecked(t, ttl, s.ttl() == null,
          IndexedValueSizes.checked(binder.catalog(), t,
              factory(schema, key, rows, assigned, fixedTs, ttl, values, binder.deltas(), null)));
      writes.add(new WritePlanner.PartitionWrite(key, plain, !needsRead ? null
          : lp -> WriteBinder.expiryChecked(t, ttl, s.ttl() == null, IndexedValueSizes.checked(binder.catalog(), t,
              factory(schema, key, rows, assigned, fixedTs, ttl, values, binder.deltas(),
                  ListOps.resolve(t, lp, rows, assigned))))));
    }
    WritePlanner.CasSpec cas = CasPlanner.of(t, targets, s.where(), s.ifExists(), s.conditions(), values, false,
        assigned.stream().anyMatch(x -> x.column().kind() == ColumnKind.STATIC));
    return new WritePlanner.WritePlan(t, writes, cas);
  }

  /** {@code resolved}: per row and assignment, the list paths a read found (null when nothing needed a read). */
  private static WritePlanner.UpdateFactory factory(TableSchema schema, byte[] key, List<Clustering> rows,
      List<Assigned> assigned, Long fixedTs, int ttl, Values values, WriteBinder.DeltaNumbers deltas,
      Map<Clustering, Map<Integer, ListOps.Paths>> resolved) {
    return (serverTs, now) -> {
      long ts = fixedTs != null ? fixedTs : serverTs;
      Partition p = schema.newPartition(key);
      for (Clustering c : rows) {
        Row.Builder row = Row.builder(c);
        Row.Builder st = null;
        // The paths each list addition got, for the element operations after it in the statement.
        Map<Integer, List<byte[]>> added = new java.util.HashMap<>();
        for (int i = 0; i < assigned.size(); i++) {
          Assigned x = assigned.get(i);
          Row.Builder target = row;
          if (x.column().kind() == ColumnKind.STATIC && !c.isStatic()) {
            if (st == null) st = Row.builder(Clustering.STATIC);
            target = st;
          }
          ListOps.Paths paths = resolved == null ? null : resolved.getOrDefault(c, Map.of()).get(i);
          ComplexColumn col = apply(target, x, ts, ttl, now, values, schema, deltas,
              paths == null ? null : ListOps.paths(paths, added));
          if (col != null && x.column().type() instanceof ListType) added.put(i, new ArrayList<>(col.cells().keySet()));
        }
        Row built = row.build();
        if (!built.isEmpty()) p.add(built);
        if (st != null) p.add(st.build());
      }
      return p;
    };
  }

  /**
   * Refuses c = c + x (or - x) on a column that is neither a counter nor a collection. Cassandra prepares each
   * operation when the statement is prepared, so this is refused at PREPARE as well as when run.
   */
  static void checkAddable(Assignment.Add add, ColumnDef def) {
    CqlType type = def.type();
    String n = def.name();
    if (CounterShards.isCounter(type) || type instanceof ListType || type instanceof SetType || type instanceof MapType)
      return;
    String op = "Invalid operation (" + n + " = " + n + (add.subtract() ? " - " : " + ") + TermText.of(add.value())
        + ")";
    // A UDT is a tuple to Cassandra here (UserType extends TupleType).
    // Only + (Operation.Addition); a - on a tuple is one on a non-counter column.
    if (!add.subtract() && (type instanceof io.ringsim.schema.collection.UserType || type instanceof TupleType))
      throw invalid(op + " for tuple column " + n);
    throw invalid(op + " for non counter column " + n);
  }

  private static Object evaluate(Assignment a, ColumnDef def, Values values) {
    CqlType type = def.type();
    String n = def.name();
    boolean counter = CounterShards.isCounter(type);
    if (a instanceof Assignment.Set set) {
      if (counter) throw invalid("Cannot set the value of counter column " + n + " (counters can only be"
          + " incremented/decremented, not set)");
      return values.value(set.value(), type, n);
    }
    if (a instanceof Assignment.Add add) {
      if (counter) {
        Object v = values.value(add.value(), type, n);
        if (v == null) throw invalid("Invalid null value for counter increment/decrement");
        return add.subtract() ? -(Long) v : (Long) v;
      }
      checkAddable(add, def);
      if (type instanceof MapType mt) return values.mapOperand(add.value(), mt, add.subtract(), n);
      return values.value(add.value(), type, n);
    }
    if (a instanceof Assignment.SetField f) return UserTypeWrites.evaluate(f, def, values);
    if (a instanceof Assignment.Prepend pre) {
      if (!(type instanceof ListType)) throw invalid("Invalid operation (" + n + " = " + TermText.of(pre.value())
          + " + " + n + ") for non list column " + n);
      return values.value(pre.value(), type, n);
    }
    Assignment.SetElement se = (Assignment.SetElement) a;
    String op = "Invalid operation (" + n + "[" + TermText.of(se.key()) + "] = " + TermText.of(se.value()) + ")";
    if ((type instanceof MapType || type instanceof ListType || type instanceof SetType) && !TableSchema.isComplex(type))
      throw invalid(op + " for frozen collection column " + n);
    if (type instanceof MapType mt) {
      return new ElementSet(values.value(se.key(), mt.key(), "key(" + n + ")"),
          values.value(se.value(), mt.value(), "value(" + n + ")"));
    }
    if (type instanceof ListType lt) {
      Object idx = values.value(se.key(), CqlTypes.INT, "idx(" + n + ")");
      if (idx == null) throw invalid("Invalid null value for list index");
      return new ElementSet(idx, values.value(se.value(), lt.element(), "value(" + n + ")"));
    }
    if (type instanceof SetType) throw invalid(op + " for set column " + n);
    throw invalid(op + " for non collection column " + n);
  }

  /** Returns the collection cells it wrote, or null. {@code resolved}: the list paths an element operation touches. */
  private static ComplexColumn apply(Row.Builder row, Assigned x, long ts, int ttl, int now, Values values,
      TableSchema schema, WriteBinder.DeltaNumbers deltas, List<byte[]> resolved) {
    Assignment a = x.assignment();
    ColumnDef def = x.column();
    Object v = x.value();
    if (a instanceof Assignment.Set) {
      WriteBinder.writeValue(row, def, v, ts, ttl, now, values, schema);
      return null;
    }
    if (v instanceof UserTypeWrites.FieldSet f) {
      UserTypeWrites.writeField(row, def, f, ts, ttl, now, schema);
      return null;
    }
    CqlType type = def.type();
    if (CounterShards.isCounter(type)) {
      // A delta for the counter's leader to fold into its shard; never stored as such.
      ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
      col.cells().put(CounterShards.deltaPath(deltas.next()), Cell.live(ts,
          CounterShards.count((Long) v)));
      row.complex(def.name(), col);
      return null;
    }
    if (!TableSchema.isComplex(type)) {
      throw invalid("Invalid operation on frozen collection column " + def.name() + ": frozen collections can only"
          + " be replaced as a whole");
    }
    ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
    if (a instanceof Assignment.Add add && !add.subtract()) {
      WriteBinder.addElements(col.cells(), type, v, ts, ttl, now, values, false);
    } else if (a instanceof Assignment.Prepend) {
      WriteBinder.addElements(col.cells(), type, v, ts, ttl, now, values, true);
    } else if (a instanceof Assignment.Add && type instanceof ListType) {
      // l = l - [...]: tombstones for the elements the read found equal to one of the values.
      if (resolved != null) for (byte[] path : resolved) col.cells().put(path, Cell.tombstone(ts, now));
      if (col.cells().isEmpty()) return null;
    } else if (a instanceof Assignment.Add) {
      CqlType element = type instanceof SetType st ? st.element() : ((MapType) type).key();
      for (Object e : (Collection<?>) v) col.cells().put(element.serialize(e), Cell.tombstone(ts, now));
    } else if (type instanceof ListType lt) {
      ElementSet iv = (ElementSet) v;
      if (resolved == null) return null;
      byte[] path = resolved.get(0);
      col.cells().put(path, iv.value() == null ? Cell.tombstone(ts, now)
          : Cell.expiring(ts, ttl, now, lt.element().serialize(iv.value())));
    } else {
      ElementSet kv = (ElementSet) v;
      MapType mt = (MapType) type;
      byte[] path = mt.key().serialize(kv.key());
      col.cells().put(path, kv.value() == null ? Cell.tombstone(ts, now)
          : Cell.expiring(ts, ttl, now, mt.value().serialize(kv.value())));
    }
    row.complex(def.name(), col);
    return col;
  }
}
