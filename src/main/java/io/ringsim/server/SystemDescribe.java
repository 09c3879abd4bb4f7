package io.ringsim.server;

import static io.ringsim.cql.exec.DescribeStatement.quote;

import com.fasterxml.jackson.databind.JsonNode;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.DescribeStatement;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.schema.Catalog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Server-side DESCRIBE (what cqlsh 6 sends) with the system keyspaces in it, as Cassandra 4.1 answers: they are
 * listed among the keyspaces and tables, and described from their captured schema ({@link SystemSchema}); the
 * user's keyspaces are described by {@link DescribeStatement}.
 */
final class SystemDescribe {
  private SystemDescribe() {}

  private static final SystemSchema SCHEMA = SystemSchema.CASSANDRA_4_1;
  private static final Comparator<String> BY_NAME = DescribeStatement.BY_NAME;

  static ResultSet run(Statement.Describe d, Catalog c, String session) {
    String ks = d.keyspace() != null ? d.keyspace() : session;
    return switch (d.what()) {
      case "keyspaces" -> listing(c, null, true);
      case "tables" -> SCHEMA.isSystemKeyspace(String.valueOf(session)) ? listing(c, session, false)
          : session == null ? listing(c, null, false) : DescribeStatement.run(d, c, session);
      case "keyspace" -> ks != null && SCHEMA.isSystemKeyspace(ks) ? keyspace(ks) : DescribeStatement.run(d, c, session);
      case "any" -> d.keyspace() == null && SCHEMA.isSystemKeyspace(d.name()) ? keyspace(d.name())
          : ks != null && SCHEMA.isSystemKeyspace(ks) ? table(ks, d.name(), "") : DescribeStatement.run(d, c, session);
      case "table" -> ks != null && SCHEMA.isSystemKeyspace(ks) ? table(ks, d.name(), "Table ")
          : DescribeStatement.run(d, c, session);
      case "full_schema" -> fullSchema(c, d.internals());
      default -> DescribeStatement.run(d, c, session);
    };
  }

  /** DESCRIBE KEYSPACES, or TABLES (of one keyspace, or of all): the user's and the system's, by keyspace. */
  private static ResultSet listing(Catalog c, String onlyKeyspace, boolean keyspaces) {
    TreeMap<String, List<List<Object>>> byKeyspace =
        new TreeMap<>(Comparator.comparing(SystemDescribe::unquoted));
    if (onlyKeyspace == null) {
      Statement.Describe d = new Statement.Describe(keyspaces ? "keyspaces" : "tables", null, null);
      for (List<Object> r : DescribeStatement.run(d, c, null).rows()) {
        byKeyspace.computeIfAbsent((String) r.get(0), k -> new ArrayList<>()).add(r);
      }
    }
    for (String ks : SCHEMA.keyspaces()) {
      if (onlyKeyspace != null && !ks.equals(onlyKeyspace)) continue;
      List<List<Object>> rows = byKeyspace.computeIfAbsent(quote(ks), k -> new ArrayList<>());
      if (keyspaces) {
        rows.add(List.of(quote(ks), "keyspace", quote(ks)));
      } else {
        SCHEMA.tables(ks).stream().map(SystemSchema.Table::name).sorted(BY_NAME)
            .forEach(t -> rows.add(List.of(quote(ks), "table", quote(t))));
      }
    }
    List<List<Object>> rows = new ArrayList<>();
    byKeyspace.values().forEach(rows::addAll);
    return DescribeStatement.result(rows, true);
  }

  /** A keyspace_name as the rows hold it ("Quoted_KS" in double quotes) back to the name, to order by it. */
  private static String unquoted(String quoted) {
    return quoted.startsWith("\"") ? quoted.substring(1, quoted.length() - 1).replace("\"\"", "\"") : quoted;
  }

  private static ResultSet keyspace(String ks) {
    List<List<Object>> rows = new ArrayList<>();
    rows.add(List.of(quote(ks), "keyspace", quote(ks), keyspaceCql(ks)));
    SCHEMA.tables(ks).stream().sorted(Comparator.comparing(SystemSchema.Table::name, BY_NAME))
        .forEach(t -> addTable(rows, t));
    return DescribeStatement.result(rows, false);
  }

  /** DESCRIBE FULL SCHEMA: every keyspace, the user's and the system's, by name, each as DESCRIBE KEYSPACE. */
  private static ResultSet fullSchema(Catalog c, boolean internals) {
    TreeMap<String, List<List<Object>>> byKeyspace = new TreeMap<>(Comparator.comparing(SystemDescribe::unquoted,
        BY_NAME));
    for (List<Object> r : DescribeStatement.run(new Statement.Describe("schema", null, null, internals), c,
        null).rows()) {
      byKeyspace.computeIfAbsent((String) r.get(0), k -> new ArrayList<>()).add(r);
    }
    for (String ks : SCHEMA.keyspaces()) byKeyspace.put(quote(ks), keyspace(ks).rows());
    List<List<Object>> rows = new ArrayList<>();
    byKeyspace.values().forEach(rows::addAll);
    return DescribeStatement.result(rows, false);
  }

  /** {@code what} is "Table " for DESCRIBE TABLE, which says what it looked for, and "" for DESCRIBE name. */
  private static ResultSet table(String ks, String name, String what) {
    SystemSchema.Table t = SCHEMA.table(ks, name).orElseThrow(() -> new CqlException(CqlErrorClass.InvalidRequest,
        what + "'" + name + "' not found in keyspace '" + ks + "'"));
    List<List<Object>> rows = new ArrayList<>();
    addTable(rows, t);
    return DescribeStatement.result(rows, false);
  }

  private static void addTable(List<List<Object>> rows, SystemSchema.Table t) {
    rows.add(List.of(quote(t.keyspace()), "table", quote(t.name()), tableCql(t)));
    for (JsonNode i : SCHEMA.rows("system_schema.indexes")) {
      if (!i.get("keyspace_name").asText().equals(t.keyspace()) || !i.get("table_name").asText().equals(t.name()))
        continue;
      String name = i.get("index_name").asText();
      JsonNode o = i.get("options");
      String cql = "CREATE " + ("CUSTOM".equals(i.get("kind").asText()) ? "CUSTOM " : "") + "INDEX " + quote(name)
          + " ON " + qualified(t) + " (" + o.get("target").asText() + ")"
          + (o.has("class_name") ? " USING '" + o.get("class_name").asText() + "'" : "") + ";";
      rows.add(List.of(quote(t.keyspace()), "index", quote(name), cql));
    }
  }

  private static String keyspaceCql(String ks) {
    if (SystemSchema.VIRTUAL_KEYSPACES.contains(ks)) {
      return "/*\nWarning: Keyspace " + quote(ks) + " is a virtual keyspace and cannot be recreated with CQL.\n"
          + "Structure, for reference:\nVIRTUAL KEYSPACE " + quote(ks) + ";\n*/";
    }
    JsonNode row = SCHEMA.rows("system_schema.keyspaces").stream()
        .filter(r -> r.get("keyspace_name").asText().equals(ks)).findFirst().orElseThrow();
    TreeMap<String, String> rep = new TreeMap<>();
    row.get("replication").fields().forEachRemaining(e -> rep.put(e.getKey(), e.getValue().asText()));
    StringBuilder sb = new StringBuilder("{'class': '" + DescribeStatement.strategyName(rep.remove("class")) + "'");
    rep.forEach((k, v) -> sb.append(", '").append(k).append("': '").append(v).append('\''));
    return "CREATE KEYSPACE " + quote(ks) + " WITH replication = " + sb + "}  AND durable_writes = "
        + row.get("durable_writes").asBoolean() + ";";
  }

  private static String qualified(SystemSchema.Table t) {
    return quote(t.keyspace()) + "." + quote(t.name());
  }

  /**
   * CREATE TABLE as Cassandra 4.1 writes it: key columns, then static before regular columns, within each the
   * single-cell ones (by name) before the non-frozen collections (by name); a virtual table inside a warning.
   */
  static String tableCql(SystemSchema.Table t) {
    List<SystemSchema.Column> pk = kind(t, "partition_key");
    List<SystemSchema.Column> ck = kind(t, "clustering");
    boolean inline = pk.size() == 1 && ck.isEmpty();
    List<SystemSchema.Column> cols = new ArrayList<>(pk);
    cols.addAll(ck);
    for (String kind : List.of("static", "regular")) {
      List<SystemSchema.Column> k = kind(t, kind);
      k.stream().filter(c -> !c.multiCell()).forEach(cols::add);
      k.stream().filter(SystemSchema.Column::multiCell).forEach(cols::add);
    }
    StringBuilder sb = new StringBuilder((t.virtual() ? "VIRTUAL TABLE " : "CREATE TABLE ") + qualified(t) + " (\n");
    List<String> lines = new ArrayList<>();
    for (SystemSchema.Column c : cols) {
      lines.add("    " + quote(c.name()) + " " + c.type() + (c.kind().equals("static") ? " static" : "")
          + (inline && c.kind().equals("partition_key") ? " PRIMARY KEY" : ""));
    }
    if (!inline) {
      String p = pk.stream().map(c -> quote(c.name())).collect(Collectors.joining(", "));
      if (pk.size() > 1) p = "(" + p + ")";
      List<String> key = new ArrayList<>(List.of(p));
      ck.forEach(c -> key.add(quote(c.name())));
      lines.add("    PRIMARY KEY (" + String.join(", ", key) + ")");
    }
    sb.append(String.join(",\n", lines)).append("\n) WITH ");
    List<String> with = new ArrayList<>();
    if (!ck.isEmpty()) {
      with.add("CLUSTERING ORDER BY (" + ck.stream().map(c -> quote(c.name()) + " "
          + c.clusteringOrder().toUpperCase(Locale.ROOT)).collect(Collectors.joining(", ")) + ")");
    }
    JsonNode row = tableRow(t);
    if (t.virtual()) {
      with.add("comment = " + literal(row.get("comment").asText()));
      return "/*\nWarning: Table " + qualified(t) + " is a virtual table and cannot be recreated with CQL.\n"
          + "Structure, for reference:\n" + sb + String.join("\n    AND ", with) + ";\n*/";
    }
    with.add("additional_write_policy = " + literal(row.get("additional_write_policy").asText()));
    with.add("bloom_filter_fp_chance = " + row.get("bloom_filter_fp_chance").asDouble());
    with.add("caching = " + map(row.get("caching")));
    with.add("cdc = " + row.get("cdc").asBoolean(false));
    with.add("comment = " + literal(row.get("comment").asText()));
    with.add("compaction = " + map(row.get("compaction")));
    with.add("compression = " + map(row.get("compression")));
    with.add("memtable = " + literal(row.get("memtable").isNull() ? "default" : row.get("memtable").asText()));
    with.add("crc_check_chance = " + row.get("crc_check_chance").asDouble());
    with.add("default_time_to_live = " + row.get("default_time_to_live").asInt());
    with.add("extensions = " + map(row.get("extensions")));
    for (String k : List.of("gc_grace_seconds", "max_index_interval", "memtable_flush_period_in_ms",
        "min_index_interval")) {
      with.add(k + " = " + row.get(k).asInt());
    }
    with.add("read_repair = " + literal(row.get("read_repair").asText()));
    with.add("speculative_retry = " + literal(row.get("speculative_retry").asText()));
    return sb + String.join("\n    AND ", with) + ";";
  }

  private static List<SystemSchema.Column> kind(SystemSchema.Table t, String kind) {
    List<SystemSchema.Column> out = new ArrayList<>(t.columns().stream().filter(c -> c.kind().equals(kind)).toList());
    if (kind.equals("partition_key") || kind.equals("clustering")) {
      out.sort(Comparator.comparingInt(SystemSchema.Column::position));
    } else {
      out.sort(Comparator.comparing(SystemSchema.Column::name));
    }
    return out;
  }

  private static JsonNode tableRow(SystemSchema.Table t) {
    String schemaTable = t.virtual() ? "system_virtual_schema.tables" : "system_schema.tables";
    return SCHEMA.rows(schemaTable).stream().filter(r -> r.get("keyspace_name").asText().equals(t.keyspace())
        && r.get("table_name").asText().equals(t.name())).findFirst().orElseThrow();
  }

  private static String literal(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  private static String map(JsonNode m) {
    TreeMap<String, String> sorted = new TreeMap<>();
    m.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue().asText()));
    return sorted.entrySet().stream().map(e -> literal(e.getKey()) + ": " + literal(e.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }
}
