package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Plans INSERT, UPDATE, DELETE and BATCH: which partitions get which update, and the LWT condition if any. Each
 * statement kind has its planner ({@link InsertPlanner}, {@link UpdatePlanner}, {@link DeletePlanner},
 * {@link BatchPlanner}; conditions in {@link CasPlanner}) over one {@link WriteBinder}; this class holds what the
 * coordinator sees of a plan, and the typed row writes of the workloads.
 */
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
  public record PartitionWrite(byte[] key, UpdateFactory update, Function<LivePartition, UpdateFactory> afterRead,
      TableMetadata table) {
    public PartitionWrite(byte[] key, UpdateFactory update, Function<LivePartition, UpdateFactory> afterRead) {
      this(key, update, afterRead, null);
    }

    public PartitionWrite(byte[] key, UpdateFactory update) {
      this(key, update, null, null);
    }

    /** The same write, naming its table: a batch may write to several. */
    PartitionWrite in(TableMetadata t) {
      return new PartitionWrite(key, update, afterRead, t);
    }

    /** The table this write goes to: its own, or else the plan's (a single statement writes to one). */
    public TableMetadata tableIn(WritePlan plan) {
      return table != null ? table : plan.table();
    }
  }

  /**
   * A statement's condition: the row it is on, the test on the partition as read by Paxos, the answer when it fails,
   * and the columns its conditions name (null for IF EXISTS / IF NOT EXISTS, which concern the whole row).
   */
  public record CasSpec(Clustering row, Predicate<LivePartition> condition,
      Function<LivePartition, ResultSet> failure, List<ColumnDef> conditionColumns) {}

  /** What a write does; {@code table} is null only for an empty batch, which writes nothing. */
  public record WritePlan(TableMetadata table, List<PartitionWrite> writes, CasSpec cas) {}

  public static WritePlan plan(Statement s, Catalog catalog, String session, Values values, Partitioner partitioner) {
    // Unqualified function names resolve in the table's keyspace, as Cassandra's (a batch's: the session's).
    String ks = s instanceof Statement.Insert i ? i.keyspace() : s instanceof Statement.Update u ? u.keyspace()
        : s instanceof Statement.Delete d ? d.keyspace() : null;
    values.useFunctions(catalog, ks != null ? ks : session);
    WriteBinder binder = new WriteBinder(catalog, session, values, partitioner);
    if (s instanceof Statement.Batch b) return BatchPlanner.plan(b, binder);
    return single(s, binder);
  }

  /** The checks Cassandra makes of a write when it is prepared, before values are bound (an INSERT's key columns). */
  public static void checkPrepared(Statement s, Catalog catalog, String session) {
    if (s instanceof Statement.Insert i) {
      String ks = SchemaOps.keyspaceOf(i.keyspace(), session);
      catalog.table(ks, i.table()).ifPresent(t -> InsertPlanner.checkNamedColumns(i, t));
    } else if (s instanceof Statement.Update u) {
      String ks = SchemaOps.keyspaceOf(u.keyspace(), session);
      catalog.table(ks, u.table()).ifPresent(t -> {
        for (io.ringsim.cql.ast.Assignment a : u.assignments()) {
          if (a instanceof io.ringsim.cql.ast.Assignment.Add add)
            t.column(add.column()).filter(d -> !d.isPrimaryKey()).ifPresent(d -> UpdatePlanner.checkAddable(add, d));
        }
        if (u.assignments().stream().allMatch(a -> t.column(a.column()).filter(d -> !d.isPrimaryKey()).isPresent()))
          checkPartitionKeyNamed(t, u.where());
      });
    } else if (s instanceof Statement.Delete d) {
      String ks = SchemaOps.keyspaceOf(d.keyspace(), session);
      catalog.table(ks, d.table()).ifPresent(t -> {
        if (d.targets().stream().allMatch(x -> t.column(x.column()).filter(c -> !c.isPrimaryKey()).isPresent()))
          checkPartitionKeyNamed(t, d.where());
      });
    }
  }

  /**
   * Cassandra builds a write's restrictions when it is prepared, so a WHERE clause that leaves out a partition key
   * column is refused at PREPARE, before any value is bound. Only a clause whose every relation is an EQ or IN on
   * a key column is judged here: any other refusal it would earn first is left to the execution's checks.
   */
  private static void checkPartitionKeyNamed(TableMetadata t, List<io.ringsim.cql.ast.Relation> where) {
    java.util.Set<String> named = new java.util.HashSet<>();
    for (io.ringsim.cql.ast.Relation r : where) {
      String column;
      if (r instanceof io.ringsim.cql.ast.Relation.Single x && x.op() == io.ringsim.cql.ast.Relation.Op.EQ)
        column = x.column();
      else if (r instanceof io.ringsim.cql.ast.Relation.In x) column = x.column();
      else if (r instanceof io.ringsim.cql.ast.Relation.InMarker x) column = x.column();
      else return;
      if (t.column(column).filter(ColumnDef::isPrimaryKey).isEmpty() || !named.add(column)) return;
    }
    List<String> missing = t.partitionKey().stream().map(ColumnDef::name).filter(n -> !named.contains(n)).toList();
    if (!missing.isEmpty())
      throw WriteBinder.invalid("Some partition key parts are missing: " + String.join(", ", missing));
  }

  /** One statement alone or in a batch (then {@code binder} carries the batch's timestamp). */
  static WritePlan single(Statement s, WriteBinder binder) {
    boolean conditional = s instanceof Statement.Insert i ? i.ifNotExists()
        : s instanceof Statement.Update u ? u.ifExists() || !u.conditions().isEmpty()
        : s instanceof Statement.Delete d && (d.ifExists() || !d.conditions().isEmpty());
    Term timestamp = s instanceof Statement.Insert i ? i.timestamp() : s instanceof Statement.Update u ? u.timestamp()
        : s instanceof Statement.Delete d ? d.timestamp() : null;
    // Paxos chooses the timestamp of a conditional write: a client's would break its ordering.
    if (conditional && timestamp != null) throw WriteBinder.invalid("Cannot provide custom timestamp for conditional updates");
    if (s instanceof Statement.Insert i) return InsertPlanner.plan(i, binder);
    if (s instanceof Statement.Update u) return UpdatePlanner.plan(u, binder);
    if (s instanceof Statement.Delete d) return DeletePlanner.plan(d, binder);
    throw WriteBinder.invalid("Only INSERT, UPDATE and DELETE statements are allowed in a batch");
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
    UpdateFactory f = (ts, now) -> InsertPlanner.rowUpdate(t, schema, key, clustering, true, byColumn, ts, ttl, now,
        values);
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
}
