package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.ByteOrderedPartitioner;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.RandomPartitioner;
import io.ringsim.ring.Token;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * SSTables hold partitions serialized: whatever a partition holds (every kind of tombstone, TTLs, collections,
 * static rows, extreme timestamps) must come back from an SSTable exactly as it went in, whole or sliced, under
 * every partitioner. "Exactly" is checked on the commit-log encoding, which writes every field.
 */
class SSTableFormatProperties {
  private static final long[] TIMESTAMPS = {Long.MIN_VALUE + 1, -7, 0, 1, 1_000_000_000_000L, Long.MAX_VALUE - 1};
  private static final int[] TIMES = {0, 5, 1_700_000_000, Integer.MAX_VALUE - 1, Cell.NO_DELETION_TIME};

  @Property(tries = 1000)
  void partitionsComeBackExactlyWholeAndSliced(@ForAll long seed) {
    Random r = new Random(seed);
    Partitioner partitioner = switch (r.nextInt(3)) {
      case 0 -> Murmur3Partitioner.INSTANCE;
      case 1 -> RandomPartitioner.INSTANCE;
      default -> ByteOrderedPartitioner.INSTANCE;
    };
    TableSchema schema = schema(partitioner, r.nextBoolean() ? ClusteringOrder.ASC : ClusteringOrder.DESC);
    TreeMap<DecoratedKey, Partition> byKey = new TreeMap<>();
    int n = 1 + r.nextInt(r.nextBoolean() ? 5 : 60);
    for (int i = 0; i < n; i++) {
      Partition p = partition(schema, r);
      byKey.put(p.key(), p);
    }
    List<Partition> sorted = new ArrayList<>(byKey.values());
    SSTable s = SSTable.build(7, 2, sorted, 0.01);

    assertThat(s.partitionCount()).isEqualTo(sorted.size());
    long bytes = 0, rows = 0, cells = 0;
    for (int i = 0; i < sorted.size(); i++) {
      Partition p = sorted.get(i);
      bytes += p.dataSize();
      rows += p.rowCount();
      cells += p.cellCount();
      assertThat(s.keyAt(i)).isEqualTo(p.key());
      assertThat(s.mightContain(p.key())).isTrue();
      assertThat(encoded(s.get(p.key()))).as("partition %s", p.key()).isEqualTo(encoded(p));
      assertThat(encoded(s.partitions().get(i))).isEqualTo(encoded(p));
      SSTableFormat.Header h = s.header(i, new SSTableFormat.Header());
      assertThat(h.dataSize).isEqualTo(p.dataSize());
      assertThat(h.cellCount).isEqualTo(p.cellCount());
      assertThat(h.rowCount).isEqualTo(p.rowCount());
      assertThat(s.minTimestampOf(p.key())).isEqualTo(p.minTimestamp());
      List<Slice> slices = slices(r);
      assertThat(encoded(s.get(p.key(), slices))).as("slices %s of %s", slices, p.key())
          .isEqualTo(encoded(p.slice(slices)));
    }
    assertThat(s.bytes()).isEqualTo(bytes);
    assertThat(s.rowCount()).isEqualTo(rows);
    assertThat(s.cellCount()).isEqualTo(cells);
    assertThat(s.firstKey()).isEqualTo(sorted.get(0).key());
    assertThat(s.lastKey()).isEqualTo(sorted.get(sorted.size() - 1).key());

    for (int k = 0; k < 20; k++) {
      DecoratedKey missing = schema.decorate(CqlTypes.INT.serialize(r.nextInt()));
      if (byKey.containsKey(missing)) continue;
      assertThat(s.get(missing)).isNull();
      assertThat(s.minTimestampOf(missing)).isEqualTo(Long.MAX_VALUE);
      Token t = missing.token();
      int after = 0;
      while (after < sorted.size() && sorted.get(after).key().token().compareTo(t) <= 0) after++;
      assertThat(s.indexAfterToken(t)).isEqualTo(after);
    }
  }

  /** A large Murmur3 SSTable finds every key it holds and none it does not, through its index search. */
  @Property(tries = 30)
  void aLargeIndexFindsEveryKeyAndNoOther(@ForAll long seed) {
    Random r = new Random(seed);
    TableSchema schema = schema(Murmur3Partitioner.INSTANCE, ClusteringOrder.ASC);
    TreeMap<DecoratedKey, Partition> byKey = new TreeMap<>();
    int n = 100 + r.nextInt(5_000);
    int range = n * (1 + r.nextInt(4)); // dense or sparse key spaces
    for (int i = 0; i < n; i++) {
      Partition p = schema.newPartition(CqlTypes.INT.serialize(r.nextInt(range)));
      p.add(numberedRow(r, i));
      byKey.put(p.key(), p);
    }
    SSTable s = builtAndChecked(byKey);
    for (int k = 0; k < 2_000; k++) {
      DecoratedKey key = schema.decorate(CqlTypes.INT.serialize(r.nextInt(2 * range) - range / 2));
      Partition held = byKey.get(key);
      assertThat(encoded(s.get(key))).isEqualTo(encoded(held));
      assertThat(s.minTimestampOf(key)).isEqualTo(held == null ? Long.MAX_VALUE : held.minTimestamp());
    }
  }

  /**
   * The index summary (every 64th token) narrows a search to the stretch between two samples, also when runs of keys
   * share one token (as colliding keys would) across several samples: every key held is found, every other key is
   * not, and where an absent key would go is where a sorted map puts it.
   */
  @Property(tries = 30)
  void aSummarizedIndexFindsKeysInRunsOfSharedTokens(@ForAll long seed) {
    Random r = new Random(seed);
    TableSchema schema = schema(Murmur3Partitioner.INSTANCE, ClusteringOrder.ASC);
    TreeMap<DecoratedKey, Partition> byKey = new TreeMap<>();
    int n = 1_100 + r.nextInt(3_000);
    int run = 1 + r.nextInt(200); // keys per token: from none shared to runs spanning several samples
    for (int i = 0; byKey.size() < n; i++) {
      DecoratedKey key = new DecoratedKey(new io.ringsim.ring.LongToken((i / run) * 1_000L - 500_000),
          CqlTypes.INT.serialize(r.nextInt(1 << 20)));
      Partition p = new Partition(key, schema.clustering());
      p.add(numberedRow(r, i));
      byKey.put(key, p);
    }
    SSTable s = builtAndChecked(byKey);
    List<DecoratedKey> keys = new ArrayList<>(byKey.keySet());
    for (int k = 0; k < 2_000; k++) {
      long token = (r.nextInt(n / run + 3) - 1) * 1_000L - 500_000 + (r.nextBoolean() ? 0 : r.nextInt(999) + 1);
      DecoratedKey key = new DecoratedKey(new io.ringsim.ring.LongToken(token),
          CqlTypes.INT.serialize(r.nextInt(1 << 20)));
      Partition held = byKey.get(key);
      assertThat(encoded(s.get(key))).isEqualTo(encoded(held));
      int at = java.util.Collections.binarySearch(keys, key);
      assertThat(s.ceilingIndex(key)).isEqualTo(at >= 0 ? at : -at - 1);
    }
  }

  /** A row of clustering (1, a random text) whose v1 is {@code i}. */
  private static Row numberedRow(Random r, int i) {
    return Row.builder(Clustering.of(CqlTypes.INT.serialize(1), text(r)))
        .cell("v1", Cell.live(1, CqlTypes.INT.serialize(i))).build();
  }

  /** The SSTable of {@code byKey}'s partitions, once it has found each of them as it was written. */
  private static SSTable builtAndChecked(TreeMap<DecoratedKey, Partition> byKey) {
    List<Partition> sorted = new ArrayList<>(byKey.values());
    SSTable s = SSTable.build(7, 0, sorted, 0.01);
    for (Partition p : sorted) assertThat(encoded(s.get(p.key()))).isEqualTo(encoded(p));
    return s;
  }

  private static byte[] encoded(Partition p) {
    return p == null ? null : PartitionCodec.encode(p);
  }

  private static TableSchema schema(Partitioner partitioner, ClusteringOrder order) {
    TableMetadata md = new TableMetadata("ks", "f", List.of(
        ColumnDef.partitionKey("pk", CqlTypes.INT, 0),
        ColumnDef.clustering("c1", CqlTypes.INT, 0, order),
        ColumnDef.clustering("c2", CqlTypes.TEXT, 1, ClusteringOrder.ASC),
        ColumnDef.staticColumn("s", CqlTypes.INT),
        ColumnDef.regular("v1", CqlTypes.INT),
        ColumnDef.regular("v2", CqlTypes.TEXT),
        ColumnDef.regular("tags", new SetType(CqlTypes.TEXT, false)),
        ColumnDef.regular("m", new MapType(CqlTypes.INT, CqlTypes.TEXT, false))),
        TableParams.DEFAULTS);
    return TableSchema.of(md, partitioner);
  }

  private static Partition partition(TableSchema schema, Random r) {
    Partition p = schema.newPartition(CqlTypes.INT.serialize(r.nextInt(1000)));
    if (r.nextInt(5) == 0) p.delete(deletion(r));
    for (int i = r.nextInt(4) == 0 ? r.nextInt(3) : 0; i > 0; i--) {
      Slice s = slices(r).get(0);
      p.addRangeTombstone(new RangeTombstone(s, deletion(r)));
    }
    if (r.nextInt(3) == 0) p.add(row(schema, Clustering.STATIC, r));
    for (int i = r.nextInt(r.nextBoolean() ? 3 : 12); i > 0; i--) {
      p.add(row(schema, Clustering.of(CqlTypes.INT.serialize(r.nextInt(20)), text(r)), r));
    }
    return p;
  }

  private static Row row(TableSchema schema, Clustering c, Random r) {
    Row.Builder b = Row.builder(c);
    if (r.nextInt(3) > 0) {
      b.marker(r.nextInt(4) == 0 ? new LivenessInfo(ts(r), r.nextInt(3) - 1, time(r))
          : LivenessInfo.of(ts(r), r.nextInt(3) == 0 ? 1 + r.nextInt(100) : 0, time(r)));
    }
    if (r.nextInt(6) == 0) b.delete(deletion(r));
    for (String col : c.isStatic() ? List.of("s") : List.of("v1", "v2")) {
      if (r.nextInt(4) > 0) b.cell(col, cell(r, col.equals("v2") ? text(r) : CqlTypes.INT.serialize(r.nextInt())));
    }
    if (!c.isStatic() && r.nextInt(3) == 0) {
      ComplexColumn tags = ComplexColumn.of(r.nextInt(3) == 0 ? deletion(r) : DeletionTime.LIVE,
          schema.pathOrder("tags"));
      for (int i = r.nextInt(4); i > 0; i--) tags.cells().put(text(r), cell(r, new byte[0]));
      b.complex("tags", tags);
    }
    if (!c.isStatic() && r.nextInt(4) == 0) {
      ComplexColumn m = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder("m"));
      for (int i = r.nextInt(4); i > 0; i--) m.cells().put(CqlTypes.INT.serialize(r.nextInt(50) - 25), cell(r, text(r)));
      b.complex("m", m);
    }
    return b.build();
  }

  private static Cell cell(Random r, byte[] value) {
    return switch (r.nextInt(5)) {
      case 0 -> Cell.tombstone(ts(r), time(r));
      case 1 -> Cell.expiring(ts(r), 1 + r.nextInt(1000), r.nextInt(1 << 30), value);
      case 2 -> new Cell(ts(r), r.nextInt(5) - 2, time(r), value);
      default -> Cell.live(ts(r), value);
    };
  }

  private static List<Slice> slices(Random r) {
    List<Slice> out = new ArrayList<>();
    for (int i = 1 + r.nextInt(3); i > 0; i--) {
      int lo = r.nextInt(22) - 1, hi = lo + r.nextInt(8);
      ClusteringBound start = lo < 0 ? ClusteringBound.UNBOUNDED : bound(r, lo);
      ClusteringBound end = r.nextInt(5) == 0 ? ClusteringBound.UNBOUNDED : bound(r, hi);
      out.add(new Slice(start, end));
    }
    return out;
  }

  private static ClusteringBound bound(Random r, int c1) {
    byte[][] prefix = r.nextBoolean() ? new byte[][] {CqlTypes.INT.serialize(c1)}
        : new byte[][] {CqlTypes.INT.serialize(c1), text(r)};
    return new ClusteringBound(prefix, r.nextBoolean());
  }

  private static DeletionTime deletion(Random r) {
    return new DeletionTime(ts(r), time(r));
  }

  private static long ts(Random r) {
    return r.nextInt(3) == 0 ? TIMESTAMPS[r.nextInt(TIMESTAMPS.length)] : 1_000_000_000_000L + r.nextInt(1000);
  }

  private static int time(Random r) {
    return r.nextInt(3) == 0 ? TIMES[r.nextInt(TIMES.length)] : 1_700_000_000 + r.nextInt(100);
  }

  private static byte[] text(Random r) {
    return CqlTypes.TEXT.serialize("t" + r.nextInt(6));
  }
}
