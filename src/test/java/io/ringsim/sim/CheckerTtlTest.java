package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.ConsistencyLevel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The scenario checker expires a TTL'd write as Cassandra does, at whole seconds: local deletion time = the writing
 * coordinator's now in seconds + TTL; live while the reader's now in seconds is below it (tombstones-ttl reported 40
 * "stale reads" 19.21-19.99 s after writes with a 20 s TTL that had in fact expired).
 */
class CheckerTtlTest {
  static OpRecord write(long atMicros) {
    return new OpRecord(1, "w", "ks.t", 0, OpType.WRITE, "k1", ConsistencyLevel.QUORUM, "n1", atMicros - 2000,
        atMicros, OpOutcome.OK, null, atMicros - 1000, null);
  }

  static OpRecord readSawNothing(long id, long invoke) {
    return new OpRecord(id, "w", "ks.t", 1, OpType.READ, "k1", ConsistencyLevel.QUORUM, "n2", invoke, invoke + 2000,
        OpOutcome.OK, null, -1, null);
  }

  /** A read at {@code readMicros} through an unskewed coordinator: its now is the second it was answered in. */
  static long stale(long writeMicros, long readMicros) {
    OpRecord read = readSawNothing(2, readMicros);
    return Checker.check(List.of(write(writeMicros), at(read, (int) (read.completeMicros() / 1_000_000))), List.of(),
        Map.of("w", 20)).staleReads();
  }

  @Test
  void aReadWithoutItsNowIsJudgedOnlyWhereNoTtlPlaysARole() {
    // A history from before reads recorded their now: the simulated time is not the coordinator's clock (a skewed
    // coordinator may be seconds ahead), so whether the TTL'd row had expired cannot be told, and is not guessed.
    Checker.Result withTtl = Checker.check(List.of(write(10_790_000), readSawNothing(2, 29_990_000)), List.of(),
        Map.of("w", 20));
    assertThat(withTtl.staleReads()).isZero();
    assertThat(withTtl.anomalies()).isEmpty();
    assertThat(withTtl.notJudged()).containsEntry(NotJudged.TTL_NOW_UNKNOWN, 1L);
    // Without a TTL the now plays no role: the same read is judged, and it is stale.
    Checker.Result noTtl = Checker.check(List.of(write(10_790_000), readSawNothing(2, 29_990_000)), List.of(),
        Map.of());
    assertThat(noTtl.staleReads()).isEqualTo(1);
    assertThat(noTtl.notJudged()).isEmpty();
  }

  @Test
  void anLwtRowWithoutNowsIsJudgedWithoutATtlAndNotJudgedWithOne() {
    // Two IF NOT EXISTS both applied, from a history without nows: without a TTL the row cannot have gone in between,
    // so it is a violation whatever the nows; with a TTL it may have expired, and nobody can tell.
    List<OpRecord> h = List.of(lwt(null), new OpRecord(2, "w", "ks.t", 2, OpType.LWT, "k1", ConsistencyLevel.SERIAL,
        "n1", 40_000_000, 40_002_000, OpOutcome.OK, null, -1, true, null, null));
    assertThat(Checker.check(h, List.of(), Map.of()).lwtViolations()).isEqualTo(1);
    Checker.Result withTtl = Checker.check(h, List.of(), Map.of("w", 20));
    assertThat(withTtl.lwtViolations()).isZero();
    assertThat(withTtl.notJudged()).containsEntry(NotJudged.LWT_TTL, 1L);
  }

  @Test
  void aCellWrittenInSecondTenWithTwentySecondsExpiresAtSecondThirty() {
    // Written at 10.79 s: expires when the reader's now reaches 30 s, 19.21 s later.
    assertThat(stale(10_790_000, 30_000_500)).as("read at 30.0005 s").isZero();
    assertThat(stale(10_790_000, 29_990_000)).as("read at 29.99 s, still live").isEqualTo(1);
  }

  @Test
  void withoutAReportedNowTheWritesSecondIsItsTimestamps() {
    OpRecord w = write(10_999_000 + 1000);
    assertThat(Checker.mayHaveExpired(Checker.writeNow(w), 20, 30)).isTrue();
    assertThat(Checker.mayHaveExpired(Checker.writeNow(write(10_002_000)), 20, 29)).isFalse();
    // A timestamp within a millisecond of a second may have been bumped past its clock from the second before.
    assertThat(Checker.writeNow(new OpRecord(1, "w", "ks.t", 0, OpType.WRITE, "k1", ConsistencyLevel.QUORUM, "n1", 0,
        1, OpOutcome.OK, null, 10_000_500, null))).isEqualTo(9);
  }

  static OpRecord at(OpRecord o, int nowInSec) {
    return new OpRecord(o.id(), o.workload(), o.table(), o.worker(), o.type(), o.key(), o.consistency(),
        o.coordinator(), o.invokeMicros(), o.completeMicros(), o.outcome(), o.error(), o.version(), o.applied(), null,
        nowInSec);
  }

  @Test
  void theCoordinatorsReportedNowsDecideNotTheSimulatedTime() {
    // Written at 10.5 s through an unskewed coordinator (now 10): it expires at second 30 of any coordinator's clock.
    OpRecord w = at(write(10_500_000), 10);
    // Read at 27 s through a coordinator 4 s ahead (now 31): rightly saw nothing.
    OpRecord ahead = at(readSawNothing(2, 27_000_000), 31);
    assertThat(Checker.check(List.of(w, ahead), List.of(), Map.of("w", 20)).staleReads()).isZero();
    // Read at 32 s through a coordinator 4 s behind (now 28): the row was live, and it saw nothing.
    OpRecord behind = at(readSawNothing(2, 32_000_000), 28);
    assertThat(Checker.check(List.of(w, behind), List.of(), Map.of("w", 20)).staleReads()).isEqualTo(1);
    // A write through a coordinator whose clock was set back keeps its timestamps past its clock: its now decides.
    OpRecord bumped = at(write(10_500_000), 6);
    assertThat(Checker.check(List.of(bumped, at(readSawNothing(2, 27_000_000), 27)), List.of(), Map.of("w", 20))
        .staleReads()).isZero();
  }

  @Test
  void theReadBacksNowDecidesALostWrite() {
    OpRecord w = at(write(10_500_000), 10);
    assertThat(Checker.check(List.of(w), List.of(new Checker.FinalRead("ks.t k1", -1, 29)), Map.of("w", 20))
        .lostWrites()).isEqualTo(1);
    assertThat(Checker.check(List.of(w), List.of(new Checker.FinalRead("ks.t k1", -1, 30)), Map.of("w", 20))
        .lostWrites()).isZero();
    // Not reported: whether it had expired cannot be told, and the count says so.
    Checker.Result unknown = Checker.check(List.of(w), List.of(new Checker.FinalRead("ks.t k1", -1)),
        Map.of("w", 20));
    assertThat(unknown.lostWrites()).isZero();
    assertThat(unknown.notJudged()).containsEntry(NotJudged.TTL_NOW_UNKNOWN, 1L);
  }

  /** An applied LWT at 10.5 s (an LWT answer carries no write timestamp), its answer's now {@code now} or none. */
  static OpRecord lwt(Integer now) {
    return new OpRecord(1, "w", "ks.t", 0, OpType.LWT, "k1", ConsistencyLevel.SERIAL, "n1", 10_498_000, 10_500_000,
        OpOutcome.OK, null, -1, true, null, now);
  }

  @Test
  void aRowLastWrittenByATtldLwtIsJudgedAtItsAnswersNow() {
    // The LWT's round fixed now 10: its row expires at second 30. A read at 25 s that saw nothing is stale.
    Checker.Result r = Checker.check(List.of(lwt(10), at(readSawNothing(2, 25_000_000), 25)), List.of(),
        Map.of("w", 20));
    assertThat(r.staleReads()).isEqualTo(1);
    assertThat(r.notJudged()).doesNotContainKey(NotJudged.TTL_NOW_UNKNOWN);
    assertThat(Checker.check(List.of(lwt(10), at(readSawNothing(2, 30_000_500), 30)), List.of(), Map.of("w", 20))
        .staleReads()).isZero();
    // And a lost LWT is lost: the read-back at now 29 sees no row.
    assertThat(Checker.check(List.of(lwt(10)), List.of(new Checker.FinalRead("ks.t k1", -1, 29)), Map.of("w", 20))
        .lostWrites()).isEqualTo(1);
    // An answer without its now (a history from elsewhere) cannot be judged: counted, with its reason.
    Checker.Result unknown = Checker.check(List.of(lwt(null), readSawNothing(2, 25_000_000)), List.of(),
        Map.of("w", 20));
    assertThat(unknown.staleReads()).isZero();
    assertThat(unknown.notJudged()).containsEntry(NotJudged.TTL_NOW_UNKNOWN, 1L)
        .containsEntry(NotJudged.LWT_TTL, 1L);
  }

  /** An LWT INSERT ... IF NOT EXISTS answered at {@code atMicros} with {@code applied}, its round's now {@code now}. */
  static OpRecord ifNotExists(long id, long atMicros, boolean applied, int now) {
    return new OpRecord(id, "w", "ks.t", (int) id, OpType.LWT, "k1", ConsistencyLevel.SERIAL, "n1", atMicros - 2000,
        atMicros, OpOutcome.OK, null, -1, applied, null, now);
  }

  /** A SERIAL read answered at {@code atMicros} that saw no row, at its coordinator's now {@code now}. */
  static OpRecord serialReadSawNothing(long id, long atMicros, int now) {
    return new OpRecord(id, "w", "ks.t", (int) id, OpType.READ, "k1", ConsistencyLevel.SERIAL, "n2", atMicros - 2000,
        atMicros, OpOutcome.OK, null, -1, null, null, now);
  }

  @Test
  void anLwtRowWithATtlIsJudgedAtEachOperationsNow() {
    Map<String, Integer> ttl20 = Map.of("w", 20);
    // Inserted at now 10 with TTL 20: the row expires at second 30. A second IF NOT EXISTS applied at now 31 found
    // it gone, as Cassandra would: linearizable, and judged (not counted as not judged).
    Checker.Result afterExpiry = Checker.check(List.of(ifNotExists(1, 10_500_000, true, 10),
        ifNotExists(2, 31_500_000, true, 31)), List.of(), ttl20);
    assertThat(afterExpiry.lwtViolations()).isZero();
    assertThat(afterExpiry.notJudged()).doesNotContainKey(NotJudged.LWT_TTL);
    // Applied at now 25, while the first row still lived: no single copy of the row answers that.
    assertThat(Checker.check(List.of(ifNotExists(1, 10_500_000, true, 10), ifNotExists(2, 25_500_000, true, 25)),
        List.of(), ttl20).lwtViolations()).isEqualTo(1);
    // A SERIAL read that saw nothing: right at now 30 (expired at the whole second), wrong at now 29.
    assertThat(Checker.check(List.of(ifNotExists(1, 10_500_000, true, 10), serialReadSawNothing(2, 30_200_000, 30)),
        List.of(), ttl20).lwtViolations()).isZero();
    assertThat(Checker.check(List.of(ifNotExists(1, 10_500_000, true, 10), serialReadSawNothing(2, 29_900_000, 29)),
        List.of(), ttl20).lwtViolations()).isEqualTo(1);
    // Refused at now 31 (the row still there after it expired) is no history a single row gives either.
    assertThat(Checker.check(List.of(ifNotExists(1, 10_500_000, true, 10), ifNotExists(2, 31_500_000, false, 31)),
        List.of(), ttl20).lwtViolations()).isEqualTo(1);
  }

  @Test
  void anLwtRowWithATtlAndATimedOutWriteIsNotJudged() {
    OpRecord timedOut = new OpRecord(2, "w", "ks.t", 2, OpType.LWT, "k1", ConsistencyLevel.SERIAL, "n1", 20_000_000,
        32_000_000, OpOutcome.TIMEOUT, "WriteTimeout", -1, null, null, null);
    Checker.Result r = Checker.check(List.of(ifNotExists(1, 10_500_000, true, 10), timedOut,
        ifNotExists(3, 40_500_000, false, 40)), List.of(), Map.of("w", 20));
    assertThat(r.lwtViolations()).isZero();
    assertThat(r.notJudged()).containsEntry(NotJudged.LWT_TTL, 1L);
  }
}
