package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.CellWrite;
import io.ringsim.sim.cells.Deletion;
import io.ringsim.sim.cells.Mutation;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.Seen;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Histories with anomalies put in by hand: the served clients' checker finds each at its cell, and only those. */
class ServedCheckerTest {
  static final ClusteringComparator WIDE = new ClusteringComparator(List.of(
      ColumnDef.clustering("c", CqlTypes.INT, 0, ClusteringOrder.ASC)));
  static final ClusteringComparator ONE_ROW = new ClusteringComparator(List.of());
  static final ServedOp.PartitionRef P = new ServedOp.PartitionRef("ks.wide", "1", "00000001");
  static final ServedOp.PartitionRef Q = new ServedOp.PartitionRef("ks.once", "7", "00000007");

  final List<ServedOp> ops = new ArrayList<>();
  long ids;

  static Clustering row(int c) {
    return Clustering.of(CqlTypes.INT.serialize(c));
  }

  static CellKey v(int c) {
    return CellKey.simple(row(c), "v");
  }

  ServedOp.Write write(int client, long invoke, long complete, CellWrite... cells) {
    return mutate(client, invoke, complete, new Mutation(List.of(cells), List.of()));
  }

  ServedOp.Write mutate(int client, long invoke, long complete, Mutation m) {
    ServedOp.Write w = new ServedOp.Write(++ids, client, P, WIDE, "QUORUM", "n1", invoke, complete,
        ServedOp.Outcome.OK, null, m, ServedOp.Lwt.NONE, null, null);
    ops.add(w);
    return w;
  }

  static CellWrite cell(CellKey k, long ts) {
    return new CellWrite(k, ts, 0, Integer.MAX_VALUE, false);
  }

  ServedOp.Read read(int client, long invoke, long complete, int now, Map<CellKey, Long> seen, boolean last) {
    ServedOp.Read r = new ServedOp.Read(++ids, client, P, WIDE, "QUORUM", "n2", invoke, complete,
        ServedOp.Outcome.OK, Region.WHOLE, new Seen(seen, Set.of()), now, now, last, null);
    ops.add(r);
    return r;
  }

  @Test
  void aReadOlderThanAnAcknowledgedWriteIsStaleAtThatCellOnly() {
    write(1, 0, 10, cell(v(1), 100));
    write(1, 20, 30, cell(v(2), 200));
    read(2, 40, 50, 0, Map.of(v(1), 100L, v(2), 150L), false);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.staleReads()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.STALE_READ);
      assertThat(a.key()).isEqualTo("ks.wide 1");
      assertThat(a.detail()).contains("row (2) column v: saw timestamp 150, older than write #2 (timestamp 200");
    });
  }

  @Test
  void writesToOtherRowsOfThePartitionAreIndependent() {
    write(1, 0, 10, cell(v(1), 100));
    write(1, 20, 30, cell(v(2), 200), cell(CellKey.simple(row(2), "w"), 200));
    read(1, 40, 50, 0, Map.of(v(1), 100L, v(2), 200L, CellKey.simple(row(2), "w"), 200L), false);
    read(1, 60, 70, 0, Map.of(v(1), 100L, v(2), 200L, CellKey.simple(row(2), "w"), 200L), true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.readsChecked()).isEqualTo(1);
    assertThat(r.keysChecked()).isEqualTo(1);
  }

  @Test
  void aDeletionWinsATieAndExplainsAnAbsentCell() {
    write(1, 0, 10, cell(v(1), 100));
    mutate(1, 20, 30, new Mutation(List.of(), List.of(new Deletion.OfRow(row(1), 100))));
    read(1, 40, 50, 0, Map.of(), false); // right: the row deletion at the same timestamp wins
    read(1, 60, 70, 0, Map.of(v(1), 100L), false); // wrong: it saw the deleted cell
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.staleReads()).isEqualTo(1);
    assertThat(r.rywViolations()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> assertThat(a.detail())
        .contains("read #4").contains("row (1) column v: saw timestamp 100, older than deletion of row (1) #2"));
  }

  @Test
  void inRealTimeAWriteThatLosesToAnEarlierOneByAnOlderTimestampIsLost() {
    // #1 completes at 10; #2 begins at 20 on a coordinator whose clock is behind: timestamp 50 < 100.
    write(1, 0, 10, cell(v(1), 100));
    write(2, 20, 30, cell(v(1), 50));
    read(3, 40, 50, 0, Map.of(v(1), 100L), false); // Cassandra is right to return #1's value
    read(3, 60, 70, 0, Map.of(v(1), 100L), true);
    assertThat(ServedChecker.check(ops, ServedChecker.Order.TIMESTAMPS).anomalies()).isEmpty();
    Checker.Result r = ServedChecker.check(ops, ServedChecker.Order.REAL_TIME);
    assertThat(r.staleReads()).isEqualTo(1);
    assertThat(r.lostWrites()).isEqualTo(1);
    assertThat(r.anomalies()).allSatisfy(a -> {
      assertThat(a.cell()).isEqualTo("row (1) column v");
      assertThat(a.detail()).contains("saw timestamp 100, but write #2 (timestamp 50")
          .contains("lost to it by its older timestamp");
    });
    // Concurrent writes may land in either order: nothing to say.
    ops.clear();
    write(1, 0, 25, cell(v(1), 100));
    write(2, 20, 30, cell(v(1), 50));
    read(3, 40, 50, 0, Map.of(v(1), 100L), false);
    assertThat(ServedChecker.check(ops, ServedChecker.Order.REAL_TIME).anomalies()).isEmpty();
  }

  @Test
  void inRealTimeAWriteHiddenByAnEarlierDeletionWithANewerTimestampIsLost() {
    mutate(1, 0, 10, new Mutation(List.of(), List.of(new Deletion.OfRow(row(1), 100))));
    write(2, 20, 30, cell(v(1), 50));
    read(3, 40, 50, 0, Map.of(), true);
    assertThat(ServedChecker.check(ops, ServedChecker.Order.TIMESTAMPS).anomalies()).isEmpty();
    assertThat(ServedChecker.check(ops, ServedChecker.Order.REAL_TIME).anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.LOST_WRITE);
      assertThat(a.cell()).isEqualTo("row (1) column v");
      assertThat(a.detail()).contains("saw no value, but write #2 (timestamp 50")
          .contains("came after deletion of row (1) #1 (timestamp 100) had completed");
    });
    // A deletion that came after the write shadows it, in any order.
    ops.clear();
    write(2, 0, 10, cell(v(1), 50));
    mutate(1, 20, 30, new Mutation(List.of(), List.of(new Deletion.OfRow(row(1), 100))));
    read(3, 40, 50, 0, Map.of(), true);
    assertThat(ServedChecker.check(ops, ServedChecker.Order.REAL_TIME).anomalies()).isEmpty();
  }

  @Test
  void aWriteNewerThanADeletionIsLiveAgainAndAnOlderOneIsNot() {
    mutate(1, 0, 10, new Mutation(List.of(), List.of(new Deletion.OfPartition(100))));
    write(1, 20, 30, cell(v(1), 200)); // newer than the deletion: live
    write(1, 40, 50, cell(v(2), 90)); // older (a client timestamp): shadowed
    read(2, 60, 70, 0, Map.of(v(1), 200L), false);
    read(2, 80, 90, 0, Map.of(v(1), 200L), true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    read(2, 100, 110, 0, Map.of(), false); // missing row 1: stale
    read(2, 120, 130, 0, Map.of(v(1), 200L, v(2), 90L), false); // saw the shadowed cell: stale
    assertThat(ServedChecker.check(ops).anomalies()).satisfiesExactly(
        a -> assertThat(a.detail()).contains("row (1) column v: saw no value, but write #2"),
        a -> assertThat(a.detail()).contains("row (2) column v: saw timestamp 90, older than partition deletion #1"));
  }

  @Test
  void aReadOfSomeColumnsIsJudgedOnThoseColumnsOnly() {
    CellKey w1 = CellKey.simple(row(1), "w");
    write(1, 0, 10, cell(v(1), 100), cell(w1, 100), new CellWrite(CellKey.marker(row(1)), 100, 0,
        Integer.MAX_VALUE, false));
    write(1, 20, 30, cell(w1, 200));
    Region onlyV = Region.WHOLE.selecting(Set.of("v"));
    // SELECT v: it saw v, and neither w nor the row marker, which it did not select.
    ops.add(new ServedOp.Read(++ids, 2, P, WIDE, "QUORUM", "n2", 40, 50, ServedOp.Outcome.OK, onlyV,
        new Seen(Map.of(v(1), 100L), Set.of()), 0, 0, false, null));
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
    // SELECT w that saw the older w: stale at w.
    ops.add(new ServedOp.Read(++ids, 2, P, WIDE, "QUORUM", "n2", 60, 70, ServedOp.Outcome.OK,
        Region.WHOLE.selecting(Set.of("w")), new Seen(Map.of(w1, 100L), Set.of()), 0, 0, false, null));
    // SELECT v that saw nothing: stale at v.
    ops.add(new ServedOp.Read(++ids, 2, P, WIDE, "QUORUM", "n2", 80, 90, ServedOp.Outcome.OK, onlyV, Seen.NOTHING,
        0, 0, false, null));
    assertThat(ServedChecker.check(ops).anomalies()).extracting(Checker.Anomaly::cell)
        .containsExactly("row (1) column w", "row (1) column v");
  }

  @Test
  void aRangeDeletionCoversOnlyItsSlice() {
    write(1, 0, 10, cell(v(1), 100), cell(v(5), 100));
    mutate(1, 20, 30, new Mutation(List.of(), List.of(new Deletion.OfRange(new io.ringsim.storage.Slice(
        io.ringsim.storage.ClusteringBound.exclusive(CqlTypes.INT.serialize(2)),
        io.ringsim.storage.ClusteringBound.UNBOUNDED), 150))));
    read(1, 40, 50, 0, Map.of(v(1), 100L), false);
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
    read(1, 60, 70, 0, Map.of(), false); // row 1 is missing: stale
    assertThat(ServedChecker.check(ops).anomalies()).singleElement()
        .satisfies(a -> assertThat(a.detail()).contains("row (1) column v: saw no value, but write #1"));
  }

  @Test
  void aTtlExpiresAtItsLocalDeletionTimeInWholeSeconds() {
    write(1, 0, 10, new CellWrite(v(1), 100, 20, 1020, false));
    read(1, 40, 50, 1019, Map.of(), false); // still live at 1019: missing it is stale
    read(1, 60, 70, 1020, Map.of(), false); // expired at 1020
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).singleElement().satisfies(a -> assertThat(a.detail()).contains("read #2"));
  }

  @Test
  void whatADropRemovedIsNotLostButAWriteAfterItIs() {
    write(1, 0, 10, cell(v(1), 100));
    read(1, 900, 910, 0, Map.of(), true);
    assertThat(ServedChecker.check(ops).lostWrites()).isEqualTo(1);
    ops.add(new ServedOp.Removal(++ids, 20, 30, "ks.wide", null, "DROP TABLE wide"));
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lostWrites()).isZero();
    assertThat(r.anomalies()).isEmpty();
    write(1, 40, 50, cell(v(2), 300));
    assertThat(ServedChecker.check(ops).anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.LOST_WRITE);
      assertThat(a.detail()).contains("row (2) column v");
    });
  }

  @Test
  void aReadDuringADropIsNotJudged() {
    write(1, 0, 10, cell(v(1), 100));
    ops.add(new ServedOp.Removal(++ids, 20, 30, "ks.wide", null, "TRUNCATE wide"));
    read(2, 25, 35, 0, Map.of(), false);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.DURING_SCHEMA_REMOVAL, 1L);
  }

  /** A write sent at the instant a TRUNCATE ended may have been applied before it: its absence is no loss. */
  @Test
  void aWriteAtTheInstantATruncateEndedMayBeGone() {
    ops.add(new ServedOp.Removal(++ids, 30, 30, "ks.wide", null, "TRUNCATE wide"));
    write(1, 30, 40, cell(v(1), 100));
    read(2, 30, 45, 0, Map.of(), false);
    read(1, 900, 910, 0, Map.of(), true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.DURING_SCHEMA_REMOVAL, 1L);
    write(1, 31, 41, cell(v(2), 200));
    assertThat(ServedChecker.check(ops).anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.LOST_WRITE);
      assertThat(a.detail()).contains("row (2) column v");
    });
  }

  ServedOp.Write lwt(ServedOp.Lwt form, long invoke, long complete, boolean applied) {
    ServedOp.Write w = new ServedOp.Write(++ids, 1, Q, ONE_ROW, "QUORUM", "n1", invoke, complete,
        ServedOp.Outcome.OK, null, applied ? new Mutation(List.of(cell(CellKey.simple(Clustering.EMPTY, "v"),
        invoke)), List.of()) : null, form, applied, null);
    ops.add(w);
    return w;
  }

  @Test
  void twoAppliedIfNotExistsOfOneRowAreAViolation() {
    lwt(ServedOp.Lwt.IF_NOT_EXISTS, 0, 10, true);
    lwt(ServedOp.Lwt.IF_NOT_EXISTS, 20, 30, false);
    assertThat(ServedChecker.check(ops).lwtViolations()).isZero();
    lwt(ServedOp.Lwt.IF_NOT_EXISTS, 40, 50, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lwtViolations()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> assertThat(a.kind()).isEqualTo(AnomalyKind.LWT));
  }

  @Test
  void otherLwtConditionsAreNotJudgedNeverViolations() {
    lwt(ServedOp.Lwt.OTHER_CONDITION, 0, 10, true);
    lwt(ServedOp.Lwt.OTHER_CONDITION, 40, 50, true);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lwtViolations()).isZero();
    assertThat(r.notJudged()).containsEntry(NotJudged.LWT_CONDITION, 1L);
  }

  @Test
  void scansAndCountersAreCountedAsNotJudged() {
    ops.add(new ServedOp.Unjudged(++ids, 0, 10, NotJudged.RANGE_SCAN));
    ops.add(new ServedOp.Unjudged(++ids, 0, 10, NotJudged.RANGE_SCAN));
    ops.add(new ServedOp.Unjudged(++ids, 0, 10, NotJudged.COUNTER));
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.notJudged()).containsEntry(NotJudged.RANGE_SCAN, 2L).containsEntry(NotJudged.COUNTER, 1L);
    assertThat(r.notJudgedTotal()).isEqualTo(3);
    assertThat(r.anomalies()).isEmpty();
  }
}
