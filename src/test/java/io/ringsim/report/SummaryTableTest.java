package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SummaryTableTest {
  @Test
  void showsNodesLevelsAndChecks() {
    String t = SummaryTable.render(ReportFixtures.sixNodes());
    assertThat(t).contains("Scenario partition-key-choice (seed 42): 10 s simulated, 6 nodes");
    assertThat(t).containsPattern("\\s+n3 \\|\\s+dc1 \\|\\s+rack1 \\|\\s+UP \\|\\s+55\\.00% \\|\\s+1380 \\|");
    assertThat(t).contains("ownership 1.100 (0.072)");
    // QUORUM: the 59 timeouts during the crash, split by error class
    assertThat(t).containsPattern("QUORUM \\|\\s+3783 \\|\\s+3724 \\|\\s+59 \\|\\s+1\\.56% \\| ReadTimeout 27, WriteTimeout 32");
    assertThat(t).containsPattern("ONE \\|\\s+1934 \\|\\s+1934 \\|\\s+0 \\|\\s+0\\.00% \\|\\s+-");
    assertThat(t).contains("FAIL  QUORUM availability >= 99%").contains("PASS  no acknowledged QUORUM write lost");
    assertThat(t).contains("2 of 3 checks passed").contains("Anomalies: ryw 1, stale-read 1");
    assertThat(t).contains("Largest partition: shop.orders_by_zip 10001, 2.29 MiB");
  }

  @Test
  void wholeRunP99ComesFromTheFullHistogramNotTheBucketAverage() {
    Summary.LevelTotal q = ReportFixtures.sixNodes().summary().levels().stream()
        .filter(l -> l.consistency().equals("QUORUM")).findFirst().orElseThrow();
    // 59 of 3783 QUORUM ops (1.6%) timed out at 2 s: the run's p99 is a timeout, p95 is not
    assertThat(q.latency().p99Ms()).isGreaterThan(1900);
    assertThat(q.latency().p95Ms()).isLessThan(10);
  }

  @Test
  void downNodeAndNoChecks() {
    RunReport r = RunReport.builder("x").node("a", "dc1", "r1", java.util.List.of("1"), 1.0, false).build();
    String t = SummaryTable.render(r);
    assertThat(t).contains("DOWN").contains("Anomalies: none").doesNotContain("checks passed");
  }
}
