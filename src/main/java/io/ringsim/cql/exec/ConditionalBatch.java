package io.ringsim.cql.exec;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A BATCH whose statements carry conditions on several rows of one partition: it applies only if every condition
 * holds, and when it does not, answers as Cassandra does: {@code [applied]} false and, for each of those rows that
 * exists, its primary key and the columns the conditions name (every column if a statement said IF [NOT] EXISTS).
 */
final class ConditionalBatch {
  private ConditionalBatch() {}

  static WritePlanner.CasSpec combine(TableMetadata t, List<WritePlanner.CasSpec> specs) {
    Set<Clustering> rows = new HashSet<>();
    boolean wholeRows = false;
    boolean readsStatic = false;
    // Cassandra lists the conditioned columns statement by statement, in the order the batch names them.
    java.util.LinkedHashMap<String, ColumnDef> conditioned = new java.util.LinkedHashMap<>();
    for (WritePlanner.CasSpec s : specs) {
      boolean staticTarget = s.row().size() == 0 && !t.clusteringColumns().isEmpty();
      if (s.conditionColumns() == null) {
        wholeRows = true;
        if (staticTarget) readsStatic = true;
        else rows.add(s.row());
        continue;
      }
      for (ColumnDef d : s.conditionColumns()) {
        if (!d.isPrimaryKey()) conditioned.putIfAbsent(d.name(), d);
        if (d.kind() == ColumnKind.STATIC) readsStatic = true;
        else rows.add(s.row());
      }
    }
    List<ColumnDef> columns = new ArrayList<>();
    for (ColumnDef d : RowValues.starColumns(t)) {
      if (wholeRows || d.isPrimaryKey()) columns.add(d);
    }
    if (!wholeRows) columns.addAll(conditioned.values());
    boolean staticRead = readsStatic;
    return new WritePlanner.CasSpec(Clustering.EMPTY, lp -> specs.stream().allMatch(s -> s.condition().test(lp)),
        lp -> failure(t, lp, rows, staticRead, columns), null);
  }

  /**
   * A batch's failure shows its primary key and the conditioned columns (Cassandra's isBatch), for the rows the round
   * read: the conditioned rows that exist; with conditions on static columns alone, the partition's first live row;
   * with no such row, the static row if a condition read it and it has live cells.
   */
  private static ResultSet failure(TableMetadata t, LivePartition lp, Set<Clustering> rows, boolean readsStatic,
      List<ColumnDef> columns) {
    List<LiveRow> shown = new ArrayList<>();
    if (lp != null) {
      if (rows.isEmpty()) {
        if (!lp.rows().isEmpty()) shown.add(lp.rows().get(0));
      } else {
        for (LiveRow r : lp.rows()) if (rows.contains(r.clustering())) shown.add(r);
      }
    }
    List<List<Object>> out = new ArrayList<>();
    for (LiveRow r : shown) {
      List<Object> vals = new ArrayList<>(List.of(false));
      for (ColumnDef d : columns) vals.add(RowValues.columnValue(t, lp, r, d));
      out.add(vals);
    }
    if (out.isEmpty() && readsStatic && lp != null && lp.staticRow() != null) {
      List<Object> vals = new ArrayList<>(List.of(false));
      for (ColumnDef d : columns) {
        vals.add(d.kind() == ColumnKind.PARTITION_KEY || d.kind() == ColumnKind.STATIC
            ? RowValues.columnValue(t, lp, null, d) : null);
      }
      out.add(vals);
    }
    if (out.isEmpty()) {
      return new ResultSet(List.of("[applied]"), List.of(CqlTypes.BOOLEAN), List.of(List.of(false)), List.of());
    }
    List<String> names = new ArrayList<>(List.of("[applied]"));
    List<CqlType> types = new ArrayList<>(List.of(CqlTypes.BOOLEAN));
    for (ColumnDef d : columns) {
      names.add(d.name());
      types.add(d.type());
    }
    return new ResultSet(names, types, out, List.of());
  }
}
