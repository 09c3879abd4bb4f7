package io.ringsim.cli;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.cql.ast.Statement;
import io.ringsim.ring.KeyEncoding;
import io.ringsim.ring.Node;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.script.ScenarioReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scenario's ring and schema, built exactly as {@code run} builds them (data centres, racks, vnodes, allocator,
 * partitioner, seed; node names n1..nN), so that {@code ring}, {@code token}, {@code cql}, {@code cqlsh} and
 * {@code serve} given {@code --scenario FILE} place every key on the same replicas as the run does.
 */
record ScenarioRing(Path file, RunSpec spec, Ring ring, Catalog catalog) {

  static ScenarioRing read(Path file) {
    RunSpec spec = ScenarioReader.read(file, Map.of());
    Catalog c = Catalog.EMPTY;
    String ks = null;
    // The scenario's schema statements, in order; its INSERTs and the like do not change where keys live.
    for (String text : spec.cql()) {
      Statement s = CqlParser.parse(text);
      if (s instanceof Statement.Use u) {
        ks = u.keyspace();
        continue;
      }
      try {
        Catalog next = SchemaOps.apply(c, s, ks, CqlFeatures.DEFAULTS, spec.datacenters());
        if (next != null) c = next;
      } catch (CqlException e) {
        throw new BadInputException(file + ": " + e.getMessage());
      }
    }
    return new ScenarioRing(file, spec, spec.ring(), c);
  }

  /** The keyspace named, or the scenario's only one. */
  KeyspaceMetadata keyspace(String name) {
    List<KeyspaceMetadata> all = catalog.keyspaces();
    if (name != null) {
      return catalog.keyspace(name).orElseThrow(() -> new BadInputException(file + " has no keyspace '" + name
          + "' (it has " + names(all) + ")"));
    }
    if (all.size() == 1) return all.get(0);
    if (all.isEmpty()) throw new BadInputException(file + " creates no keyspace, so no key has replicas in it");
    throw new BadInputException(file + " has keyspaces " + names(all) + ": name one with --keyspace");
  }

  private static String names(List<KeyspaceMetadata> all) {
    return String.join(", ", all.stream().map(KeyspaceMetadata::name).toList());
  }

  static ReplicationStrategy strategy(KeyspaceMetadata k) {
    return ReplicationStrategies.fromCql(k.replication());
  }

  /** The replicas of {@code token} in keyspace {@code k} of {@code ring}, in Cassandra's order. */
  static List<String> replicas(Ring ring, KeyspaceMetadata k, Token token) {
    return ring.replicaMap(strategy(k)).replicasFor(token).stream().map(Node::name).toList();
  }

  /**
   * The token of a partition key of {@code table} written as nodetool getendpoints takes it: the value, or for a
   * composite partition key the values joined by ':'.
   */
  static Token token(Ring ring, TableMetadata table, String key) {
    List<ColumnDef> pk = table.partitionKey();
    String[] parts = pk.size() == 1 ? new String[] {key} : key.split(":", -1);
    if (parts.length != pk.size())
      throw new IllegalArgumentException("the partition key of " + table.qualifiedName() + " has " + pk.size()
          + " columns; give " + pk.size() + " values separated by ':'");
    List<CqlType> types = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < parts.length; i++) {
      CqlType t = pk.get(i).type();
      types.add(t);
      values.add(t.parseLiteral(parts[i]));
    }
    return ring.partitioner().token(KeyEncoding.encode(types, values));
  }
}
