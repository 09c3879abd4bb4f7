package io.ringsim.server;

import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.TableSchema;
import java.util.List;

/** What the checker of served traffic needs to know of a statement's form: its LWT condition, its TTLs. */
final class StatementForms {
  private StatementForms() {}

  /**
   * Why an LWT's condition (on {@code row}, naming {@code columns}; null: IF EXISTS / IF NOT EXISTS) cannot be judged on a model of its row's simple columns, or null: it spans the partition
   * (a conditional batch or a static condition on a table with clustering columns), or it reads a collection element,
   * a UDT field or a non-frozen collection or UDT.
   */
  static NotJudged unmodelled(Statement s, Clustering row, List<ColumnDef> columns, TableMetadata t) {
    if (!t.clusteringColumns().isEmpty() && row.size() == 0) return NotJudged.LWT_MULTI_ROW;
    if (columns != null) {
      for (ColumnDef d : columns) {
        if (d.kind() == io.ringsim.schema.ColumnKind.STATIC) return NotJudged.LWT_MULTI_ROW;
        if (TableSchema.isComplex(d.type())) return NotJudged.LWT_COLLECTION;
      }
    }
    return conditionsOnElements(s) ? NotJudged.LWT_COLLECTION : null;
  }

  private static boolean conditionsOnElements(Statement s) {
    List<io.ringsim.cql.ast.Condition> conditions = s instanceof Statement.Update u ? u.conditions()
        : s instanceof Statement.Delete d ? d.conditions() : List.of();
    for (io.ringsim.cql.ast.Condition c : conditions) {
      if (!(c instanceof io.ringsim.cql.ast.Condition.Compare || c instanceof io.ringsim.cql.ast.Condition.In
          || c instanceof io.ringsim.cql.ast.Condition.InMarker))
        return true;
    }
    return s instanceof Statement.Batch b && b.statements().stream().anyMatch(StatementForms::conditionsOnElements);
  }

  /** Whether a statement's cells may carry a TTL: USING TTL, or its table's default_time_to_live. */
  static boolean mayExpire(Statement s, TableMetadata t) {
    if (t.params().defaultTimeToLive() > 0) return true;
    if (s instanceof Statement.Insert i) return i.ttl() != null;
    if (s instanceof Statement.Update u) return u.ttl() != null;
    if (s instanceof Statement.Delete) return false;
    if (s instanceof Statement.Batch b) return b.statements().stream().anyMatch(x -> mayExpire(x, t));
    return true; // a statement not known: it may
  }

  /** Whether a Cas came from INSERT ... IF NOT EXISTS (the one condition the linearizability check models). */
  static ServedOp.Lwt lwtForm(Statement s) {
    return s instanceof Statement.Insert i && i.ifNotExists() ? ServedOp.Lwt.IF_NOT_EXISTS
        : ServedOp.Lwt.OTHER_CONDITION;
  }
}
