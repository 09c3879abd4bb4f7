package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.ColumnSpec;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ALTER TABLE's ADD, DROP and WITH, with Cassandra 4.1's AlterTableStatement checks and messages (RENAME and ALTER
 * ... TYPE are TableRename's).
 */
final class AlterTableOps {
  private AlterTableOps() {}

  private static CqlException invalid(String m) {
    return SchemaOps.invalid(m);
  }

  /** The table an ALTER TABLE names; null when it is missing and the statement says IF EXISTS (a no-op then). */
  static TableMetadata alteredTable(Catalog c, String ks, String name, boolean ifExists) {
    if (ifExists && c.table(ks, name).isEmpty()) return null;
    return alteredTable(c, ks, name);
  }

  /** The table an ALTER TABLE names, with Cassandra's AlterTableStatement messages when there is none. */
  static TableMetadata alteredTable(Catalog c, String ks, String name) {
    if (c.keyspace(ks).isEmpty()) throw invalid("Keyspace '" + ks + "' doesn't exist");
    return c.table(ks, name).orElseThrow(() -> invalid("Table '" + ks + "." + name + "' doesn't exist"));
  }

  static Catalog alterAdd(Catalog c, Statement.AlterTableAdd s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = alteredTable(c, ks, s.name(), s.ifExists());
    if (t == null) return c;
    CompactTables.checkAlterAdd(t);
    List<ColumnDef> cols = new ArrayList<>(t.columns());
    for (ColumnSpec spec : s.columns()) {
      if (t.column(spec.name()).isPresent() || cols.stream().anyMatch(d -> d.name().equals(spec.name()))) {
        if (s.ifColumnNotExists()) continue;
        throw invalid("Column with name '" + spec.name() + "' already exists");
      }
      CqlType type = SchemaOps.type(spec.type(), spec.name(), c, ks);
      if (spec.isStatic() && t.clusteringColumns().isEmpty()) throw invalid("Static columns are only useful (and thus"
          + " allowed) if the table has at least one clustering column");
      ColumnKind kind = spec.isStatic() ? ColumnKind.STATIC : ColumnKind.REGULAR;
      TableMetadata.DroppedColumn was = t.droppedColumns().get(spec.name());
      if (was != null) checkReAdd(t, spec.name(), type, kind, was);
      boolean counterTable = t.isCounterTable();
      if (counterTable && !SchemaOps.isCounter(type)) throw new CqlException(CqlErrorClass.ConfigurationError,
          ks + "." + s.name() + ": Cannot have a non counter column (\"" + spec.name() + "\") in a counter table");
      if (!counterTable && SchemaOps.isCounter(type))
        throw new CqlException(CqlErrorClass.ConfigurationError, ks + "." + s.name() + ": Cannot have a counter "
            + "column (\"" + spec.name() + "\") in a non counter table");
      cols.add(spec.isStatic() ? ColumnDef.staticColumn(spec.name(), type) : ColumnDef.regular(spec.name(), type));
    }
    if (cols.size() == t.columns().size()) return c; // ADD IF NOT EXISTS of columns that all exist: no change
    return ViewOps.withAddedColumns(c.withTable(new TableMetadata(ks, s.name(), cols, t.params(),
        t.droppedColumns())), t);
  }

  /**
   * Cassandra's checks on adding a column of a name that was dropped: its old cells, still on disk, must read as the
   * new column's (same kind, a type that can read their values), and a counter is never re-added (its old shards
   * would count again).
   */
  private static void checkReAdd(TableMetadata t, String name, CqlType type, ColumnKind kind,
      TableMetadata.DroppedColumn was) {
    if (!canReadOldValues(type, was.type())) throw invalid("Cannot re-add previously dropped column '" + name
        + "' of type " + type.name() + ", incompatible with previous type " + was.type().name());
    if (kind != was.kind()) throw invalid("Cannot re-add previously dropped column '" + name + "' of kind " + kind
        + ", incompatible with previous kind " + was.kind());
    if (t.isCounterTable()) throw invalid("Cannot re-add previously dropped counter column " + name);
  }

  /**
   * Whether a column of type {@code now} can be added where one of type {@code before} was dropped: its old cells
   * stay on disk, so the new type must be able to read them (Cassandra's isSerializationCompatibleWith): the same
   * type, text over ascii, or blob over any single-cell type.
   */
  static boolean canReadOldValues(CqlType now, CqlType before) {
    if (now.name().equals(before.name())) return true;
    if (now.name().equals("text") && before.name().equals("ascii")) return true;
    return now.name().equals("blob") && !io.ringsim.storage.TableSchema.isComplex(before);
  }

  /**
   * ALTER TABLE DROP: the columns go, and the table remembers them (DroppedColumn). With USING TIMESTAMP that is the
   * drop's time (only cells written at or before it go, as in Cassandra); without, no time yet: each node stamps
   * the drop with its own next write timestamp when the schema reaches it (NodeControl), so that every write it
   * took before the DROP is older than it, as Cassandra's DROP takes a timestamp after them.
   */
  static Catalog alterDrop(Catalog c, Statement.AlterTableDrop s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = alteredTable(c, ks, s.name(), s.ifExists());
    if (t == null) return c;
    List<ColumnDef> cols = new ArrayList<>(t.columns());
    Map<String, TableMetadata.DroppedColumn> dropped = new LinkedHashMap<>(t.droppedColumns());
    for (String n : s.columns()) {
      if (t.column(n).isEmpty() && s.ifColumnExists()) continue;
      ColumnDef d = t.column(n).orElseThrow(() -> invalid("Column " + n
          + " was not found in table '" + ks + "." + s.name() + "'"));
      if (d.isPrimaryKey()) throw invalid("Cannot drop PRIMARY KEY column " + n);
      // Cassandra stores a dropped column's type with user types expanded to tuples, which are frozen only.
      if (d.type() instanceof io.ringsim.schema.collection.UserType u && !u.frozen())
        throw invalid("Cannot drop non-frozen column " + n + " of user type " + u.name());
      ViewOps.refuseColumnDrop(c, t, n);
      List<String> dependent = c.indexesOn(ks, s.name()).stream().filter(i -> i.column().equals(n))
          .map(i -> i.name()).sorted().toList();
      if (!dependent.isEmpty()) throw invalid("Cannot drop column " + n
          + " because it has dependent secondary indexes (" + String.join(", ", dependent) + ")");
      cols.remove(d);
      long at = s.dropTimestamp() == null ? Long.MIN_VALUE : s.dropTimestamp();
      dropped.put(n, new TableMetadata.DroppedColumn(d.type(), d.kind(), at));
    }
    if (cols.size() == t.columns().size()) return c; // DROP IF EXISTS of columns that are all missing: no change
    return c.withTable(new TableMetadata(ks, s.name(), cols, t.params(), dropped));
  }

  static Catalog alterWith(Catalog c, Statement.AlterTableWith s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = alteredTable(c, ks, s.name(), s.ifExists());
    if (t == null) return c;
    TableParams params = TableOptions.params(t.params(), s.options());
    // Cassandra reads the options (an id that is no UUID refused as such) before it refuses a new id.
    if (s.options().containsKey("id"))
      throw new CqlException(CqlErrorClass.ConfigurationError, "Cannot alter table id.");
    TableMetadata altered = new TableMetadata(ks, s.name(), t.columns(), params, t.droppedColumns());
    // ALTER's own check, an InvalidRequest (CREATE's was a ConfigurationError in one oracle run, an InvalidRequest
    // in another, so 54_dtest_findings leaves it out)
    if (altered.isCounterTable() && altered.params().defaultTimeToLive() > 0)
      throw invalid("Cannot set default_time_to_live on a table with counters");
    return c.withTable(altered);
  }
}
