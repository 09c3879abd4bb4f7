package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Assignment;
import io.ringsim.cql.ast.Condition;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.Catalog;
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
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.CounterShards;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.RangeTombstone;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Row;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.function.Consumer;

/** Plans INSERT, UPDATE, DELETE and BATCH: which partitions get which update, and the LWT condition if any. */
public final class WritePlanner {
  private WritePlanner() {}

  /** Builds one partition's update once the coordinator has chosen the timestamp. */
  @FunctionalInterface
  public interface UpdateFactory {
    Partition build(long timestampMicros, int nowInSec);
  }

  /**
   * One partition's write. {@code afterRead} is set when the write needs the partition's current state first (list
   * element operations): the session reads the partition, and {@code afterRead} gives the update to send, or throws
   * Cassandra's error (an index out of bound) before anything is written.
   */
  public record PartitionWrite(byte[] key, UpdateFactory update,
      java.util.function.Function<LivePartition, UpdateFactory> afterRead) {
    public PartitionWrite(byte[] key, UpdateFactory update) {
      this(key, update, null);
    }
  }

  /** An LWT: the row it is about and how its current state decides. */
  /**
   * A statement's condition: the row it is on, the test on the partition as read by Paxos, the answer when it fails,
   * and the columns its conditions name (null for IF EXISTS / IF NOT EXISTS, which concern the whole row).
   */
  public record CasSpec(Clustering row, java.util.function.Predicate<LivePartition> condition,
      java.util.function.Function<LivePartition, ResultSet> failure, List<ColumnDef> conditionColumns) {}

  public record WritePlan(TableMetadata table, List<PartitionWrite> writes, CasSpec cas) {}

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  public static WritePlan plan(Statement s, Catalog catalog, String session, Values values,
      io.ringsim.ring.Partitioner partitioner) {
    if (s instanceof Statement.Batch b) return batch(b, catalog, session, values, partitioner);
    return single(s, catalog, session, values, partitioner, null);
  }

  private static WritePlan batch(Statement.Batch b, Catalog catalog, String session, Values values,
      io.ringsim.ring.Partitioner partitioner) {
    Long ts = b.timestamp() == null ? null : Values.integer(b.timestamp(), "timestamp");
    checkCounterBatch(b, catalog, session);
    List<PartitionWrite> all = new ArrayList<>();
    TableMetadata table = null;
    CasSpec cas = null;
    List<CasSpec> conditions = new ArrayList<>();
    for (Statement child : b.statements()) {
      WritePlan p = single(child, catalog, session, values, partitioner, ts);
      if (p.cas() != null) {
        conditions.add(p.cas());
        cas = p.cas();
      }
      if (table != null && !table.qualifiedName().equals(p.table().qualifiedName()) && cas != null)
        throw invalid("Batch with conditions cannot span multiple tables");
      table = p.table();
      all.addAll(p.writes());
    }
    if (table == null) throw invalid("Empty batch");
    if (cas != null) {
      byte[] k = all.get(0).key();
      for (PartitionWrite w : all) {
        if (!Arrays.equals(w.key(), k)) throw invalid("Batch with conditions cannot span multiple partitions");
      }
      cas = ConditionalBatch.combine(table, conditions);
    }
    return new WritePlan(table, merge(all), cas);
  }

  /** Cassandra's rules on counters in a batch, checked in its order. */
  private static void checkCounterBatch(Statement.Batch b, Catalog catalog, String session) {
    boolean counters = false, others = false;
    for (Statement child : b.statements()) {
      String ks = null, name = null;
      if (child instanceof Statement.Insert i) {
        ks = i.keyspace();
        name = i.table();
      } else if (child instanceof Statement.Update u) {
        ks = u.keyspace();
        name = u.table();
      } else if (child instanceof Statement.Delete d) {
        ks = d.keyspace();
        name = d.table();
      }
      if (name == null) continue;
      boolean counter = SchemaOps.table(catalog, SchemaOps.keyspaceOf(ks, session), name).isCounterTable();
      if (counter) counters = true;
      else others = true;
    }
    if (b.timestamp() != null && counters)
      throw invalid("Cannot provide custom timestamp for a BATCH containing counters");
    if (b.type().equals("COUNTER") && others) throw invalid("Cannot include non-counter statement in a counter batch");
    if (counters && others) throw invalid("Counter and non-counter mutations cannot exist in the same batch");
    if (b.type().equals("LOGGED") && counters) throw invalid("Cannot include a counter statement in a logged batch");
  }

  /** Writes to the same partition become one update (a batch on one partition applies atomically). */
  private static List<PartitionWrite> merge(List<PartitionWrite> writes) {
    Map<String, List<PartitionWrite>> byKey = new LinkedHashMap<>();
    for (PartitionWrite w : writes) byKey.computeIfAbsent(java.util.HexFormat.of().formatHex(w.key()),
        k -> new ArrayList<>()).add(w);
    List<PartitionWrite> out = new ArrayList<>();
    for (List<PartitionWrite> ws : byKey.values()) {
      if (ws.size() == 1) {
        out.add(ws.get(0));
        continue;
      }
      boolean needsRead = ws.stream().anyMatch(w -> w.afterRead() != null);
      out.add(new PartitionWrite(ws.get(0).key(), combine(ws.stream().map(PartitionWrite::update).toList()),
          !needsRead ? null : lp -> combine(ws.stream().map(w -> w.afterRead() == null ? w.update()
              : w.afterRead().apply(lp)).toList())));
    }
    return out;
  }

  private static UpdateFactory combine(List<UpdateFactory> fs) {
    return (ts, now) -> {
      Partition p = null;
      for (UpdateFactory f : fs) {
        Partition u = f.build(ts, now);
        if (p == null) p = u;
        else p.apply(u);
      }
      return p;
    };
  }

  private static WritePlan single(Statement s, Catalog catalog, String session, Values values,
      io.ringsim.ring.Partitioner partitioner, Long batchTs) {
    if (s instanceof Statement.Insert i) return insert(i, catalog, session, values, partitioner, batchTs);
    if (s instanceof Statement.Update u) return update(u, catalog, session, values, partitioner, batchTs);
    if (s instanceof Statement.Delete d) return delete(d, catalog, session, values, partitioner, batchTs);
    throw invalid("Only INSERT, UPDATE and DELETE statements are allowed in a batch");
  }

  // ---------------------------------------------------------------- INSERT

  private static WritePlan insert(Statement.Insert s, Catalog catalog, String session, Values values,
      io.ringsim.ring.Partitioner partitioner, Long batchTs) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = SchemaOps.table(catalog, ks, s.table());
    if (t.isCounterTable()) throw invalid("INSERT statements are not allowed on counter tables, use UPDATE instead");
    Map<String, Object> byColumn;
    if (s.json() != null) {
      byColumn = InsertJson.columns(t, s.json(), s.defaultUnset());
    } else {
      if (s.columns().size() != s.values().size())
        throw invalid("Unmatched column names/values");
      byColumn = new LinkedHashMap<>();
      for (int i = 0; i < s.columns().size(); i++) {
        String c = s.columns().get(i);
        ColumnDef def = t.column(c).orElseThrow(() -> invalid("Undefined column name " + c + " in table "
            + t.qualifiedName()));
        if (byColumn.containsKey(c)) throw invalid("Multiple definitions found for column " + c);
        // UNSET leaves the column as it is (no tombstone); a key column must have a value, and Values says so.
        if (s.values().get(i) instanceof Term.Unset && !def.isPrimaryKey()) continue;
        byColumn.put(c, values.value(s.values().get(i), def.type(), c));
      }
    }
    List<String> missingPk = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) if (!byColumn.containsKey(c.name())) missingPk.add(c.name());
    if (!missingPk.isEmpty()) throw invalid("Some partition key parts are missing: " + String.join(", ", missingPk));
    List<String> missingCk = new ArrayList<>();
    for (ColumnDef c : t.clusteringColumns()) if (!byColumn.containsKey(c.name())) missingCk.add(c.name());
    // An INSERT of only the partition key and static columns writes the static row alone, as Cassandra allows.
    boolean staticOnly = !missingCk.isEmpty() && missingCk.size() == t.clusteringColumns().size()
        && byColumn.keySet().stream().anyMatch(c -> t.column(c).orElseThrow().kind() == ColumnKind.STATIC)
        && byColumn.keySet().stream().allMatch(c -> t.column(c).orElseThrow().kind() != ColumnKind.REGULAR);
    if (!missingCk.isEmpty() && !staticOnly)
      throw invalid("Some clustering keys are missing: " + String.join(", ", missingCk));
    List<Object> pk = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) pk.add(nonNullKey(byColumn.get(c.name()), c));
    List<Object> ck = new ArrayList<>();
    if (!staticOnly) for (ColumnDef c : t.clusteringColumns()) ck.add(nonNullKey(byColumn.get(c.name()), c));
    byte[] key = Keys.partitionKey(t, pk);
    checkKeySize(key);
    Clustering clustering = ck.isEmpty() ? Clustering.EMPTY : Clustering.of(Keys.clustering(t, ck));
    Long fixedTs = timestamp(s.timestamp(), batchTs);
    int ttl = ttl(s.ttl(), t);
    TableSchema schema = TableSchema.of(t, partitioner);
    UpdateFactory f = (serverTs, now) -> {
      long ts = fixedTs != null ? fixedTs : serverTs;
      Partition p = schema.newPartition(key);
      Row.Builder row = Row.builder(clustering).marker(LivenessInfo.of(ts, ttl, now));
      Row.Builder staticRow = null;
      for (Map.Entry<String, Object> e : byColumn.entrySet()) {
        ColumnDef def = t.column(e.getKey()).orElseThrow();
        if (def.isPrimaryKey()) continue;
        Row.Builder target = row;
        if (def.kind() == ColumnKind.STATIC) {
          if (staticRow == null) staticRow = Row.builder(Clustering.STATIC);
          target = staticRow;
        }
        writeValue(target, def, e.getValue(), ts, ttl, now, values, schema);
      }
      if (!staticOnly) p.add(row.build());
      if (staticRow != null) p.add(staticRow.build());
      return p;
    };
    CasSpec cas = null;
    if (s.ifNotExists()) {
      cas = new CasSpec(clustering, lp -> findRow(lp, clustering) == null,
          lp -> failureWholeRow(t, lp, clustering), null);
    }
    return new WritePlan(t, List.of(new PartitionWrite(key, f)), cas);
  }

  static Object nonNullKey(Object v, ColumnDef c) {
    if (v == null) throw invalid("Invalid null value in condition for column " + c.name());
    if (v instanceof String str && str.isEmpty() && c.kind() == ColumnKind.PARTITION_KEY)
      throw invalid("Key may not be empty");
    return v;
  }

  private static void checkKeySize(byte[] key) {
    if (key.length > 65535) throw invalid("Key length of " + key.length + " is longer than maximum of 65535");
  }

  private static Long timestamp(Term t, Long batchTs) {
    if (t != null) {
      if (batchTs != null) throw invalid("Timestamp must be set either on BATCH or individual statements");
      return Values.integer(t, "timestamp");
    }
    return batchTs;
  }

  private static int ttl(Term t, TableMetadata table) {
    if (t == null) return table.params().defaultTimeToLive();
    long v = Values.integer(t, "TTL");
    if (v < 0) throw invalid("A TTL must be greater or equal to 0, but was " + v);
    if (v > 630_720_000) throw invalid("ttl is too large. requested (" + v + ") maximum (630720000)");
    return (int) v;
  }

  /** A whole-value write of one column: a cell, a tombstone for null, or a collection replaced element by element. */
  static void writeValue(Row.Builder row, ColumnDef def, Object v, long ts, int ttl, int now, Values values,
      TableSchema schema) {
    CqlType type = def.type();
    if (TableSchema.isComplex(type)) {
      ComplexColumn col = ComplexColumn.of(new DeletionTime(ts - 1, now), schema.pathOrder(def.name()));
      if (v != null) addElements(col.cells(), type, v, ts, ttl, now, values, false);
      row.complex(def.name(), col);
      return;
    }
    if (v == null) row.cell(def.name(), Cell.tombstone(ts, now));
    else row.cell(def.name(), Cell.expiring(ts, ttl, now, type.serialize(v)));
  }

  private static void addElements(NavigableMap<byte[], Cell> cells, CqlType type, Object v, long ts, int ttl,
      int now, Values values, boolean prepend) {
    if (type instanceof ListType lt) {
      List<?> list = (List<?>) v;
      for (int i = 0; i < list.size(); i++) {
        // List cells are keyed by a timeuuid: appends get increasing times, prepends decreasing ones.
        long micros = prepend ? -ts - (list.size() - i) : ts * 16 + i;
        byte[] path = CqlTypes.TIMEUUID.serialize(values.timeUuid(micros));
        cells.put(path, Cell.expiring(ts, ttl, now, lt.element().serialize(list.get(i))));
      }
    } else if (type instanceof SetType st) {
      for (Object e : (Collection<?>) v) cells.put(st.element().serialize(e), Cell.expiring(ts, ttl, now, new byte[0]));
    } else if (type instanceof MapType mt) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        cells.put(mt.key().serialize(e.getKey()), Cell.expiring(ts, ttl, now, mt.value().serialize(e.getValue())));
      }
    }
  }

  /** A full-row write from values already typed (workloads): the partition key, the row, and its update. */
  public record RowWrite(byte[] key, Clustering clustering, UpdateFactory update) {}

  public static RowWrite rowInsert(TableMetadata t, TableSchema schema, Map<String, Object> byColumn, int ttl,
      Values values) {
    List<Object> pk = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) pk.add(byColumn.get(c.name()));
    List<Object> ck = new ArrayList<>();
    for (ColumnDef c : t.clusteringColumns()) ck.add(byColumn.get(c.name()));
    byte[] key = Keys.partitionKey(t, pk);
    Clustering clustering = ck.isEmpty() ? Clustering.EMPTY : Clustering.of(Keys.clustering(t, ck));
    UpdateFactory f = (ts, now) -> {
      Partition p = schema.newPartition(key);
      Row.Builder row = Row.builder(clustering).marker(LivenessInfo.of(ts, ttl, now));
      Row.Builder st = null;
      for (Map.Entry<String, Object> e : byColumn.entrySet()) {
        ColumnDef def = t.column(e.getKey()).orElseThrow();
        if (def.isPrimaryKey()) continue;
        Row.Builder target = row;
        if (def.kind() == ColumnKind.STATIC) {
          if (st == null) st = Row.builder(Clustering.STATIC);
          target = st;
        }
        writeValue(target, def, e.getValue(), ts, ttl, now, values, schema);
      }
      p.add(row.build());
      if (st != null) p.add(st.build());
      return p;
    };
    return new RowWrite(key, clustering, f);
  }

  /** A row deletion (or a partition deletion for a table without clustering columns). */
  public static UpdateFactory rowDelete(TableSchema schema, byte[] key, Clustering clustering) {
    return (ts, now) -> {
      Partition p = schema.newPartition(key);
      DeletionTime d = new DeletionTime(ts, now);
      if (clustering.size() == 0) p.delete(d);
      else p.add(Row.builder(clustering).delete(d).build());
      return p;
    };
  }

  // ---------------------------------------------------------------- UPDATE

  private static WritePlan update(Statement.Update s, Catalog catalog, String session, Values values,
      io.ringsim.ring.Partitioner partitioner, Long batchTs) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = SchemaOps.table(catalog, ks, s.table());
    boolean onlyStatic = true;
    for (Assignment a : s.assignments()) {
      ColumnDef def = t.column(a.column()).orElseThrow(() -> invalid("Undefined column name " + a.column()
          + " in table " + t.qualifiedName()));
      if (def.isPrimaryKey()) throw invalid("PRIMARY KEY part " + a.column() + " found in SET part");
      if (def.kind() != ColumnKind.STATIC) onlyStatic = false;
    }
    List<Object[]> assigned = new ArrayList<>();
    boolean needsRead = false;
    for (Assignment a : s.assignments()) {
      ColumnDef def = t.column(a.column()).orElseThrow();
      assigned.add(new Object[] {a, def, evaluate(a, def, values)});
      needsRead |= ListOps.needsRead(a, def);
    }
    if (t.isCounterTable()) checkCounterStatement(s.ifExists() || !s.conditions().isEmpty(), s.ttl(), s.timestamp());
    KeyTargets targets = KeyTargets.of(t, s.where(), values, onlyStatic, false);
    Long fixedTs = timestamp(s.timestamp(), batchTs);
    int ttl = ttl(s.ttl(), t);
    TableSchema schema = TableSchema.of(t, partitioner);
    List<PartitionWrite> writes = new ArrayList<>();
    List<Clustering> rows = onlyStatic ? List.of(Clustering.STATIC) : targets.rows();
    for (byte[] key : targets.keys()) {
      UpdateFactory plain = updateFactory(schema, key, rows, assigned, fixedTs, ttl, values, null);
      writes.add(new PartitionWrite(key, plain, !needsRead ? null
          : lp -> updateFactory(schema, key, rows, assigned, fixedTs, ttl, values, ListOps.resolve(t, lp, rows,
              assigned))));
    }
    if (needsRead && (s.ifExists() || !s.conditions().isEmpty()))
      throw invalid("List element operations (l[i] = v, l = l - [...]) cannot be combined with IF conditions in this"
          + " simulator");
    CasSpec cas = cas(t, targets, s.ifExists(), s.conditions(), values);
    return new WritePlan(t, writes, cas);
  }

  /** Cassandra's refusals for a write to a counter table. */
  private static void checkCounterStatement(boolean conditional, Term ttl, Term timestamp) {
    if (conditional) throw invalid("Conditional updates are not supported on counter tables");
    if (timestamp != null) throw invalid("Cannot provide custom timestamp for counter updates");
    if (ttl != null) throw invalid("Cannot provide custom TTL for counter updates");
  }

  /** {@code resolved}: per row and assignment, the list paths a read found (null when nothing needed a read). */
  private static UpdateFactory updateFactory(TableSchema schema, byte[] key, List<Clustering> rows,
      List<Object[]> assigned, Long fixedTs, int ttl, Values values, Map<Clustering, Map<Integer, Object>> resolved) {
    return (serverTs, now) -> {
      long ts = fixedTs != null ? fixedTs : serverTs;
      Partition p = schema.newPartition(key);
      for (Clustering c : rows) {
        Row.Builder row = Row.builder(c);
        Row.Builder st = null;
        for (int i = 0; i < assigned.size(); i++) {
          Object[] x = assigned.get(i);
          Assignment a = (Assignment) x[0];
          ColumnDef def = (ColumnDef) x[1];
          Row.Builder target = row;
          if (def.kind() == ColumnKind.STATIC && !c.isStatic()) {
            if (st == null) st = Row.builder(Clustering.STATIC);
            target = st;
          }
          Object paths = resolved == null ? null : resolved.getOrDefault(c, Map.of()).get(i);
          applyAssignment(target, a, def, x[2], ts, ttl, now, values, schema, paths);
        }
        Row built = row.build();
        if (!built.isEmpty()) p.add(built);
        if (st != null) p.add(st.build());
      }
      return p;
    };
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
      String op = "Invalid operation (" + n + " = " + n + (add.subtract() ? " - " : " + ") + TermText.of(add.value())
          + ")";
      if (counter) {
        Object v = values.value(add.value(), type, n);
        if (v == null) throw invalid("Invalid null value for counter increment/decrement");
        return add.subtract() ? -(Long) v : (Long) v;
      }
      if (!(type instanceof ListType || type instanceof SetType || type instanceof MapType)) {
        throw invalid(op + " for non counter column " + n);
      }
      if (add.subtract() && type instanceof MapType mt) {
        return values.value(add.value(), new SetType(mt.key(), false), n);
      }
      return values.value(add.value(), type, n);
    }
    if (a instanceof Assignment.Prepend pre) {
      if (!(type instanceof ListType)) throw invalid("Invalid operation (" + n + " = " + TermText.of(pre.value())
          + " + " + n + ") for non list column " + n);
      return values.value(pre.value(), type, n);
    }
    Assignment.SetElement se = (Assignment.SetElement) a;
    String op = "Invalid operation (" + n + "[" + TermText.of(se.key()) + "] = " + TermText.of(se.value()) + ")";
    if (type instanceof MapType mt) {
      return new Object[] {values.value(se.key(), mt.key(), n), values.value(se.value(), mt.value(), n)};
    }
    if (type instanceof ListType lt) {
      Object idx = values.value(se.key(), CqlTypes.INT, n);
      if (idx == null) throw invalid("Invalid null value for list index");
      return new Object[] {idx, values.value(se.value(), lt.element(), n)};
    }
    if (type instanceof SetType) throw invalid(op + " for set column " + n);
    throw invalid(op + " for non collection column " + n);
  }

  private static final java.util.concurrent.atomic.AtomicInteger DELTA_SEQ = new java.util.concurrent.atomic
      .AtomicInteger();

  private static void applyAssignment(Row.Builder row, Assignment a, ColumnDef def, Object v, long ts, int ttl,
      int now, Values values, TableSchema schema, Object resolved) {
    if (a instanceof Assignment.Set) {
      writeValue(row, def, v, ts, ttl, now, values, schema);
      return;
    }
    CqlType type = def.type();
    if (CounterShards.isCounter(type)) {
      // A delta for the counter's leader to fold into its shard; never stored as such.
      ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
      col.cells().put(CounterShards.deltaPath(DELTA_SEQ.incrementAndGet()), Cell.live(ts,
          CounterShards.count((Long) v)));
      row.complex(def.name(), col);
      return;
    }
    if (!TableSchema.isComplex(type)) {
      throw invalid("Invalid operation on frozen collection column " + def.name() + ": frozen collections can only"
          + " be replaced as a whole");
    }
    ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
    if (a instanceof Assignment.Add add && !add.subtract()) {
      addElements(col.cells(), type, v, ts, ttl, now, values, false);
    } else if (a instanceof Assignment.Prepend) {
      addElements(col.cells(), type, v, ts, ttl, now, values, true);
    } else if (a instanceof Assignment.Add && type instanceof ListType) {
      // l = l - [...]: tombstones for the elements the read found equal to one of the values.
      if (resolved != null) for (byte[] path : ListOps.paths(resolved)) col.cells().put(path, Cell.tombstone(ts, now));
      if (col.cells().isEmpty()) return;
    } else if (a instanceof Assignment.Add) {
      CqlType element = type instanceof SetType st ? st.element() : ((MapType) type).key();
      for (Object e : (Collection<?>) v) col.cells().put(element.serialize(e), Cell.tombstone(ts, now));
    } else if (type instanceof ListType lt) {
      Object[] iv = (Object[]) v;
      if (resolved == null) return;
      byte[] path = ListOps.paths(resolved).get(0);
      col.cells().put(path, iv[1] == null ? Cell.tombstone(ts, now)
          : Cell.expiring(ts, ttl, now, lt.element().serialize(iv[1])));
    } else {
      Object[] kv = (Object[]) v;
      MapType mt = (MapType) type;
      byte[] path = mt.key().serialize(kv[0]);
      col.cells().put(path, kv[1] == null ? Cell.tombstone(ts, now)
          : Cell.expiring(ts, ttl, now, mt.value().serialize(kv[1])));
    }
    row.complex(def.name(), col);
  }

  // ---------------------------------------------------------------- DELETE

  private static WritePlan delete(Statement.Delete s, Catalog catalog, String session, Values values,
      io.ringsim.ring.Partitioner partitioner, Long batchTs) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = SchemaOps.table(catalog, ks, s.table());
    boolean onlyStatic = !s.targets().isEmpty();
    boolean needsRead = false;
    for (Statement.DeleteTarget d : s.targets()) {
      ColumnDef def = t.column(d.column()).orElseThrow(() -> invalid("Undefined column name " + d.column()
          + " in table " + t.qualifiedName()));
      if (def.isPrimaryKey()) throw invalid("Invalid identifier " + d.column() + " for deletion (should not be a"
          + " PRIMARY KEY part)");
      if (def.kind() != ColumnKind.STATIC) onlyStatic = false;
      if (d.element() != null) {
        // Checked here, not when the coordinator builds the write: a bad statement must fail before anything runs.
        CqlType type = def.type();
        if (!(type instanceof MapType || type instanceof SetType || type instanceof ListType))
          throw invalid("Invalid deletion operation for non collection column " + def.name());
        if (!TableSchema.isComplex(type))
          throw invalid("Invalid deletion operation for frozen collection column " + def.name());
        if (type instanceof MapType mt) values.value(d.element(), mt.key(), def.name());
        else if (type instanceof SetType st) values.value(d.element(), st.element(), def.name());
        else if (values.value(d.element(), CqlTypes.INT, def.name()) == null)
          throw invalid("Invalid null value for list index");
        else needsRead = true;
      }
    }
    if (t.isCounterTable()) checkCounterStatement(s.ifExists() || !s.conditions().isEmpty(), null, s.timestamp());
    KeyTargets targets = KeyTargets.of(t, s.where(), values, onlyStatic, s.targets().isEmpty());
    if (!s.targets().isEmpty() && targets.slice() != null)
      throw invalid("Range deletions are not supported for specific columns");
    if (needsRead && (s.ifExists() || !s.conditions().isEmpty()))
      throw invalid("List element operations (DELETE l[i]) cannot be combined with IF conditions in this simulator");
    Long fixedTs = timestamp(s.timestamp(), batchTs);
    TableSchema schema = TableSchema.of(t, partitioner);
    List<PartitionWrite> writes = new ArrayList<>();
    List<Clustering> columnRows = targets.rows().isEmpty() ? List.of(Clustering.STATIC) : targets.rows();
    for (byte[] key : targets.keys()) {
      writes.add(new PartitionWrite(key, deleteFactory(s, t, schema, key, targets, fixedTs, values, null),
          !needsRead ? null : lp -> deleteFactory(s, t, schema, key, targets, fixedTs, values,
              ListOps.resolveDeletes(t, lp, columnRows, s.targets(), values))));
    }
    CasSpec cas = cas(t, targets, s.ifExists(), s.conditions(), values);
    return new WritePlan(t, writes, cas);
  }

  private static UpdateFactory deleteFactory(Statement.Delete s, TableMetadata t, TableSchema schema, byte[] key,
      KeyTargets targets, Long fixedTs, Values values, Map<Clustering, Map<Integer, Object>> resolved) {
    {
      return (serverTs, now) -> {
        long ts = fixedTs != null ? fixedTs : serverTs;
        Partition p = schema.newPartition(key);
        DeletionTime d = new DeletionTime(ts, now);
        if (s.targets().isEmpty()) {
          if (targets.slice() != null) {
            if (targets.slice() != EMPTY_RANGE) p.addRangeTombstone(new RangeTombstone(targets.slice(), d));
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
            Object paths = resolved == null ? null : resolved.getOrDefault(c, Map.of()).get(i);
            deleteColumn(target, def, dt.element(), ts, now, values, schema, paths);
          }
          Row built = row.build();
          if (!built.isEmpty()) p.add(built);
          if (st != null) p.add(st.build());
        }
        return p;
      };
    }
  }

  private static void deleteColumn(Row.Builder row, ColumnDef def, Term element, long ts, int now, Values values,
      TableSchema schema, Object resolved) {
    CqlType type = def.type();
    if (element != null && type instanceof ListType) {
      if (resolved == null) return;
      ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
      for (byte[] path : ListOps.paths(resolved)) col.cells().put(path, Cell.tombstone(ts, now));
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

  // ---------------------------------------------------------------- LWT

  private static CasSpec cas(TableMetadata t, KeyTargets targets, boolean ifExists, List<Condition> conditions,
      Values values) {
    if (!ifExists && conditions.isEmpty()) return null;
    if (targets.keys().size() != 1 || targets.rows().size() > 1 || targets.slice() != null)
      throw invalid("IN on the partition key or clustering columns is not supported with conditional updates");
    Clustering row = targets.rows().isEmpty() ? Clustering.EMPTY : targets.rows().get(0);
    if (ifExists) {
      return new CasSpec(row, lp -> findRow(lp, row) != null, lp -> failureWholeRow(t, lp, row), null);
    }
    List<Object[]> conds = new ArrayList<>();
    for (Condition c : conditions) {
      ColumnDef def = t.column(c.column()).orElseThrow(() -> invalid("Undefined column name " + c.column()));
      if (def.isPrimaryKey()) throw invalid("PRIMARY KEY column '" + c.column() + "' cannot have IF conditions");
      if (c instanceof Condition.InMarker) throw BindMarkers.unbound();
      if (c instanceof Condition.Compare cmp) {
        conds.add(new Object[] {def, cmp.op(), List.of(values.value(cmp.value(), def.type(), def.name()))
            .stream().map(x -> x).toList()});
      } else if (c instanceof Condition.In in) {
        List<Object> vs = new ArrayList<>();
        for (Term term : in.values()) vs.add(values.value(term, def.type(), def.name()));
        conds.add(new Object[] {def, null, vs});
      } else {
        throw invalid("Conditions on collection elements are not supported by this simulator");
      }
    }
    List<ColumnDef> conditionColumns = conds.stream().map(c -> (ColumnDef) c[0]).distinct().toList();
    return new CasSpec(row, lp -> {
      LiveRow r = findRow(lp, row);
      for (Object[] c : conds) {
        ColumnDef def = (ColumnDef) c[0];
        Object current = r == null && def.kind() != ColumnKind.STATIC ? null
            : RowValues.columnValue(t, lp, r, def);
        @SuppressWarnings("unchecked")
        List<Object> expected = (List<Object>) c[2];
        Relation.Op op = (Relation.Op) c[1];
        if (op == null) {
          if (expected.stream().noneMatch(e -> Objects.equals(e, current))) return false;
        } else if (!RowValues.compare(def.type(), current, op, expected.get(0))) {
          return false;
        }
      }
      return true;
    }, lp -> {
      LiveRow r = findRow(lp, row);
      if (ConditionalBatch.nothingToShow(r, conditionColumns)) {
        return new ResultSet(List.of("[applied]"), List.of(CqlTypes.BOOLEAN), List.of(List.of(false)), List.of());
      }
      List<String> cols = new ArrayList<>(List.of("[applied]"));
      List<CqlType> types = new ArrayList<>(List.of(CqlTypes.BOOLEAN));
      List<Object> vals = new ArrayList<>(List.of(false));
      for (Object[] c : conds) {
        ColumnDef def = (ColumnDef) c[0];
        if (cols.contains(def.name())) continue;
        cols.add(def.name());
        types.add(def.type());
        vals.add(r == null && def.kind() != ColumnKind.STATIC ? null : RowValues.columnValue(t, lp, r, def));
      }
      return new ResultSet(cols, types, List.of(vals), List.of());
    }, conditionColumns);
  }

  static LiveRow findRow(LivePartition lp, Clustering c) {
    if (lp == null) return null;
    for (LiveRow r : lp.rows()) if (r.clustering().equals(c)) return r;
    return null;
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

  /** The keys and rows an UPDATE or DELETE targets, from its WHERE clause. */
  record KeyTargets(List<byte[]> keys, List<Clustering> rows, Slice slice, boolean prefixOnly) {

    static KeyTargets of(TableMetadata t, List<Relation> where, Values values, boolean onlyStatic,
        boolean isRowDelete) {
      Map<String, List<Object>> eq = new LinkedHashMap<>();
      DeletionRange range = new DeletionRange();
      for (Relation r : where) {
        BindMarkers.refuseUnbound(r);
        if (r instanceof Relation.Single s) {
          ColumnDef def = t.column(s.column()).orElseThrow(() -> invalid("Undefined column name " + s.column()));
          if (!def.isPrimaryKey()) throw invalid("Non PRIMARY KEY columns found in where clause: " + s.column());
          if (s.op() == Relation.Op.EQ) {
            if (eq.put(s.column(), List.of(nonNullKey(values.value(s.value(), def.type(), s.column()), def))) != null)
              throw invalid(s.column() + " cannot be restricted by more than one relation if it includes an Equal");
          } else if (s.op().isSlice() && def.kind() == ColumnKind.CLUSTERING && isRowDelete) {
            range.add(List.of(s.column()), false, s.op(), java.util.Collections.singletonList(
                values.value(s.value(), def.type(), s.column())));
          } else {
            throw invalid("Invalid operator " + s.op().symbol + " for PRIMARY KEY part " + s.column());
          }
        } else if (r instanceof Relation.In in) {
          ColumnDef def = t.column(in.column()).orElseThrow(() -> invalid("Undefined column name " + in.column()));
          if (!def.isPrimaryKey()) throw invalid("Non PRIMARY KEY columns found in where clause: " + in.column());
          List<Object> vs = new ArrayList<>();
          for (Term term : in.values()) vs.add(nonNullKey(values.value(term, def.type(), in.column()), def));
          eq.put(in.column(), vs);
        } else if (r instanceof Relation.MultiColumn mc) {
          MultiColumnWhere.apply(t, mc, values, eq, range, isRowDelete);
        } else {
          throw invalid("Unsupported restriction in the WHERE clause of a modification statement");
        }
      }
      List<String> missingPk = new ArrayList<>();
      for (ColumnDef c : t.partitionKey()) if (!eq.containsKey(c.name())) missingPk.add(c.name());
      if (!missingPk.isEmpty()) throw invalid("Some partition key parts are missing: " + String.join(", ", missingPk));
      List<byte[]> keys = new ArrayList<>();
      for (List<Object> combo : cartesian(t.partitionKey(), eq)) keys.add(Keys.partitionKey(t, combo));
      List<ColumnDef> cc = t.clusteringColumns();
      int prefix = 0;
      while (prefix < cc.size() && eq.containsKey(cc.get(prefix).name())) prefix++;
      for (int i = prefix; i < cc.size(); i++) {
        if (eq.containsKey(cc.get(i).name())) throw invalid("PRIMARY KEY column \"" + cc.get(i).name()
            + "\" cannot be restricted as preceding column \"" + cc.get(prefix).name() + "\" is not restricted");
      }
      if (range.isSet()) {
        List<String> rangeCols = range.columns();
        if (prefix >= cc.size() || !rangeCols.get(0).equals(cc.get(prefix).name()))
          throw invalid("Range deletions must restrict the clustering columns in order, the slice on the last one");
        List<List<Object>> combos = cartesian(cc.subList(0, prefix), eq);
        if (combos.size() != 1) throw invalid("IN is not supported with a range deletion");
        // An empty range (c > 4 AND c < 3) is valid and deletes nothing, as in Cassandra.
        Slice slice = range.slice(t, combos.get(0));
        return new KeyTargets(keys, List.of(), slice == null ? EMPTY_RANGE : slice, false);
      }
      if (onlyStatic) return new KeyTargets(keys, List.of(), null, false);
      if (prefix < cc.size()) {
        if (!isRowDelete) {
          List<String> missing = new ArrayList<>();
          for (int i = prefix; i < cc.size(); i++) missing.add(cc.get(i).name());
          throw invalid("Some clustering keys are missing: " + String.join(", ", missing));
        }
        if (prefix == 0) return new KeyTargets(keys, List.of(), null, false);
        List<Clustering> rows = new ArrayList<>();
        for (List<Object> combo : cartesian(cc.subList(0, prefix), eq)) rows.add(Clustering.of(Keys.clustering(t, combo)));
        return new KeyTargets(keys, rows, null, true);
      }
      List<Clustering> rows = new ArrayList<>();
      if (cc.isEmpty()) rows.add(Clustering.EMPTY);
      else for (List<Object> combo : cartesian(cc, eq)) rows.add(Clustering.of(Keys.clustering(t, combo)));
      return new KeyTargets(keys, rows, null, false);
    }
  }

  /** Marks a range deletion whose bounds hold no clustering: the statement is valid and writes nothing. */
  static final Slice EMPTY_RANGE = new Slice(ClusteringBound.exclusive(), ClusteringBound.exclusive());

  static List<List<Object>> cartesian(List<ColumnDef> cols, Map<String, List<Object>> eq) {
    List<List<Object>> out = new ArrayList<>();
    out.add(new ArrayList<>());
    for (ColumnDef c : cols) {
      List<List<Object>> next = new ArrayList<>();
      for (List<Object> prefix : out) {
        for (Object v : eq.get(c.name())) {
          List<Object> n = new ArrayList<>(prefix);
          n.add(v);
          next.add(n);
        }
      }
      out = next;
    }
    return out;
  }

  static void forEach(Collection<?> c, Consumer<Object> f) {
    c.forEach(f);
  }
}
