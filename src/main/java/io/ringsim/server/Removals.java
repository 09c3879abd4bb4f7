package io.ringsim.server;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.cells.ServedOp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * What a schema statement removed, for the checker: the tables that are gone (DROP TABLE, DROP KEYSPACE), the table
 * a TRUNCATE emptied, the columns an ALTER TABLE ... DROP took away. Worked out from the catalogs before and after,
 * so any statement that removes a table or column counts.
 */
final class Removals {
  private Removals() {}

  static List<ServedOp.Removal> of(Statement s, String keyspace, Catalog before, Catalog after, long invokeMicros,
      long completeMicros, LongSupplier ids) {
    List<ServedOp.Removal> out = new ArrayList<>();
    String what = describe(s);
    if (s instanceof Statement.Truncate x) {
      TableMetadata t = SchemaOps.table(before, SchemaOps.keyspaceOf(x.keyspace(), keyspace), x.name());
      out.add(new ServedOp.Removal(ids.getAsLong(), invokeMicros, completeMicros, t.qualifiedName(), null, what));
      return out;
    }
    for (TableMetadata t : before.allTables()) {
      TableMetadata now = after.table(t.qualifiedName()).orElse(null);
      if (now == null) {
        out.add(new ServedOp.Removal(ids.getAsLong(), invokeMicros, completeMicros, t.qualifiedName(), null, what));
        continue;
      }
      Set<String> kept = new HashSet<>();
      for (ColumnDef c : now.columns()) kept.add(c.name());
      for (ColumnDef c : t.columns()) {
        if (!kept.contains(c.name())) {
          out.add(new ServedOp.Removal(ids.getAsLong(), invokeMicros, completeMicros, t.qualifiedName(), c.name(),
              what));
        }
      }
    }
    return out;
  }

  private static String describe(Statement s) {
    if (s instanceof Statement.DropKeyspace d) return "DROP KEYSPACE " + d.name();
    if (s instanceof Statement.DropTable d) return "DROP TABLE " + d.name();
    if (s instanceof Statement.Truncate d) return "TRUNCATE " + d.name();
    if (s instanceof Statement.AlterTableDrop d) return "ALTER TABLE " + d.name() + " DROP " + d.columns();
    return s.getClass().getSimpleName();
  }
}
