package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the first answers of an index read call for ({@link ReplicaFilteringProtection#plan}): the rows each silent
 * replica is asked for, and the rows Cassandra would hold cached meanwhile, which its thresholds compare.
 */
class ReplicaFilteringProtectionPlanTest {
  private final TableSchema schema = TableSchema.of(new TableMetadata("ks", "t", List.of(
      ColumnDef.partitionKey("k", CqlTypes.INT, 0),
      ColumnDef.clustering("c", CqlTypes.INT, 0, ClusteringOrder.ASC),
      ColumnDef.regular("v", CqlTypes.INT)), TableParams.DEFAULTS), Murmur3Partitioner.INSTANCE);

  private static byte[] i(int v) {
    return CqlTypes.INT.serialize(v);
  }

  /** Partition {@code k} holding rows {@code cs}, each with v = 1. */
  private Partition partition(int k, int... cs) {
    Partition p = schema.newPartition(i(k));
    for (int c : cs) p.add(Row.builder(Clustering.of(i(c))).cell("v", Cell.live(10, i(1))).build());
    return p;
  }

  private static ReplicaFilteringProtection.Source source(String name, Partition... ps) {
    return new ReplicaFilteringProtection.Source(name, "(0,1]", List.of(ps));
  }

  private ReplicaFilteringProtection.Plan plan(ReplicaFilteringProtection.Source... sources) {
    return ReplicaFilteringProtection.plan(List.of(sources), schema, ReadFilter.ALL, 1_000);
  }

  @Test
  void replicasThatReturnTheSameRowsNeedNoSecondRound() {
    ReplicaFilteringProtection.Plan p = plan(source("a", partition(1, 1, 2), partition(2, 1)),
        source("b", partition(1, 1, 2), partition(2, 1)));
    assertThat(p.fetches()).isEmpty();
    // Two versions of each of the partition's rows while it is resolved; the most at once: partition 1's.
    assertThat(p.cachedRows()).isEqualTo(4);
  }

  @Test
  void eachSilentReplicaIsAskedForTheRowsOthersReturnedInPartitionThenReplicaOrder() {
    ReplicaFilteringProtection.Plan p = plan(source("a", partition(1, 1, 2, 3)),
        source("b", partition(1, 2), partition(2, 5)), source("c", partition(1, 1, 2)));
    List<ReplicaFilteringProtection.Fetch> f = p.fetches();
    // Partitions in token order, then the sources in the order they were asked.
    List<Integer> keys = f.stream().map(x -> (Integer) CqlTypes.INT.deserialize(x.key().key())).toList();
    List<String> replicas = f.stream().map(ReplicaFilteringProtection.Fetch::replica).toList();
    int one = keys.indexOf(1);
    assertThat(replicas.subList(one, one + 2)).containsExactly("b", "c");
    assertThat(f.get(one).rows()).containsExactly(Clustering.of(i(1)), Clustering.of(i(3)));
    assertThat(f.get(one + 1).rows()).containsExactly(Clustering.of(i(3)));
    assertThat(f).filteredOn(x -> CqlTypes.INT.deserialize(x.key().key()).equals(2))
        .extracting(ReplicaFilteringProtection.Fetch::replica).containsExactly("a", "c");
  }

  @Test
  void cachedRowsAddUpOverPartitionsWhoseEveryRowOneReplicaWasSilentAbout() {
    // Every partition only on a: each row possibly outdated, so Cassandra's first phase reads on through all of them.
    Partition[] onA = {partition(1, 1, 2), partition(2, 1, 2, 3), partition(3, 1), partition(4, 1)};
    ReplicaFilteringProtection.Plan p = plan(source("a", onA), source("b"));
    // Every version, present or not, of every merged row: 2 + 3 + 1 + 1 rows, 2 sources each.
    assertThat(p.cachedRows()).isEqualTo(14);
    assertThat(p.fetches()).hasSize(4).allMatch(x -> x.replica().equals("b"));
  }

  @Test
  void theWarningThresholdIsCrossedPastTwoThousandCachedRows() {
    int[] cs = new int[1001];
    for (int c = 0; c < cs.length; c++) cs[c] = c;
    ReplicaFilteringProtection.Plan p = plan(source("a", partition(1, cs)), source("b", partition(1, cs)));
    assertThat(p.cachedRows()).isEqualTo(2002).isGreaterThan(ReplicaFilteringProtection.WARN_THRESHOLD);
    assertThat(ReplicaFilteringProtection.thresholdMessage(ReplicaFilteringProtection.FAIL_THRESHOLD, "fail",
        ReplicaFilteringProtection.query(schema, new io.ringsim.storage.IndexQuery("t_v", "v", "values", i(1), null),
            null, null, 5000)))
        .isEqualTo("Replica filtering protection has cached over 32000 rows during query SELECT * FROM ks.t WHERE "
            + "v = 1 LIMIT 5000 ALLOW FILTERING. (See 'cached_replica_rows_fail_threshold' in cassandra.yaml.)");
  }
}
