package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.ViewMetadata;
import io.ringsim.cql.parse.WhereClauseText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ALTER TABLE ... RENAME} and {@code ALTER TABLE ... ALTER c TYPE}, as Cassandra 4.1 has them: only primary key
 * columns can be renamed (their names are in the schema alone; a regular column's name is in every cell written), and
 * column types can no longer be changed at all. Messages and their order are the oracle's (23_alter_rename).
 */
final class TableRename {
  private TableRename() {}

  static Catalog rename(Catalog c, Statement.AlterTableRename s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = existing(c, ks, s.name(), s.ifExists());
    if (t == null) return c;
    List<ColumnDef> cols = new ArrayList<>(t.columns());
    for (Map.Entry<String, String> r : s.renames().entrySet()) {
      String from = r.getKey(), to = r.getValue();
      int at = indexOf(cols, from);
      if (at < 0) throw SchemaOps.invalid("Undefined column name " + from + " in table " + ks + "." + s.name());
      ColumnDef def = cols.get(at);
      if (!def.isPrimaryKey()) throw SchemaOps.invalid("Cannot rename non PRIMARY KEY column " + from);
      if (indexOf(cols, to) >= 0) throw SchemaOps.invalid("Cannot rename column " + from + " to " + to + " in table '"
          + ks + "." + s.name() + "'; another column with that name already exists");
      List<String> dependent = c.indexesOn(ks, s.name()).stream().filter(i -> i.column().equals(from))
          .map(IndexMetadata::name).toList();
      if (!dependent.isEmpty()) throw SchemaOps.invalid("Can't rename column " + from + " because it has dependent "
          + "secondary indexes (" + String.join(", ", dependent) + ")");
      cols.set(at, new ColumnDef(to, def.type(), def.kind(), def.position(), def.order()));
    }
    Catalog out = c.withTable(new TableMetadata(ks, s.name(), cols, t.params(), t.droppedColumns()));
    for (ViewMetadata v : c.viewsOf(ks, s.name())) {
      for (Map.Entry<String, String> r : s.renames().entrySet()) v = renamedInView(v, r.getKey(), r.getValue());
      out = out.withView(v);
    }
    return out;
  }

  /**
   * Cassandra's ViewMetadata.renamePrimaryKeyColumn: a base key column the view has is renamed in the view's columns
   * (always in its key, which holds every base key column), its restrictions and its WHERE clause.
   */
  private static ViewMetadata renamedInView(ViewMetadata v, String from, String to) {
    if (!v.uses(from)) return v;
    TableMetadata t = v.table();
    List<ColumnDef> cols = new ArrayList<>();
    for (ColumnDef d : t.columns())
      cols.add(d.name().equals(from) ? new ColumnDef(to, d.type(), d.kind(), d.position(), d.order()) : d);
    List<ViewMetadata.Filter> filters = new ArrayList<>();
    for (ViewMetadata.Filter f : v.filters())
      filters.add(f.column().equals(from) ? new ViewMetadata.Filter(to, f.op(), f.values()) : f);
    return new ViewMetadata(v.keyspace(), v.name(), v.baseTable(), v.includeAllColumns(),
        WhereClauseText.renameColumn(v.whereClause(), from, to), filters,
        new TableMetadata(t.keyspace(), t.name(), cols, t.params(), t.droppedColumns(), t.strictLiveness()), v.id());
  }

  static Catalog alterType(Catalog c, Statement.AlterTableType s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (existing(c, ks, s.name(), s.ifExists()) == null) return c;
    throw SchemaOps.invalid("Altering column types is no longer supported");
  }

  private static TableMetadata existing(Catalog c, String ks, String name, boolean ifExists) {
    TableMetadata t = c.table(ks, name).orElse(null);
    if (t == null && !ifExists) throw SchemaOps.invalid("Table '" + ks + "." + name + "' doesn't exist");
    return t;
  }

  private static int indexOf(List<ColumnDef> cols, String name) {
    for (int i = 0; i < cols.size(); i++) if (cols.get(i).name().equals(name)) return i;
    return -1;
  }
}
