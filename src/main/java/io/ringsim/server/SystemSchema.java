package io.ringsim.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.types.CqlTypes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The system keyspaces' own schema, as a Cassandra 4.1.10 node describes it in system_schema and
 * system_virtual_schema: the rows of those tables, captured from a real node (resource system-schema-4.1.10.json;
 * how it was captured: src/test/resources/system-schema/README.md). Drivers build their metadata from these rows,
 * and cqlsh formats a result only for a table its driver's metadata knows, so every system table must be described
 * exactly as Cassandra describes it, whether ringsim has rows for it or not.
 */
final class SystemSchema {
  /** The keyspaces that are virtual (system_virtual_schema.keyspaces), described there rather than in system_schema. */
  static final List<String> VIRTUAL_KEYSPACES = List.of("system_views", "system_virtual_schema");

  /** One column as system_schema.columns describes it; {@code type} is its CQL text, {@code cqlType} parsed. */
  record Column(String name, String kind, int position, String clusteringOrder, String type, CqlType cqlType) {
    /** A non-frozen collection: Cassandra writes these after the single-cell columns in CREATE TABLE. */
    boolean multiCell() {
      return type.startsWith("list<") || type.startsWith("set<") || type.startsWith("map<");
    }
  }

  /** One system table: its columns in the order SELECT * returns them. */
  record Table(String keyspace, String name, boolean virtual, List<Column> columns) {}

  static final SystemSchema CASSANDRA_4_1 = load("system-schema-4.1.10.json");

  /** Schema table ("system_schema.tables") to its captured rows, in the order Cassandra returned them. */
  private final Map<String, List<JsonNode>> rows;
  /** "keyspace.table" to the table, system_schema's in token order, then the virtual ones. */
  private final Map<String, Table> tables;
  private final List<String> keyspaces;

  private SystemSchema(Map<String, List<JsonNode>> rows) {
    this.rows = rows;
    Map<String, Table> t = new LinkedHashMap<>();
    addTables(t, "system_schema", false);
    addTables(t, "system_virtual_schema", true);
    this.tables = t;
    TreeSet<String> ks = new TreeSet<>(VIRTUAL_KEYSPACES);
    rows("system_schema.keyspaces").forEach(r -> ks.add(r.get("keyspace_name").asText()));
    this.keyspaces = List.copyOf(ks);
  }

  private static SystemSchema load(String resource) {
    try (InputStream in = SystemSchema.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalStateException("missing resource " + resource);
      JsonNode root = new ObjectMapper().readTree(in);
      Map<String, List<JsonNode>> rows = new LinkedHashMap<>();
      root.fields().forEachRemaining(e -> {
        List<JsonNode> list = new ArrayList<>();
        e.getValue().forEach(list::add);
        rows.put(e.getKey(), List.copyOf(list));
      });
      return new SystemSchema(rows);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void addTables(Map<String, Table> out, String schemaKeyspace, boolean virtual) {
    Map<String, List<Column>> columns = new LinkedHashMap<>();
    for (JsonNode c : rows(schemaKeyspace + ".columns")) {
      columns.computeIfAbsent(c.get("keyspace_name").asText() + "." + c.get("table_name").asText(),
          k -> new ArrayList<>()).add(new Column(c.get("column_name").asText(), c.get("kind").asText(),
          c.get("position").asInt(), c.get("clustering_order").asText(), c.get("type").asText(),
          CqlTypes.byName(c.get("type").asText())));
    }
    for (JsonNode t : rows(schemaKeyspace + ".tables")) {
      String ks = t.get("keyspace_name").asText();
      String name = t.get("table_name").asText();
      out.put(ks + "." + name, new Table(ks, name, virtual, selectOrder(columns.get(ks + "." + name))));
    }
  }

  /**
   * Cassandra's SELECT * order: the partition key and the clustering columns by position, then the static and
   * regular columns together, by name.
   */
  static List<Column> selectOrder(List<Column> columns) {
    List<Column> out = new ArrayList<>();
    for (String kind : List.of("partition_key", "clustering")) {
      columns.stream().filter(c -> c.kind().equals(kind)).sorted(Comparator.comparingInt(Column::position))
          .forEach(out::add);
    }
    columns.stream().filter(c -> !c.kind().equals("partition_key") && !c.kind().equals("clustering"))
        .sorted(Comparator.comparing(Column::name)).forEach(out::add);
    return List.copyOf(out);
  }

  /** The captured rows of a schema table ("system_schema.tables"); none for a table that was not captured. */
  List<JsonNode> rows(String schemaTable) {
    return rows.getOrDefault(schemaTable, List.of());
  }

  Optional<Table> table(String keyspace, String name) {
    return Optional.ofNullable(tables.get(keyspace + "." + name));
  }

  /** The tables of a system keyspace, by name as Cassandra orders them (upper case first: "IndexInfo"). */
  List<Table> tables(String keyspace) {
    return tables.values().stream().filter(t -> t.keyspace().equals(keyspace))
        .sorted(Comparator.comparing(Table::name)).toList();
  }

  /** Every system keyspace, virtual ones included, by name. */
  List<String> keyspaces() {
    return keyspaces;
  }

  boolean isSystemKeyspace(String keyspace) {
    return keyspaces.contains(keyspace);
  }

  /** An empty table of the described shape: what ringsim answers for a system table it keeps no rows for. */
  static VirtualTable empty(Table t) {
    VirtualTable.Builder b = new VirtualTable.Builder(t.keyspace(), t.name());
    t.columns().forEach(c -> b.column(c.name(), c.cqlType()));
    return b.build();
  }

  /**
   * A generated table in the described shape: its columns in SELECT * order with their described types, a column
   * the generator does not know null; the captured rows of {@code captured} (a schema table's own rows for the
   * system keyspaces) are added, and with {@code byKeyspaceToken} all rows are put in the order Cassandra keeps the
   * schema tables' partitions (by the Murmur3 token of keyspace_name; rows of one keyspace keep their order).
   */
  VirtualTable shaped(Table shape, VirtualTable generated, String captured, boolean byKeyspaceToken) {
    List<List<Object>> out = new ArrayList<>();
    for (JsonNode r : rows(captured)) {
      List<Object> row = new ArrayList<>();
      for (Column c : shape.columns()) row.add(value(c.cqlType(), r.get(c.name())));
      out.add(row);
    }
    for (List<Object> r : generated.rows()) {
      List<Object> row = new ArrayList<>();
      for (Column c : shape.columns()) {
        int i = generated.indexOf(c.name());
        row.add(i < 0 ? null : r.get(i));
      }
      out.add(row);
    }
    if (byKeyspaceToken) {
      int ks = shape.columns().stream().map(Column::name).toList().indexOf("keyspace_name");
      out.sort(Comparator.comparing(r -> Murmur3Partitioner.INSTANCE.token(
          ((String) r.get(ks)).getBytes(StandardCharsets.UTF_8))));
    }
    return new VirtualTable(shape.keyspace(), shape.name(), shape.columns().stream().map(Column::name).toList(),
        shape.columns().stream().map(Column::cqlType).toList(), out);
  }

  /** A captured JSON value as the Java value ringsim's type serializes (blobs are written 0x..., maps as objects). */
  static Object value(CqlType t, JsonNode n) {
    if (n == null || n.isNull()) return null;
    if (t instanceof ListType l) {
      List<Object> out = new ArrayList<>();
      n.forEach(e -> out.add(value(l.element(), e)));
      return out;
    }
    if (t instanceof SetType s) {
      LinkedHashSet<Object> out = new LinkedHashSet<>();
      n.forEach(e -> out.add(value(s.element(), e)));
      return out;
    }
    if (t instanceof MapType m) {
      TreeMap<Object, Object> out = new TreeMap<>();
      n.fields().forEachRemaining(e -> out.put(value(m.key(), new com.fasterxml.jackson.databind.node.TextNode(
          e.getKey())), value(m.value(), e.getValue())));
      return out;
    }
    return switch (t.name()) {
      case "text", "ascii" -> n.asText();
      case "int" -> n.asInt();
      case "bigint" -> n.asLong();
      case "double" -> n.asDouble();
      case "float" -> (float) n.asDouble();
      case "boolean" -> n.asBoolean();
      case "uuid", "timeuuid" -> java.util.UUID.fromString(n.asText());
      case "timestamp" -> Instant.ofEpochMilli(n.asLong());
      case "blob" -> ByteBuffer.wrap(HexFormat.of().parseHex(n.asText().substring(2))).asReadOnlyBuffer();
      case "inet" -> inet(n.asText());
      default -> throw new IllegalArgumentException("no captured value of type " + t.name());
    };
  }

  private static InetAddress inet(String text) {
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(text, e);
    }
  }
}
