package io.ringsim.sim.cells;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.ring.Partitioners;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which part of each partition a range scan saw whole: what the checker may judge of it. */
class CellCaptureScannedTest {
  private static LivePartition partition(int key, int rows) {
    byte[] k = {0, 0, 0, (byte) key};
    List<LiveRow> rs = new ArrayList<>();
    for (int c = 1; c <= rows; c++) rs.add(new LiveRow(row(c), true, Map.of(), Map.of()));
    return new LivePartition(new DecoratedKey(Partitioners.byName("murmur3").token(k), k), null, rs);
  }

  private static final ClusteringComparator CMP = new ClusteringComparator(List.of(ColumnDef.clustering("c",
      CqlTypes.INT, 0, ClusteringOrder.ASC)));

  private static Clustering row(int c) {
    return Clustering.of(java.nio.ByteBuffer.allocate(4).putInt(c).array());
  }

  private static ClientResponse.ReadDone answer(boolean truncated, LivePartition... ps) {
    return new ClientResponse.ReadDone("n1", List.of(ps), List.of("n1"), false, List.of(), List.of(), truncated);
  }

  @Test
  void aWholeScanSawEveryPartitionItReturnedWhole() {
    List<CellCapture.Scanned> s = CellCapture.scanned(ReadFilter.ALL, 0, answer(false, partition(1, 2), partition(2, 0)));
    assertThat(s).hasSize(2).allSatisfy(x -> {
      assertThat(x.region().last()).isNull();
      assertThat(x.region().slices()).containsExactly(Slice.ALL);
      assertThat(x.region().withStatic()).isTrue();
    });
  }

  @Test
  void aPageStoppedAtItsRowLimitSawItsLastPartitionOnlyUpToItsLastRow() {
    ReadFilter page = ReadFilter.ALL.page(List.of(Slice.ALL), 4);
    List<CellCapture.Scanned> s = CellCapture.scanned(page, 4, answer(false, partition(1, 2), partition(2, 2)));
    assertThat(s.get(0).region().last()).isNull();
    assertThat(s.get(1).region().last()).isEqualTo(row(2));
    // A row past the cut says nothing of the partition; one before it does.
    assertThat(s.get(1).region().contains(row(3), CMP)).isFalse();
    assertThat(s.get(1).region().contains(row(1), CMP)).isTrue();
    assertThat(s.get(0).region().contains(row(3), CMP)).isTrue();
  }

  @Test
  void aPartitionCutByThePerPartitionLimitOrAReplicaIsCutAtItsLastRow() {
    ReadFilter twoPerPartition = ReadFilter.ALL.withLimit(2);
    List<CellCapture.Scanned> s = CellCapture.scanned(twoPerPartition, 0,
        answer(false, partition(1, 2), partition(2, 1)));
    assertThat(s.get(0).region().last()).isEqualTo(row(2));
    assertThat(s.get(1).region().last()).isNull();
    List<CellCapture.Scanned> cut = CellCapture.scanned(ReadFilter.ALL, 0, answer(true, partition(1, 1), partition(2, 0)));
    assertThat(cut).as("the last partition, cut short with no row, saw nothing").hasSize(1);
    assertThat(cut.get(0).region().last()).isNull();
  }

  private static LivePartition withStatic(LivePartition p) {
    return new LivePartition(p.key(), new LiveRow(Clustering.STATIC, false, Map.of(), Map.of()), p.rows());
  }

  @Test
  void aStaticRowThatCameBackWithAPageIsJudgedAndOneThatDidNotIsNot() {
    ReadFilter page = ReadFilter.ALL.page(List.of(Slice.ALL), 4);
    List<CellCapture.Scanned> s = CellCapture.scanned(page, 4,
        answer(false, withStatic(partition(1, 2)), partition(2, 1)));
    assertThat(s.get(0).region().contains(Clustering.STATIC, CMP)).isTrue();
    assertThat(s.get(1).region().contains(Clustering.STATIC, CMP))
        .as("a page without the static row says nothing of it").isFalse();

    ReadFilter one = ReadFilter.ALL.page(List.of(Slice.ALL), 1);
    Region r = CellCapture.region(one, answer(false, withStatic(partition(1, 1))));
    assertThat(r.contains(Clustering.STATIC, CMP)).isTrue();
    assertThat(r.contains(row(2), CMP)).as("cut at its one row").isFalse();
    assertThat(CellCapture.region(one, answer(false, partition(1, 1))).contains(Clustering.STATIC, CMP)).isFalse();

    Region staticAlone = CellCapture.region(one, answer(true, withStatic(partition(1, 0))));
    assertThat(staticAlone).as("a static row alone, cut short: still read").isNotNull();
    assertThat(staticAlone.contains(Clustering.STATIC, CMP)).isTrue();
    assertThat(staticAlone.contains(row(1), CMP)).isFalse();
  }
}
