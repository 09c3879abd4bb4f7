package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.ShownOptions;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.TableSchema;
import io.ringsim.schema.collection.UserType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * DESCRIBE, answered as Cassandra 4.1 answers it: rows of (keyspace_name, type, name, create_statement), the
 * statements written exactly as Cassandra writes them (every table option, full class names, indexes after their
 * table). {@link #isDescribe} and {@link #cqlshText} print them the way cqlsh does.
 */
public final class DescribeStatement {
  private DescribeStatement() {}

  /** keyspace_name and name are written as CQL writes them, in double quotes where need be ("Quoted_KS"). */
  public static final List<String> COLUMNS = List.of("keyspace_name", "type", "name", "create_statement");
  /** A listing (DESCRIBE KEYSPACES, TABLES, TYPES) has no create_statement column in Cassandra 4.1. */
  public static final List<String> LISTING_COLUMNS = List.of("keyspace_name", "type", "name");

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  public static ResultSet run(Statement.Describe d, Catalog c, String session) {
    List<List<Object>> rows = new ArrayList<>();
    switch (d.what()) {
      case "keyspaces" -> {
        for (KeyspaceMetadata k : c.keyspaces()) rows.add(List.of(quote(k.name()), "keyspace", quote(k.name())));
      }
      case "tables" -> {
        for (TableMetadata t : c.allTables()) {
          if (session == null || t.keyspace().equals(session)) rows.add(List.of(quote(t.keyspace()), "table",
              quote(t.name())));
        }
      }
      case "types" -> {
        for (KeyspaceMetadata k : c.keyspaces()) {
          if (session != null && !k.name().equals(session)) continue;
          List<UserType> types = new ArrayList<>(c.types(k.name()));
          types.sort(Comparator.comparing(u -> u.typeName().toLowerCase(Locale.ROOT)));
          for (UserType u : types) rows.add(List.of(quote(k.name()), "type", quote(u.typeName())));
        }
      }
      case "type" -> {
        String ks = keyspace(d, c, session).name();
        UserType u = c.type(ks, d.name()).orElseThrow(() -> invalid("User defined type '" + d.name()
            + "' not found in '" + ks + "'"));
        rows.add(List.of(quote(ks), "type", quote(u.typeName()), typeCql(u)));
      }
      case "keyspace" -> addKeyspace(rows, keyspace(d, c, session), c, d.internals());
      // Every keyspace, whichever is in use, by name; FULL adds the system keyspaces where there are any (a served
      // cluster's, server.SystemDescribe; `ringsim cql` has none).
      case "schema", "full_schema" -> c.keyspaces().stream().sorted(Comparator.comparing(KeyspaceMetadata::name,
          BY_NAME)).forEach(k -> addKeyspace(rows, k, c, d.internals()));
      case "view" -> {
        String ks = keyspace(d, c, session).name();
        io.ringsim.schema.ViewMetadata v = c.view(ks, d.name()).orElseThrow(() -> invalid("Materialized view '"
            + d.name() + "' not found in '" + ks + "'"));
        rows.add(ViewDescribe.row(v));
      }
      case "only_keyspace" -> {
        KeyspaceMetadata k = keyspace(d, c, session);
        String ks = k.name();
        rows.add(List.of(quote(k.name()), "keyspace", quote(k.name()), keyspaceCql(k)));
      }
      case "function" -> {
        String ks = keyspace(d, c, session).name();
        rows.addAll(DescribeFunctions.functions(c, ks, d.name(), true));
      }
      case "aggregate" -> {
        String ks = keyspace(d, c, session).name();
        rows.addAll(DescribeFunctions.aggregates(c, ks, d.name(), true));
      }
      case "index" -> {
        String ks = keyspace(d, c, session).name();
        IndexMetadata i = c.index(ks, d.name()).orElseThrow(() -> invalid("Table for existing index '" + d.name()
            + "' not found in '" + ks + "'"));
        TableMetadata t = c.table(ks, i.table()).orElseThrow();
        rows.add(List.of(quote(ks), "index", quote(i.name()), indexCql(t, i)));
      }
      case "any" -> {
        if (d.keyspace() == null && (d.name().equals("functions") || d.name().equals("aggregates"))) {
          for (KeyspaceMetadata k : c.keyspaces()) {
            if (session != null && !k.name().equals(session)) continue;
            rows.addAll(d.name().equals("functions") ? DescribeFunctions.functions(c, k.name(), null, false)
                : DescribeFunctions.aggregates(c, k.name(), null, false));
          }
          return result(rows, true);
        }
        // DESCRIBE name: a keyspace of that name, else a table, an index or a view of the current (or named)
        // keyspace, in that order, as Cassandra 4.1 resolves it.
        if (d.keyspace() == null && c.keyspace(d.name()).isPresent()) {
          return run(new Statement.Describe("keyspace", d.name(), null, d.internals()), c, session);
        }
        String anyKs = d.keyspace() != null ? d.keyspace() : session;
        if (anyKs != null && c.table(anyKs, d.name()).isEmpty() && c.index(anyKs, d.name()).isPresent()) {
          return run(new Statement.Describe("index", d.keyspace(), d.name(), d.internals()), c, session);
        }
        if (anyKs != null && c.view(anyKs, d.name()).isPresent()) {
          return run(new Statement.Describe("view", d.keyspace(), d.name(), d.internals()), c, session);
        }
        return run(new Statement.Describe("any_table", d.keyspace(), d.name(), d.internals()), c, session);
      }
      default -> {
        String ks = keyspace(d, c, session).name();
        if (c.view(ks, d.name()).isPresent())
          throw invalid("Table '" + d.name() + "' not found in keyspace '" + ks + "'");
        // DESCRIBE TABLE names what it looked for; DESCRIBE name does not (it may have been a keyspace).
        String what = d.what().equals("any_table") ? "" : "Table ";
        TableMetadata t = c.table(ks, d.name()).orElseThrow(() -> invalid(what + "'" + d.name()
            + "' not found in keyspace '" + ks + "'"));
        addTable(rows, t, c, d.internals());
      }
    }
    return result(rows, d.what().equals("keyspaces") || d.what().equals("tables") || d.what().equals("types"));
  }

  /** Cassandra orders keyspaces and tables by name regardless of case ("IndexInfo" between "compaction_history" and "local"). */
  public static final Comparator<String> BY_NAME = Comparator.comparing((String n) -> n.toLowerCase(Locale.ROOT))
      .thenComparing(Comparator.naturalOrder());

  private static void addKeyspace(List<List<Object>> rows, KeyspaceMetadata k, Catalog c, boolean internals) {
    String ks = k.name();
    rows.add(List.of(quote(ks), "keyspace", quote(ks), keyspaceCql(k)));
    for (UserType u : typesInOrder(c.types(ks))) rows.add(List.of(quote(ks), "type", quote(u.typeName()), typeCql(u)));
    rows.addAll(DescribeFunctions.functions(c, ks, null, true));
    rows.addAll(DescribeFunctions.aggregates(c, ks, null, true));
    for (TableMetadata t : c.tables(ks)) {
      addTable(rows, t, c, internals);
      ViewDescribe.addViewsOf(rows, c, ks, t.name());
    }
  }

  /** The keyspace a DESCRIBE names, else the session's, with Cassandra's errors when there is none or it is unknown. */
  private static KeyspaceMetadata keyspace(Statement.Describe d, Catalog c, String session) {
    String ks = d.keyspace() != null ? d.keyspace() : session;
    if (ks == null) throw invalid("No keyspace specified and no current keyspace");
    return c.keyspace(ks).orElseThrow(() -> invalid("'" + ks + "' not found in keyspaces"));
  }

  /** Rows of a listing (three columns) or of statements (four), as Cassandra 4.1 answers them. */
  public static ResultSet result(List<List<Object>> rows, boolean listing) {
    List<String> columns = listing ? LISTING_COLUMNS : COLUMNS;
    return new ResultSet(columns, columns.stream().map(x -> CqlTypes.TEXT).toList(), rows, List.of());
  }


  private static void addTable(List<List<Object>> rows, TableMetadata t, Catalog c, boolean internals) {
    rows.add(List.of(quote(t.keyspace()), "table", quote(t.name()), tableCql(t, internals)));
    for (IndexMetadata i : c.indexesOn(t.keyspace(), t.name())) {
      rows.add(List.of(quote(t.keyspace()), "index", quote(i.name()), indexCql(t, i)));
    }
  }

  /** CREATE TYPE as Cassandra 4.1 writes it: one field a line, indented by four spaces. */
  static String typeCql(UserType u) {
    List<String> fields = new ArrayList<>();
    for (int i = 0; i < u.size(); i++) fields.add("    " + quote(u.fieldNames().get(i)) + " " + u.fieldTypes().get(i).name());
    return "CREATE TYPE " + quote(u.keyspace()) + "." + quote(u.typeName()) + " (\n" + String.join(",\n", fields)
        + "\n);";
  }

  /** By name, but each type after the types its fields use, so that the statements can be run in that order. */
  static List<UserType> typesInOrder(List<UserType> types) {
    List<UserType> left = new ArrayList<>(types);
    left.sort(Comparator.comparing(UserType::typeName));
    List<UserType> out = new ArrayList<>();
    while (!left.isEmpty()) {
      int before = left.size();
      for (int i = 0; i < left.size(); i++) {
        UserType u = left.get(i);
        boolean ready = left.stream().noneMatch(o -> o != u && u.fieldTypes().stream()
            .anyMatch(f -> UserTypeOps.references(f, o.keyspace(), o.typeName())));
        if (ready) {
          out.add(left.remove(i));
          break;
        }
      }
      if (left.size() == before) out.addAll(left.subList(0, left.size())); // a cycle cannot be created; never stuck
      if (left.size() == before) left.clear();
    }
    return out;
  }

  /** A name as CQL writes it: as is when it is a plain lower-case identifier, else in double quotes. */
  public static String quote(String name) {
    return io.ringsim.cql.CqlNames.quote(name);
  }

  static String keyspaceCql(KeyspaceMetadata k) {
    Map<String, String> rep = new TreeMap<>(k.replication());
    String cls = rep.remove("class");
    StringBuilder sb = new StringBuilder("{'class': '" + strategyName(cls) + "'");
    rep.forEach((key, v) -> sb.append(", '").append(key).append("': '").append(v).append('\''));
    return "CREATE KEYSPACE " + quote(k.name()) + " WITH replication = " + sb + "}  AND durable_writes = "
        + k.durableWrites() + ";";
  }

  /**
   * A replication strategy's class as DESCRIBE writes it: Cassandra 4.1 writes its own strategies
   * (org.apache.cassandra.locator.*) by their short name, however they were given, and any other class in full.
   */
  public static String strategyName(String cls) {
    if (cls == null) return "";
    String prefix = "org.apache.cassandra.locator.";
    return cls.startsWith(prefix) ? cls.substring(prefix.length()) : cls;
  }

  static String tableCql(TableMetadata t) {
    return tableCql(t, false);
  }

  /**
   * CREATE TABLE as Cassandra 4.1 writes it. WITH INTERNALS ({@code internals}) adds what recreates the table exactly:
   * its id, its dropped columns (listed after the others, a dropped and re-added one only there), and after the
   * statement each dropped column's DROP at its time, then the ADD of one that came back.
   */
  static String tableCql(TableMetadata t, boolean internals) {
    String name = quote(t.keyspace()) + "." + quote(t.name());
    boolean inlineKey = t.partitionKey().size() == 1 && t.clusteringColumns().isEmpty();
    List<ColumnDef> cols = new ArrayList<>(t.partitionKey());
    cols.addAll(t.clusteringColumns());
    // As Cassandra 4.1 writes them (oracle): static columns before regular ones, and within each the single-cell
    // columns by name before the non-frozen collections by name.
    for (List<ColumnDef> kind : List.of(t.staticColumns(), t.regularColumns())) {
      List<ColumnDef> sorted = new ArrayList<>(kind);
      sorted.sort(Comparator.comparing((ColumnDef d) -> multiCell(d)).thenComparing(ColumnDef::name));
      cols.addAll(sorted);
    }
    List<Map.Entry<String, TableMetadata.DroppedColumn>> dropped = internals ? droppedInOrder(t) : List.of();
    List<String> lines = new ArrayList<>();
    for (ColumnDef d : cols) {
      if (internals && t.droppedColumns().containsKey(d.name())) continue;
      lines.add("    " + quote(d.name()) + " " + d.type().name() + (d.kind() == ColumnKind.STATIC ? " static" : "")
          + (inlineKey && d.kind() == ColumnKind.PARTITION_KEY ? " PRIMARY KEY" : ""));
    }
    for (Map.Entry<String, TableMetadata.DroppedColumn> e : dropped) {
      lines.add("    " + quote(e.getKey()) + " " + e.getValue().expandedType().name()
          + (e.getValue().kind() == ColumnKind.STATIC ? " static" : ""));
    }
    if (!inlineKey) {
      String pk = t.partitionKey().stream().map(x -> quote(x.name())).collect(Collectors.joining(", "));
      if (t.partitionKey().size() > 1 || t.clusteringColumns().isEmpty()) pk = "(" + pk + ")";
      List<String> key = new ArrayList<>(List.of(pk));
      for (ColumnDef d : t.clusteringColumns()) key.add(quote(d.name()));
      lines.add("    PRIMARY KEY (" + String.join(", ", key) + ")");
    }
    List<String> with = new ArrayList<>();
    if (internals) with.add("ID = " + t.id());
    with.addAll(withOptions(t, false));
    StringBuilder sb = new StringBuilder("CREATE TABLE " + name + " (\n" + String.join(",\n", lines) + "\n) WITH "
        + String.join("\n    AND ", with) + ";");
    for (Map.Entry<String, TableMetadata.DroppedColumn> e : dropped) {
      long at = e.getValue().droppedAtMicros();
      // A drop whose time is not known (a schema given whole, never stamped by a node) is written without one.
      sb.append("\nALTER TABLE ").append(name).append(" DROP ").append(quote(e.getKey()))
          .append(at == Long.MIN_VALUE ? "" : " USING TIMESTAMP " + at).append(';');
      t.column(e.getKey()).ifPresent(d -> sb.append("\nALTER TABLE ").append(name).append(" ADD ")
          .append(quote(d.name())).append(' ').append(d.type().name())
          .append(d.kind() == ColumnKind.STATIC ? " static" : "").append(';'));
    }
    return sb.toString();
  }

  /**
   * A table's dropped columns in the order Cassandra 4.1 lists them: its TableMetadata keeps them in a HashMap keyed
   * by the name's bytes, which each ALTER TABLE ... DROP builds anew (sized to the columns dropped before, then the
   * new one put in), so the order follows the names' hashes and the order of the drops. Replayed here with the same
   * HashMap, one drop at a time.
   */
  private static List<Map.Entry<String, TableMetadata.DroppedColumn>> droppedInOrder(TableMetadata t) {
    Map<java.nio.ByteBuffer, String> order = new java.util.LinkedHashMap<>();
    for (String name : t.droppedColumns().keySet()) {
      Map<java.nio.ByteBuffer, String> next = new java.util.HashMap<>();
      next.putAll(order);
      next.put(java.nio.ByteBuffer.wrap(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)), name);
      order = new java.util.LinkedHashMap<>(next);
    }
    return order.values().stream().map(n -> Map.entry(n, t.droppedColumns().get(n))).toList();
  }

  /**
   * A table's (or a view's) WITH options as DESCRIBE writes them: its clustering order, then every option by name; a
   * view has no default_time_to_live of its own (Cassandra leaves it out).
   */
  static List<String> withOptions(TableMetadata t, boolean view) {
    List<String> with = new ArrayList<>();
    if (!t.clusteringColumns().isEmpty()) {
      with.add("CLUSTERING ORDER BY (" + t.clusteringColumns().stream().map(d -> quote(d.name()) + " "
          + (d.order() == ClusteringOrder.DESC ? "DESC" : "ASC")).collect(Collectors.joining(", ")) + ")");
    }
    TableParams p = t.params();
    ShownOptions o = p.shown();
    with.add("additional_write_policy = " + literal(o.additionalWritePolicy()));
    with.add("bloom_filter_fp_chance = " + p.bloomFilterFpChance());
    with.add("caching = {'keys': " + literal(o.cachingKeys()) + ", 'rows_per_partition': "
        + literal(o.cachingRowsPerPartition()) + "}");
    with.add("cdc = " + o.cdc());
    with.add("comment = " + literal(o.comment()));
    with.add("compaction = " + compaction(p.compaction()));
    with.add("compression = " + new java.util.TreeMap<>(t.params().compression()).entrySet().stream()
        .map(e -> "'" + e.getKey() + "': '" + e.getValue() + "'").collect(Collectors.joining(", ", "{", "}")));
    with.add("memtable = 'default'");
    with.add("crc_check_chance = " + o.crcCheckChance());
    if (!view) with.add("default_time_to_live = " + p.defaultTimeToLive());
    with.add("extensions = {}");
    with.add("gc_grace_seconds = " + p.gcGraceSeconds());
    with.add("max_index_interval = " + o.maxIndexInterval());
    with.add("memtable_flush_period_in_ms = " + o.memtableFlushPeriodInMs());
    with.add("min_index_interval = " + o.minIndexInterval());
    with.add("read_repair = " + literal(o.readRepair()));
    with.add("speculative_retry = " + literal(o.speculativeRetry()));
    return with;
  }

  /** A CQL string literal: in single quotes, each quote doubled. */
  static String literal(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  /** A non-frozen collection or user type (a counter is a single cell here, though ringsim stores it in shards). */
  private static boolean multiCell(ColumnDef d) {
    return TableSchema.isComplex(d.type()) && !d.type().name().equals("counter");
  }

  private static String compaction(Map<String, String> given) {
    TreeMap<String, String> m = new TreeMap<>(given);
    String cls = m.getOrDefault("class", "SizeTieredCompactionStrategy");
    m.put("class", cls.contains(".") ? cls : "org.apache.cassandra.db.compaction." + cls);
    m.putIfAbsent("max_threshold", "32");
    m.putIfAbsent("min_threshold", "4");
    return m.entrySet().stream().map(e -> "'" + e.getKey() + "': '" + e.getValue() + "'")
        .collect(Collectors.joining(", ", "{", "}"));
  }

  /**
   * What an index indexes, as Cassandra writes it in DESCRIBE and in system_schema.indexes' target option: the
   * column (quoted if need be), inside values(), keys(), entries() or full() for a collection's.
   */
  public static String indexTarget(TableMetadata t, IndexMetadata i) {
    String target = quote(i.column());
    String kind = i.kind() == null ? "values" : i.kind().toLowerCase(Locale.ROOT);
    boolean collection = t.column(i.column()).map(d -> TableSchema.isComplex(d.type()))
        .orElse(false);
    return !kind.equals("values") || collection ? kind + "(" + target + ")" : target;
  }

  static String indexCql(TableMetadata t, IndexMetadata i) {
    String target = indexTarget(t, i);
    if (i.isSasi()) {
      String options = i.sasi().options().isEmpty() ? "" : i.sasi().options().entrySet().stream()
          .map(e -> "'" + e.getKey() + "': '" + e.getValue() + "'").collect(Collectors.joining(", ",
              " WITH OPTIONS = {", "}"));
      return "CREATE CUSTOM INDEX " + quote(i.name()) + " ON " + quote(t.keyspace()) + "." + quote(t.name()) + " ("
          + target + ") USING '" + IndexMetadata.SASI_CLASS + "'" + options + ";";
    }
    return "CREATE INDEX " + quote(i.name()) + " ON " + quote(t.keyspace()) + "." + quote(t.name()) + " (" + target
        + ");";
  }

  /** Whether {@code r} is a DESCRIBE answer (cqlsh prints those as CQL text, not as a table). */
  public static boolean isDescribe(ResultSet r) {
    return r.columns().equals(COLUMNS) || r.columns().equals(LISTING_COLUMNS);
  }

  /**
   * The text cqlsh prints for a DESCRIBE answer: for KEYSPACES and TABLES the names in columns (under a "Keyspace"
   * heading per keyspace when no keyspace is in use), otherwise each CREATE statement after a blank line.
   */
  public static String cqlshText(ResultSet r, boolean keyspaceInUse) {
    List<List<Object>> rows = r.rows();
    StringBuilder sb = new StringBuilder();
    boolean listing = r.columns().equals(LISTING_COLUMNS) || rows.isEmpty();
    if (!listing) {
      for (List<Object> row : rows) sb.append('\n').append(row.get(3)).append('\n');
      return sb.toString();
    }
    if (!rows.isEmpty() && "keyspace".equals(rows.get(0).get(1))) {
      return sb.append('\n').append(columnize(rows.stream().map(x -> (String) x.get(2)).toList())).append('\n')
          .toString();
    }
    String keyspace = null;
    List<String> names = new ArrayList<>();
    for (List<Object> row : rows) {
      if (!row.get(0).equals(keyspace)) {
        if (keyspace != null) elementNames(sb, keyspace, names, keyspaceInUse);
        keyspace = (String) row.get(0);
        names = new ArrayList<>();
      }
      names.add((String) row.get(2));
    }
    if (keyspace != null) {
      elementNames(sb, keyspace, names, keyspaceInUse);
      sb.append('\n');
    }
    return sb.toString();
  }

  private static void elementNames(StringBuilder sb, String keyspace, List<String> names, boolean keyspaceInUse) {
    sb.append('\n');
    if (!keyspaceInUse) sb.append("Keyspace ").append(keyspace).append('\n').append("-".repeat(9 + keyspace.length()))
        .append('\n');
    sb.append(columnize(names));
  }

  /**
   * Python's cmd.Cmd.columnize, which cqlsh uses: the fewest rows that fit in 80 characters, names filled column by
   * column, columns two spaces apart.
   */
  static String columnize(List<String> list) {
    if (list.isEmpty()) return "<empty>\n";
    int size = list.size();
    if (size == 1) return list.get(0) + "\n";
    int nrows = size, ncols = 1;
    List<Integer> widths = List.of(0);
    for (int rows = 1; rows < size; rows++) {
      int cols = (size + rows - 1) / rows;
      List<Integer> w = new ArrayList<>();
      int total = -2;
      for (int col = 0; col < cols; col++) {
        int cw = 0;
        for (int row = 0; row < rows; row++) {
          int i = row + rows * col;
          if (i >= size) break;
          cw = Math.max(cw, list.get(i).length());
        }
        w.add(cw);
        total += cw + 2;
        if (total > 80) break;
      }
      if (total <= 80) {
        nrows = rows;
        ncols = cols;
        widths = w;
        break;
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int row = 0; row < nrows; row++) {
      List<String> texts = new ArrayList<>();
      for (int col = 0; col < ncols; col++) {
        int i = row + nrows * col;
        texts.add(i >= size ? "" : list.get(i));
      }
      while (!texts.isEmpty() && texts.get(texts.size() - 1).isEmpty()) texts.remove(texts.size() - 1);
      List<String> padded = new ArrayList<>();
      for (int col = 0; col < texts.size(); col++) {
        padded.add(String.format("%-" + Math.max(1, widths.get(col)) + "s", texts.get(col)));
      }
      sb.append(String.join("  ", padded)).append('\n');
    }
    return sb.toString();
  }
}
