package io.ringsim.server;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.event.SchemaChangeEvent;
import com.datastax.oss.protocol.internal.response.result.SchemaChange;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import java.util.List;

/** What a DDL statement changed, as the SCHEMA_CHANGE result and the event every registered client receives. */
final class SchemaEvents {
  private SchemaEvents() {}

  /** {@code arguments}: a function's or aggregate's argument types (empty for the other targets). */
  record Change(String type, String target, String keyspace, String object, List<String> arguments) {
    Change(String type, String target, String keyspace, String object) {
      this(type, target, keyspace, object, List.of());
    }

    SchemaChange result() {
      return new SchemaChange(type, target, keyspace, object, arguments);
    }

    SchemaChangeEvent event() {
      return new SchemaChangeEvent(type, target, keyspace, object, arguments);
    }
  }

  static boolean isSchemaChange(Statement s) {
    return s instanceof Statement.CreateKeyspace || s instanceof Statement.AlterKeyspace
        || s instanceof Statement.DropKeyspace || s instanceof Statement.CreateTable
        || s instanceof Statement.DropTable || s instanceof Statement.AlterTableAdd
        || s instanceof Statement.AlterTableDrop || s instanceof Statement.AlterTableWith
        || s instanceof Statement.AlterTableRename || s instanceof Statement.AlterTableType
        || s instanceof Statement.CreateIndex || s instanceof Statement.DropIndex
        || s instanceof Statement.CreateType || s instanceof Statement.AlterTypeAdd
        || s instanceof Statement.AlterTypeRename || s instanceof Statement.AlterTypeAlter
        || s instanceof Statement.DropType || s instanceof Statement.CreateView
        || s instanceof Statement.AlterView || s instanceof Statement.DropView
        || FunctionEvents.isFunctionChange(s);
  }

  /** The change a statement made, or null when it changed nothing (IF [NOT] EXISTS that did not apply). */
  static Change change(Statement s, Catalog before, Catalog after, String session) {
    if (before == after) return null;
    if (FunctionEvents.isFunctionChange(s)) return FunctionEvents.change(s, before, after, ks(null, session));
    String created = ProtocolConstants.SchemaChangeType.CREATED;
    String updated = ProtocolConstants.SchemaChangeType.UPDATED;
    String dropped = ProtocolConstants.SchemaChangeType.DROPPED;
    String keyspace = ProtocolConstants.SchemaChangeTarget.KEYSPACE;
    String table = ProtocolConstants.SchemaChangeTarget.TABLE;
    if (s instanceof Statement.CreateKeyspace k) return new Change(created, keyspace, k.name(), null);
    if (s instanceof Statement.AlterKeyspace k) return new Change(updated, keyspace, k.name(), null);
    if (s instanceof Statement.DropKeyspace k) return new Change(dropped, keyspace, k.name(), null);
    if (s instanceof Statement.CreateTable t) return new Change(created, table, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.DropTable t) return new Change(dropped, table, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.AlterTableAdd t) return new Change(updated, table, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.AlterTableDrop t) return new Change(updated, table, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.AlterTableWith t) return new Change(updated, table, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.AlterTableRename t) return new Change(updated, table, ks(t.keyspace(), session), t.name());
    // An index change is reported as a change of its table, as Cassandra does.
    if (s instanceof Statement.CreateIndex i) return new Change(updated, table, ks(i.keyspace(), session), i.table());
    // A view's changes are reported as a table's, as Cassandra's view statements do.
    if (s instanceof Statement.CreateView v) return new Change(created, table, ks(v.keyspace(), session), v.name());
    if (s instanceof Statement.AlterView v) return new Change(updated, table, ks(v.keyspace(), session), v.name());
    if (s instanceof Statement.DropView v) return new Change(dropped, table, ks(v.keyspace(), session), v.name());
    String type = ProtocolConstants.SchemaChangeTarget.TYPE;
    if (s instanceof Statement.CreateType t) return new Change(created, type, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.AlterTypeAdd t) return new Change(updated, type, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.AlterTypeRename t)
      return new Change(updated, type, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.DropType t) return new Change(dropped, type, ks(t.keyspace(), session), t.name());
    if (s instanceof Statement.DropIndex i) {
      String k = ks(i.keyspace(), session);
      String t = before.index(k, i.name()).map(x -> x.table()).orElse(i.name());
      return new Change(updated, table, k, t);
    }
    return null;
  }

  /**
   * The views an ALTER TABLE changed along with their base (a view of SELECT * gains an added column): Cassandra's
   * schema listener announces each as an UPDATED table of its own, after the base's, so drivers refresh their view
   * metadata too.
   */
  static List<Change> viewChanges(Change base, Catalog before, Catalog after) {
    if (base == null || !base.target().equals(ProtocolConstants.SchemaChangeTarget.TABLE)
        || !base.type().equals(ProtocolConstants.SchemaChangeType.UPDATED)) return List.of();
    List<Change> out = new java.util.ArrayList<>();
    for (io.ringsim.schema.ViewMetadata v : after.viewsOf(base.keyspace(), base.object())) {
      boolean changed = before.viewsOf(base.keyspace(), base.object()).stream()
          .noneMatch(b -> b.name().equals(v.name()) && b.table().columns().equals(v.table().columns()));
      if (changed) out.add(new Change(base.type(), base.target(), base.keyspace(), v.name(), null));
    }
    return out;
  }

  private static String ks(String named, String session) {
    return named != null ? named : session;
  }
}
