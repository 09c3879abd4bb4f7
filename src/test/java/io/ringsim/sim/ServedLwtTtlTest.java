package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.CellWrite;
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

/**
 * Served INSERT ... IF NOT EXISTS USING TTL, judged as Cassandra expires the row: at its local deletion time, the
 * inserting round's now plus the TTL in whole seconds, each LWT and SERIAL read judging liveness at its own
 * coordinator's now. Histories put together by hand: a violation is found at its row, a linearizable history is
 * judged (not counted as not judged), and what lacks a now is not judged, never a violation.
 */
class ServedLwtTtlTest {
  static final ClusteringComparator ONE_ROW = new ClusteringComparator(List.of());
  static final ServedOp.PartitionRef ROW = new ServedOp.PartitionRef("ks.once", "7", "00000007");
  static final CellKey MARKER = CellKey.marker(Clustering.EMPTY);
  static final CellKey V = CellKey.simple(Clustering.EMPTY, "v");

  final List<ServedOp> ops = new ArrayList<>();
  long ids;

  /** What INSERT (k, v) ... USING TTL {@code ttl} builds at round now {@code now}: marker and cell, both expiring. */
  static Mutation inserted(long ts, int now, int ttl) {
    int ldt = ttl > 0 ? now + ttl : Integer.MAX_VALUE;
    return new Mutation(List.of(new CellWrite(MARKER, ts, ttl, ldt, false), new CellWrite(V, ts, ttl, ldt, false)),
        List.of());
  }

  /** An INSERT ... IF NOT EXISTS USING TTL answered in second {@code sec} (its round's now), [applied] or not. */
  ServedOp.Write insert(int sec, boolean applied, int ttl) {
    long invoke = sec * 1_000_000L + 100_000, complete = invoke + 5_000;
    ServedOp.Write w = new ServedOp.Write(++ids, (int) ids, ROW, ONE_ROW, "QUORUM", "n1", invoke, complete,
        ServedOp.Outcome.OK, null, applied ? inserted(invoke, sec, ttl) : null, ServedOp.Lwt.IF_NOT_EXISTS, applied,
        null, sec, ttl > 0);
    ops.add(w);
    return w;
  }

  /**
   * A SERIAL read answered in second {@code sec}, at its coordinator's now {@code sec}, that saw the row {@code saw}
   * inserted (null: no row).
   */
  ServedOp.Read serialRead(int sec, ServedOp.Write saw) {
    return read(sec, sec, sec, "SERIAL", saw);
  }

  ServedOp.Read read(int sec, int nowLo, int nowHi, String cl, ServedOp.Write saw) {
    long invoke = sec * 1_000_000L + 500_000;
    Seen seen = saw == null ? Seen.NOTHING : new Seen(Map.of(V, saw.invokeMicros()), Set.of(Clustering.EMPTY));
    ServedOp.Read r = new ServedOp.Read(++ids, (int) ids, ROW, ONE_ROW, cl, "n2", invoke, invoke + 5_000,
        ServedOp.Outcome.OK, Region.WHOLE, seen, nowLo, nowHi, false, null);
    ops.add(r);
    return r;
  }

  @Test
  void aRowInsertedAgainAfterItsTtlExpiredIsJudgedAndLinearizable() {
    ServedOp.Write first = insert(10, true, 5); // lives while a now is below 15
    serialRead(14, first);
    insert(14, false, 5); // still there at 14: refused
    serialRead(15, null); // gone at 15, the whole second
    ServedOp.Write again = insert(16, true, 5);
    read(17, 17, 17, "QUORUM", again);
    insert(18, false, 5);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.lwtViolations()).isZero();
    assertThat(r.notJudged()).as("judged, not counted as not judged").isEmpty();
  }

  @Test
  void twoInsertsAppliedWhileTheFirstStillLivedAreAViolationAtTheirRow() {
    insert(10, true, 20); // lives until second 30
    ServedOp.Write second = insert(25, true, 20);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lwtViolations()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.LWT);
      assertThat(a.key()).isEqualTo("ks.once 7");
      assertThat(a.consistency()).isEqualTo("SERIAL");
      assertThat(a.atMicros()).isEqualTo(second.invokeMicros());
      // Said with the nows and expiries that decide it, so that a reader can follow it.
      assertThat(a.detail()).contains("#" + second.id() + " (now 25 s at its coordinator) cannot be placed")
          .contains("#1: 30, #2: 45");
    });
  }

  @Test
  void theSameTwoInsertsOnceTheFirstExpiredAreNoViolation() {
    insert(10, true, 20);
    insert(30, true, 20); // at now 30 the first row's local deletion time is reached
    assertThat(ServedChecker.check(ops).lwtViolations()).isZero();
  }

  @Test
  void aSerialReadThatSawTheRowAfterItExpiredIsAViolation() {
    ServedOp.Write first = insert(10, true, 5);
    ServedOp.Read late = serialRead(15, first);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lwtViolations()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> {
      assertThat(a.key()).isEqualTo("ks.once 7");
      assertThat(a.detail()).contains("#" + late.id());
    });
  }

  @Test
  void aTimedOutInsertWhoseProposalWasBuiltIsJudgedAtItsRoundsNow() {
    insert(10, true, 5);
    // Timed out at round now 12 while the row lived: it cannot have taken effect; a second insert at 16 may.
    long invoke = 12_000_000;
    ops.add(new ServedOp.Write(++ids, 9, ROW, ONE_ROW, "QUORUM", "n3", invoke, 24_000_000,
        ServedOp.Outcome.TIMED_OUT, "OperationTimedOut (client)", inserted(invoke, 12, 5), ServedOp.Lwt.IF_NOT_EXISTS,
        null, null, 12, true));
    insert(16, true, 5);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).isEmpty();
  }

  @Test
  void whereANowIsNotKnownAPartitionWithTtlsIsNotJudgedWithItsReason() {
    insert(10, true, 20);
    // Timed out before anything was built: when (and whether) it wrote a row that expires, nobody learnt.
    ops.add(new ServedOp.Write(++ids, 9, ROW, ONE_ROW, "QUORUM", "n3", 11_000_000, 23_000_000,
        ServedOp.Outcome.TIMED_OUT, "OperationTimedOut (client)", null, ServedOp.Lwt.IF_NOT_EXISTS, null, null, null,
        true));
    insert(25, true, 20); // a violation if nothing else had happened: not reported, since it cannot be told
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.LWT_TTL, 1L);
    assertThat(NotJudged.LWT_TTL.reason()).contains("now was not reported");
  }

  @Test
  void aSerialReadWhoseNowSpansTwoSecondsLeavesATtlPartitionNotJudged() {
    ServedOp.Write first = insert(10, true, 5);
    read(15, 14, 15, "SERIAL", first); // live at 14, gone at 15: which one it was is not known
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lwtViolations()).isZero();
    assertThat(r.notJudged()).containsEntry(NotJudged.LWT_TTL, 1L);
  }

  /** A history without nows (recorded before they were): judged where no TTL plays a role, not judged where one does. */
  @Test
  void aHistoryWithoutNowsIsJudgedWithoutTtlsAndNotJudgedWithThem() {
    for (int ttl : new int[] {0, 20}) {
      ops.clear();
      for (int sec : new int[] {10, 25}) {
        long invoke = sec * 1_000_000L;
        ops.add(new ServedOp.Write(++ids, sec, ROW, ONE_ROW, "QUORUM", "n1", invoke, invoke + 5_000,
            ServedOp.Outcome.OK, null, inserted(invoke, sec, ttl), ServedOp.Lwt.IF_NOT_EXISTS, true, null));
      }
      Checker.Result r = ServedChecker.check(ops);
      if (ttl == 0) {
        assertThat(r.lwtViolations()).as("without a TTL the row cannot have gone").isEqualTo(1);
        assertThat(r.notJudged()).isEmpty();
      } else {
        assertThat(r.lwtViolations()).as("with a TTL and no now: never a violation").isZero();
        assertThat(r.notJudged()).containsEntry(NotJudged.LWT_TTL, 1L);
      }
    }
  }
}
