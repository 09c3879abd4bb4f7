package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The anomaly list is capped; its counts never are (issue 36: "the first 20 of the 200 anomalies" when there were
 * 1,220, and summary.json counting 200).
 */
class UnlistedAnomaliesTest {
  static RunReport report(int listed, Map<String, Long> unlisted) {
    RunReport.Builder b = RunReport.builder("capped").simulatedMillis(1000).bucketMillis(1000);
    for (int i = 0; i < listed; i++) {
      b.anomaly(new Anomaly(i % 10 == 0 ? "read-your-writes" : "stale-read", "ks.t", "k" + i, i, "ONE", "d"));
    }
    return b.unlistedAnomalies(unlisted).build();
  }

  @Test
  void theSummaryCountsEveryAnomalyAndThePageSaysHowManyAreListed() {
    RunReport r = report(200, Map.of("stale-read", 986L, "read-your-writes", 34L));
    assertThat(r.anomalies()).hasSize(200);
    assertThat(r.summary().anomaliesByKind()).containsEntry("stale-read", 1166L)
        .containsEntry("read-your-writes", 54L);
    assertThat(r.summary().anomalies()).isEqualTo(1220);
    assertThat(ReportHtml.render(r)).contains("The first 200 of the 1220 anomalies are listed.");
    assertThat(ReportJson.parse(ReportJson.toJson(r), "test").summary().anomalies()).isEqualTo(1220);
  }

  @Test
  void aListThatHoldsThemAllSaysNothingMore() {
    RunReport r = report(12, Map.of());
    assertThat(r.summary().anomalies()).isEqualTo(12);
    assertThat(ReportHtml.render(r)).doesNotContain("anomalies are listed");
  }
}
