package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.ast.ColumnSpec;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Schema statements: each gives the catalog after it, with Cassandra's errors. */
public final class SchemaOps {
  private SchemaOps() {}

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  /**
   * The catalog after schema statement {@code s} (CREATE, ALTER, DROP of keyspaces, tables and indexes), or null when
   * {@code s} does not change the schema.
   */
  public static Catalog apply(Catalog c, Statement s, String keyspace, CqlFeatures features,
      List<String> datacenters) {
    ViewOps.refuseOnView(c, s, keyspace);
    if (s instanceof Statement.AlterTableDrop x) return AlterTableOps.alterDrop(c, x, keyspace);
    if (s instanceof Statement.CreateKeyspace x) return createKeyspace(c, x, datacenters);
    if (s instanceof Statement.AlterKeyspace x) return alterKeyspace(c, x, datacenters);
    if (s instanceof Statement.DropKeyspace x) return dropKeyspace(c, x);
    if (s instanceof Statement.CreateTable x) return createTable(c, x, keyspace);
    if (s instanceof Statement.DropTable x) return dropTable(c, x, keyspace);
    if (s instanceof Statement.AlterTableAdd x) return AlterTableOps.alterAdd(c, x, keyspace);
    if (s instanceof Statement.AlterTableWith x) return AlterTableOps.alterWith(c, x, keyspace);
    if (s instanceof Statement.AlterTableRename x) return TableRename.rename(c, x, keyspace);
    if (s instanceof Statement.AlterTableType x) return TableRename.alterType(c, x, keyspace);
    if (s instanceof Statement.CreateIndex x) return IndexOps.createIndex(c, x, keyspace, features);
    if (s instanceof Statement.DropIndex x) return IndexOps.dropIndex(c, x, keyspace);
    if (s instanceof Statement.CreateType x) return UserTypeOps.createType(c, x, keyspace);
    if (s instanceof Statement.AlterTypeAdd x) return UserTypeOps.alterAdd(c, x, keyspace);
    if (s instanceof Statement.AlterTypeRename x) return UserTypeOps.alterRename(c, x, keyspace);
    if (s instanceof Statement.AlterTypeAlter x) return UserTypeOps.alterField(c, x, keyspace);
    if (s instanceof Statement.DropType x) return UserTypeOps.dropType(c, x, keyspace);
    if (s instanceof Statement.CreateView x) return ViewOps.create(c, x, keyspace, features);
    if (s instanceof Statement.AlterView x) return ViewOps.alter(c, x, keyspace);
    if (s instanceof Statement.DropView x) return ViewOps.drop(c, x, keyspace);
    if (s instanceof Statement.CreateFunction x) return FunctionOps.createFunction(c, x, keyspace, features);
    if (s instanceof Statement.DropFunction x) return FunctionOps.dropFunction(c, x, keyspace);
    if (s instanceof Statement.CreateAggregate x) return FunctionOps.createAggregate(c, x, keyspace);
    if (s instanceof Statement.DropAggregate x) return FunctionOps.dropAggregate(c, x, keyspace);
    return null;
  }

  /**
   * Applies a list of schema statements (USE included) to {@code c}. Statements that are not about the schema are
   * refused: this is how a schema is shipped to member JVMs, which apply exactly the same statements.
   */
  public static Catalog applyAll(Catalog c, java.util.List<String> statements, CqlFeatures features,
      List<String> datacenters) {
    String ks = null;
    for (String text : statements) {
      Statement s = CqlParser.parse(text);
      if (s instanceof Statement.Use u) {
        ks = u.keyspace();
        continue;
      }
      Catalog next = apply(c, s, ks, features, datacenters);
      if (next == null) {
        throw new CqlException(CqlErrorClass.InvalidRequest,
            "only schema statements (CREATE, ALTER, DROP, USE) can be shipped to a cluster: " + text);
      }
      c = next;
    }
    return c;
  }

  /**
   * Cassandra's SchemaConstants.NAME_LENGTH: the longest keyspace name. Cassandra 4.1 no longer holds table and view
   * names to it (their directory names are only bounded by the file system), though its message still cites it.
   */
  static final int NAME_LENGTH = 48;

  private static final java.util.regex.Pattern WORD_CHARS = java.util.regex.Pattern.compile("\\w+");

  /** Cassandra 4.1's KeyspaceMetadata.validate, with its message. */
  static void validKeyspaceName(String name) {
    if (name.isEmpty() || name.length() > NAME_LENGTH || !WORD_CHARS.matcher(name).matches()) {
      throw new CqlException(CqlErrorClass.ConfigurationError, "Keyspace name must not be empty, more than "
          + NAME_LENGTH + " characters long, or contain non-alphanumeric-underscore characters (got \"" + name + "\")");
    }
  }

  /**
   * Cassandra 4.1's TableMetadata.validate of a table's or a view's name: word characters only, of any length; its
   * message names the table first, as all of that method's messages do.
   */
  static void validTableName(String keyspace, String name) {
    if (name.isEmpty() || !WORD_CHARS.matcher(name).matches()) {
      throw new CqlException(CqlErrorClass.ConfigurationError, keyspace + "." + name + ": Table name must not be "
          + "empty, more than " + NAME_LENGTH + " characters long, or contain non-alphanumeric-underscore characters"
          + " (got \"" + name + "\")");
    }
  }

  public static String keyspaceOf(String explicit, String session) {
    if (explicit != null) return explicit;
    if (session == null)
      throw invalid("No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
    return session;
  }

  public static TableMetadata table(Catalog c, String ks, String name) {
    if (c.keyspace(ks).isEmpty()) throw invalid("keyspace " + ks + " does not exist");
    return c.table(ks, name).orElseThrow(() -> invalid("table " + name + " does not exist"));
  }

  /** The keyspaces Cassandra keeps for itself: no user statement creates, alters or drops them. */
  static final Set<String> SYSTEM_KEYSPACES = Set.of("system", "system_schema", "system_traces", "system_auth",
      "system_distributed", "system_views", "system_virtual_schema");

  /** Cassandra's refusal of a schema change inside a system keyspace (an Unauthorized error). */
  static void checkNotSystem(String ks) {
    if (ks != null && SYSTEM_KEYSPACES.contains(ks))
      throw new CqlException(CqlErrorClass.Unauthorized, ks + " keyspace is not user-modifiable.");
  }

  public static Catalog createKeyspace(Catalog c, Statement.CreateKeyspace s, List<String> datacenters) {
    if (SYSTEM_KEYSPACES.contains(s.name()))
      throw invalid("System keyspace '" + s.name() + "' is not user-modifiable");
    if (s.name().isEmpty() || s.name().length() > NAME_LENGTH || !WORD_CHARS.matcher(s.name()).matches())
      throw invalid("Keyspace name must not be empty, more than " + NAME_LENGTH + " characters long, or contain "
          + "non-alphanumeric-underscore characters (got '" + s.name() + "')");
    // Cassandra checks that replication names a class before it looks for the keyspace, and the strategy's
    // options after: a keyspace that exists is reported as such whatever its new options say.
    Term rep = s.options().get("replication");
    if (rep == null) throw new CqlException(CqlErrorClass.InvalidRequest, "Missing mandatory option 'replication'");
    if (rep instanceof Term.MapLiteral m && m.keys().stream().noneMatch(k -> k instanceof Term.Literal l
        && l.text().equals("class"))) {
      throw new CqlException(CqlErrorClass.ConfigurationError, "Missing replication strategy class");
    }
    if (c.keyspace(s.name()).isPresent()) {
      if (s.ifNotExists()) return c;
      throw new CqlException(CqlErrorClass.AlreadyExists, "Cannot add existing keyspace \"" + s.name() + "\"");
    }
    KeyspaceMetadata created = keyspace(s.name(), s.options(), null, datacenters);
    validKeyspaceName(s.name());
    return c.withKeyspace(created);
  }

  public static Catalog alterKeyspace(Catalog c, Statement.AlterKeyspace s, List<String> datacenters) {
    checkNotSystem(s.name());
    if (c.keyspace(s.name()).isEmpty()) throw invalid("Keyspace '" + s.name() + "' doesn't exist");
    return c.withKeyspace(keyspace(s.name(), s.options(), c.keyspace(s.name()).get(), datacenters));
  }

  /**
   * A keyspace's parameters from CREATE's or ALTER's options, as Cassandra 4.1's KeyspaceAttributes reads them: an
   * ALTER keeps whatever it does not name ({@code previous}), so {@code WITH durable_writes = false} alone keeps the
   * replication; only CREATE must name the replication. {@code datacenters}: the cluster's, which
   * NetworkTopologyStrategy's options must name.
   */
  private static KeyspaceMetadata keyspace(String name, Map<String, Term> options, KeyspaceMetadata previous,
      List<String> datacenters) {
    for (String option : options.keySet()) {
      if (!option.equals("replication") && !option.equals("durable_writes"))
        throw new CqlException(CqlErrorClass.SyntaxError, "Unknown property '" + option + "'");
    }
    boolean durable = previous == null || previous.durableWrites();
    Term d = options.get("durable_writes");
    if (d != null) durable = bool("durable_writes", d);
    Term rep = options.get("replication");
    if (rep == null) {
      if (previous == null) throw invalid("Missing mandatory option 'replication'");
      return new KeyspaceMetadata(name, previous.replication(), durable);
    }
    if (!(rep instanceof Term.MapLiteral m))
      throw new CqlException(CqlErrorClass.SyntaxError, "replication must be a map");
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < m.keys().size(); i++) map.put(text(m.keys().get(i)), text(m.values().get(i)));
    try {
      map = ReplicationStrategies.prepare(name, map, previous == null ? null : previous.replication(), datacenters);
    } catch (ReplicationStrategies.Reserved e) {
      throw invalid(e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new CqlException(CqlErrorClass.ConfigurationError, e.getMessage());
    }
    return new KeyspaceMetadata(name, map, durable);
  }

  /** Cassandra's PropertyDefinitions.parseBoolean: the words it accepts, and its message for any other. */
  private static boolean bool(String property, Term t) {
    String v = text(t);
    switch (v.toLowerCase(java.util.Locale.ROOT)) {
      case "1", "true", "yes" -> {
        return true;
      }
      case "0", "false", "no" -> {
        return false;
      }
      default -> throw new CqlException(CqlErrorClass.SyntaxError, "Invalid boolean value " + v + " for '"
          + property + "'. Positive values can be '1', 'true' or 'yes'. Negative values can be '0', 'false' or 'no'.");
    }
  }

  static String text(Term t) {
    if (t instanceof Term.Literal l) return l.text();
    throw invalid("expected a constant, got " + t);
  }

  public static Catalog dropKeyspace(Catalog c, Statement.DropKeyspace s) {
    checkNotSystem(s.name());
    if (c.keyspace(s.name()).isEmpty()) {
      if (s.ifExists()) return c;
      throw invalid("Keyspace '" + s.name() + "' doesn't exist");
    }
    return c.withoutKeyspace(s.name());
  }

  public static Catalog createTable(Catalog c, Statement.CreateTable s, String session) {
    String ks = keyspaceOf(s.keyspace(), session);
    checkNotSystem(ks);
    if (c.keyspace(ks).isEmpty()) throw invalid("Keyspace '" + ks + "' doesn't exist");
    if (c.table(ks, s.name()).isPresent()) {
      if (s.ifNotExists()) return c;
      throw new CqlException(CqlErrorClass.AlreadyExists, "Cannot add already existing table \"" + s.name()
          + "\" to keyspace \"" + ks + "\"");
    }
    validTableName(ks, s.name());
    if (s.partitionKey().isEmpty()) throw invalid("No PRIMARY KEY specifed for table '" + s.name()
        + "' (exactly one required)");
    Map<String, ColumnSpec> byName = new LinkedHashMap<>();
    for (ColumnSpec col : s.columns()) {
      if (byName.put(col.name(), col) != null) throw invalid("Duplicate column '" + col.name() + "' declaration for"
          + " table '" + s.name() + "'");
    }
    List<ColumnDef> defs = new ArrayList<>();
    Set<String> keyCols = new HashSet<>();
    for (int i = 0; i < s.partitionKey().size(); i++) {
      String n = s.partitionKey().get(i);
      ColumnSpec col = byName.get(n);
      if (col == null) throw invalid("Unknown column '" + n + "' referenced in PRIMARY KEY for table '" + s.name()
          + "'");
      CqlType t = keyType(col.type(), n, c, ks);
      defs.add(ColumnDef.partitionKey(n, t, i));
      keyCols.add(n);
    }
    CustomValues.checkPartitionKey(defs);
    List<String> notClustering = new ArrayList<>();
    for (String n : s.clusteringDescending().keySet()) if (!s.clustering().contains(n)) notClustering.add(n);
    if (!notClustering.isEmpty()) throw invalid("Only clustering key columns can be defined in CLUSTERING ORDER"
        + " directive: " + notClustering + " are not clustering columns");
    List<String> orderCols = new ArrayList<>(s.clusteringDescending().keySet());
    for (int i = 0; i < orderCols.size() && i < s.clustering().size(); i++) {
      if (!orderCols.get(i).equals(s.clustering().get(i)))
        throw invalid("The order of columns in the CLUSTERING ORDER directive must match that of the clustering "
            + "columns (" + s.clustering().get(i) + " must appear before " + orderCols.get(i) + ")");
    }
    for (int i = 0; i < s.clustering().size(); i++) {
      String n = s.clustering().get(i);
      ColumnSpec col = byName.get(n);
      if (col == null) throw invalid("Unknown column '" + n + "' referenced in PRIMARY KEY for table '" + s.name()
          + "'");
      if (!keyCols.add(n)) throw invalid("Duplicate column '" + n + "' in PRIMARY KEY clause for table '" + s.name()
          + "'");
      CqlType t = keyType(col.type(), n, c, ks);
      // A clustering column typed 'ReversedType(...)' by class name is Cassandra's DESC column (its type is reversed).
      boolean desc = s.clusteringDescending().getOrDefault(n, false)
          || io.ringsim.schema.types.MarshalTypes.isReversedClass(col.type());
      defs.add(ColumnDef.clustering(n, t, i, desc ? ClusteringOrder.DESC : ClusteringOrder.ASC));
    }
    for (ColumnSpec col : s.columns()) {
      if (keyCols.contains(col.name())) {
        if (col.isStatic()) throw invalid("Static column '" + col.name() + "' cannot be part of the PRIMARY KEY");
        continue;
      }
      CqlType t = type(col.type(), col.name(), c, ks);
      if (col.isStatic()) {
        if (s.clustering().isEmpty()) throw invalid("Static columns are only useful (and thus allowed) if the table"
            + " has at least one clustering column");
        defs.add(ColumnDef.staticColumn(col.name(), t));
      } else {
        defs.add(ColumnDef.regular(col.name(), t));
      }
    }
    boolean counters = false, others = false;
    for (ColumnDef d : defs) {
      if (d.isPrimaryKey()) continue;
      if (isCounter(d.type())) counters = true;
      else others = true;
    }
    if (counters && others) throw invalid("Cannot mix counter and non counter columns in the same table");
    if (s.compactStorage()) CompactTables.checkCreate(defs, !s.clustering().isEmpty());
    TableParams params = TableOptions.params(TableParams.DEFAULTS, s.options()).withCompactStorage(s.compactStorage());
    TableMetadata table = new TableMetadata(ks, s.name(), defs, params);
    checkCounterTtl(table);
    return c.withTable(table);
  }

  static boolean isCounter(CqlType t) {
    return t.name().equals("counter");
  }

  /** A primary key column's type: never a counter, never a non-frozen collection. */
  private static CqlType keyType(String name, String column, Catalog c, String ks) {
    CqlType t = type(name, column, c, ks);
    UserTypeOps.checkKeyColumn(t, column);
    if (isCounter(t)) throw invalid("counter type is not supported for PRIMARY KEY column '" + column + "'");
    if (containsDuration(t)) throw invalid("duration type is not supported for PRIMARY KEY column '" + column + "'");
    if (TableSchema.isComplex(t))
      throw invalid("Invalid non-frozen collection type " + t.name() + " for PRIMARY KEY column '" + column + "'");
    return t;
  }

  static void checkCounterTtl(TableMetadata t) {
    if (t.isCounterTable() && t.params().defaultTimeToLive() > 0)
      throw new CqlException(CqlErrorClass.ConfigurationError, "Cannot set default_time_to_live on a table with"
          + " counters");
  }

  /** A column's type (or a field's, when column is null) in keyspace {@code ks}, user-defined types included. */
  static CqlType type(String name, String column, Catalog c, String ks) {
    CqlType t;
    try {
      t = TypeResolver.resolve(name, c, ks);
    } catch (IllegalArgumentException e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Unknown type " + name
          + (column == null ? "" : " for column " + column));
    }
    if (column != null) UserTypeOps.checkColumn(t);
    checkDurations(t);
    if (!isCounter(t) && t.name().matches(".*\\bcounter\\b.*"))
      throw invalid("Counters are not allowed inside collections: " + t.name());
    return t;
  }

  /** Durations have no order, so Cassandra keeps them out of what must be ordered: sets and map keys. */
  private static void checkDurations(CqlType t) {
    if (t instanceof SetType st) {
      if (containsDuration(st.element())) throw invalid("Durations are not allowed inside sets: " + t.name());
      checkDurations(st.element());
    } else if (t instanceof MapType mt) {
      if (containsDuration(mt.key())) throw invalid("Durations are not allowed as map keys: " + t.name());
      checkDurations(mt.value());
    } else if (t instanceof ListType lt) {
      checkDurations(lt.element());
    } else if (t instanceof TupleType tt) {
      tt.components().forEach(SchemaOps::checkDurations);
    }
  }

  /** Whether a value of this type holds a duration anywhere: in a collection, a tuple or a user type's field. */
  static boolean containsDuration(CqlType t) {
    if (t == CqlTypes.DURATION) return true;
    if (t instanceof SetType st) return containsDuration(st.element());
    if (t instanceof ListType lt) return containsDuration(lt.element());
    if (t instanceof MapType mt) return containsDuration(mt.key()) || containsDuration(mt.value());
    if (t instanceof TupleType tt) return tt.components().stream().anyMatch(SchemaOps::containsDuration);
    if (t instanceof io.ringsim.schema.collection.UserType u) {
      return u.fieldTypes().stream().anyMatch(SchemaOps::containsDuration);
    }
    return false;
  }

  public static Catalog dropTable(Catalog c, Statement.DropTable s, String session) {
    String ks = keyspaceOf(s.keyspace(), session);
    if (c.table(ks, s.name()).isEmpty()) {
      if (s.ifExists()) return c;
      throw invalid("Table '" + ks + "." + s.name() + "' doesn't exist");
    }
    ViewOps.refuseDropOfBase(c, ks, s.name());
    return c.withoutTable(ks, s.name());
  }
}
