package io.ringsim.cluster;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** DESCRIBE: the schema as CQL, in the columns Cassandra 4's server-side DESCRIBE returns. */
final class Describe {
  private Describe() {}

  static ResultSet run(Statement.Describe d, Catalog c, String session) {
    List<List<Object>> rows = new ArrayList<>();
    switch (d.what()) {
      case "keyspaces" -> {
        for (KeyspaceMetadata k : c.keyspaces()) rows.add(List.of(k.name(), "keyspace", k.name(), keyspaceCql(k)));
      }
      case "tables" -> {
        for (TableMetadata t : c.allTables()) {
          if (session == null || t.keyspace().equals(session)) rows.add(List.of(t.keyspace(), "table", t.name(), ""));
        }
      }
      case "keyspace" -> {
        String ks = d.keyspace() != null ? d.keyspace() : session;
        if (ks == null) throw new CqlException(CqlErrorClass.InvalidRequest, "No keyspace specified and no current"
            + " keyspace");
        KeyspaceMetadata k = c.keyspace(ks).orElseThrow(() -> new CqlException(CqlErrorClass.InvalidRequest,
            "'" + ks + "' not found in keyspaces"));
        rows.add(List.of(k.name(), "keyspace", k.name(), keyspaceCql(k)));
        for (TableMetadata t : c.tables(ks)) rows.add(List.of(ks, "table", t.name(), tableCql(t, c)));
      }
      default -> {
        String ks = d.keyspace() != null ? d.keyspace() : session;
        if (ks == null) throw new CqlException(CqlErrorClass.InvalidRequest, "No keyspace specified and no current"
            + " keyspace");
        TableMetadata t = c.table(ks, d.name()).orElseThrow(() -> new CqlException(CqlErrorClass.InvalidRequest,
            "Table '" + d.name() + "' not found in keyspace '" + ks + "'"));
        rows.add(List.of(ks, "table", t.name(), tableCql(t, c)));
      }
    }
    return new ResultSet(List.of("keyspace_name", "type", "name", "create_statement"),
        List.of(CqlTypes.TEXT, CqlTypes.TEXT, CqlTypes.TEXT, CqlTypes.TEXT), rows, List.of());
  }

  static String keyspaceCql(KeyspaceMetadata k) {
    String rep = k.replication().entrySet().stream().map(e -> "'" + e.getKey() + "': '" + e.getValue() + "'")
        .collect(Collectors.joining(", "));
    return "CREATE KEYSPACE " + k.name() + " WITH replication = {" + rep + "} AND durable_writes = "
        + k.durableWrites() + ";";
  }

  static String tableCql(TableMetadata t, Catalog c) {
    StringBuilder sb = new StringBuilder("CREATE TABLE " + t.qualifiedName() + " (\n");
    for (ColumnDef d : t.columns()) {
      sb.append("    ").append(d.name()).append(' ').append(d.type().name());
      if (d.kind() == io.ringsim.schema.ColumnKind.STATIC) sb.append(" static");
      sb.append(",\n");
    }
    String pk = t.partitionKey().stream().map(ColumnDef::name).collect(Collectors.joining(", "));
    if (t.partitionKey().size() > 1) pk = "(" + pk + ")";
    List<String> key = new ArrayList<>(List.of(pk));
    for (ColumnDef d : t.clusteringColumns()) key.add(d.name());
    sb.append("    PRIMARY KEY (").append(String.join(", ", key)).append(")\n)");
    List<String> with = new ArrayList<>();
    if (!t.clusteringColumns().isEmpty()) {
      with.add("CLUSTERING ORDER BY (" + t.clusteringColumns().stream().map(d -> d.name() + " "
          + (d.order() == ClusteringOrder.DESC ? "DESC" : "ASC")).collect(Collectors.joining(", ")) + ")");
    }
    with.add("bloom_filter_fp_chance = " + t.params().bloomFilterFpChance());
    with.add("compaction = {" + t.params().compaction().entrySet().stream().sorted(Map.Entry.comparingByKey())
        .map(e -> "'" + e.getKey() + "': '" + e.getValue() + "'").collect(Collectors.joining(", ")) + "}");
    with.add("default_time_to_live = " + t.params().defaultTimeToLive());
    with.add("gc_grace_seconds = " + t.params().gcGraceSeconds());
    sb.append(" WITH ").append(String.join("\n    AND ", with)).append(';');
    for (IndexMetadata i : c.indexesOn(t.keyspace(), t.name())) {
      sb.append("\nCREATE INDEX ").append(i.name()).append(" ON ").append(t.qualifiedName()).append(" (")
          .append(i.column()).append(");");
    }
    return sb.toString();
  }
}
