package io.ringsim.server;

import io.ringsim.cluster.SimCluster;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.GeneratedRows;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LivenessFilter;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * What clients wrote into Cassandra's system tables (INSERT, UPDATE, DELETE, TRUNCATE, batches, conditional
 * writes), kept as Cassandra keeps it and read back merged with the rows the node generates, cell by cell by
 * timestamp. The keyspaces Cassandra keeps with LocalStrategy (system, system_schema) are stored on the coordinator
 * only, so each node has its own; the replicated ones (system_auth, system_distributed, system_traces) are stored
 * once for the cluster, as if every replica had the write. The generated rows of system_schema are those its schema
 * changes wrote ({@link SchemaLog}); the other generated rows count as written when the node started (timestamp 0),
 * so any client write wins over them. It lives beside the simulated nodes, not in their storage: a restart keeps it.
 */
final class SystemStore {
  /** The owner of a replicated keyspace's writes: the cluster. */
  private static final String CLUSTER = "";

  private final Partitioner partitioner;
  /** The time a write or schema change takes when nothing else gives one, in microseconds. */
  private final LongSupplier clock;
  /**
   * system_schema's write history, built only once a read needs it: each change's rows are regenerated to diff them,
   * work a session that never reads what a client wrote there should not pay for every DDL. Until then the changes
   * wait in {@link #pending} with the timestamps they were made at (each holds a reference to an immutable catalog).
   */
  private SchemaLog schema;
  private final Catalog initial;
  private final List<Map.Entry<Catalog, Long>> pending = new ArrayList<>();
  /** Owner (a node, or the cluster) to table ("ks.name") to its partitions as written. */
  private final Map<String, Map<String, TreeMap<DecoratedKey, Partition>>> written = new HashMap<>();
  /** Owner to table to the time of its last TRUNCATE: everything written up to then is gone. */
  private final Map<String, Map<String, Long>> truncated = new HashMap<>();
  /** The latest timestamp this store chose: the next is later, so a write and a schema change never tie. */
  private long last;

  /** For {@code cluster}, whose schema changes it follows from now on; {@code clock}: see {@link #clock}. */
  SystemStore(SimCluster cluster, LongSupplier clock) {
    this.partitioner = cluster.ring().partitioner();
    this.clock = clock;
    this.initial = cluster.catalog();
    cluster.addSchemaListener((before, after) -> schemaChanged(after));
  }

  private synchronized void schemaChanged(Catalog after) {
    pending.add(Map.entry(after, next()));
  }

  /** The history with every change so far written into it. */
  private SchemaLog schema() {
    if (schema == null) schema = new SchemaLog(initial, partitioner, 0L);
    for (Map.Entry<Catalog, Long> c : pending) schema.changed(c.getKey(), c.getValue());
    pending.clear();
    return schema;
  }

  private long next() {
    last = Math.max(clock.getAsLong(), last + 1);
    return last;
  }

  private static String owner(String node, String keyspace) {
    return keyspace.equals("system") || keyspace.equals("system_schema") ? node : CLUSTER;
  }

  /** Whether reads of {@code ks.table} on {@code node} must merge what clients wrote (or truncated). */
  synchronized boolean holds(String node, String ks, String table) {
    String o = owner(node, ks);
    String name = ks + "." + table;
    return written.getOrDefault(o, Map.of()).containsKey(name) || truncated.getOrDefault(o, Map.of())
        .containsKey(name);
  }

  /**
   * The table's live partitions on {@code node}, in token order: its generated rows ({@code view}'s) merged with
   * what clients wrote, less what a TRUNCATE removed.
   */
  synchronized List<LivePartition> rows(String node, String ks, String table, SystemKeyspaces.View view,
      int nowInSec) {
    TableMetadata meta = SystemSelect.metadata(SystemSchema.CASSANDRA_4_1.table(ks, table).orElseThrow());
    TreeMap<DecoratedKey, Partition> merged = merged(node, ks, table, meta, view, nowInSec);
    LivenessFilter live = new LivenessFilter(nowInSec);
    List<LivePartition> out = new ArrayList<>();
    for (Partition p : merged.values()) {
      LivePartition lp = live.view(p, ReadFilter.ALL);
      if (!lp.isEmpty()) out.add(lp);
    }
    return out;
  }

  private TreeMap<DecoratedKey, Partition> merged(String node, String ks, String table, TableMetadata meta,
      SystemKeyspaces.View view, int nowInSec) {
    TreeMap<DecoratedKey, Partition> out = new TreeMap<>();
    if (ks.equals("system_schema")) {
      for (Partition p : schema().partitions(table)) out.put(p.key(), p);
    } else {
      VirtualTable generated = SystemKeyspaces.table(ks, table, view);
      for (LivePartition lp : new GeneratedRows(meta, generated.columns(), generated.rows(), partitioner, 0L,
          GeneratedRows.PartitionOrder.TOKEN).partitions()) {
        out.put(lp.key(), SchemaLog.written(lp, meta, 0L));
      }
    }
    String o = owner(node, ks);
    String name = ks + "." + table;
    for (Partition p : written.getOrDefault(o, Map.of()).getOrDefault(name, new TreeMap<>()).values()) {
      Partition base = out.get(p.key());
      if (base == null) out.put(p.key(), p.copy());
      else base.apply(p);
    }
    Long at = truncated.getOrDefault(o, Map.of()).get(name);
    if (at != null) for (Partition p : out.values()) p.delete(new DeletionTime(at, nowInSec));
    return out;
  }

  /** One partition of a table as a read sees it now (empty if it has no live row). */
  private LivePartition live(String node, TableMetadata t, byte[] key, SystemKeyspaces.View view, int nowInSec) {
    TreeMap<DecoratedKey, Partition> merged = merged(node, t.keyspace(), t.name(), t, view, nowInSec);
    DecoratedKey k = new DecoratedKey(partitioner.token(key), key);
    Partition p = merged.get(k);
    return p == null ? new LivePartition(k, null, List.of()) : new LivenessFilter(nowInSec).view(p, ReadFilter.ALL);
  }

  /**
   * Runs {@code s}, a write into system tables only that Cassandra accepts ({@link SystemWrites#check}), on
   * {@code node} as coordinator: [applied] for a conditional write, else no rows. {@code catalog} knows the tables
   * ({@link SystemWrites#catalog}); {@code view}: the node's state, for the generated rows a condition or a list
   * operation reads.
   */
  synchronized ResultSet write(String node, Statement s, String sessionKeyspace, Catalog catalog,
      SystemKeyspaces.View view) {
    long ts = next();
    int nowInSec = (int) Math.floorDiv(ts, 1_000_000L);
    WritePlanner.WritePlan plan = WritePlanner.plan(s, catalog, sessionKeyspace, new Values(ts, 0), partitioner);
    if (plan.table() == null) return ResultSet.EMPTY;
    WritePlanner.CasSpec cas = plan.cas();
    if (cas != null) {
      WritePlanner.PartitionWrite first = plan.writes().get(0);
      LivePartition current = live(node, first.tableIn(plan), first.key(), view, nowInSec);
      if (!cas.condition().test(current)) return cas.failure().apply(current);
      for (WritePlanner.PartitionWrite w : plan.writes()) {
        WritePlanner.UpdateFactory u = w.afterRead() == null ? w.update()
            : w.afterRead().apply(current.isEmpty() ? null : current);
        store(node, w.tableIn(plan), u.build(ts, nowInSec));
      }
      return new ResultSet(List.of("[applied]"), List.of(CqlTypes.BOOLEAN), List.of(List.of(true)), List.of());
    }
    List<Partition> updates = new ArrayList<>();
    List<TableMetadata> tables = new ArrayList<>();
    for (WritePlanner.PartitionWrite w : plan.writes()) {
      TableMetadata t = w.tableIn(plan);
      WritePlanner.UpdateFactory u = w.update();
      if (w.afterRead() != null) {
        LivePartition current = live(node, t, w.key(), view, nowInSec);
        u = w.afterRead().apply(current.isEmpty() ? null : current);
      }
      updates.add(u.build(ts, nowInSec));
      tables.add(t);
    }
    // Built first, then stored: a list operation's refusal (an index out of bound) leaves nothing written.
    for (int i = 0; i < updates.size(); i++) store(node, tables.get(i), updates.get(i));
    return ResultSet.EMPTY;
  }

  private void store(String node, TableMetadata t, Partition update) {
    TreeMap<DecoratedKey, Partition> partitions = written.computeIfAbsent(owner(node, t.keyspace()),
        x -> new HashMap<>()).computeIfAbsent(t.qualifiedName(), x -> new TreeMap<>());
    Partition p = partitions.get(update.key());
    if (p == null) {
      p = new Partition(update.key(), new ClusteringComparator(t.clusteringColumns()));
      partitions.put(update.key(), p);
    }
    p.apply(update);
  }

  /** TRUNCATE of {@code ks.table} on {@code node}: everything written into it until now is gone. */
  synchronized void truncate(String node, String ks, String table) {
    String o = owner(node, ks);
    String name = ks + "." + table;
    truncated.computeIfAbsent(o, x -> new HashMap<>()).put(name, next());
    Map<String, TreeMap<DecoratedKey, Partition>> tables = written.get(o);
    if (tables != null) tables.remove(name);
  }

  /** A node that left the cluster: what was stored on it alone goes with it. */
  synchronized void forget(String node) {
    written.remove(node);
    truncated.remove(node);
  }
}
