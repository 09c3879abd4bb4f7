package io.ringsim.server;

import io.ringsim.cql.exec.GeneratedRows;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Cell;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The system_schema tables as Cassandra 4.1's schema changes write them, cell by cell with their timestamps, so
 * that a client's own writes into those tables ({@link SystemStore}) reconcile with them as Cassandra reconciles
 * cells. Each change is written as SchemaKeyspace.convertSchemaDiffToMutations writes it: the keyspace's row again
 * for any change in the keyspace; a created or altered table's or view's whole row (an index, a column or a dropped
 * column of its changing alters it); the rows of the columns, indexes, types and functions that are new or
 * changed; a row deletion for what is gone; a partition deletion in every schema table for a dropped keyspace. A
 * row a client wrote for no schema object stays until its keyspace is dropped, as in Cassandra.
 */
final class SchemaLog {
  /** The schema tables, in the order Cassandra lists them (SchemaKeyspaceTables.ALL). */
  static final List<String> TABLES = List.of("keyspaces", "tables", "columns", "dropped_columns", "triggers",
      "views", "types", "functions", "aggregates", "indexes");
  /** The tables whose rows belong to one table or view, named in their second key column. */
  private static final Set<String> PER_TABLE = Set.of("tables", "views", "columns", "dropped_columns", "triggers",
      "indexes");

  private final Partitioner partitioner;
  /** Table name to its partitions as written so far, tombstones included. */
  private final Map<String, TreeMap<DecoratedKey, Partition>> written = new HashMap<>();
  /** Table name to its rows as the schema last showed them, by primary key. */
  private Map<String, Map<List<Object>, List<Object>>> last = Map.of();

  /** The schema tables as the node wrote them at start-up, at {@code timestamp}, for {@code initial}. */
  SchemaLog(Catalog initial, Partitioner partitioner, long timestamp) {
    this.partitioner = partitioner;
    changed(initial, timestamp);
  }

  /** A schema change, written at {@code timestamp}: {@code after} is the schema now. */
  void changed(Catalog after, long timestamp) {
    Map<String, Map<List<Object>, List<Object>>> now = new HashMap<>();
    Map<String, VirtualTable> generated = new HashMap<>();
    for (String t : TABLES) {
      VirtualTable v = SchemaTables.table("system_schema", t, after);
      generated.put(t, v);
      now.put(t, byKey(t, v));
    }
    Set<String> keyspacesChanged = new HashSet<>();
    Set<List<Object>> objectsChanged = new HashSet<>();
    Map<String, Set<List<Object>>> rowsChanged = new HashMap<>();
    for (String t : TABLES) {
      Map<List<Object>, List<Object>> before = last.getOrDefault(t, Map.of());
      Map<List<Object>, List<Object>> current = now.get(t);
      Set<List<Object>> keys = new HashSet<>(before.keySet());
      keys.addAll(current.keySet());
      for (List<Object> key : keys) {
        if (Objects.equals(before.get(key), current.get(key))) continue;
        rowsChanged.computeIfAbsent(t, x -> new HashSet<>()).add(key);
        keyspacesChanged.add((String) key.get(0));
        if (PER_TABLE.contains(t)) objectsChanged.add(List.of(key.get(0), key.get(1)));
      }
    }
    int nowInSec = (int) Math.floorDiv(timestamp, 1_000_000L);
    Set<Object> keyspacesDropped = new HashSet<>();
    last.getOrDefault("keyspaces", Map.of()).keySet().forEach(k -> keyspacesDropped.add(k.get(0)));
    now.get("keyspaces").keySet().forEach(k -> keyspacesDropped.remove(k.get(0)));
    for (String t : TABLES) {
      TableMetadata meta = metadata(t);
      VirtualTable v = generated.get(t);
      Set<List<Object>> changed = rowsChanged.getOrDefault(t, Set.of());
      List<List<Object>> rewrite = new ArrayList<>();
      for (Map.Entry<List<Object>, List<Object>> e : now.get(t).entrySet()) {
        List<Object> key = e.getKey();
        boolean whole = t.equals("keyspaces") ? keyspacesChanged.contains(key.get(0))
            : (t.equals("tables") || t.equals("views")) && objectsChanged.contains(List.of(key.get(0), key.get(1)));
        if (whole || changed.contains(key)) rewrite.add(e.getValue());
      }
      for (LivePartition p : partitions(meta, v.columns(), rewrite, timestamp)) {
        apply(t, written(p, meta, timestamp));
      }
      List<List<Object>> gone = new ArrayList<>();
      for (Map.Entry<List<Object>, List<Object>> e : last.getOrDefault(t, Map.of()).entrySet()) {
        if (!now.get(t).containsKey(e.getKey())) gone.add(e.getValue());
      }
      DeletionTime deletion = new DeletionTime(timestamp, nowInSec);
      for (LivePartition p : partitions(meta, v.columns(), gone, timestamp)) {
        Partition update = new Partition(p.key(), new ClusteringComparator(meta.clusteringColumns()));
        for (LiveRow r : p.rows()) update.add(Row.builder(r.clustering()).delete(deletion).build());
        apply(t, update);
      }
      // A dropped keyspace's partition is deleted in every schema table (makeDropKeyspaceMutation).
      for (Object ks : keyspacesDropped) {
        byte[] key = io.ringsim.cql.exec.Keys.partitionKey(meta, List.of(ks));
        Partition update = new Partition(new DecoratedKey(partitioner.token(key), key),
            new ClusteringComparator(meta.clusteringColumns()));
        apply(t, update.delete(deletion));
      }
    }
    last = now;
  }

  /** The partitions of schema table {@code table} as written so far, in token order (copies). */
  List<Partition> partitions(String table) {
    List<Partition> out = new ArrayList<>();
    for (Partition p : written.getOrDefault(table, new TreeMap<>()).values()) out.add(p.copy());
    return out;
  }

  private void apply(String table, Partition update) {
    written.computeIfAbsent(table, x -> new TreeMap<>()).merge(update.key(), update, (a, b) -> {
      a.apply(b);
      return a;
    });
  }

  static TableMetadata metadata(String table) {
    return SystemSelect.metadata(SystemSchema.CASSANDRA_4_1.table("system_schema", table).orElseThrow());
  }

  /** The rows of a generated table by their primary key's values. */
  private static Map<List<Object>, List<Object>> byKey(String table, VirtualTable v) {
    TableMetadata meta = metadata(table);
    List<Integer> keyAt = new ArrayList<>();
    for (ColumnDef d : meta.partitionKey()) keyAt.add(v.indexOf(d.name()));
    for (ColumnDef d : meta.clusteringColumns()) keyAt.add(v.indexOf(d.name()));
    Map<List<Object>, List<Object>> out = new LinkedHashMap<>();
    for (List<Object> row : v.rows()) {
      List<Object> key = new ArrayList<>();
      for (int i : keyAt) key.add(i < 0 ? null : row.get(i));
      out.put(key, row);
    }
    return out;
  }

  private List<LivePartition> partitions(TableMetadata meta, List<String> columns, List<List<Object>> rows,
      long timestamp) {
    if (rows.isEmpty()) return List.of();
    return new GeneratedRows(meta, columns, rows, partitioner, timestamp, GeneratedRows.PartitionOrder.TOKEN)
        .partitions();
  }

  /**
   * A partition of rows made in memory as a mutation writes it at {@code timestamp}: each row's marker and cells;
   * a collection that is not frozen replaces the one before, as an INSERT's does.
   */
  static Partition written(LivePartition p, TableMetadata meta, long timestamp) {
    Partition out = new Partition(p.key(), new ClusteringComparator(meta.clusteringColumns()));
    if (p.staticRow() != null) out.add(row(p.staticRow(), timestamp, false));
    for (LiveRow r : p.rows()) out.add(row(r, timestamp, true));
    return out;
  }

  private static Row row(LiveRow r, long timestamp, boolean marker) {
    Row.Builder b = Row.builder(r.clustering());
    if (marker) b.marker(new LivenessInfo(timestamp, 0, Cell.NO_DELETION_TIME));
    r.cells().forEach((name, c) -> b.cell(name, c.withTimestamp(timestamp)));
    for (Map.Entry<String, NavigableMap<byte[], Cell>> e : r.collections().entrySet()) {
      TreeMap<byte[], Cell> cells = new TreeMap<>(e.getValue().comparator());
      e.getValue().forEach((path, c) -> cells.put(path, c.withTimestamp(timestamp)));
      b.complex(e.getKey(), new ComplexColumn(new DeletionTime(timestamp - 1,
          (int) Math.floorDiv(timestamp, 1_000_000L)), cells));
    }
    return b.build();
  }
}
