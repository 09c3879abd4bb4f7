package io.ringsim.server;

import static io.ringsim.server.SystemKeyspaces.FROZEN_LIST_TEXT;
import static io.ringsim.server.SystemKeyspaces.FROZEN_MAP_BLOB;
import static io.ringsim.server.SystemKeyspaces.FROZEN_MAP_TEXT;
import static io.ringsim.server.SystemKeyspaces.FROZEN_SET_TEXT;
import static io.ringsim.server.SystemKeyspaces.TEXT;

import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.ShownOptions;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The system_schema and system_virtual_schema tables: generated from the catalog for the user's keyspaces, with
 * the captured rows that describe the system keyspaces ({@link SystemSchema}), in Cassandra 4.1's columns. The Python driver, and so cqlsh, reads every one of them at connect time and refuses
 * to connect if any fails, so tables ringsim has nothing for (views, triggers, ...) exist and are empty.
 */
final class SchemaTables {
  private SchemaTables() {}

  /**
   * A schema table: the rows generated from the catalog for the user's keyspaces, with the rows that describe the
   * system keyspaces (captured from Cassandra, {@link SystemSchema}) and in its described shape; null if there is
   * no such table.
   */
  static VirtualTable table(String keyspace, String name, Catalog c) {
    VirtualTable generated = generated(keyspace, name, c);
    if (generated == null) return null;
    SystemSchema s = SystemSchema.CASSANDRA_4_1;
    return s.table(keyspace, name).map(shape -> s.shaped(shape, generated, keyspace + "." + name,
        keyspace.equals("system_schema"))).orElse(generated);
  }

  private static VirtualTable generated(String keyspace, String name, Catalog c) {
    return switch (keyspace + "." + name) {
      case "system_schema.keyspaces" -> keyspaces(c);
      case "system_schema.tables" -> tables(c);
      case "system_schema.columns" -> columns(c, "system_schema");
      case "system_schema.indexes" -> indexes(c);
      case "system_schema.dropped_columns" -> droppedColumns(c);
      case "system_schema.triggers" -> new VirtualTable.Builder(keyspace, name).column("keyspace_name", TEXT)
          .column("table_name", TEXT).column("trigger_name", TEXT).column("options", FROZEN_MAP_TEXT).build();
      case "system_schema.types" -> types(c);
      case "system_schema.functions" -> FunctionTables.functions(c);
      case "system_schema.aggregates" -> FunctionTables.aggregates(c);
      case "system_schema.views" -> views(keyspace, name, c);
      case "system_virtual_schema.keyspaces" -> new VirtualTable.Builder(keyspace, name)
          .column("keyspace_name", TEXT).build();
      case "system_virtual_schema.tables" -> new VirtualTable.Builder(keyspace, name).column("keyspace_name", TEXT)
          .column("table_name", TEXT).column("comment", TEXT).build();
      case "system_virtual_schema.columns" -> columns(Catalog.EMPTY, "system_virtual_schema");
      default -> null;
    };
  }

  static String strategyClass(String cls) {
    return cls.contains(".") ? cls : "org.apache.cassandra.locator." + cls;
  }

  private static VirtualTable keyspaces(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_schema", "keyspaces").column("keyspace_name", TEXT)
        .column("durable_writes", CqlTypes.BOOLEAN).column("replication", FROZEN_MAP_TEXT);
    // A schema table's rows come in key order: the keyspaces by name.
    for (KeyspaceMetadata k : c.keyspaces().stream().sorted(java.util.Comparator.comparing(KeyspaceMetadata::name))
        .toList()) {
      TreeMap<String, String> rep = new TreeMap<>();
      k.replication().forEach((key, v) -> rep.put(key, key.equals("class") ? strategyClass(v) : v));
      b.row(k.name(), k.durableWrites(), rep);
    }
    return b.build();
  }

  static UUID tableId(TableMetadata t) {
    return t.id();
  }

  private static VirtualTable tables(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_schema", "tables").column("keyspace_name", TEXT)
        .column("table_name", TEXT).column("additional_write_policy", TEXT)
        .column("bloom_filter_fp_chance", CqlTypes.DOUBLE).column("caching", FROZEN_MAP_TEXT)
        .column("cdc", CqlTypes.BOOLEAN).column("comment", TEXT).column("compaction", FROZEN_MAP_TEXT)
        .column("compression", FROZEN_MAP_TEXT).column("crc_check_chance", CqlTypes.DOUBLE)
        .column("default_time_to_live", CqlTypes.INT).column("extensions", FROZEN_MAP_BLOB)
        .column("flags", FROZEN_SET_TEXT).column("gc_grace_seconds", CqlTypes.INT).column("id", CqlTypes.UUID)
        .column("max_index_interval", CqlTypes.INT).column("memtable_flush_period_in_ms", CqlTypes.INT)
        .column("min_index_interval", CqlTypes.INT).column("read_repair", TEXT).column("speculative_retry", TEXT)
        .column("dclocal_read_repair_chance", CqlTypes.DOUBLE).column("read_repair_chance", CqlTypes.DOUBLE)
        .column("memtable", TEXT);
    for (TableMetadata t : byName(c)) {
      TableParams p = t.params();
      // cdc and memtable are null and the two read_repair_chance columns (left from 3.x) 0.0 in Cassandra 4.1.10's
      // rows for a table created without those options (src/test/resources/system-schema/describe-2.json).
      ShownOptions o = p.shown();
      b.row(t.keyspace(), t.name(), o.additionalWritePolicy(), p.bloomFilterFpChance(),
          caching(o), o.cdc() ? Boolean.TRUE : null,
          o.comment(), compaction(p), new TreeMap<>(t.params().compression()),
          o.crcCheckChance(), p.defaultTimeToLive(), new TreeMap<String, ByteBuffer>(),
          new java.util.TreeSet<>(Set.of("compound")), p.gcGraceSeconds(), tableId(t), o.maxIndexInterval(),
          o.memtableFlushPeriodInMs(), o.minIndexInterval(), o.readRepair(), o.speculativeRetry(), 0.0, 0.0, null);
    }
    return b.build();
  }

  /** The tables by keyspace and name: the order of a schema table's rows within a keyspace (its partition). */
  private static java.util.List<TableMetadata> byName(Catalog c) {
    return byKeyspaceAndName(c.allTables());
  }

  private static java.util.List<TableMetadata> byKeyspaceAndName(java.util.List<TableMetadata> tables) {
    return tables.stream().sorted(java.util.Comparator.comparing(TableMetadata::keyspace)
        .thenComparing(TableMetadata::name)).toList();
  }

  private static TreeMap<String, String> compaction(TableParams p) {
    TreeMap<String, String> m = new TreeMap<>();
    p.compaction().forEach((k, v) -> m.put(k, k.equals("class") && !v.contains(".")
        ? "org.apache.cassandra.db.compaction." + v : v));
    // Cassandra's CompactionParams fills both thresholds in for every strategy that takes them (size-tiered,
    // leveled and time-window alike), as DESCRIBE shows them too.
    m.putIfAbsent("max_threshold", "32");
    m.putIfAbsent("min_threshold", "4");
    return m;
  }

  private static VirtualTable columns(Catalog c, String keyspace) {
    VirtualTable.Builder b = new VirtualTable.Builder(keyspace, "columns").column("keyspace_name", TEXT)
        .column("table_name", TEXT).column("column_name", TEXT).column("clustering_order", TEXT)
        .column("column_name_bytes", CqlTypes.BLOB).column("kind", TEXT).column("position", CqlTypes.INT)
        .column("type", TEXT);
    // The tables' columns and the views' (a view's are listed as a table's).
    for (TableMetadata t : byKeyspaceAndName(c.tablesAndViews())) {
      // Rows in Cassandra's clustering order (table_name, column_name), not in the order the columns were defined.
      for (ColumnDef col : t.columns().stream().sorted(java.util.Comparator.comparing(ColumnDef::name)).toList()) {
        String order = col.kind() == ColumnKind.CLUSTERING
            ? (col.order() == ClusteringOrder.DESC ? "desc" : "asc") : "none";
        int position = col.kind() == ColumnKind.PARTITION_KEY || col.kind() == ColumnKind.CLUSTERING
            ? col.position() : -1;
        b.row(t.keyspace(), t.name(), col.name(), order,
            ByteBuffer.wrap(col.name().getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer(),
            col.kind().name().toLowerCase(Locale.ROOT), position, col.type().name());
      }
    }
    return b.build();
  }

  /**
   * The columns ALTER TABLE ... DROP removed, each with its drop time (what hides its older cells), kind and type as
   * Cassandra records them: user types expanded to tuples. A drop whose time no statement gave (a schema built whole
   * for a scenario, each node stamping it) is left out.
   */
  private static VirtualTable droppedColumns(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_schema", "dropped_columns").column("keyspace_name", TEXT)
        .column("table_name", TEXT).column("column_name", TEXT).column("dropped_time", CqlTypes.TIMESTAMP)
        .column("kind", TEXT).column("type", TEXT);
    for (TableMetadata t : byKeyspaceAndName(c.tablesAndViews())) {
      for (Map.Entry<String, TableMetadata.DroppedColumn> d : new TreeMap<>(t.droppedColumns()).entrySet()) {
        long at = d.getValue().droppedAtMicros();
        if (at == Long.MIN_VALUE) continue;
        b.row(t.keyspace(), t.name(), d.getKey(), java.time.Instant.ofEpochMilli(Math.floorDiv(at, 1000)),
            d.getValue().kind().name().toLowerCase(Locale.ROOT), d.getValue().expandedType().name());
      }
    }
    return b.build();
  }

  /** The user-defined types: each field's name as defined, its type as CQL writes it (frozen<address>). */
  private static VirtualTable types(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_schema", "types").column("keyspace_name", TEXT)
        .column("type_name", TEXT).column("field_names", FROZEN_LIST_TEXT).column("field_types", FROZEN_LIST_TEXT);
    for (KeyspaceMetadata k : c.keyspaces()) {
      for (io.ringsim.schema.collection.UserType u : c.types(k.name())) {
        b.row(k.name(), u.typeName(), u.fieldNames(), u.fieldTypes().stream().map(t -> t.name()).toList());
      }
    }
    return b.build();
  }

  private static VirtualTable indexes(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_schema", "indexes").column("keyspace_name", TEXT)
        .column("table_name", TEXT).column("index_name", TEXT).column("kind", TEXT)
        .column("options", FROZEN_MAP_TEXT);
    for (KeyspaceMetadata k : c.keyspaces()) {
      for (TableMetadata t : c.tables(k.name())) {
        for (IndexMetadata i : c.indexesOn(k.name(), t.name())) {
          String target = io.ringsim.cql.exec.DescribeStatement.indexTarget(t, i);
          TreeMap<String, String> options = new TreeMap<>(Map.of("target", target));
          if (i.isSasi()) {
            options.putAll(i.sasi().options());
            options.put("class_name", IndexMetadata.SASI_CLASS);
          }
          b.row(k.name(), t.name(), i.name(), i.isSasi() ? "CUSTOM" : "COMPOSITES", options);
        }
      }
    }
    return b.build();
  }

  /** The caching option as system_schema shows it: a map of its two settings. */
  private static TreeMap<String, String> caching(ShownOptions o) {
    return new TreeMap<>(Map.of("keys", o.cachingKeys(), "rows_per_partition", o.cachingRowsPerPartition()));
  }

  private static VirtualTable views(String keyspace, String name, Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder(keyspace, name).column("keyspace_name", TEXT).column("view_name", TEXT)
        .column("base_table_id", CqlTypes.UUID).column("base_table_name", TEXT)
        .column("bloom_filter_fp_chance", CqlTypes.DOUBLE).column("caching", FROZEN_MAP_TEXT)
        .column("cdc", CqlTypes.BOOLEAN).column("comment", TEXT).column("compaction", FROZEN_MAP_TEXT)
        .column("compression", FROZEN_MAP_TEXT).column("crc_check_chance", CqlTypes.DOUBLE)
        .column("default_time_to_live", CqlTypes.INT).column("extensions", FROZEN_MAP_BLOB)
        .column("gc_grace_seconds", CqlTypes.INT).column("id", CqlTypes.UUID)
        .column("include_all_columns", CqlTypes.BOOLEAN).column("max_index_interval", CqlTypes.INT)
        .column("memtable_flush_period_in_ms", CqlTypes.INT).column("min_index_interval", CqlTypes.INT)
        .column("read_repair", TEXT).column("speculative_retry", TEXT).column("where_clause", TEXT)
        .column("additional_write_policy", TEXT).column("dclocal_read_repair_chance", CqlTypes.DOUBLE)
        .column("read_repair_chance", CqlTypes.DOUBLE);
    for (io.ringsim.schema.ViewMetadata v : c.allViews()) {
      TableMetadata t = v.table();
      TableParams p = t.params();
      TableMetadata base = c.table(v.keyspace(), v.baseTable()).orElseThrow();
      ShownOptions o = p.shown(); // the options the view was created or altered WITH, as a table's
      b.row(v.keyspace(), v.name(), tableId(base), v.baseTable(), p.bloomFilterFpChance(),
          caching(o),
          o.cdc() ? Boolean.TRUE : null, o.comment(), compaction(p), new TreeMap<>(p.compression()),
          o.crcCheckChance(), p.defaultTimeToLive(), new TreeMap<String, ByteBuffer>(), p.gcGraceSeconds(),
          v.id() != null ? v.id() : tableId(t), v.includeAllColumns(), o.maxIndexInterval(), o.memtableFlushPeriodInMs(), o.minIndexInterval(),
          o.readRepair(), o.speculativeRetry(), v.whereClause(), o.additionalWritePolicy(), 0.0, 0.0);
    }
    return b.build();
  }
}
