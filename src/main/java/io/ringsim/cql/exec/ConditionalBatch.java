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
    if (specs.size() == 1) return specs.get(0);
    Set<Clustering> rows = new HashSet<>();
    boolean wholeRows = false;
    // Cassandra lists the conditioned columns statement by statement, in the order the batch names them.
    java.util.LinkedHashMap<String, ColumnDef> conditioned = new java.util.LinkedHashMap<>();
    for (WritePlanner.CasSpec s : specs) {
      rows.add(s.row());
      if (s.conditionColumns() == null) wholeRows = true;
      else for (ColumnDef d : s.conditionColumns()) if (!d.isPrimaryKey()) conditioned.putIfAbsent(d.name(), d);
    }
    List<ColumnDef> columns = new ArrayList<>();
    for (ColumnDef d : RowValues.starColumns(t)) {
      if (wholeRows || d.isPrimaryKey()) columns.add(d);
    }
    if (!wholeRows) columns.addAll(conditioned.values());
    return new WritePlanner.CasSpec(Clustering.EMPTY, lp -> specs.stream().allMatch(s -> s.condition().test(lp)),
        lp -> failure(t, lp, rows, columns), null);
  }

  private static ResultSet failure(TableMetadata t, LivePartition lp, Set<Clustering> rows, List<ColumnDef> columns) {
    List<List<Object>> out = new ArrayList<>();
    if (lp != null) {
      for (LiveRow r : lp.rows()) {
        if (!rows.contains(r.clustering())) continue;
        List<Object> vals = new ArrayList<>(List.of(false));
        for (ColumnDef d : columns) vals.add(RowValues.columnValue(t, lp, r, d));
        out.add(vals);
      }
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

  /** Whether a column condition's failure on a missing row has nothing to show (no static column involved). */
  static boolean nothingToShow(LiveRow row, List<ColumnDef> conditionColumns) {
    return row == null && conditionColumns.stream().noneMatch(d -> d.kind() == ColumnKind.STATIC);
  }
}
