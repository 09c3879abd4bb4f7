package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.invalid;
import static io.ringsim.cql.exec.WriteBinder.nonNullKey;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plans an INSERT (values or JSON): one partition, one row (or the static row alone), IF NOT EXISTS. */
final class InsertPlanner {
  private InsertPlanner() {}

  /**
   * What Cassandra checks of an INSERT when it is prepared, before any value is bound: the columns it names must
   * hold the whole primary key (a static-only row aside).
   */
  static void checkNamedColumns(Statement.Insert s, TableMetadata t) {
    if (s.json() != null) return;
    if (s.columns().size() != s.values().size()) throw invalid("Unmatched column names/values");
    java.util.Set<String> named = new java.util.HashSet<>(s.columns());
    List<String> missingPk = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) if (!named.contains(c.name())) missingPk.add(c.name());
    if (!missingPk.isEmpty()) throw invalid("Some partition key parts are missing: " + String.join(", ", missingPk));
    CompactTables.checkNoClusteringGap(t, named);
    List<String> missingCk = new ArrayList<>();
    for (ColumnDef c : t.clusteringColumns()) if (!named.contains(c.name())) missingCk.add(c.name());
    boolean staticOnly = missingCk.size() == t.clusteringColumns().size() && named.stream().anyMatch(c ->
        t.column(c).map(d -> d.kind() == ColumnKind.STATIC).orElse(false)) && named.stream().allMatch(c ->
        t.column(c).map(d -> d.kind() != ColumnKind.REGULAR).orElse(true));
    if (!missingCk.isEmpty() && !staticOnly && !CompactTables.allowsClusteringPrefix(t, missingCk.size()))
      throw invalid("Some clustering keys are missing: " + String.join(", ", missingCk));
  }

  static WritePlanner.WritePlan plan(Statement.Insert s, WriteBinder binder) {
    TableMetadata t = binder.table(s.keyspace(), s.table());
    Values values = binder.values();
    if (t.isCounterTable()) throw invalid("INSERT statements are not allowed on counter tables, use UPDATE instead");
    Map<String, Object> byColumn = s.json() != null ? InsertJson.columns(t, s.json(), s.defaultUnset())
        : columnValues(s, t, values);
    List<String> missingPk = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) if (!byColumn.containsKey(c.name())) missingPk.add(c.name());
    if (!missingPk.isEmpty()) throw invalid("Some partition key parts are missing: " + String.join(", ", missingPk));
    CompactTables.checkNoClusteringGap(t, byColumn.keySet());
    List<String> missingCk = new ArrayList<>();
    for (ColumnDef c : t.clusteringColumns()) if (!byColumn.containsKey(c.name())) missingCk.add(c.name());
    // An INSERT of only the partition key and static columns writes the static row alone, as Cassandra allows.
    boolean staticOnly = !missingCk.isEmpty() && missingCk.size() == t.clusteringColumns().size()
        && byColumn.keySet().stream().anyMatch(c -> t.column(c).orElseThrow().kind() == ColumnKind.STATIC)
        && byColumn.keySet().stream().allMatch(c -> t.column(c).orElseThrow().kind() != ColumnKind.REGULAR);
    boolean prefix = !missingCk.isEmpty() && CompactTables.allowsClusteringPrefix(t, missingCk.size())
        && t.clusteringColumns().subList(0, t.clusteringColumns().size() - missingCk.size()).stream()
            .allMatch(c -> byColumn.containsKey(c.name()));
    if (!missingCk.isEmpty() && !staticOnly && !prefix)
      throw invalid("Some clustering keys are missing: " + String.join(", ", missingCk));
    CompactTables.checkSetsValue(t, byColumn.keySet().stream()
        .anyMatch(c -> !t.column(c).orElseThrow().isPrimaryKey()));
    List<Object> pk = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) pk.add(nonNullKey(byColumn.get(c.name()), c, t));
    List<Object> ck = new ArrayList<>();
    if (!staticOnly) for (ColumnDef c : t.clusteringColumns()) {
      if (byColumn.containsKey(c.name())) ck.add(nonNullKey(byColumn.get(c.name()), c, t));
    }
    byte[] key = Keys.partitionKey(t, pk);
    WriteBinder.checkKeySize(key);
    byte[][] ckBytes = Keys.clustering(t, ck);
    WriteBinder.checkClusteringSize(ckBytes);
    CompactTables.checkClustering(t, ckBytes);
    Clustering clustering = ck.isEmpty() ? Clustering.EMPTY : Clustering.of(ckBytes);
    Long fixedTs = binder.fixedTimestamp(s.timestamp());
    int ttl = WriteBinder.ttl(s.ttl(), t);
    TableSchema schema = binder.schema(t);
    WritePlanner.UpdateFactory f = WriteBinder.expiryChecked(t, ttl, s.ttl() == null,
        IndexedValueSizes.checked(binder.catalog(), t, (serverTs, now) -> {
          long ts = fixedTs != null ? fixedTs : serverTs;
          return rowUpdate(t, schema, key, clustering, !staticOnly, byColumn, ts, ttl, now, values);
        }));
    WritePlanner.CasSpec cas = s.ifNotExists() ? CasPlanner.ifNotExists(t, clustering) : null;
    return new WritePlanner.WritePlan(t, List.of(new WritePlanner.PartitionWrite(key, f)), cas);
  }

  /** The VALUES clause by column name; an UNSET value leaves its column as it is (no tombstone). */
  private static Map<String, Object> columnValues(Statement.Insert s, TableMetadata t, Values values) {
    if (s.columns().size() != s.values().size())
      throw invalid("Unmatched column names/values");
    Map<String, Object> byColumn = new LinkedHashMap<>();
    for (int i = 0; i < s.columns().size(); i++) {
      String c = s.columns().get(i);
      ColumnDef def = t.column(c).orElseThrow(() -> invalid("Undefined column name " + c + " in table "
          + t.qualifiedName()));
      if (byColumn.containsKey(c)) throw invalid("The column names contains duplicates");
      // A key column must have a value, and Values says so.
      if (s.values().get(i) instanceof Term.Unset && !def.isPrimaryKey()) continue;
      byColumn.put(c, values.value(s.values().get(i), def.type(), c));
    }
    return byColumn;
  }

  /**
   * One row written whole, with its liveness marker: the regular columns of {@code byColumn} in the row (added when
   * {@code withRow}), the static ones in the static row. Shared with the workloads' typed inserts.
   */
  static Partition rowUpdate(TableMetadata t, TableSchema schema, byte[] key, Clustering clustering, boolean withRow,
      Map<String, Object> byColumn, long ts, int ttl, int now, Values values) {
    Partition p = schema.newPartition(key);
    Row.Builder row = Row.builder(clustering);
    if (CompactTables.writesRowMarker(t)) row.marker(LivenessInfo.of(ts, ttl, now));
    Row.Builder staticRow = null;
    for (Map.Entry<String, Object> e : byColumn.entrySet()) {
      ColumnDef def = t.column(e.getKey()).orElseThrow();
      if (def.isPrimaryKey()) continue;
      Row.Builder target = row;
      if (def.kind() == ColumnKind.STATIC) {
        if (staticRow == null) staticRow = Row.builder(Clustering.STATIC);
        target = staticRow;
      }
      WriteBinder.writeValue(target, def, e.getValue(), ts, ttl, now, values, schema);
    }
    if (withRow) p.add(row.build());
    if (staticRow != null) p.add(staticRow.build());
    return p;
  }
}
