package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.Deletion;
import io.ringsim.sim.cells.Reach;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Counter histories put together by hand: a counter cell is judged as a sum of increments, between what was surely
 * counted and what may have been, and only where the bounds can be decided.
 */
class ServedCounterCheckTest {
  static final ClusteringComparator WIDE = new ClusteringComparator(List.of(
      ColumnDef.clustering("c", CqlTypes.INT, 0, ClusteringOrder.ASC)));
  static final ServedOp.PartitionRef P = new ServedOp.PartitionRef("ks.hits", "1", "00000001");
  static final Map<String, Integer> RF3 = Map.of("dc1", 3);

  final List<ServedOp> ops = new ArrayList<>();
  long ids;

  static Reach reach(ConsistencyLevel cl) {
    return Reach.of(cl, RF3, "dc1", false);
  }

  static CellKey n(int c) {
    return CellKey.simple(Clustering.of(CqlTypes.INT.serialize(c)), "n");
  }

  ServedOp.CounterWrite add(int client, ConsistencyLevel cl, long invoke, long complete, ServedOp.Outcome outcome,
      long delta) {
    ServedOp.CounterWrite w = new ServedOp.CounterWrite(++ids, client, P, WIDE, cl.name(), "n1", invoke, complete,
        outcome, outcome == ServedOp.Outcome.OK ? null : "WriteTimeout", Map.of(n(1), delta), List.of(), reach(cl),
        outcome != ServedOp.Outcome.OK && outcome != ServedOp.Outcome.REFUSED);
    ops.add(w);
    return w;
  }

  ServedOp.CounterWrite add(ConsistencyLevel cl, long invoke, long complete, long delta) {
    return add(1, cl, invoke, complete, ServedOp.Outcome.OK, delta);
  }

  ServedOp.CounterRead read(int client, ConsistencyLevel cl, long invoke, long complete, Long value, boolean last) {
    ServedOp.CounterRead r = new ServedOp.CounterRead(++ids, client, P, WIDE, last ? "ALL" : cl.name(), "n2", invoke,
        complete, ServedOp.Outcome.OK, Region.WHOLE, value == null ? Map.of() : Map.of(n(1), value),
        reach(last ? ConsistencyLevel.ALL : cl), last);
    ops.add(r);
    return r;
  }

  @Test
  void overlappingLevelsMakeTheAcknowledgedSumTheValue() {
    add(ConsistencyLevel.QUORUM, 0, 10, 5);
    add(ConsistencyLevel.QUORUM, 20, 30, 2);
    read(2, ConsistencyLevel.QUORUM, 40, 50, 7L, false);
    read(2, ConsistencyLevel.QUORUM, 60, 70, 7L, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.readsChecked()).isEqualTo(1);
    assertThat(r.keysChecked()).isEqualTo(1);
    assertThat(r.notJudged()).isEmpty();
  }

  @Test
  void anAcknowledgedQuorumIncrementMissingFromAQuorumReadIsStaleAtItsCell() {
    add(ConsistencyLevel.QUORUM, 0, 10, 5);
    add(ConsistencyLevel.QUORUM, 20, 30, 2);
    read(2, ConsistencyLevel.QUORUM, 40, 50, 5L, false);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.staleReads()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.STALE_READ);
      assertThat(a.key()).isEqualTo("ks.hits 1");
      assertThat(a.cell()).isEqualTo("row (1) column n");
      assertThat(a.detail()).contains("row (1) column n: saw 5, but the increments acknowledged before the read"
          + " began add up to 7 (2 writes)").doesNotContain("R + W <= RF");
    });
  }

  @Test
  void theSameClientsMissingIncrementIsReadYourWrites() {
    add(2, ConsistencyLevel.ALL, 0, 10, ServedOp.Outcome.OK, 3);
    read(2, ConsistencyLevel.ONE, 20, 30, 0L, false);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.rywViolations()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().extracting(Checker.Anomaly::kind)
        .isEqualTo(AnomalyKind.READ_YOUR_WRITES);
  }

  @Test
  void theNotPromisedDetailReadsWholeInChinese() {
    add(ConsistencyLevel.ONE, 0, 10, 4);
    read(2, ConsistencyLevel.ONE, 20, 30, 0L, false);
    String detail = ServedChecker.check(ops).anomalies().get(0).detail();
    // The run writes the detail in English; --lang zh-CN reads it back as one sentence, the R + W clause included.
    String zh = io.ringsim.report.Lang.ZH_CN.labels().say(detail);
    assertThat(zh).contains("读到 0", "合计为 4", "并不保证这次读能看到它们")
        .doesNotContain("saw 0", "did not promise", "an acknowledged increment is missing");
  }

  @Test
  void aReadAtOneThatMissesAnIncrementAcknowledgedAtOneIsStaleAndSaysCassandraDidNotPromiseIt() {
    add(ConsistencyLevel.ONE, 0, 10, 4);
    read(2, ConsistencyLevel.ONE, 20, 30, 0L, false);
    Checker.Result r = ServedChecker.check(ops);
    // As the cell checker does for a plain cell: an acknowledged write a later read misses makes it stale.
    assertThat(r.staleReads()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.STALE_READ);
      assertThat(a.detail()).contains("saw 0, but the increments acknowledged before the read began add up to 4")
          .contains("R + W <= RF, so Cassandra did not promise that this read would see them");
    });
    assertThat(r.notJudged()).isEmpty();

    read(2, ConsistencyLevel.ONE, 40, 50, 9L, false);
    Checker.Result more = ServedChecker.check(ops);
    assertThat(more.anomalies()).filteredOn(a -> a.kind() == AnomalyKind.COUNTER_UNEXPLAINED).singleElement()
        .satisfies(a -> assertThat(a.detail()).contains("saw 9, which no set of the increments sent adds up to (with"
            + " any of them counted or left out, the value lies between 0 and 4)"));
  }


  @Test
  void negativeMaybesWidenTheLowerBound() {
    add(ConsistencyLevel.QUORUM, 0, 10, 10);
    add(1, ConsistencyLevel.QUORUM, 20, 30, ServedOp.Outcome.TIMED_OUT, -4);
    add(1, ConsistencyLevel.QUORUM, 20, 30, ServedOp.Outcome.FAILED, 3);
    // 10 surely; the decrement and the increment may each have counted: 6 to 13.
    read(2, ConsistencyLevel.QUORUM, 40, 50, 6L, false);
    read(2, ConsistencyLevel.QUORUM, 40, 50, 13L, false);
    read(2, ConsistencyLevel.QUORUM, 40, 50, 9L, true);
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
    read(2, ConsistencyLevel.QUORUM, 60, 70, 5L, false);
    assertThat(ServedChecker.check(ops).staleReads()).isEqualTo(1);
  }

  @Test
  void aRefusedIncrementCountedNowhere() {
    add(ConsistencyLevel.QUORUM, 0, 10, 1);
    add(1, ConsistencyLevel.QUORUM, 20, 30, ServedOp.Outcome.REFUSED, 5);
    read(2, ConsistencyLevel.QUORUM, 40, 50, 6L, false);
    assertThat(ServedChecker.check(ops).anomalies()).singleElement().extracting(Checker.Anomaly::kind)
        .isEqualTo(AnomalyKind.COUNTER_UNEXPLAINED);
  }

  @Test
  void aConcurrentIncrementMayOrMayNotBeSeen() {
    add(ConsistencyLevel.QUORUM, 0, 10, 1);
    add(ConsistencyLevel.QUORUM, 15, 45, 1);
    read(2, ConsistencyLevel.QUORUM, 20, 40, 1L, false);
    read(2, ConsistencyLevel.QUORUM, 20, 40, 2L, false);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).isEmpty();
  }

  @Test
  void theReadBackAtAllFindsALostIncrementAtItsCell() {
    add(ConsistencyLevel.ONE, 0, 10, 2);
    ServedOp.CounterWrite lost = add(ConsistencyLevel.ONE, 20, 30, 3);
    read(-1, ConsistencyLevel.ALL, 100, 110, 2L, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lostWrites()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.LOST_WRITE);
      assertThat(a.cell()).isEqualTo("row (1) column n");
      assertThat(a.atMicros()).isEqualTo(lost.completeMicros());
      assertThat(a.detail()).startsWith("after healing, a read at ALL row (1)"
          + " column n: saw 2, but the increments acknowledged before the read began"
          + " add up to 5 (2 writes)");
    });
  }

  @Test
  void aCounterNeverSeenAfterAcknowledgedIncrementsIsLost() {
    add(ConsistencyLevel.QUORUM, 0, 10, 2);
    read(-1, ConsistencyLevel.ALL, 100, 110, null, true);
    assertThat(ServedChecker.check(ops).anomalies()).singleElement().satisfies(a ->
        assertThat(a.detail()).contains("column n: saw no value, but"));
  }

  @Test
  void aDeletedCounterIsNotJudged() {
    add(ConsistencyLevel.QUORUM, 0, 10, 2);
    ops.add(new ServedOp.CounterWrite(++ids, 1, P, WIDE, "QUORUM", "n1", 20, 30, ServedOp.Outcome.TIMED_OUT,
        "WriteTimeout", Map.of(), List.of(new Deletion.OfPartition(25)), reach(ConsistencyLevel.QUORUM), true));
    read(2, ConsistencyLevel.QUORUM, 40, 50, 0L, false);
    read(2, ConsistencyLevel.QUORUM, 40, 50, 0L, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.COUNTER_DELETED, 2L);
  }

  @Test
  void aWriteWhoseIncrementsAreUnknownLeavesItsPartitionUnjudged() {
    ops.add(new ServedOp.CounterWrite(++ids, 1, P, WIDE, "QUORUM", "n1", 0, 10, ServedOp.Outcome.TIMED_OUT,
        null, null, List.of(), reach(ConsistencyLevel.QUORUM), true));
    read(2, ConsistencyLevel.QUORUM, 40, 50, 99L, false);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.COUNTER_EFFECT_UNKNOWN, 1L);
  }

  @Test
  void aTruncateRestartsTheSum() {
    add(ConsistencyLevel.QUORUM, 0, 10, 5);
    ops.add(new ServedOp.Removal(++ids, 20, 30, "ks.hits", null, "TRUNCATE ks.hits"));
    add(ConsistencyLevel.QUORUM, 40, 50, 1);
    read(2, ConsistencyLevel.QUORUM, 25, 35, 0L, false);
    read(2, ConsistencyLevel.QUORUM, 60, 70, 1L, false);
    read(2, ConsistencyLevel.QUORUM, 80, 90, 1L, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.DURING_SCHEMA_REMOVAL, 1L);
    assertThat(r.readsChecked()).isEqualTo(1);
  }

  /**
   * An increment every replica acknowledged before a TRUNCATE is gone with it; one acknowledged by fewer may still be
   * in flight to a replica that applies it after the TRUNCATE, so it may or may not count.
   */
  @Test
  void aTruncateRemovesWhatEveryReplicaHadAndMayLeaveWhatWasInFlight() {
    add(ConsistencyLevel.ALL, 0, 10, 5);
    ops.add(new ServedOp.Removal(++ids, 20, 30, "ks.hits", null, "TRUNCATE ks.hits"));
    read(2, ConsistencyLevel.QUORUM, 60, 70, 5L, false);
    assertThat(ServedChecker.check(ops).anomalies()).singleElement()
        .satisfies(a -> assertThat(a.kind()).isEqualTo(AnomalyKind.COUNTER_UNEXPLAINED));

    ops.clear();
    add(ConsistencyLevel.ONE, 0, 10, 5);
    ops.add(new ServedOp.Removal(++ids, 20, 30, "ks.hits", null, "TRUNCATE ks.hits"));
    read(2, ConsistencyLevel.QUORUM, 60, 70, 5L, false);
    read(2, ConsistencyLevel.QUORUM, 80, 90, 0L, false);
    read(2, ConsistencyLevel.ALL, 100, 110, 5L, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.readsChecked()).isEqualTo(2);
  }

  /**
   * A TRUNCATE takes no virtual time: an increment sent at the instant it ended may have been applied before it (and
   * be gone) or after it, and a read begun at that instant may come before it. Neither is judged as if it were later.
   */
  @Test
  void anIncrementAtTheInstantATruncateEndedMayOrMayNotCount() {
    ops.add(new ServedOp.Removal(++ids, 30, 30, "ks.hits", null, "TRUNCATE ks.hits"));
    add(ConsistencyLevel.ALL, 30, 40, 2);
    read(2, ConsistencyLevel.ALL, 50, 60, 0L, false);
    read(2, ConsistencyLevel.ALL, 70, 80, 2L, false);
    read(2, ConsistencyLevel.ALL, 90, 100, 0L, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.readsChecked()).isEqualTo(2);

    ops.clear();
    add(ConsistencyLevel.ALL, 0, 10, 5);
    ops.add(new ServedOp.Removal(++ids, 20, 30, "ks.hits", null, "TRUNCATE ks.hits"));
    read(2, ConsistencyLevel.ALL, 30, 40, 5L, false);
    r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.DURING_SCHEMA_REMOVAL, 1L);
  }

  /**
   * A read running across a TRUNCATE may have read an increment every replica had before it and repair it onto a
   * replica after it: the increment may count again, and a later read that sees it is no anomaly.
   */
  @Test
  void aReadAcrossATruncateMayRepairWhatItRemoved() {
    add(ConsistencyLevel.ALL, 0, 10, 4);
    ops.add(new ServedOp.Removal(++ids, 20, 30, "ks.hits", null, "TRUNCATE ks.hits"));
    read(1, ConsistencyLevel.QUORUM, 15, 35, 4L, false);
    read(2, ConsistencyLevel.QUORUM, 60, 70, 4L, false);
    read(2, ConsistencyLevel.ALL, 80, 90, 4L, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.DURING_SCHEMA_REMOVAL, 1L);
    assertThat(r.readsChecked()).isEqualTo(1);
  }

  @Test
  void reachOverlapsAsRPlusWExceedsRf() {
    assertThat(reach(ConsistencyLevel.QUORUM).overlaps(reach(ConsistencyLevel.QUORUM))).isTrue();
    assertThat(reach(ConsistencyLevel.ONE).overlaps(reach(ConsistencyLevel.ALL))).isTrue();
    assertThat(reach(ConsistencyLevel.ONE).overlaps(reach(ConsistencyLevel.QUORUM))).isFalse();
    assertThat(reach(ConsistencyLevel.TWO).overlaps(reach(ConsistencyLevel.TWO))).isTrue();
    Map<String, Integer> twoDcs = Map.of("dc1", 3, "dc2", 3);
    Reach lq1 = Reach.of(ConsistencyLevel.LOCAL_QUORUM, twoDcs, "dc1", true);
    Reach lq2 = Reach.of(ConsistencyLevel.LOCAL_QUORUM, twoDcs, "dc2", true);
    assertThat(lq1.overlaps(lq1)).isTrue();
    assertThat(lq1.overlaps(lq2)).isFalse();
    assertThat(Reach.of(ConsistencyLevel.EACH_QUORUM, twoDcs, "dc1", true).overlaps(lq2)).isTrue();
    assertThat(Reach.of(ConsistencyLevel.QUORUM, twoDcs, "dc1", true)
        .overlaps(Reach.of(ConsistencyLevel.QUORUM, twoDcs, "dc2", true))).isTrue();
    assertThat(Reach.of(ConsistencyLevel.QUORUM, twoDcs, "dc1", true).overlaps(lq2)).isFalse();
    assertThat(Reach.of(ConsistencyLevel.ALL, twoDcs, "dc1", true).overlaps(lq2)).isTrue();
  }
}
