package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.LongToken;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.Seen;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Served conditional UPDATEs (IF v = ..., IF NOT EXISTS) on rows of a table with a clustering column, judged row by
 * row on the rows' values: histories put together by hand as a served cluster records them (each LWT's condition, the
 * update its coordinator built, the row a refused one was answered with). A legal history is judged with no anomaly
 * and nothing left not judged; two {@code IF v = 1 SET v = 2} both applied is reported at its row, naming the LWTs.
 */
class ServedLwtConditionTest {
  static final ClusteringComparator CMP = new ClusteringComparator(List.of(
      ColumnDef.clustering("uid", CqlTypes.INT, 0, ClusteringOrder.ASC)));
  static final ServedOp.PartitionRef US = new ServedOp.PartitionRef("geo.users", "'us'", "7573");
  static final DecoratedKey KEY = new DecoratedKey(new LongToken(1), new byte[] {0x75, 0x73});

  final List<ServedOp> ops = new ArrayList<>();
  long ids;

  static Clustering row(int uid) {
    return Clustering.of(CqlTypes.INT.serialize(uid));
  }

  static Integer v(LivePartition lp, Clustering c) {
    if (lp == null) return null;
    for (LiveRow r : lp.rows()) {
      if (!r.clustering().equals(c)) continue;
      Cell cell = r.cells().get("v");
      return cell == null ? null : (Integer) CqlTypes.INT.deserialize(cell.value());
    }
    return null;
  }

  /** IF v = expected (null: IF v = null), as its coordinator tests the row read. */
  static Predicate<LivePartition> ifV(Clustering c, Integer expected) {
    return lp -> Objects.equals(v(lp, c), expected);
  }

  static Predicate<LivePartition> ifNotExists(Clustering c) {
    return lp -> lp == null || lp.rows().stream().noneMatch(r -> r.clustering().equals(c));
  }

  /** What SET v = value builds (an INSERT's also writes the row marker). */
  static Partition sets(Clustering c, int value, long ts, boolean marker) {
    Row.Builder b = Row.builder(c).cell("v", Cell.live(ts, CqlTypes.INT.serialize(value)));
    if (marker) b.marker(LivenessInfo.of(ts, 0, 0));
    return new Partition(KEY, CMP).add(b.build());
  }

  /** The row a refused LWT was answered with: v's value (null: the row is not there). */
  static LivePartition answered(Clustering c, Integer value) {
    if (value == null) return new LivePartition(KEY, null, List.of());
    return new LivePartition(KEY, null, List.of(new LiveRow(c, false,
        Map.of("v", Cell.live(1, CqlTypes.INT.serialize(value))), Map.of())));
  }

  /**
   * An LWT on row {@code c}, between {@code invoke} and {@code complete}: applied (writing {@code setTo}), refused
   * (answered with {@code current}), or timed out ({@code applied} null).
   */
  ServedOp.Write lwt(Clustering c, Predicate<LivePartition> condition, boolean insert, int setTo, long invoke,
      long complete, Boolean applied, Integer current) {
    long id = ++ids;
    boolean mayHave = applied == null || applied;
    ServedOp.Conditional cas = new ServedOp.Conditional(c, condition, mayHave ? sets(c, setTo, invoke, insert) : null,
        Boolean.FALSE.equals(applied) ? answered(c, current) : null, insert ? null : List.of("v"), null);
    ServedOp.Write w = new ServedOp.Write(id, (int) id, US, CMP, "QUORUM", "n1", invoke, complete,
        applied == null ? ServedOp.Outcome.TIMED_OUT : ServedOp.Outcome.OK, null,
        mayHave ? io.ringsim.sim.cells.CellCapture.mutation(cas.update()) : null,
        insert ? ServedOp.Lwt.IF_NOT_EXISTS : ServedOp.Lwt.OTHER_CONDITION, applied, null, 0, false, cas);
    ops.add(w);
    return w;
  }

  ServedOp.Write update(Clustering c, Integer ifV, int setTo, long invoke, long complete, Boolean applied,
      Integer current) {
    return lwt(c, ifV(c, ifV), false, setTo, invoke, complete, applied, current);
  }

  /** A SERIAL read of row {@code c} that saw v written at {@code ts} (or no v) and the row marker (or none). */
  void serialRead(Clustering c, boolean sawV, long ts, boolean sawMarker, long invoke, long complete) {
    Map<CellKey, Long> cells = sawV ? Map.of(CellKey.simple(c, "v"), ts) : Map.of();
    Set<Clustering> markers = sawMarker ? Set.of(c) : Set.of();
    ops.add(new ServedOp.Read(++ids, 99, US, CMP, "SERIAL", "n2", invoke, complete, ServedOp.Outcome.OK,
        Region.WHOLE, new Seen(cells, markers), 0, 0, false, null));
  }

  @Test
  void conditionalUpdatesAppliedAndNotAppliedAreJudgedRowByRowWithNoAnomaly() {
    Clustering two = row(2), three = row(3);
    lwt(two, ifNotExists(two), true, 1, 0, 10, true, null);
    update(two, 1, 2, 20, 30, true, null); // IF v = 1 SET v = 2
    update(two, 1, 3, 25, 40, false, 2); // concurrent, after it: refused, answered v = 2
    update(two, 2, 1, 50, 60, true, null); // IF v = 2 SET v = 1: back to 1
    update(two, 1, 5, 70, 80, true, null); // so IF v = 1 applies again
    serialRead(two, true, 70, true, 90, 95);
    // Another row of the same partition, a register of its own: absent, so IF v = 5 is refused with no row shown,
    // and IF v = null holds.
    update(three, 5, 6, 0, 100, false, null);
    update(three, null, 7, 110, 120, true, null);
    update(three, 7, 8, 130, 140, true, null);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.lwtViolations()).isZero();
    assertThat(r.notJudged()).as("judged, not counted as not judged").isEmpty();
  }

  @Test
  void twoIfV1SetV2BothAppliedIsReportedAtTheirRowNamingTheOps() {
    Clustering two = row(2), three = row(3);
    lwt(two, ifNotExists(two), true, 1, 0, 10, true, null);
    ServedOp.Write a = update(two, 1, 2, 20, 30, true, null);
    ServedOp.Write b = update(two, 1, 2, 40, 50, true, null); // nothing wrote 1 back in between
    update(three, null, 1, 0, 10, true, null); // a row beside it, legal
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lwtViolations()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(an -> {
      assertThat(an.kind()).isEqualTo(AnomalyKind.LWT);
      assertThat(an.key()).startsWith("geo.users 'us'").contains("(2)").doesNotContain("(3)");
      assertThat(an.detail()).contains("#" + a.id() + " applied", "#" + b.id() + " applied", "#" + b.id()
          + " cannot be placed");
    });
  }

  @Test
  void aRefusedLwtAnsweredWithValuesTheRowNeverHadIsReported() {
    Clustering two = row(2);
    lwt(two, ifNotExists(two), true, 1, 0, 10, true, null);
    update(two, 5, 6, 20, 30, false, 7); // refused rightly (v is 1) but answered v = 7: no write ever wrote 7
    assertThat(ServedChecker.check(ops).lwtViolations()).isEqualTo(1);
    ops.remove(ops.size() - 1);
    update(two, 5, 6, 20, 30, false, 1);
    assertThat(ServedChecker.check(ops).lwtViolations()).isZero();
  }

  @Test
  void aRefusalAnsweredWithTheCellsItWroteItselfIsReportedAsTakingEffect() {
    Clustering two = row(2);
    lwt(two, ifNotExists(two), true, 1, 0, 10, true, null);
    // IF v = 1 SET v = 2, its proposal committed by a later round that then found v = 2: answered [applied] = false
    // with v = 2 at its own update's timestamp (20).
    ServedOp.Conditional cas = new ServedOp.Conditional(two, ifV(two, 1), sets(two, 2, 20, false),
        new LivePartition(KEY, null, List.of(new LiveRow(two, true, Map.of("v", Cell.live(20,
            CqlTypes.INT.serialize(2))), Map.of()))), List.of("v"), null);
    ops.add(new ServedOp.Write(++ids, 3, US, CMP, "QUORUM", "n1", 20, 40, ServedOp.Outcome.OK, null,
        io.ringsim.sim.cells.CellCapture.mutation(cas.update()), ServedOp.Lwt.OTHER_CONDITION, false, null, 0, false,
        cas));
    long refused = ids;
    update(two, 2, 3, 50, 60, true, null); // it did take effect: IF v = 2 applies after it
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).singleElement().satisfies(an -> {
      assertThat(an.key()).contains("(2)");
      assertThat(an.detail()).contains("#" + refused + " answered [applied] = false", "wrote itself (timestamp 20)");
    });
  }

  /**
   * Two coordinators can pick the same ballot time (each keeps its own clock unique, not the cluster's): a refusal
   * answered with another LWT's cells at the timestamp its own update would have had is no sign it took effect.
   */
  @Test
  void aRefusalShowingAnotherLwtsCellsAtTheSameTimestampIsNoAnomaly() {
    Clustering two = row(2);
    lwt(two, ifNotExists(two), true, 1, 0, 10, true, null); // IF NOT EXISTS, v = 1 at timestamp 0
    // Through n2, IF NOT EXISTS with v = 9, its ballot also at time 0: refused, answered with the first one's v = 1
    // written at 0, the timestamp its own update has too.
    ServedOp.Conditional cas = new ServedOp.Conditional(two, ifNotExists(two), sets(two, 9, 0, true),
        new LivePartition(KEY, null, List.of(new LiveRow(two, true, Map.of("v", Cell.live(0,
            CqlTypes.INT.serialize(1))), Map.of()))), null, null);
    ops.add(new ServedOp.Write(++ids, 4, US, CMP, "QUORUM", "n2", 0, 12, ServedOp.Outcome.OK, null,
        io.ringsim.sim.cells.CellCapture.mutation(cas.update()), ServedOp.Lwt.IF_NOT_EXISTS, false, null, 0, false,
        cas));
    update(two, 1, 2, 20, 30, true, null); // v is still 1: IF v = 1 applies
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).isEmpty();
  }

  @Test
  void aTimedOutUpdateMayHaveTakenEffectOrNot() {
    Clustering two = row(2);
    lwt(two, ifNotExists(two), true, 1, 0, 10, true, null);
    update(two, 1, 2, 20, 30, null, null); // timed out: IF v = 1 SET v = 2 may have applied
    update(two, 2, 3, 40, 50, true, null); // it did
    Checker.Result applied = ServedChecker.check(ops);
    assertThat(applied.anomalies()).isEmpty();
    assertThat(applied.notJudged()).isEmpty();
    ops.remove(ops.size() - 1);
    update(two, 1, 3, 40, 50, true, null); // it did not
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
  }

  @Test
  void aSerialReadMustSeeTheRowTheLwtsLeft() {
    Clustering two = row(2);
    update(two, null, 1, 0, 10, true, null); // IF v = null on a missing row holds; SET v = 1 (no row marker)
    serialRead(two, true, 0, false, 20, 30);
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
    serialRead(two, false, 0, false, 40, 50); // the row vanished with nothing deleting it
    assertThat(ServedChecker.check(ops).lwtViolations()).isEqualTo(1);
  }

  @Test
  void anLwtSpanningRowsOrOnACollectionElementLeavesItsPartitionNotJudged() {
    Clustering two = row(2);
    update(two, 1, 2, 0, 10, true, null); // would be a violation (v was never 1) if judged
    ops.add(new ServedOp.Write(++ids, 5, US, CMP, "QUORUM", "n1", 20, 30, ServedOp.Outcome.OK, null, null,
        ServedOp.Lwt.OTHER_CONDITION, false, null, 0, false, new ServedOp.Conditional(Clustering.EMPTY, lp -> false,
        null, answered(two, null), null, NotJudged.LWT_MULTI_ROW)));
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.LWT_MULTI_ROW, 1L);
    ops.remove(ops.size() - 1);
    ops.add(new ServedOp.Write(++ids, 5, US, CMP, "QUORUM", "n1", 20, 30, ServedOp.Outcome.OK, null, null,
        ServedOp.Lwt.OTHER_CONDITION, false, null, 0, false, new ServedOp.Conditional(two, lp -> false,
        null, answered(two, null), List.of("l"), NotJudged.LWT_COLLECTION)));
    assertThat(ServedChecker.check(ops).notJudged()).containsEntry(NotJudged.LWT_COLLECTION, 1L);
    ops.remove(ops.size() - 1);
    assertThat(ServedChecker.check(ops).lwtViolations()).as("judged once nothing spans rows").isEqualTo(1);
  }
}
