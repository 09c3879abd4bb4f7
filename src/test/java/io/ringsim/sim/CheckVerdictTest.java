package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What a scenario's check lines say: a check over nothing is not applicable, and throttling costs availability. */
class CheckVerdictTest {
  private static final RunResult.AnomalyCounts NONE = new RunResult.AnomalyCounts(10, 5, 0, 0, 0, 0);
  private static final CheckSpec QUORUM_99 = new CheckSpec.Availability("QUORUM", 99, "availability QUORUM >= 99%");

  private static RunResult.SeriesRow series(String name, long ok, long failed) {
    return new RunResult.SeriesRow(name, ok, failed == 0 ? Map.of() : Map.of("Unavailable", failed), 0, 0, 0, 0, 0);
  }

  private static Map<String, TreeMap<Long, Long>> throttled(String level, long n) {
    return Map.of(level, new TreeMap<>(Map.of(3L, n)));
  }

  @Test
  void anAvailabilityCheckWithNoOperationAtItsLevelIsNotApplicable() {
    List<RunResult.LevelRow> levels = RunResults.levels(List.of(series("ONE write", 100, 0)), Map.of());
    RunResult.CheckRow row = QUORUM_99.evaluate(NONE, levels, true);
    assertThat(row.verdict()).isEqualTo(RunResult.Verdict.NOT_APPLICABLE);
    assertThat(row.passed()).isFalse();
    assertThat(row.failed()).isFalse();
    assertThat(row.detail()).contains("no QUORUM operation");
  }

  @Test
  void throttledOperationsCountAsNotAvailable() {
    List<RunResult.LevelRow> levels = RunResults.levels(
        List.of(series("QUORUM write", 600, 0), series("QUORUM read", 200, 0)), throttled("QUORUM", 200));
    assertThat(levels).containsExactly(new RunResult.LevelRow("QUORUM", 800, 0, 200, 80.0));
    RunResult.CheckRow row = QUORUM_99.evaluate(NONE, levels, true);
    assertThat(row.verdict()).isEqualTo(RunResult.Verdict.FAIL);
    assertThat(row.detail()).startsWith("80.00% of 1000 QUORUM operations succeeded, 200 of them throttled");
    // without the throttled ones the same replies pass
    List<RunResult.LevelRow> sent = RunResults.levels(List.of(series("QUORUM write", 600, 0)), Map.of());
    assertThat(QUORUM_99.evaluate(NONE, sent, true).verdict()).isEqualTo(RunResult.Verdict.PASS);
  }

  @Test
  void throttledOperationsOfAWorkloadUsingSeveralLevelsCountAtNone() {
    List<RunResult.LevelRow> levels = RunResults.levels(List.of(series("QUORUM write", 99, 1)),
        throttled("QUORUM or SERIAL", 50));
    assertThat(levels).containsExactly(new RunResult.LevelRow("QUORUM", 99, 1, 0, 99.0),
        new RunResult.LevelRow("QUORUM or SERIAL", 0, 0, 50, null));
    assertThat(QUORUM_99.evaluate(NONE, levels, true).verdict()).isEqualTo(RunResult.Verdict.PASS);
  }

  @Test
  void anomalyChecksSayNothingWhenNoHistoryWasKept() {
    CheckSpec lost = new CheckSpec.AnomalyLimit(CheckSpec.Counted.LOST_WRITES, 0, "no lost writes");
    RunResult.CheckRow off = lost.evaluate(NONE, List.of(), false);
    assertThat(off.verdict()).isEqualTo(RunResult.Verdict.NOT_APPLICABLE);
    assertThat(off.detail()).contains("history off");
    assertThat(lost.evaluate(NONE, List.of(), true).verdict()).isEqualTo(RunResult.Verdict.PASS);
  }
}
