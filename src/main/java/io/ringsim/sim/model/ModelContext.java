package io.ringsim.sim.model;

import io.ringsim.cql.CqlFeatures;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.Limits;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the model reads from a scenario: the schema its cql section builds, the ring its cluster section builds (the
 * same tokens {@code run} would place), and for each table the workloads that write it, stretched by the scale.
 */
final class ModelContext {
  final RunSpec spec;
  final double scale;
  final Catalog catalog;
  final Ring ring;
  final Partitioner partitioner;
  final Map<String, List<Plan>> plansByTable = new LinkedHashMap<>();

  /**
   * One workload as the model sees it: its generators (the workload's, or the defaults the workload uses for a
   * column it names no generator for), its window stretched by the scale, and its operations.
   */
  record Plan(WorkloadSpec w, int index, TableMetadata table, Map<String, ValueGen> gens, long startMillis,
      long endMillis, long ops, int ttlSeconds) {
    long windowMillis() {
      return endMillis - startMillis;
    }

    double writeShare() {
      return w.writeFraction() + w.lwtFraction();
    }

    double writes() {
      return ops * writeShare();
    }

    double deletes() {
      return ops * w.deleteFraction();
    }
  }

  ModelContext(RunSpec spec, double scale) {
    this.spec = spec;
    this.scale = scale;
    this.partitioner = Partitioners.byName(spec.partitioner());
    this.catalog = schema(spec.cql(), spec.datacenters());
    this.ring = ClusterBuilder.ring(spec.dcs(), spec.vnodes(), spec.allocator(), spec.seed(), partitioner,
        new SimpleStrategy(3));
    for (TableMetadata t : catalog.allTables()) plansByTable.put(t.qualifiedName(), new ArrayList<>());
    int i = 0;
    for (WorkloadSpec w : spec.workloads()) {
      int index = i++;
      TableMetadata t = catalog.table(w.table()).orElse(null);
      if (t == null) continue;
      Map<String, ValueGen> gens = new LinkedHashMap<>();
      for (ColumnDef c : t.columns()) gens.put(c.name(), w.generators().getOrDefault(c.name(), ValueGen.defaultFor(c)));
      long start = Math.round(w.startMillis() * scale);
      long end = Math.round(w.endMillis() * scale);
      long ops = Limits.operations(w.rate(), end - start);
      int ttl = w.ttlSeconds() > 0 ? w.ttlSeconds() : t.params().defaultTimeToLive();
      plansByTable.get(t.qualifiedName()).add(new Plan(w, index, t, gens, start, end, ops, ttl));
    }
  }


  /** The catalog the cql section's schema statements build (its INSERTs and SELECTs are not data the model sees). */
  static Catalog schema(List<String> cql, List<String> datacenters) {
    Catalog catalog = Catalog.EMPTY;
    String keyspace = null;
    for (String text : cql) {
      Statement s = CqlParser.parse(text);
      if (s instanceof Statement.Use u) {
        keyspace = u.keyspace();
        continue;
      }
      try {
        Catalog next = SchemaOps.apply(catalog, s, keyspace, CqlFeatures.DEFAULTS, datacenters);
        if (next != null) catalog = next;
      } catch (CqlException e) {
        throw new IllegalStateException("the cql section was checked when the scenario was read: " + e.getMessage());
      }
    }
    return catalog;
  }

  ReplicaMap replicas(TableMetadata t) {
    return ring.replicaMap(ReplicationStrategies.fromCql(catalog.keyspace(t.keyspace()).orElseThrow().replication()));
  }

  int replicationFactor(TableMetadata t) {
    return ReplicationStrategies.fromCql(catalog.keyspace(t.keyspace()).orElseThrow().replication())
        .totalReplicationFactor();
  }

  long durationMillis() {
    return Math.round(spec.durationMillis() * scale);
  }
}
