package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Counter cells: shards merge per node id (the higher clock wins), the value is the sum of the shards, a leader turns
 * deltas into its next shard, and shards come through flush, compaction and commit-log replay unchanged.
 */
class CounterShardsTest {
  static final TableMetadata MD = new TableMetadata("ks", "hits", List.of(
      ColumnDef.partitionKey("page", CqlTypes.TEXT, 0), ColumnDef.regular("n", CqlTypes.COUNTER)),
      TableParams.DEFAULTS.withCompaction(Map.of("class", "SizeTieredCompactionStrategy", "min_threshold", "2")));
  static final TableSchema SCHEMA = TableSchema.of(MD, Murmur3Partitioner.INSTANCE);
  static final byte[] KEY = CqlTypes.TEXT.serialize("home");

  static Partition shard(String node, long clock, long count) {
    ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, SCHEMA.pathOrder("n"));
    col.cells().put(CounterShards.shardPath(node), Cell.live(clock, CounterShards.count(count)));
    return SCHEMA.newPartition(KEY).add(Row.builder(Clustering.EMPTY).complex("n", col).build());
  }

  static Partition delta(long ts, long by, int seq) {
    ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, SCHEMA.pathOrder("n"));
    col.cells().put(CounterShards.deltaPath(seq), Cell.live(ts, CounterShards.count(by)));
    return SCHEMA.newPartition(KEY).add(Row.builder(Clustering.EMPTY).complex("n", col).build());
  }

  static Partition deleteCounter(long ts, int now) {
    return SCHEMA.newPartition(KEY).add(Row.builder(Clustering.EMPTY)
        .complex("n", ComplexColumn.of(new DeletionTime(ts, now), SCHEMA.pathOrder("n"))).build());
  }

  static Long value(LivePartition p) {
    if (p == null || p.rows().isEmpty()) return null;
    return CounterShards.sum(p.rows().get(0).collections().get("n"));
  }

  static Long value(Partition merged) {
    return value(new LivenessFilter(0).view(merged, ReadFilter.ALL));
  }

  @Test
  void shardsMergePerNodeAndTheHigherClockWinsInAnyOrder() {
    Partition a1 = shard("n1", 10, 3), a2 = shard("n1", 11, 5), b = shard("n2", 7, 4);
    for (List<Partition> order : List.of(List.of(a1, a2, b), List.of(b, a2, a1), List.of(a2, b, a1, a2, a1))) {
      assertThat(value(Partition.merge(order))).as("order %s", order).isEqualTo(9L);
    }
  }

  @Test
  void theLeaderAddsDeltasToItsOwnShardWithAHigherClock() {
    Partition current = Partition.merge(List.of(shard("n1", 100, 5), shard("n2", 50, 7)));
    LivePartition live = new LivenessFilter(0).view(current, ReadFilter.ALL);
    Partition update = Partition.merge(List.of(delta(90, 2, 1), delta(90, 3, 2)));
    assertThat(CounterShards.hasDeltas(update)).isTrue();
    Partition next = CounterShards.toShards(update, live, "n1");
    assertThat(CounterShards.hasDeltas(next)).isFalse();
    Cell mine = next.rows().firstEntry().getValue().complex().get("n").cells().get(CounterShards.shardPath("n1"));
    // The clock passes the old shard's even though the coordinator's timestamp (90) is behind it.
    assertThat(mine.timestamp()).isEqualTo(101);
    assertThat(CounterShards.count(mine.value())).isEqualTo(10);
    assertThat(value(Partition.merge(List.of(current, next)))).isEqualTo(17L);
    // A leader without a shard yet starts one at the update's timestamp.
    Cell fresh = CounterShards.toShards(update, live, "n3").rows().firstEntry().getValue().complex().get("n").cells()
        .get(CounterShards.shardPath("n3"));
    assertThat(fresh.timestamp()).isEqualTo(90);
    assertThat(CounterShards.count(fresh.value())).isEqualTo(5);
  }

  @Test
  void aDeleteShadowsOlderShardsAndALaterIncrementStartsAgain() {
    Partition before = Partition.merge(List.of(shard("n1", 10, 3), shard("n2", 20, 4)));
    Partition deleted = Partition.merge(List.of(before, deleteCounter(30, 1)));
    assertThat(value(deleted)).isNull();
    LivePartition live = new LivenessFilter(1).view(deleted, ReadFilter.ALL);
    Partition again = CounterShards.toShards(delta(40, 2, 1), live, "n1");
    assertThat(value(Partition.merge(List.of(deleted, again)))).isEqualTo(2L);
  }

  @Test
  void shardsSurviveFlushCompactionAndCommitLogReplay() {
    ManualClock clock = new ManualClock(1_000);
    NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS.withCommitLog(CommitLogSync.BATCH, 0), clock);
    node.createTable(SCHEMA);
    String t = SCHEMA.name();
    node.apply(t, shard("n1", 1, 1));
    node.apply(t, shard("n2", 1, 10));
    node.flush(t);
    node.apply(t, shard("n1", 2, 2));
    node.flush(t);
    node.apply(t, shard("n1", 3, 3));
    node.apply(t, shard("n1", 2, 2)); // a late, older copy (a hint or read repair) changes nothing
    assertThat(read(node)).isEqualTo(13L);
    node.compactAll();
    assertThat(read(node)).isEqualTo(13L);
    node.crash();
    node.restart();
    assertThat(read(node)).isEqualTo(13L);
    node.flushAll();
    node.compactAll();
    node.crash();
    node.restart();
    assertThat(read(node)).isEqualTo(13L);
  }

  private static Long read(NodeStorage node) {
    TableStore ts = node.table(SCHEMA.name()).orElseThrow();
    return value(ts.read(SCHEMA.decorate(KEY), ReadFilter.ALL).live());
  }
}
