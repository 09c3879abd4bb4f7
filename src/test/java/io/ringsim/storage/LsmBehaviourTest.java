package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.schema.ClusteringOrder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LsmBehaviourTest {
  final ManualClock clock = new ManualClock(10_000);

  private NodeStorage node(TestTable tt, StorageSettings s) {
    NodeStorage n = new NodeStorage(s, clock);
    n.createTable(tt.schema);
    return n;
  }

  private static int rows(NodeStorage n, TestTable tt, int pk) {
    return n.table(tt.schema.name()).orElseThrow().read(tt.key(pk), ReadFilter.ALL).live().rows().size();
  }

  @Test
  void tombstonesArePurgedOnlyAfterGcGrace() {
    TestTable tt = new TestTable(ClusteringOrder.ASC, 100, Map.of("class", "SizeTieredCompactionStrategy"));
    NodeStorage n = node(tt, StorageSettings.DEFAULTS);
    String t = tt.schema.name();
    n.apply(t, tt.insert(1, 1, 5, 10, 0, clock.nowInSec()));
    n.flush(t);
    n.apply(t, tt.deleteRow(1, 1, 20, clock.nowInSec()));
    n.flush(t);
    n.compactAll();
    TableStore store = n.table(t).orElseThrow();
    assertThat(store.sstables()).hasSize(1);
    assertThat(store.sstables().get(0).partitionCount()).as("tombstone kept within gc grace").isEqualTo(1);
    clock.advanceSeconds(101);
    n.compactAll();
    assertThat(store.sstables()).as("tombstone and shadowed row both gone").isEmpty();
    assertThat(store.stats().tombstonesPurged()).isEqualTo(1);
    assertThat(rows(n, tt, 1)).isZero();
  }

  @Test
  void aTombstoneIsKeptWhileOlderDataOutsideTheCompactionCouldResurrect() {
    TestTable tt = new TestTable(ClusteringOrder.ASC, 0, Map.of("class", "SizeTieredCompactionStrategy",
        "min_threshold", "2", "min_sstable_size", "1000"));
    NodeStorage n = node(tt, StorageSettings.DEFAULTS);
    String t = tt.schema.name();
    n.apply(t, tt.insert(1, 1, 5, 10, 0, clock.nowInSec()));
    for (int pk = 100; pk < 400; pk++) n.apply(t, tt.insert(pk, 1, 5, 10, 0, clock.nowInSec()));
    n.flush(t); // a big SSTable holding the old row of partition 1
    clock.advanceSeconds(10);
    n.apply(t, tt.deleteRow(1, 1, 20, clock.nowInSec()));
    n.flush(t); // a small SSTable holding the tombstone
    clock.advanceSeconds(10);
    n.apply(t, tt.insert(2, 1, 5, 30, 0, clock.nowInSec()));
    n.flush(t); // another small one: the two small ones are compacted together, the big one is not
    TableStore store = n.table(t).orElseThrow();
    assertThat(store.stats().compactions()).isEqualTo(1);
    assertThat(store.sstables()).hasSize(2);
    SSTable merged = store.sstables().get(0);
    assertThat(merged.partitionCount()).as("the tombstone past gc grace is kept").isEqualTo(2);
    assertThat(merged.get(tt.key(1))).isNotNull();
    assertThat(rows(n, tt, 1)).as("the old row must not come back").isZero();
    n.compactAll();
    assertThat(rows(n, tt, 1)).isZero();
    assertThat(store.sstables().get(0).get(tt.key(1))).as("major compaction purges row and tombstone").isNull();
  }

  @Test
  void periodicSyncLosesTheLastWindowOnCrashBatchLosesNothing() {
    TestTable tt = new TestTable();
    String t = tt.schema.name();
    NodeStorage periodic = node(tt, StorageSettings.DEFAULTS.withCommitLog(CommitLogSync.PERIODIC, 10_000));
    periodic.apply(t, tt.insert(1, 1, 1, 1, 0, clock.nowInSec())); // first write syncs (period elapsed)
    clock.advanceSeconds(3);
    periodic.apply(t, tt.insert(1, 2, 2, 2, 0, clock.nowInSec()));
    periodic.apply(t, tt.insert(1, 3, 3, 3, 0, clock.nowInSec()));
    periodic.crash();
    ReplayReport r = periodic.restart();
    assertThat(r.lostUnsynced()).isEqualTo(2);
    assertThat(rows(periodic, tt, 1)).isEqualTo(1);

    clock.advanceSeconds(11);
    periodic.apply(t, tt.insert(1, 4, 4, 4, 0, clock.nowInSec()));
    clock.advanceSeconds(11);
    periodic.tick(); // the sync timer fired after the window
    periodic.crash();
    periodic.restart();
    assertThat(rows(periodic, tt, 1)).isEqualTo(2);

    NodeStorage batch = node(tt, StorageSettings.DEFAULTS.withCommitLog(CommitLogSync.BATCH, 0));
    for (int ck = 0; ck < 3; ck++) batch.apply(t, tt.insert(1, ck, ck, ck + 1, 0, clock.nowInSec()));
    batch.crash();
    assertThat(batch.restart().lostUnsynced()).isZero();
    assertThat(rows(batch, tt, 1)).isEqualTo(3);
  }

  @Test
  void flushedDataSurvivesACrashWithoutReplayingItTwice() {
    TestTable tt = new TestTable();
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS.withCommitLog(CommitLogSync.BATCH, 0));
    n.apply(t, tt.insert(1, 1, 1, 1, 0, clock.nowInSec()));
    n.flush(t);
    n.apply(t, tt.insert(1, 2, 2, 2, 0, clock.nowInSec()));
    n.crash();
    ReplayReport r = n.restart();
    assertThat(r.replayed()).isEqualTo(1);
    assertThat(rows(n, tt, 1)).isEqualTo(2);
  }

  @Test
  void aCorruptOrTornCommitLogEntryIsSkippedAndReportedTheRestReplayed() {
    TestTable tt = new TestTable();
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS.withCommitLog(CommitLogSync.BATCH, 0));
    for (int ck = 0; ck < 4; ck++) n.apply(t, tt.insert(1, ck, ck, ck + 1, 0, clock.nowInSec()));
    n.crash();
    n.commitLog().corrupt(1);
    n.commitLog().truncateLast(7);
    ReplayReport r = n.restart();
    assertThat(r.replayed()).isEqualTo(2);
    assertThat(r.corrupt()).hasSize(2);
    assertThat(r.corrupt().get(0)).contains("entry 1").contains("checksum mismatch");
    assertThat(r.corrupt().get(1)).contains("entry 3").contains("truncated");
    assertThat(rows(n, tt, 1)).isEqualTo(2);
  }

  @Test
  void tombstoneThresholdsWarnThenFail() {
    TestTable tt = new TestTable();
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS.withTombstoneThresholds(10, 50));
    for (int ck = 0; ck < 20; ck++) n.apply(t, tt.deleteRow(1, ck, 5, clock.nowInSec()));
    n.apply(t, tt.insert(1, 100, 1, 6, 0, clock.nowInSec()));
    PartitionRead r = n.table(t).orElseThrow().read(tt.key(1), ReadFilter.ALL);
    assertThat(r.stats().tombstonesScanned()).isEqualTo(20);
    assertThat(r.stats().warnings()).singleElement().asString().contains("20 tombstone cells");
    for (int ck = 20; ck < 60; ck++) n.apply(t, tt.deleteRow(1, ck, 5, clock.nowInSec()));
    assertThatThrownBy(() -> n.table(t).orElseThrow().read(tt.key(1), ReadFilter.ALL))
        .isInstanceOf(TombstoneOverwhelmingException.class).hasMessageContaining("Scanned over 50 tombstones");
    assertThat(n.table(t).orElseThrow().stats().tombstoneFailures()).isEqualTo(1);
  }

  @Test
  void oversizeValuesAreRefusedBeforeAnythingIsWritten() {
    TestTable tt = new TestTable();
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS.withMaxValueBytes(100));
    n.apply(t, tt.insert(1, 1, 1, 1, 0, clock.nowInSec()));
    int logged = n.commitLog().size();
    assertThatThrownBy(() -> n.apply(t, tt.update(1, 2, "v2", new byte[101], 2, 0, clock.nowInSec())))
        .isInstanceOf(InvalidWriteException.class).hasMessageContaining("column v2 is 101 bytes");
    assertThat(n.commitLog().size()).isEqualTo(logged);
    assertThat(rows(n, tt, 1)).isEqualTo(1);
  }

  /** Size-tiered with min_threshold 32: the few SSTables a test flushes are never compacted away. */
  private static TestTable tableThatKeepsItsSSTables() {
    return new TestTable(ClusteringOrder.ASC, 864_000,
        Map.of("class", "SizeTieredCompactionStrategy", "min_threshold", "32"));
  }

  @Test
  void bloomFiltersKeepMissingKeyReadsOffMostSSTables() {
    TestTable tt = tableThatKeepsItsSSTables();
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS);
    int pk = 0;
    for (int s = 0; s < 10; s++) {
      for (int i = 0; i < 1000; i++) n.apply(t, tt.insert(pk++, 1, i, 1, 0, clock.nowInSec()));
      n.flush(t);
    }
    TableStore store = n.table(t).orElseThrow();
    assertThat(store.sstables()).hasSize(10);
    long touched = 0;
    int reads = 5000;
    for (int i = 0; i < reads; i++) touched += store.read(tt.key(1_000_000 + i), ReadFilter.ALL).stats().sstablesTouched();
    assertThat((double) touched / reads).as("SSTables touched per missing-key read").isLessThan(1.2);
    assertThat(store.stats().bloomFilterFalsePositiveRatio()).isEqualTo(1.0); // every positive was false
  }

  @Test
  void tableStatsShowTheMostSSTablesOneReadTouched() {
    TestTable tt = tableThatKeepsItsSSTables();
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS);
    for (int s = 0; s < 5; s++) { // partition 7 gets a row in each of 5 SSTables, partition 8 in one
      n.apply(t, tt.insert(7, 1, s, 1, 0, clock.nowInSec()));
      if (s == 2) n.apply(t, tt.insert(8, 1, 1, 1, 0, clock.nowInSec()));
      n.flush(t);
    }
    TableStore store = n.table(t).orElseThrow();
    store.read(tt.key(8), ReadFilter.ALL);
    assertThat(store.stats().maxSSTablesPerRead()).isEqualTo(1);
    store.read(tt.key(7), ReadFilter.ALL);
    store.read(tt.key(8), ReadFilter.ALL);
    assertThat(store.stats().maxSSTablesPerRead()).isEqualTo(5);
    assertThat(store.stats().readAmplification()).isEqualTo(7.0 / 3);
  }

  @Test
  void sizeTieredCompactsFourSimilarSSTablesIntoOne() {
    TestTable tt = new TestTable();
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS);
    for (int s = 0; s < 3; s++) {
      n.apply(t, tt.insert(s, 1, 1, 1, 0, clock.nowInSec()));
      n.flush(t);
    }
    assertThat(n.table(t).orElseThrow().sstables()).hasSize(3);
    n.apply(t, tt.insert(3, 1, 1, 1, 0, clock.nowInSec()));
    n.flush(t);
    TableStats st = n.table(t).orElseThrow().stats();
    assertThat(st.sstableCount()).isEqualTo(1);
    assertThat(st.compactions()).isEqualTo(1);
    assertThat(st.partitions()).isEqualTo(4);
    assertThat(st.writeAmplification()).isEqualTo(2.0);
  }

  @Test
  void leveledCompactionKeepsLevelsNonOverlapping() {
    TestTable tt = new TestTable(ClusteringOrder.ASC, 864_000,
        Map.of("class", "LeveledCompactionStrategy", "sstable_size_in_mb", "0.01"));
    String t = tt.schema.name();
    NodeStorage n = node(tt, StorageSettings.DEFAULTS.withMemtableFlushBytes(4_000));
    for (int i = 0; i < 3500; i++) n.apply(t, tt.insert(i % 700, i / 700, i, i + 1, 0, clock.nowInSec()));
    TableStore store = n.table(t).orElseThrow();
    java.util.List<SSTable> all = store.sstables();
    assertThat(all.stream().mapToInt(SSTable::level).max().orElse(0)).isGreaterThanOrEqualTo(1);
    for (SSTable a : all) {
      for (SSTable b : all) {
        if (a == b || a.level() == 0 || a.level() != b.level()) continue;
        boolean overlap = a.lastKey().compareTo(b.firstKey()) >= 0 && b.lastKey().compareTo(a.firstKey()) >= 0;
        assertThat(overlap).as("%s and %s overlap in L%d", a, b, a.level()).isFalse();
      }
    }
    for (int pk = 0; pk < 700; pk++) assertThat(rows(n, tt, pk)).isEqualTo(5);
  }

  @Test
  void timeWindowCompactionMergesAnOlderWindowAndLetsTheNewestWaitForMinThreshold() {
    TestTable tt = new TestTable(ClusteringOrder.ASC, 100, Map.of("class", "TimeWindowCompactionStrategy"));
    NodeStorage n = node(tt, StorageSettings.DEFAULTS);
    String t = tt.schema.name();
    long day = 86_400_000_000L; // one default window (1 DAYS) of microsecond timestamps
    n.apply(t, tt.insert(1, 1, 1, 1_000, 0, clock.nowInSec()));
    n.flush(t);
    n.apply(t, tt.insert(2, 1, 2, 2_000, 0, clock.nowInSec()));
    n.flush(t);
    TableStore store = n.table(t).orElseThrow();
    assertThat(store.stats().compactions()).as("two SSTables of the newest window: below min_threshold").isZero();
    n.apply(t, tt.insert(3, 1, 3, day + 1_000, 0, clock.nowInSec()));
    n.flush(t);
    assertThat(store.stats().compactions()).as("the first day is no longer the newest: merged").isEqualTo(1);
    assertThat(store.sstables()).hasSize(2);
    assertThat(store.sstables()).anySatisfy(s -> assertThat(s.partitionCount()).isEqualTo(2));
    assertThat(rows(n, tt, 1) + rows(n, tt, 2) + rows(n, tt, 3)).isEqualTo(3);
  }

  @Test
  void timeWindowOptionsAreCheckedAsCassandraChecksThem() {
    assertThatThrownBy(() -> CompactionStrategy.fromOptions(Map.of("class", "TimeWindowCompactionStrategy",
        "compaction_window_unit", "WEEKS"))).hasMessage("WEEKS is not valid for compaction_window_unit");
    assertThatThrownBy(() -> CompactionStrategy.fromOptions(Map.of("class", "TimeWindowCompactionStrategy",
        "compaction_window_size", "x", "foo", "bar")))
        .hasMessage("x is not a parsable int (base10) for compaction_window_size");
    assertThatThrownBy(() -> CompactionStrategy.fromOptions(Map.of("class", "TimeWindowCompactionStrategy",
        "foo", "bar"))).hasMessage("Properties specified [foo] are not understood by TimeWindowCompactionStrategy");
    assertThat(CompactionStrategy.fromOptions(Map.of("class", "TimeWindowCompactionStrategy",
        "compaction_window_unit", "HOURS", "compaction_window_size", "2")).name())
        .isEqualTo("TimeWindowCompactionStrategy");
  }

  @Test
  void unknownCompactionClassIsAClearError() {
    assertThatThrownBy(() -> CompactionStrategy.fromOptions(Map.of("class", "TimeWindowCompactionStrategyX")))
        .hasMessage("Unable to find compaction strategy class "
            + "'org.apache.cassandra.db.compaction.TimeWindowCompactionStrategyX'");
  }
}
