package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.invalid;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Partition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans a BATCH: each statement by its own planner under the batch's timestamp, Cassandra's rules on counters and
 * conditions, and one update per partition.
 */
final class BatchPlanner {
  private BatchPlanner() {}

  static WritePlanner.WritePlan plan(Statement.Batch b, WriteBinder binder) {
    Long ts = b.timestamp() == null ? null : WriteBinder.timestamp(b.timestamp());
    checkCounterBatch(b, binder);
    boolean conditional = b.statements().stream().anyMatch(c -> c instanceof Statement.Insert i && i.ifNotExists()
        || c instanceof Statement.Update u && (u.ifExists() || !u.conditions().isEmpty())
        || c instanceof Statement.Delete d && (d.ifExists() || !d.conditions().isEmpty()));
    WriteBinder inBatch = binder.inBatch(ts, conditional);
    List<WritePlanner.PartitionWrite> all = new ArrayList<>();
    TableMetadata table = null;
    WritePlanner.CasSpec cas = null;
    List<WritePlanner.CasSpec> conditions = new ArrayList<>();
    Map<io.ringsim.storage.Clustering, String> conditionKinds = new java.util.HashMap<>();
    for (Statement child : b.statements()) {
      if (conditional) checkSinglePartition(child, binder);
      WritePlanner.WritePlan p = WritePlanner.single(child, inBatch);
      if (p.cas() != null) {
        conditions.add(p.cas());
        cas = p.cas();
        checkConditionKinds(conditionKinds, p.cas().row(), conditionKind(child));
      }
      if (table != null && !table.qualifiedName().equals(p.table().qualifiedName()) && cas != null)
        throw invalid("Batch with conditions cannot span multiple tables");
      table = p.table();
      for (WritePlanner.PartitionWrite w : p.writes()) all.add(w.in(p.table()));
    }
    // Cassandra 4.1 accepts BEGIN BATCH APPLY BATCH and does nothing: a plan with no table and no writes.
    if (table == null) return new WritePlanner.WritePlan(null, List.of(), null);
    if (cas != null && b.timestamp() != null) throw invalid("Cannot provide custom timestamp for conditional BATCH");
    if (cas != null) {
      byte[] k = all.get(0).key();
      for (WritePlanner.PartitionWrite w : all) {
        if (!Arrays.equals(w.key(), k)) throw invalid("Batch with conditions cannot span multiple partitions");
      }
      cas = ConditionalBatch.combine(table, conditions);
    }
    return new WritePlanner.WritePlan(table, merge(all), cas);
  }

  /**
   * Cassandra's BatchStatement.getCasRequest, statement by statement: a conditional batch refuses an IN on the
   * partition key (one of a single value is an equality) with an IllegalArgumentException, which reaches the client
   * as a server error quoting it.
   */
  private static void checkSinglePartition(Statement child, WriteBinder binder) {
    TableMetadata t;
    List<Relation> where;
    if (child instanceof Statement.Update u) {
      t = binder.table(u.keyspace(), u.table());
      where = u.where();
    } else if (child instanceof Statement.Delete d) {
      t = binder.table(d.keyspace(), d.table());
      where = d.where();
    } else {
      return; // an INSERT names one partition
    }
    if (CasPlanner.hasIn(t, where, ColumnKind.PARTITION_KEY)) {
      throw new CqlException(CqlErrorClass.ServerError, "java.lang.IllegalArgumentException: Batch with conditions "
          + "cannot span multiple partitions (you cannot use IN on the partition key)");
    }
  }

  private static String conditionKind(Statement child) {
    if (child instanceof Statement.Insert) return "IF NOT EXISTS";
    boolean exists = child instanceof Statement.Update u ? u.ifExists() : ((Statement.Delete) child).ifExists();
    return exists ? "IF EXISTS" : "IF conditions";
  }

  /** Cassandra's CQL3CasRequest: one row's conditions in a batch are all IF EXISTS, all IF NOT EXISTS or all IF ... */
  private static void checkConditionKinds(Map<io.ringsim.storage.Clustering, String> kinds,
      io.ringsim.storage.Clustering row, String kind) {
    String before = kinds.putIfAbsent(row, kind);
    if (before == null || before.equals(kind)) return;
    java.util.Set<String> pair = java.util.Set.of(before, kind);
    if (!pair.contains("IF conditions"))
      throw invalid("Cannot mix IF EXISTS and IF NOT EXISTS conditions for the same row");
    throw invalid("Cannot mix IF conditions and " + (pair.contains("IF EXISTS") ? "IF EXISTS" : "IF NOT EXISTS")
        + " for the same row");
  }

  /** Cassandra's rules on counters in a batch, checked in its order. */
  private static void checkCounterBatch(Statement.Batch b, WriteBinder binder) {
    boolean counters = false, others = false;
    for (Statement child : b.statements()) {
      Statement.TableName name = child instanceof Statement.Select ? null : Statement.tableOf(child);
      if (name == null) continue;
      if (binder.table(name.keyspace(), name.table()).isCounterTable()) counters = true;
      else others = true;
    }
    if (b.timestamp() != null && b.type().equals("COUNTER"))
      throw invalid("Cannot provide custom timestamp for counter BATCH");
    if (b.timestamp() != null && counters)
      throw invalid("Cannot provide custom timestamp for a BATCH containing counters");
    if (b.type().equals("COUNTER") && others) throw invalid("Cannot include non-counter statement in a counter batch");
    if (counters && others) throw invalid("Counter and non-counter mutations cannot exist in the same batch");
    if (b.type().equals("LOGGED") && counters) throw invalid("Cannot include a counter statement in a logged batch");
  }

  /** Writes to the same partition become one update (a batch on one partition applies atomically). */
  private static List<WritePlanner.PartitionWrite> merge(List<WritePlanner.PartitionWrite> writes) {
    Map<String, List<WritePlanner.PartitionWrite>> byKey = new LinkedHashMap<>();
    // One update per partition of each table: the same key in two tables is two partitions.
    for (WritePlanner.PartitionWrite w : writes) byKey.computeIfAbsent(w.table().qualifiedName() + " "
        + HexFormat.of().formatHex(w.key()), k -> new ArrayList<>()).add(w);
    List<WritePlanner.PartitionWrite> out = new ArrayList<>();
    for (List<WritePlanner.PartitionWrite> ws : byKey.values()) {
      if (ws.size() == 1) {
        out.add(ws.get(0));
        continue;
      }
      boolean needsRead = ws.stream().anyMatch(w -> w.afterRead() != null);
      out.add(new WritePlanner.PartitionWrite(ws.get(0).key(),
          combine(ws.stream().map(WritePlanner.PartitionWrite::update).toList()),
          !needsRead ? null : lp -> combine(ws.stream().map(w -> w.afterRead() == null ? w.update()
              : w.afterRead().apply(lp)).toList()), ws.get(0).table()));
    }
    return out;
  }

  private static WritePlanner.UpdateFactory combine(List<WritePlanner.UpdateFactory> fs) {
    return (ts, now) -> {
      Partition p = null;
      for (WritePlanner.UpdateFactory f : fs) {
        Partition u = f.build(ts, now);
        if (p == null) p = u;
        else p.apply(u);
      }
      return p;
    };
  }
}
