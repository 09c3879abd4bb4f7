package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.types.CqlTypes;
import org.junit.jupiter.api.Test;

class ReconciliationTest {
  final TestTable tt = new TestTable();
  final ManualClock clock = new ManualClock(5_000);
  final NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS, clock);
  final String table = tt.schema.name();

  {
    node.createTable(tt.schema);
  }

  private Integer v1(int pk, int ck) {
    for (LiveRow r : node.table(table).orElseThrow().read(tt.key(pk), ReadFilter.ALL).live().rows()) {
      if (r.clustering().equals(TestTable.ck(ck))) {
        Cell c = r.cells().get("v1");
        return c == null ? null : (Integer) CqlTypes.INT.deserialize(c.value());
      }
    }
    return null;
  }

  private boolean rowExists(int pk, int ck) {
    return node.table(table).orElseThrow().read(tt.key(pk), ReadFilter.ALL).live().rows().stream()
        .anyMatch(r -> r.clustering().equals(TestTable.ck(ck)));
  }

  @Test
  void higherTimestampWinsWhateverTheArrivalOrder() {
    node.apply(table, tt.insert(1, 1, 100, 20, 0, 5_000));
    node.apply(table, tt.insert(1, 1, 50, 10, 0, 5_000));
    assertThat(v1(1, 1)).isEqualTo(100);
    node.flush(table);
    node.apply(table, tt.insert(1, 1, 7, 15, 0, 5_000));
    assertThat(v1(1, 1)).isEqualTo(100);
  }

  @Test
  void onATieTheGreaterValueWins() {
    node.apply(table, tt.update(1, 1, "v2", TestTable.t("banana"), 10, 0, 5_000));
    node.flush(table);
    node.apply(table, tt.update(1, 1, "v2", TestTable.t("apple"), 10, 0, 5_000));
    LiveRow r = node.table(table).orElseThrow().read(tt.key(1), ReadFilter.ALL).live().rows().get(0);
    assertThat(new String(r.cells().get("v2").value())).isEqualTo("banana");
  }

  @Test
  void onATieATombstoneBeatsALiveCell() {
    node.apply(table, tt.update(1, 1, "v1", TestTable.i(5), 10, 0, 5_000));
    node.apply(table, tt.deleteCell(1, 1, "v1", 10, 5_000));
    assertThat(rowExists(1, 1)).isFalse();
    node.apply(table, tt.update(1, 1, "v1", TestTable.i(6), 10, 0, 5_000));
    assertThat(rowExists(1, 1)).isFalse();
  }

  @Test
  void aDeletionShadowsOnlyWhatIsNotNewer() {
    node.apply(table, tt.insert(1, 1, 5, 1000, 0, 5_000));
    node.apply(table, tt.deletePartition(1, 999, 5_000));
    assertThat(v1(1, 1)).isEqualTo(5);
    node.apply(table, tt.deletePartition(1, 1001, 5_000));
    assertThat(rowExists(1, 1)).isFalse();
    node.apply(table, tt.insert(1, 1, 6, 1000, 0, 5_000));
    assertThat(rowExists(1, 1)).as("written with an older timestamp than the tombstone").isFalse();
  }

  @Test
  void anInsertedRowOutlivesItsColumnsAnUpdatedOneDoesNot() {
    node.apply(table, tt.insert(1, 1, 5, 10, 0, 5_000));
    node.apply(table, tt.update(1, 2, "v1", TestTable.i(5), 10, 0, 5_000));
    node.apply(table, tt.deleteCell(1, 1, "v1", 11, 5_000));
    node.apply(table, tt.deleteCell(1, 2, "v1", 11, 5_000));
    assertThat(rowExists(1, 1)).isTrue();
    assertThat(v1(1, 1)).isNull();
    assertThat(rowExists(1, 2)).isFalse();
  }

  @Test
  void rangeTombstonesDeleteASliceOnly() {
    for (int ck = 0; ck < 5; ck++) node.apply(table, tt.insert(1, ck, ck, 10, 0, 5_000));
    node.apply(table, tt.deleteRange(1, 1, 3, 11, 5_000));
    assertThat(node.table(table).orElseThrow().read(tt.key(1), ReadFilter.ALL).live().rows())
        .extracting(r -> r.clustering()).containsExactly(TestTable.ck(0), TestTable.ck(4));
  }

  @Test
  void ttlCellsExpireAndReportTheirRemainingTtl() {
    node.apply(table, tt.insert(1, 1, 5, 10, 60, clock.nowInSec()));
    clock.advanceSeconds(20);
    LiveRow r = node.table(table).orElseThrow().read(tt.key(1), ReadFilter.ALL).live().rows().get(0);
    assertThat(r.cells().get("v1").remainingTtl(clock.nowInSec())).isEqualTo(40);
    clock.advanceSeconds(40);
    assertThat(rowExists(1, 1)).isFalse();
  }

  /**
   * A read repair sends back what the coordinator reconciled from the replicas' copies: one range delete held by three
   * replicas must stay one tombstone, or each round of repair would double them (as it did: 200 MB per node and
   * ReadFailure after 50 range deletes).
   */
  @Test
  void reconcilingCopiesOfOneRangeDeleteKeepsOneTombstone() {
    Partition replicated = tt.deleteRange(1, 2, 5, 10, 5_000);
    Partition merged = Partition.merge(java.util.List.of(replicated, tt.deleteRange(1, 2, 5, 10, 5_000),
        tt.deleteRange(1, 2, 5, 10, 5_000)));
    assertThat(merged.rangeTombstones()).hasSize(1);
    for (int round = 0; round < 20; round++) node.apply(table, merged);
    node.flush(table);
    node.apply(table, merged);
    assertThat(node.table(table).orElseThrow().read(tt.key(1), ReadFilter.ALL).stats().tombstonesScanned())
        .isLessThanOrEqualTo(2);
  }

  @Test
  void ofTwoDeletesOfOneSliceTheLaterIsKept() {
    Partition merged = Partition.merge(java.util.List.of(tt.deleteRange(1, 2, 5, 10, 5_000),
        tt.deleteRange(1, 2, 5, 30, 5_000), tt.deleteRange(1, 2, 6, 20, 5_000)));
    assertThat(merged.rangeTombstones()).extracting(rt -> rt.deletion().markedForDeleteAt())
        .containsExactlyInAnyOrder(30L, 20L);
  }
}
