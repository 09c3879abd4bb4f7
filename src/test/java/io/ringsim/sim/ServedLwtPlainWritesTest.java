package io.ringsim.sim;

import static io.ringsim.sim.ServedLwtConditionTest.CMP;
import static io.ringsim.sim.ServedLwtConditionTest.KEY;
import static io.ringsim.sim.ServedLwtConditionTest.US;
import static io.ringsim.sim.ServedLwtConditionTest.answered;
import static io.ringsim.sim.ServedLwtConditionTest.ifNotExists;
import static io.ringsim.sim.ServedLwtConditionTest.ifV;
import static io.ringsim.sim.ServedLwtConditionTest.row;
import static io.ringsim.sim.ServedLwtConditionTest.sets;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.cells.CellCapture;
import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.Seen;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.Partition;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Plain writes racing LWTs on the same row, as Cassandra resolves them: a plain write carries its coordinator's (or
 * its client's) timestamp, an LWT its ballot's, and the row's cells merge by timestamp. Each LWT's condition is judged
 * on the row as the timestamps order it, each plain write taking effect at one instant (within its request when
 * acknowledged at a level that meets every Paxos quorum). And SERIAL reads are judged by the values they returned.
 */
class ServedLwtPlainWritesTest {
  final List<ServedOp> ops = new ArrayList<>();
  long ids;

  /** An LWT {@code IF v = ifV SET v = setTo} at ballot timestamp {@code invoke}: applied, refused or timed out. */
  ServedOp.Write update(Clustering c, Predicate<LivePartition> condition, int setTo, long invoke, long complete,
      Boolean applied, Integer current) {
    long id = ++ids;
    boolean mayHave = applied == null || applied;
    ServedOp.Conditional cas = new ServedOp.Conditional(c, condition, mayHave ? sets(c, setTo, invoke, false) : null,
        Boolean.FALSE.equals(applied) ? answered(c, current) : null, List.of("v"), null);
    ServedOp.Write w = new ServedOp.Write(id, (int) id, US, CMP, "QUORUM", "n1", invoke, complete,
        applied == null ? ServedOp.Outcome.TIMED_OUT : ServedOp.Outcome.OK, null,
        mayHave ? CellCapture.mutation(cas.update()) : null, ServedOp.Lwt.OTHER_CONDITION, applied, null, 0, false,
        cas);
    ops.add(w);
    return w;
  }

  /** A plain write of {@code update} at {@code cl}, acknowledged or not ({@code acked} false: it timed out). */
  ServedOp.Write plain(Partition update, String cl, long invoke, long complete, boolean acked) {
    ServedOp.Write w = new ServedOp.Write(++ids, 50, US, CMP, cl, "n2", invoke, complete,
        acked ? ServedOp.Outcome.OK : ServedOp.Outcome.TIMED_OUT, null, CellCapture.mutation(update),
        ServedOp.Lwt.NONE, null, null, 0, false, new ServedOp.Conditional(null, null, update, null, null, null));
    ops.add(w);
    return w;
  }

  /** A SERIAL read of row {@code c} that returned v = {@code value} written at {@code ts} (null: no v). */
  void serialRead(Clustering c, Integer value, long ts, long invoke, long complete) {
    Map<CellKey, Long> cells = value == null ? Map.of() : Map.of(CellKey.simple(c, "v"), ts);
    Map<CellKey, ByteBuffer> values = value == null ? Map.of()
        : Map.of(CellKey.simple(c, "v"), ByteBuffer.wrap(CqlTypes.INT.serialize(value)));
    ops.add(new ServedOp.Read(++ids, 99, US, CMP, "SERIAL", "n3", invoke, complete, ServedOp.Outcome.OK,
        Region.WHOLE, new Seen(cells, Set.of(), values), 0, 0, false, null));
  }

  @Test
  void aPlainWriteRacingAnLwtMayBeSeenOrNotAndIsJudged() {
    Clustering two = row(2);
    plain(sets(two, 1, 5, true), "QUORUM", 0, 10, true);
    plain(sets(two, 7, 25, false), "QUORUM", 18, 40, true); // concurrent with the LWT below
    update(two, ifV(two, 1), 2, 20, 30, true, null); // IF v = 1: it ran before the plain write took effect
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).as("judged").isEmpty();
  }

  @Test
  void anLwtThatMissedAPlainWriteAcknowledgedAtQuorumBeforeItIsReported() {
    Clustering two = row(2);
    update(two, ifNotExists(two), 0, 0, 5, true, null); // an LWT first, so that the plain write is not the start
    plain(sets(two, 7, 25, false), "QUORUM", 10, 20, true); // v = 7, acknowledged at QUORUM
    ServedOp.Write late = update(two, ifV(two, 0), 2, 30, 40, true, null); // IF v = 0 applied: it missed v = 7
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.lwtViolations()).isEqualTo(1);
    assertThat(r.anomalies()).singleElement().satisfies(a -> assertThat(a.detail())
        .contains("plain write at QUORUM, acknowledged", "#" + late.id() + " applied"));
    // At ONE its replica may not have been in the LWT's quorum yet: then missing it is what Cassandra allows.
    plain(sets(two, 7, 25, false), "ONE", 10, 20, true);
    ops.set(1, ops.remove(ops.size() - 1));
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
  }

  @Test
  void aPlainWriteWithANewerTimestampWinsOverALaterLwtsWrite() {
    Clustering two = row(2);
    update(two, ifNotExists(two), 0, 0, 5, true, null);
    plain(sets(two, 7, 1_000, false), "QUORUM", 10, 20, true); // its client's clock is ahead: timestamp 1000
    update(two, ifV(two, 7), 8, 30, 40, true, null); // applied, but its v = 8 (ballot 30) loses to v = 7 (1000)
    update(two, ifV(two, 8), 9, 50, 60, false, 7); // so IF v = 8 is refused, answered v = 7
    serialRead(two, 7, 1_000, 70, 80);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).isEmpty();
    // Had the LWT's write overwritten the row whatever the timestamps say, IF v = 8 would have applied.
    ops.remove(ops.size() - 1);
    ops.remove(ops.size() - 1);
    update(two, ifV(two, 8), 9, 50, 60, true, null);
    assertThat(ServedChecker.check(ops).lwtViolations()).isEqualTo(1);
  }

  @Test
  void aPlainRowDeletionShadowsOnlyWhatIsNotNewer() {
    Clustering two = row(2);
    update(two, ifNotExists(two), 1, 0, 5, true, null); // v = 1 at 0
    Partition delete = new Partition(KEY, CMP).add(io.ringsim.storage.Row.builder(two)
        .delete(new DeletionTime(15, 0)).build());
    plain(delete, "QUORUM", 10, 20, true); // DELETE at 15
    update(two, ifV(two, null), 3, 30, 40, true, null); // the row is gone: IF v = null holds
    serialRead(two, 3, 30, 50, 60);
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
    ops.remove(ops.size() - 1);
    serialRead(two, 1, 0, 50, 60); // v = 1 back: the deletion (15) shadows it
    assertThat(ServedChecker.check(ops).lwtViolations()).isEqualTo(1);
  }

  @Test
  void aSerialReadIsJudgedByTheValuesItReturned() {
    Clustering two = row(2);
    update(two, ifV(two, null), 1, 0, 10, true, null);
    serialRead(two, 1, 0, 20, 30);
    assertThat(ServedChecker.check(ops).anomalies()).isEmpty();
    ops.remove(ops.size() - 1);
    serialRead(two, 4, 0, 20, 30); // a value nothing wrote
    assertThat(ServedChecker.check(ops).lwtViolations()).isEqualTo(1);
  }

  @Test
  void aPlainWriteOnTheCellsOfAnLwtWhoseOutcomeIsUnknownIsNotJudgedWhenItMayLoseOrWin() {
    Clustering two = row(2);
    update(two, ifNotExists(two), 0, 0, 5, true, null);
    update(two, ifV(two, 0), 2, 10, 20, null, null); // timed out: a later round may finish it at a newer ballot
    plain(sets(two, 7, 30, false), "QUORUM", 25, 35, true); // newer than its ballot (10): which wins is not known
    update(two, ifV(two, 7), 3, 40, 50, false, 2);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.LWT_MIXED_TIMESTAMP, 1L);
    // Older than its ballot, the plain write loses either way: judged.
    plain(sets(two, 7, 8, false), "QUORUM", 25, 35, true);
    ops.set(2, ops.remove(ops.size() - 1));
    Checker.Result older = ServedChecker.check(ops);
    assertThat(older.notJudged()).isEmpty();
    assertThat(older.anomalies()).as("IF v = 7 refused, answered v = 2: the LWT took effect").isEmpty();
  }
  @Test
  void anAppliedLwtThatAnotherRoundMayHaveFinishedIsNotJudgedAgainstANewerPlainWrite() {
    Clustering two = row(2);
    update(two, ifNotExists(two), 0, 0, 5, true, null);
    update(two, ifV(two, 0), 2, 10, 30, true, null); // applied: v = 2 at its ballot, 10; its commit arrives late
    plain(sets(two, 7, 15, false), "QUORUM", 16, 25, true); // v = 7 at 15: newer than the LWT's ballot
    serialRead(two, 2, 20, 50, 60); // yet v = 2 won, at 20: another round finished the LWT's proposal at its ballot
    // Without another round while the LWT ran, nothing could have re-stamped it: v = 2 over v = 7 is an anomaly.
    assertThat(ServedChecker.check(ops).lwtViolations()).isEqualTo(1);
    // A SERIAL read that prepared while the LWT's commit was on its way (Cassandra's Commit.newProposal): which of
    // the two won the cell is not known, so the partition is not judged rather than called a violation.
    serialRead(two, 2, 20, 12, 40);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.LWT_MIXED_TIMESTAMP, 1L);
  }
}
