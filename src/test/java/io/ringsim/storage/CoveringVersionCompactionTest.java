package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A compaction copies the bytes of a version that shadows every other version of its partition (an INSERT of every
 * regular column, newer than all the rest, everything plain) instead of merging them, and a memtable stores such a
 * write in place of the partition it holds as bytes: the partition either keeps must be what merging the versions
 * gives, and a version that does not shadow everything (a column it lacks, no row marker, an older timestamp, a
 * column since dropped) must still be merged. Each case runs both ways: every write flushed to an SSTable of its own
 * and compacted, and every write into one memtable then flushed.
 */
class CoveringVersionCompactionTest {
  private static final String TABLE = "ks.t";
  private final ManualClock clock = new ManualClock(10_000);
  private static final List<ColumnDef> ABC = List.of(ColumnDef.partitionKey("k", CqlTypes.INT, 0),
      ColumnDef.regular("a", CqlTypes.INT), ColumnDef.regular("b", CqlTypes.INT), ColumnDef.regular("c", CqlTypes.INT));

  private static TableSchema schema(List<ColumnDef> columns, Map<String, TableMetadata.DroppedColumn> dropped) {
    return TableSchema.of(new TableMetadata("ks", "t", columns, TableParams.DEFAULTS, dropped),
        Murmur3Partitioner.INSTANCE);
  }

  /** A write of {@code columns} (name, value) at {@code ts}, with a row marker when {@code insert}. */
  private Partition write(TableSchema s, int k, long ts, boolean insert, Object... columns) {
    Partition p = s.newPartition(CqlTypes.INT.serialize(k));
    Row.Builder b = Row.builder(Clustering.EMPTY);
    if (insert) b.marker(LivenessInfo.of(ts, 0, clock.nowInSec()));
    for (int i = 0; i < columns.length; i += 2) {
      b.cell((String) columns[i], Cell.live(ts, CqlTypes.INT.serialize(columns[i + 1])));
    }
    p.add(b.build());
    return p;
  }

  private NodeStorage storage(TableSchema s) {
    NodeStorage n = new NodeStorage(StorageSettings.DEFAULTS, clock);
    n.createTable(s);
    return n;
  }

  /** Each write flushed into an SSTable of its own, then a major compaction: the one partition it leaves. */
  private Partition compacted(NodeStorage n, List<Partition> writes) {
    for (Partition w : writes) {
      n.apply(TABLE, w);
      n.flush(TABLE);
    }
    n.compactAll();
    TableStore store = n.table(TABLE).orElseThrow();
    assertThat(store.sstables()).hasSize(1);
    return store.sstables().get(0).partitionAt(0);
  }

  /** The writes applied to one memtable, then flushed: the one partition the SSTable holds. */
  private Partition memtable(NodeStorage n, List<Partition> writes) {
    for (Partition w : writes) n.apply(TABLE, w);
    n.flush(TABLE);
    TableStore store = n.table(TABLE).orElseThrow();
    return store.sstables().get(0).partitionAt(0);
  }

  /** Both ways ({@link #compacted} and {@link #memtable}) give what merging {@code writes} gives; returns one. */
  private Partition bothWays(TableSchema s, List<Partition> writes) {
    Partition merged = Partition.merge(writes);
    Partition viaCompaction = compacted(storage(s), writes);
    assertSame(viaCompaction, merged);
    assertSame(memtable(storage(s), writes), merged);
    return viaCompaction;
  }

  /** Equal partitions encode to equal bytes (their content, nothing else). */
  private static void assertSame(Partition got, Partition merged) {
    assertThat(PartitionCodec.encode(got)).isEqualTo(PartitionCodec.encode(merged));
  }

  @Test
  void anInsertOfEveryColumnNewerThanTheRestIsWhatMergingGives() {
    TableSchema s = schema(ABC, Map.of());
    List<Partition> writes = List.of(write(s, 1, 10, true, "a", 1, "b", 1, "c", 1), write(s, 1, 20, false, "b", 2),
        write(s, 1, 30, true, "a", 3, "b", 3, "c", 3));
    Partition got = bothWays(s, writes);
    assertThat(got.rows().get(Clustering.EMPTY).liveness().timestamp()).isEqualTo(30);
  }

  @Test
  void anInsertOfSomeColumnsLeavesTheOthersOlderCells() {
    TableSchema s = schema(ABC, Map.of());
    List<Partition> writes = List.of(write(s, 1, 10, false, "c", 7), write(s, 1, 20, true, "a", 2, "b", 2));
    Partition got = bothWays(s, writes);
    assertThat(got.rows().get(Clustering.EMPTY).cellCount()).as("c's older cell is kept").isEqualTo(3);
  }

  @Test
  void anUpdateOfEveryColumnKeepsTheOlderRowMarker() {
    TableSchema s = schema(ABC, Map.of());
    List<Partition> writes = List.of(write(s, 1, 10, true, "a", 1), write(s, 1, 20, false, "a", 2, "b", 2, "c", 2));
    Partition got = bothWays(s, writes);
    assertThat(got.rows().get(Clustering.EMPTY).liveness().timestamp()).isEqualTo(10);
  }

  @Test
  void overlappingTimestampsAreMerged() {
    TableSchema s = schema(ABC, Map.of());
    List<Partition> writes = List.of(write(s, 1, 25, false, "c", 9), write(s, 1, 20, true, "a", 2, "b", 2, "c", 2));
    Partition got = bothWays(s, writes);
    assertThat(got.rows().get(Clustering.EMPTY).cell(2).value()).isEqualTo(CqlTypes.INT.serialize(9));
  }

  @Test
  void aColumnDroppedSinceStaysAsMergingKeepsIt() {
    TableSchema before = schema(ABC, Map.of());
    NodeStorage n = storage(before);
    Partition old = write(before, 1, 10, true, "a", 1, "b", 1, "c", 1);
    n.apply(TABLE, old);
    n.flush(TABLE);
    TableSchema after = schema(ABC.subList(0, 3),
        Map.of("c", new TableMetadata.DroppedColumn(CqlTypes.INT, ColumnKind.REGULAR, 15)));
    n.table(TABLE).orElseThrow().alter(after);
    Partition newer = write(after, 1, 20, true, "a", 2, "b", 2);
    Partition got = compacted(n, List.of(newer));
    assertSame(got, Partition.merge(List.of(old, newer)));

    NodeStorage m = storage(before);
    m.apply(TABLE, old);
    m.table(TABLE).orElseThrow().alter(after);
    assertSame(memtable(m, List.of(newer)), Partition.merge(List.of(old, newer)));
  }

  @Test
  void aPartitionDeletionHeldIsMerged() {
    TableSchema s = schema(ABC, Map.of());
    Partition deleted = s.newPartition(CqlTypes.INT.serialize(1));
    deleted.delete(new DeletionTime(5, clock.nowInSec()));
    deleted.add(Row.builder(Clustering.EMPTY).cell("a", Cell.live(6, CqlTypes.INT.serialize(6))).build());
    List<Partition> writes = List.of(deleted, write(s, 1, 20, true, "a", 2, "b", 2, "c", 2));
    bothWays(s, writes);
  }
}
