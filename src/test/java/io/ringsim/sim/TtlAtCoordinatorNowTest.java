package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.script.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Expiry is judged at the coordinators' own nows (their clocks, skew included), as Cassandra judges it: a TTL'd row
 * expires at its writing coordinator's now + TTL, and a read sees it while its own coordinator's now is below that.
 * Judged at the simulated time of the read instead, a skewed clock made the checker call correctly expired rows
 * stale (133 false stale reads in the first scenario below) and dismiss real losses as "may have expired".
 */
class TtlAtCoordinatorNowTest {
  /** Each key written once at ALL and read at ALL: nothing can be stale or lost; only the clocks are skewed. */
  static final String SKEW_ONLY = """
      scenario ttl-skew "TTL'd writes, n2's clock 4 s ahead and n3's 4 s behind, no other fault"
      duration 40s
      seed 7
      cluster {
        nodes 4
        vnodes 8
      }
      cql {
        CREATE KEYSPACE tk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE tk.kv (k int PRIMARY KEY, v text);
      }
      workload ttl {
        table tk.kv
        key k sequential
        mix write 50% read 50%
        consistency ALL
        rate 200/s
        ttl 5s
      }
      timeline {
        at 10s skew n2 4s
        at 10s skew n3 -4s
      }
      """;

  private static RunOutcome run(String text) {
    return new ScenarioRunner(ScenarioReader.parse(text, "ttl.sim", Map.of()), ConfigFactory.load("application-test"),
        line -> {}).run();
  }

  /** The history as a run that did not record its coordinators' nows would have it. */
  private static List<OpRecord> withoutNows(List<OpRecord> history) {
    return history.stream().map(o -> new OpRecord(o.id(), o.workload(), o.table(), o.worker(), o.type(), o.key(),
        o.consistency(), o.coordinator(), o.invokeMicros(), o.completeMicros(), o.outcome(), o.error(), o.version(),
        o.applied(), o.retryOf())).toList();
  }

  @Test
  void skewedClocksAloneMakeNoAnomaly() {
    RunOutcome out = run(SKEW_ONLY);
    RunResult r = out.result();
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.anomalyCounts().readsChecked()).isGreaterThan(3000);
    // The skew reached the history: reads through n2 and n3 after 10 s report nows 4 s off the simulated second.
    List<OpRecord> skewedReads = out.history().stream().filter(o -> o.type() == OpType.READ && o.ok()
        && o.invokeMicros() > 11_000_000 && !o.coordinator().equals("n1") && !o.coordinator().equals("n4")).toList();
    assertThat(skewedReads).isNotEmpty().allSatisfy(o -> assertThat(Math.abs(o.nowInSec()
        - Math.floorDiv(o.completeMicros(), 1_000_000L))).as("read #" + o.id()).isBetween(3L, 5L));
    assertThat(Checker.check(out.history(), List.of(), Map.of("ttl", 5)).anomalies()).isEmpty();
    // The same history without its nows: judged at the simulated time of each read, it had rows "lost" that had
    // rightly expired on a clock ahead. Whether they had expired cannot be told without the read's now: none is
    // reported, and those reads are counted as not judged, with the reason.
    Checker.Result withoutNows = Checker.check(withoutNows(out.history()), List.of(), Map.of("ttl", 5));
    assertThat(withoutNows.anomalies()).isEmpty();
    assertThat(withoutNows.notJudged().get(NotJudged.TTL_NOW_UNKNOWN)).isGreaterThan(1000);
  }

  @Test
  void theCellCheckerJudgesTheSameTrafficAlike() {
    // Client timestamps put the table under the cell checker; it takes the same reported nows.
    RunResult r = run(SKEW_ONLY.replace("  ttl 5s\n", "  ttl 5s\n  timestamps client\n")).result();
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.anomalyCounts().readsChecked()).isGreaterThan(3000);
  }

  @Test
  void lostWritesWithATtlLongerThanTheRunAreStillLost() throws Exception {
    // lww-clock-skew loses acknowledged writes through n2's clock 3 s behind. With a TTL that outlives the run and
    // its read-back, nothing expires: the verdict is the one without a TTL. (Before the read-back reported its now,
    // every TTL'd write "may have expired" by it, and these 11 lost writes went unreported.)
    String lesson = Files.readString(Path.of("simulations", "lww-clock-skew.sim"));
    RunResult plain = run(lesson).result();
    RunResult ttl = run(lesson.replace("  rate 200/s\n", "  rate 200/s\n  ttl 10m\n")).result();
    assertThat(plain.anomalyCounts().lostWrites()).isPositive();
    assertThat(ttl.anomalyCounts().lostWrites()).isEqualTo(plain.anomalyCounts().lostWrites());
    assertThat(ttl.anomalyCounts().staleReads()).isEqualTo(plain.anomalyCounts().staleReads());
    assertThat(ttl.anomalies()).filteredOn(a -> a.kind() == AnomalyKind.LOST_WRITE)
        .allSatisfy(a -> assertThat(a.detail()).contains("via n2"));
  }

  @Test
  void readsAtOneCutOffBehindASkewedClockAreStaleUntilItsOwnNowExpiresTheRow() {
    // n3's clock is 4 s behind and n3 is cut off: reads at ONE through it miss the writes made on the other side.
    // A row those reads miss is live by n3's clock up to 4 s after the simulated second of its expiry.
    String text = SKEW_ONLY.replace("key k sequential", "key k uniform(20)").replace("consistency ALL",
        "consistency ONE").replace("nodes 4", "nodes 5").replace("  at 10s skew n2 4s\n  at 10s skew n3 -4s\n",
        "  at 5s skew n3 -4s\n  at 10s partition {n3} {n1 n2 n4 n5}\n  at 30s heal\n");
    RunOutcome out = run(text);
    Checker.Result atNow = Checker.check(out.history(), List.of(), Map.of("ttl", 5));
    assertThat(out.result().anomalyCounts().staleReads()).isEqualTo(atNow.staleReads()).isPositive();
    // Stale reads through n3 whose row had expired in simulated time but not on n3's clock: found at its now.
    assertThat(details(atNow)).anySatisfy(d -> assertThat(d).contains("via n3"));
    // Without the reads' nows, which rows had expired for them cannot be told: nothing is guessed, nothing reported.
    Checker.Result withoutNows = Checker.check(withoutNows(out.history()), List.of(), Map.of("ttl", 5));
    assertThat(withoutNows.staleReads()).isZero();
    assertThat(withoutNows.notJudged()).containsKey(NotJudged.TTL_NOW_UNKNOWN);
  }

  @Test
  void ttldLwtsReportTheirRoundsNowAndAreJudgedByIt() {
    // LWTs with a TTL under skewed clocks, no other fault: every applied LWT reports the now its round fixed (the
    // one its TTL counts from), so a row last written by one is judged, not assumed expired, and nothing is stale.
    RunOutcome out = run(SKEW_ONLY.replace("mix write 50% read 50%", "mix lwt 30% write 20% read 50%"));
    List<OpRecord> lwts = out.history().stream().filter(o -> o.type() == OpType.LWT && o.ok()).toList();
    assertThat(lwts).isNotEmpty().allSatisfy(o -> assertThat(o.nowInSec()).as("lwt #" + o.id()).isNotNull());
    assertThat(out.result().anomalies()).isEmpty();
    assertThat(out.result().anomalyCounts().notJudged()).doesNotContainKey("ttl-now-unknown");
  }

  private static List<String> details(Checker.Result r) {
    return r.anomalies().stream().map(Checker.Anomaly::detail).toList();
  }
}
