package io.ringsim.sim.model;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.sim.ValueGen;
import java.util.List;

/**
 * The partitions an equality query by a secondary index reads, predicted: each node looks the value up in its own
 * index and reads only the partitions that hold a matching row (asking every node is the index query's other cost,
 * which its INDEX_QUERY finding names). The value is drawn as the query's marker is, from the column's generator, so
 * the figure is the expectation over that draw: a value of probability p matches a partition of r rows with
 * probability 1 - (1 - p)^r (a partition key or static column's value: the whole partition, with probability p).
 */
final class IndexReach {
  private IndexReach() {}

  /**
   * The expected partitions read, or {@code partitions} (every partition, an upper bound) where the generator does
   * not say (a time-valued column, a collection, no workload writing the column).
   */
  static double partitions(ModelContext ctx, QueryAnalyzer.Analysis a, Predictor.Prediction p) {
    double partitions = p.partitions();
    if (partitions <= 0) return 0;
    IndexMetadata index = ctx.catalog.index(a.table().keyspace(), a.index()).orElse(null);
    ColumnDef c = index == null ? null : a.table().column(index.column()).orElse(null);
    List<ModelContext.Plan> plans = ctx.plansByTable.getOrDefault(a.table().qualifiedName(), List.of());
    if (c == null || !index.kind().equals("values") || plans.isEmpty() || index.isSasi()) return partitions;
    ValueGen g = plans.get(0).gens().get(c.name());
    if (g == null) return partitions;
    Dist d = Dist.of(g, c);
    double rowsPerPartition = Math.max(1, p.rows() / partitions);
    if (d instanceof Dist.Unique) return 1; // every value drawn once: one row holds it
    if (!(d instanceof Dist.Finite f)) return partitions;
    boolean onePerPartition = c.kind() == ColumnKind.PARTITION_KEY || c.kind() == ColumnKind.STATIC;
    double share = share(f, rowsPerPartition, onePerPartition);
    return Math.min(partitions, Math.max(1, partitions * share));
  }

  /**
   * The expected share of partitions that hold a value drawn from {@code f}, over that draw: each partition holds
   * {@code rowsPerPartition} values drawn from {@code f} (or one, {@code onePerPartition}: a partition key or static
   * column).
   */
  static double share(Dist.Finite f, double rowsPerPartition, boolean onePerPartition) {
    double share = 0;
    for (Dist.Group group : f.groups()) {
      double hit = onePerPartition ? group.p() : 1 - Math.pow(1 - group.p(), rowsPerPartition);
      share += group.count() * group.p() * hit;
    }
    return share;
  }
}
