package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SchemaOps.invalid;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.ViewMetadata;
import io.ringsim.storage.TableSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CREATE, ALTER and DROP MATERIALIZED VIEW, checked in the order and with the messages of Cassandra 4.1's
 * CreateViewStatement, AlterViewStatement and DropViewStatement; and what a view forbids its base table and itself.
 */
public final class ViewOps {
  private ViewOps() {}

  /** Cassandra's View.USAGE_WARNING, sent with every CREATE MATERIALIZED VIEW. */
  public static final String USAGE_WARNING =
      "Materialized views are experimental and are not recommended for production use.";

  public static Catalog create(Catalog c, Statement.CreateView s, String session, CqlFeatures features) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (s.baseKeyspace() != null && !ks.equals(s.baseKeyspace()))
      throw invalid("Cannot create a materialized view on a table in a different keyspace");
    if (s.clusteringProblem() != null) throw invalid(s.clusteringProblem());
    features.requireMaterializedViews();
    KeyspaceMetadata keyspace = c.keyspace(ks).orElseThrow(() -> invalid("Keyspace '" + ks + "' doesn't exist"));
    TableMetadata base = c.view(ks, s.baseTable()).isPresent() ? null : c.table(ks, s.baseTable()).orElse(null);
    if (base == null) throw invalid("Base table '" + s.baseTable() + "' doesn't exist");
    if (c.view(ks, s.name()).isEmpty() && c.table(ks, s.name()).isPresent())
      throw invalid("Cannot create materialized view '" + s.name() + "' - a table with the same name already exists");
    if (c.view(ks, s.name()).isPresent()) {
      if (s.ifNotExists()) return c;
      throw new CqlException(CqlErrorClass.AlreadyExists, "Cannot add already existing table \"" + s.name()
          + "\" to keyspace \"" + keyspace.name() + "\"");
    }
    if (base.isCounterTable()) throw invalid("Materialized views are not supported on counter tables");
    if (base.params().gcGraceSeconds() == 0) {
      throw invalid("Cannot create materialized view '" + s.name() + "' for base table '" + s.baseTable()
          + "' with gc_grace_seconds of 0, since this value is used to TTL undelivered updates. Setting"
          + " gc_grace_seconds too low might cause undelivered updates to expire before being replayed.");
    }
    if (s.selectorProblem() != null) throw invalid(s.selectorProblem());
    Set<String> selected = new LinkedHashSet<>();
    if (s.columns().isEmpty()) base.columns().forEach(col -> selected.add(col.name()));
    for (String col : s.columns()) {
      if (base.column(col).isEmpty()) throw invalid("Undefined column name " + col + " in table " + ks + "."
          + s.baseTable());
      selected.add(col);
    }
    for (String col : selected) {
      if (base.column(col).orElseThrow().kind() == ColumnKind.STATIC)
        throw invalid("Cannot include static column '" + col + "' in materialized view '" + s.name() + "'");
    }
    List<String> keyColumns = new ArrayList<>(s.partitionKey());
    keyColumns.addAll(s.clustering());
    Set<String> primaryKey = new LinkedHashSet<>();
    for (String name : keyColumns) {
      ColumnDef col = base.column(name).orElse(null);
      if (col == null || !selected.contains(name))
        throw invalid("Unknown column '" + name + "' referenced in PRIMARY KEY for materialized view '" + s.name()
            + "'");
      if (!primaryKey.add(name))
        throw invalid("Duplicate column '" + name + "' in PRIMARY KEY clause for materialized view '" + s.name()
            + "'");
      CqlType type = col.type();
      if (TableSchema.isComplex(type) && !type.name().equals("counter")) {
        throw invalid("Invalid non-frozen " + (type instanceof io.ringsim.schema.collection.UserType
            ? "user-defined type" : "collection type") + " '" + type.name()
            + "' for PRIMARY KEY column '" + name + "'");
      }
      if (type.name().equals("counter"))
        throw invalid("counter type is not supported for PRIMARY KEY column '" + name + "'");
      if (SchemaOps.containsDuration(type))
        throw invalid("duration type is not supported for PRIMARY KEY column '" + name + "'");
    }
    if (!s.clusteringAscending().isEmpty() && !s.clustering().equals(new ArrayList<>(s.clusteringAscending()
        .keySet())))
      throw invalid("Clustering key columns must exactly match columns in CLUSTERING ORDER BY directive");
    List<String> missing = new ArrayList<>();
    for (ColumnDef col : primaryKeyOf(base)) if (!primaryKey.contains(col.name())) missing.add(col.name());
    if (!missing.isEmpty()) {
      throw invalid("Cannot create materialized view '" + s.name() + "' without primary key columns "
          + String.join(", ", missing) + " from base table '" + s.baseTable() + "'");
    }
    List<String> regularInKey = new ArrayList<>(primaryKey);
    for (ColumnDef col : primaryKeyOf(base)) regularInKey.remove(col.name());
    if (regularInKey.size() > 1) {
      throw invalid("Cannot include more than one non-primary key column in materialized view primary key (got "
          + String.join(", ", hashSetOrder(regularInKey)) + ")");
    }
    List<ViewMetadata.Filter> filters = new ArrayList<>();
    Set<String> restricted = new LinkedHashSet<>();
    for (String col : s.notNull()) {
      if (base.column(col).isEmpty()) throw invalid("Undefined column name " + col);
      restricted.add(col);
    }
    List<String> illegal = new ArrayList<>();
    for (Relation r : s.restrictions()) {
      if (r instanceof Relation.Token)
        throw invalid("Cannot use token relation when defining a materialized view");
    }
    for (Relation r : s.restrictions()) {
      ViewMetadata.Filter f = filter(base, r);
      ColumnDef col = base.column(f.column()).orElseThrow();
      restricted.add(f.column());
      if (!col.isPrimaryKey()) illegal.add(f.column());
      filters.add(f);
    }
    List<String> unrestricted = new ArrayList<>();
    for (String name : hashSetOrder(new ArrayList<>(primaryKey))) if (!restricted.contains(name)) unrestricted.add(name);
    if (!unrestricted.isEmpty()) {
      throw invalid("Primary key columns " + String.join(", ", unrestricted) + " must be restricted with 'IS NOT"
          + " NULL' or otherwise");
    }
    if (!illegal.isEmpty()) {
      throw invalid("Non-primary key columns can only be restricted with 'IS NOT NULL' (got: "
          + String.join(",", illegal) + " restricted illegally)");
    }
    Map<String, Term> options = new java.util.LinkedHashMap<>(s.options());
    Term id = options.remove("id");
    TableParams params = TableOptions.params(TableParams.DEFAULTS, options);
    java.util.UUID viewId = id == null ? null : viewId(id);
    if (s.options().containsKey("default_time_to_live")) {
      throw invalid("Cannot set default_time_to_live for a materialized view. Data in a materialized view always"
          + " expire at the same time than the corresponding data in the parent table.");
    }
    List<ColumnDef> cols = new ArrayList<>();
    for (int i = 0; i < s.partitionKey().size(); i++) {
      String n = s.partitionKey().get(i);
      cols.add(ColumnDef.partitionKey(n, base.column(n).orElseThrow().type(), i));
    }
    for (int i = 0; i < s.clustering().size(); i++) {
      String n = s.clustering().get(i);
      ColumnDef b = base.column(n).orElseThrow();
      Boolean asc = s.clusteringAscending().get(n);
      // Without CLUSTERING ORDER BY a base clustering column keeps its order (Cassandra keeps its reversed type).
      ClusteringOrder order = asc != null ? (asc ? ClusteringOrder.ASC : ClusteringOrder.DESC)
          : b.kind() == ColumnKind.CLUSTERING ? b.order() : ClusteringOrder.ASC;
      cols.add(ColumnDef.clustering(n, b.type(), i, order));
    }
    for (String n : selected) {
      if (!primaryKey.contains(n)) cols.add(ColumnDef.regular(n, base.column(n).orElseThrow().type()));
    }
    SchemaOps.validTableName(ks, s.name());
    TableMetadata table = new TableMetadata(ks, s.name(), cols, params, Map.of(), !regularInKey.isEmpty());
    return c.withView(new ViewMetadata(ks, s.name(), s.baseTable(), s.columns().isEmpty(),
        String.join(" AND ", s.whereText()), filters, table, viewId));
  }

  /** Cassandra's TableAttributes.getId: the view's id as a UUID, however it is written (a uuid, a string). */
  private static java.util.UUID viewId(Term id) {
    String text = id instanceof Term.Literal l ? l.text() : TermText.of(id);
    if (!text.matches("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"))
      throw new CqlException(CqlErrorClass.ConfigurationError, "Invalid table id");
    return java.util.UUID.fromString(text);
  }

  private static List<ColumnDef> primaryKeyOf(TableMetadata t) {
    List<ColumnDef> out = new ArrayList<>(t.partitionKey());
    out.addAll(t.clusteringColumns());
    return out;
  }

  /** A restriction of the view's WHERE clause as the view keeps it: the column, the operator, the values' bytes. */
  private static ViewMetadata.Filter filter(TableMetadata base, Relation r) {
    Values values = new Values(0, 0);
    if (r instanceof Relation.Single x) {
      ColumnDef col = column(base, x.column());
      return new ViewMetadata.Filter(x.column(), x.op().symbol, List.of(bytes(values, x.value(), col)));
    }
    if (r instanceof Relation.In x) {
      ColumnDef col = column(base, x.column());
      List<byte[]> vs = new ArrayList<>();
      for (Term t : x.values()) vs.add(bytes(values, t, col));
      return new ViewMetadata.Filter(x.column(), "IN", vs);
    }
    throw invalid("Unsupported restriction in the WHERE clause of a materialized view: " + r);
  }

  private static ColumnDef column(TableMetadata base, String name) {
    return base.column(name).orElseThrow(() -> invalid("Undefined column name " + name));
  }

  private static byte[] bytes(Values values, Term t, ColumnDef col) {
    if (t instanceof Term.BindMarker)
      throw invalid("Bind variables are not allowed in CREATE MATERIALIZED VIEW statements");
    Object v = values.value(t, col.type(), col.name());
    if (v == null) throw invalid("Invalid null value in condition for column " + col.name());
    return col.type().serialize(v);
  }

  /**
   * Names in the order Java's HashSet of Cassandra's ColumnIdentifiers iterates them (ByteBuffer hash of the UTF-8
   * name, spread and masked to a 16-bucket table, insertion order within a bucket), which is the order Cassandra's
   * messages list them in.
   */
  static List<String> hashSetOrder(List<String> names) {
    int buckets = 16;
    while (names.size() > buckets * 3 / 4) buckets *= 2;
    List<List<String>> table = new ArrayList<>();
    for (int i = 0; i < buckets; i++) table.add(new ArrayList<>());
    for (String n : names) {
      byte[] b = n.getBytes(StandardCharsets.UTF_8);
      int h = 1;
      for (int i = b.length - 1; i >= 0; i--) h = 31 * h + b[i];
      h ^= h >>> 16;
      table.get(h & (buckets - 1)).add(n);
    }
    List<String> out = new ArrayList<>();
    table.forEach(out::addAll);
    return out;
  }

  public static Catalog alter(Catalog c, Statement.AlterView s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    ViewMetadata view = c.view(ks, s.name()).orElse(null);
    if (view == null) {
      if (s.ifExists()) return c;
      throw invalid("Materialized view '" + ks + "." + s.name() + "' doesn't exist");
    }
    TableParams params = TableOptions.params(view.table().params(), s.options());
    if (params.gcGraceSeconds() == 0) {
      throw invalid("Cannot alter gc_grace_seconds of a materialized view to 0, since this value is used to TTL"
          + " undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before"
          + " being replayed.");
    }
    if (params.defaultTimeToLive() > 0) {
      throw invalid("Forbidden default_time_to_live detected for a materialized view. Data in a materialized view"
          + " always expire at the same time than the corresponding data in the parent table. default_time_to_live"
          + " must be set to zero, see CASSANDRA-12868 for more information");
    }
    TableMetadata t = view.table();
    return c.withView(view.withTable(new TableMetadata(t.keyspace(), t.name(), t.columns(), params,
        t.droppedColumns(), t.strictLiveness())));
  }

  public static Catalog drop(Catalog c, Statement.DropView s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (c.view(ks, s.name()).isEmpty()) {
      if (s.ifExists()) return c;
      throw invalid("Materialized view '" + ks + "." + s.name() + "' doesn't exist");
    }
    return c.withoutView(ks, s.name());
  }

  /** Cassandra's refusal of a write to a view (ModificationStatement): views are written by their base only. */
  public static void refuseWrite(Catalog c, String keyspace, String table) {
    if (c.view(keyspace, table).isPresent())
      throw invalid("Cannot directly modify a materialized view");
  }
  /** ALTER TABLE, CREATE INDEX and DROP TABLE naming a view: Cassandra's refusals (a view is changed as a view). */
  static void refuseOnView(Catalog c, Statement s, String session) {
    String ks, name, message;
    if (s instanceof Statement.AlterTableAdd x) {
      ks = x.keyspace(); name = x.name(); message = ALTER_TABLE;
    } else if (s instanceof Statement.AlterTableDrop x) {
      ks = x.keyspace(); name = x.name(); message = ALTER_TABLE;
    } else if (s instanceof Statement.AlterTableWith x) {
      ks = x.keyspace(); name = x.name(); message = ALTER_TABLE;
    } else if (s instanceof Statement.AlterTableRename x) {
      ks = x.keyspace(); name = x.name(); message = ALTER_TABLE;
    } else if (s instanceof Statement.AlterTableType x) {
      ks = x.keyspace(); name = x.name(); message = ALTER_TABLE;
    } else if (s instanceof Statement.CreateIndex x) {
      ks = x.keyspace(); name = x.table(); message = "Secondary indexes on materialized views aren't supported";
    } else if (s instanceof Statement.DropTable x) {
      ks = x.keyspace(); name = x.name();
      message = "Cannot use DROP TABLE on a materialized view. Please use DROP MATERIALIZED VIEW instead.";
    } else {
      return;
    }
    String keyspace = ks != null ? ks : session;
    if (keyspace != null && c.view(keyspace, name).isPresent()) throw invalid(message);
  }

  private static final String ALTER_TABLE =
      "Cannot use ALTER TABLE on a materialized view; use ALTER MATERIALIZED VIEW instead";

  /** DROP TABLE of a base table: refused while views depend on it (Cassandra 4.1's message names the keyspace). */
  static void refuseDropOfBase(Catalog c, String ks, String table) {
    if (!c.viewsOf(ks, table).isEmpty())
      throw invalid("Cannot drop a table when materialized views still depend on it (" + ks + ")");
  }

  /** ALTER TABLE ... DROP on a table with views: refused, whatever the column. */
  static void refuseColumnDrop(Catalog c, TableMetadata t, String column) {
    if (!c.viewsOf(t.keyspace(), t.name()).isEmpty())
      throw invalid("Cannot drop column " + column + " on base table " + t.name() + " with materialized views");
  }

  /** TRUNCATE of a view: refused, as Cassandra refuses it (the base's TRUNCATE empties its views). */
  public static void refuseTruncate(Catalog c, String ks, String name) {
    if (c.view(ks, name).isPresent())
      throw invalid("Cannot TRUNCATE materialized view directly; must truncate base table instead");
  }

  /**
   * After ALTER TABLE ADD on {@code before}'s table: a view of SELECT * gets the new regular columns, as Cassandra
   * adds them to views that include all columns.
   */
  static Catalog withAddedColumns(Catalog c, TableMetadata before) {
    TableMetadata after = c.table(before.keyspace(), before.name()).orElseThrow();
    for (ViewMetadata v : c.viewsOf(before.keyspace(), before.name())) {
      if (!v.includeAllColumns()) continue;
      List<ColumnDef> cols = new ArrayList<>(v.table().columns());
      for (ColumnDef added : after.columns()) {
        if (before.column(added.name()).isPresent() || added.kind() != ColumnKind.REGULAR) continue;
        cols.add(ColumnDef.regular(added.name(), added.type()));
      }
      TableMetadata t = v.table();
      c = c.withView(v.withTable(new TableMetadata(t.keyspace(), t.name(), cols, t.params(), t.droppedColumns(),
          t.strictLiveness())));
    }
    return c;
  }
}
