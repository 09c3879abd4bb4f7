package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.ByteOrderedPartitioner;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.RandomPartitioner;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The memtable's hash table against a sorted map of the same writes: every key is found, updates merge into one
 * partition, and a flush sees the partitions in Cassandra's order (token, then key bytes), whatever the
 * partitioner, the size it was given, or tokens shared by several keys.
 */
class MemtableProperties {

  @Property(tries = 200)
  void holdsAndOrdersEveryKeyAsASortedMap(@ForAll @Size(max = 300) List<@IntRange(max = 120) Integer> keys,
      @ForAll @IntRange(max = 2) int partitionerIndex, @ForAll @IntRange(max = 500) int expected,
      @ForAll boolean sharedTokens) {
    Partitioner partitioner = List.of(Murmur3Partitioner.INSTANCE, RandomPartitioner.INSTANCE,
        ByteOrderedPartitioner.INSTANCE).get(partitionerIndex);
    TestTable table = new TestTable();
    Memtable memtable = new Memtable(expected);
    TreeMap<DecoratedKey, Integer> model = new TreeMap<>();
    for (int k : keys) {
      byte[] bytes = TestTable.i(k);
      // Shared tokens: keys 0-9, 10-19, ... have one Murmur3 token per ten, as a hash collision would give them.
      DecoratedKey key = sharedTokens && partitioner == Murmur3Partitioner.INSTANCE
          ? new DecoratedKey(new LongToken((k / 10) * 7919L - 300), bytes)
          : new DecoratedKey(partitioner.token(bytes), bytes);
      Partition update = new Partition(key, table.schema.clustering());
      update.add(Row.builder(Clustering.of(TestTable.i(model.getOrDefault(key, 0))))
          .cell("v1", Cell.live(1, TestTable.i(k))).build());
      memtable.apply(update);
      model.merge(key, 1, Integer::sum);
    }
    assertThat(memtable.partitionCount()).isEqualTo(model.size());
    List<DecoratedKey> order = new ArrayList<>();
    for (Partition p : memtable.sortedPartitions()) order.add(p.key());
    assertThat(order).containsExactlyElementsOf(model.keySet());
    for (var e : model.entrySet()) {
      assertThat(memtable.get(e.getKey()).rowCount()).as("rows of %s", e.getKey()).isEqualTo(e.getValue());
    }
    if (!model.isEmpty()) {
      List<Partition> flushed = memtable.flush(1, 0, 0.01).partitions();
      assertThat(flushed).extracting(Partition::key).containsExactlyElementsOf(model.keySet());
      for (Partition p : flushed) assertThat(p.rowCount()).as("rows of %s", p.key()).isEqualTo(model.get(p.key()));
    }
    assertThat(memtable.keys()).containsExactlyInAnyOrderElementsOf(model.keySet());
    byte[] absent = TestTable.i(1000);
    assertThat(memtable.get(new DecoratedKey(partitioner.token(absent), absent))).isNull();
  }
  /**
   * A memtable big enough for the flush's radix sort (thousands of partitions, some Murmur3 tokens shared by several
   * keys, a few at the ends of the long range) is still in Cassandra's order.
   */
  @Property(tries = 20)
  void aLargeMemtableIsInTokenOrder(@ForAll long seed) {
    java.util.Random r = new java.util.Random(seed);
    TestTable table = new TestTable();
    Memtable memtable = new Memtable(r.nextInt(5_000));
    TreeMap<DecoratedKey, Integer> model = new TreeMap<>();
    int n = 2_000 + r.nextInt(8_000);
    for (int i = 0; i < n; i++) {
      int k = r.nextInt(3 * n);
      byte[] bytes = TestTable.i(k);
      // A key's token follows from its bytes (as a partitioner's would), here sometimes one shared by other keys.
      long token = switch (k % 20) {
        case 0 -> Long.MIN_VALUE + 1 + k % 3; // Long.MIN_VALUE itself is no Murmur3 token
        case 1 -> Long.MAX_VALUE - k % 3;
        case 2 -> k % 5 - 2; // near 0
        default -> Murmur3Partitioner.INSTANCE.token(bytes).value();
      };
      DecoratedKey key = new DecoratedKey(new LongToken(token), bytes);
      Partition update = new Partition(key, table.schema.clustering());
      update.add(Row.builder(TestTable.ck(0)).cell("v1", Cell.live(1, TestTable.i(i))).build());
      memtable.apply(update);
      model.put(key, i);
    }
    List<DecoratedKey> order = new ArrayList<>();
    for (Partition p : memtable.sortedPartitions()) order.add(p.key());
    assertThat(order).containsExactlyElementsOf(model.keySet());
    // The flush sorts the same keys its own way (tokens and the bytes' handles, not the slots): the same order, and
    // each partition with its own bytes.
    List<Partition> flushed = memtable.flush(1, 0, 0.01).partitions();
    assertThat(flushed).extracting(Partition::key).containsExactlyElementsOf(model.keySet());
    for (Partition p : flushed) {
      assertThat(p.rows().values().iterator().next().cell("v1").value())
          .as("value of %s", p.key()).isEqualTo(TestTable.i(model.get(p.key())));
    }
  }

  /**
   * A wide row updated one small cell at a time: each update re-encodes the whole row into the memtable's arena, so
   * without a bound the arena would grow by the row per write while the flush threshold grows by the cell. It stays
   * within four times the memtable's size (plus a megabyte and a chunk), and the row stays right.
   */
  @Property(tries = 5)
  void updatesOfAWideRowDoNotGrowTheArenaPastItsBound(@ForAll @IntRange(min = 500, max = 1900) int wideBytes) {
    TestTable table = new TestTable();
    Memtable memtable = new Memtable();
    DecoratedKey key = table.key(7);
    Partition first = new Partition(key, table.schema.clustering());
    first.add(Row.builder(TestTable.ck(0)).cell("v2", Cell.live(1, new byte[wideBytes])).build());
    memtable.apply(first);
    int updates = 20_000;
    for (int n = 1; n <= updates; n++) {
      Partition update = new Partition(key, table.schema.clustering());
      update.add(Row.builder(TestTable.ck(0)).cell("v1", Cell.live(1 + n, TestTable.i(n))).build());
      memtable.apply(update);
    }
    assertThat(memtable.arenaBytes()).isLessThanOrEqualTo(4 * memtable.liveBytes() + (1 << 20) + (64 << 10) + 2048);
    Row row = memtable.get(key).rows().firstEntry().getValue();
    assertThat(row.cell("v1").value()).isEqualTo(TestTable.i(updates));
    assertThat(row.cell("v2").value()).hasSize(wideBytes);
  }

  /**
   * Keys of 1 to 12 bytes with their Murmur3 tokens (those of at most 7 bytes are held packed in the table, the others
   * compared in the arena), each written several times: whole-row INSERTs newer or older than what is held (an
   * update that shadows the bytes held replaces them unread, one that does not is merged), and UPDATEs of one column
   * without a row marker. Whatever the mix, each key reads back as merging its writes gives, flushes in token order,
   * and survives the table growing (a small first size).
   */
  @Property(tries = 100)
  void shortAndLongKeysReadBackAsTheirWritesMerged(@ForAll long seed, @ForAll @IntRange(max = 64) int expected) {
    java.util.Random r = new java.util.Random(seed);
    TableSchema schema = TableSchema.of(new io.ringsim.schema.TableMetadata("ks", "kv", List.of(
        io.ringsim.schema.ColumnDef.partitionKey("k", io.ringsim.schema.types.CqlTypes.BLOB, 0),
        io.ringsim.schema.ColumnDef.regular("a", io.ringsim.schema.types.CqlTypes.INT),
        io.ringsim.schema.ColumnDef.regular("b", io.ringsim.schema.types.CqlTypes.INT)),
        io.ringsim.schema.TableParams.DEFAULTS), Murmur3Partitioner.INSTANCE);
    java.util.Set<String> regular = java.util.Set.of("a", "b");
    Memtable memtable = new Memtable(expected);
    TreeMap<DecoratedKey, List<Partition>> model = new TreeMap<>();
    int writes = 50 + r.nextInt(400);
    for (int n = 0; n < writes; n++) {
      byte[] bytes = new byte[1 + r.nextInt(12)];
      for (int j = 0; j < bytes.length; j++) bytes[j] = (byte) r.nextInt(3); // few distinct keys: many rewrites
      DecoratedKey key = schema.decorate(bytes);
      long ts = 1_000 + r.nextInt(200);
      Row.Builder row = Row.builder(Clustering.EMPTY);
      if (r.nextInt(3) > 0) {
        row.marker(LivenessInfo.of(ts, 0, 100)).cell("a", Cell.live(ts, TestTable.i(n))).cell("b",
            Cell.live(ts, TestTable.i(-n)));
      } else {
        row.cell(r.nextBoolean() ? "a" : "b", Cell.live(ts, TestTable.i(n)));
      }
      Partition update = schema.newPartition(bytes);
      update.add(row.build());
      memtable.apply(update, regular);
      model.computeIfAbsent(key, k -> new ArrayList<>()).add(update);
    }
    assertThat(memtable.partitionCount()).isEqualTo(model.size());
    for (var e : model.entrySet()) {
      assertThat(PartitionCodec.encode(memtable.get(e.getKey())))
          .as("key %s", java.util.HexFormat.of().formatHex(e.getKey().key()))
          .isEqualTo(PartitionCodec.encode(Partition.merge(e.getValue())));
    }
    List<DecoratedKey> order = new ArrayList<>();
    for (Partition p : memtable.sortedPartitions()) order.add(p.key());
    assertThat(order).containsExactlyElementsOf(model.keySet());
    assertThat(memtable.keys()).containsExactlyInAnyOrderElementsOf(model.keySet());
    byte[] absent = {9, 9, 9};
    assertThat(memtable.get(schema.decorate(absent))).isNull();
  }
}
