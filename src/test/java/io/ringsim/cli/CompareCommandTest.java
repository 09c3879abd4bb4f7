package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.report.Latency;
import io.ringsim.report.PartitionSizeReport;
import io.ringsim.report.ReportFixtures;
import io.ringsim.report.RunReport;
import io.ringsim.report.TimeSeries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
  /** A UUID-keyed run: even load, small partitions, no failures. */
  static RunReport uuidRun() {
    RunReport.Builder b = RunReport.builder("uuid-key").seed(42).simulatedMillis(10_000)
        .partitioner("Murmur3Partitioner").keyspace("shop", "SimpleStrategy", Map.of("replication_factor", 3));
    for (int i = 1; i <= 6; i++) {
      b.node("n" + i, "dc1", "rack1", List.of(Long.toString(i * 1000L)), 0.5, true);
      b.load("n" + i, 50_000, 50_000, 5_000_000, 1000, 3000);
      b.level(new TimeSeries.LevelPoint(0, "QUORUM", 6000, 6000, Map.of(), new Latency(6000, 3, 4, 5, 9)));
    }
    b.partitionSizes(new PartitionSizeReport("shop", "orders_by_id", 100_000, 100, 120, 150, 1_000_000, "", List.of(),
        List.of(new PartitionSizeReport.PartitionStat("6f1c1d2e-0000-4000-8000-000000000001", 150, 1))));
    b.check("no acknowledged QUORUM write lost", true, "");
    return b.build();
  }

  @Test
  void sideBySideTableOfKeyFigures(@TempDir Path dir) {
    RunFiles.writeReport(ReportFixtures.sixNodes("zip-key", 42), dir.resolve("zip"));
    RunFiles.writeReport(uuidRun(), dir.resolve("uuid"));
    CliRun r = CliRun.of("compare", dir.resolve("zip").toString(), dir.resolve("uuid").toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).containsPattern("figure\\s+\\| zip\\s+\\| uuid");
    assertThat(r.out()).containsPattern("scenario \\|\\s+zip-key \\|\\s+uuid-key");
    assertThat(r.out()).containsPattern("partitions max/mean \\|\\s+1\\.158 \\|\\s+1\\.000");
    assertThat(r.out()).containsPattern("largest partition \\|.*2\\.29 MiB \\(shop\\.orders_by_zip 10001\\) \\|\\s+150 B");
    assertThat(r.out()).containsPattern("QUORUM latency p99 \\|\\s+2000\\.90 ms \\|\\s+5\\.00 ms");
    assertThat(r.out()).containsPattern("ONE ops / error rate \\|\\s+1934 / 0\\.00% \\|\\s+-");
    assertThat(r.out()).containsPattern("anomalies \\|\\s+2 \\(ryw 1, stale-read 1\\) \\|\\s+0");
    assertThat(r.out()).containsPattern("checks passed \\|\\s+2 of 3 \\|\\s+1 of 1");
  }

  @Test
  void writesAnHtmlComparison(@TempDir Path dir) throws Exception {
    RunFiles.writeReport(ReportFixtures.sixNodes(), dir.resolve("a"));
    RunFiles.writeReport(uuidRun(), dir.resolve("b"));
    Path html = dir.resolve("out/cmp.html");
    CliRun r = CliRun.of("compare", dir.resolve("a").toString(), dir.resolve("b").toString(), "--html", html.toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("wrote " + html);
    String page = Files.readString(html);
    assertThat(page).contains("<section id=\"figures\">").contains("<section id=\"run1\">").contains("<section id=\"run2\">");
    assertThat(page.split("<svg", -1)).hasSize(1 + 2 + 2); // ownership-vs-load and partition-size charts of each run
    assertThat(page).doesNotContain(ReportFixtures.EVIL_KEY).doesNotContain("<script");
  }

  @Test
  void aMissingOrBrokenRunIsBadInput(@TempDir Path dir) throws Exception {
    RunFiles.writeReport(uuidRun(), dir.resolve("good"));
    CliRun missing = CliRun.of("compare", dir.resolve("good").toString(), dir.resolve("gone").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err().strip()).startsWith("ringsim: no such directory:").doesNotContain("\n");
    Files.createDirectories(dir.resolve("bad"));
    Files.writeString(dir.resolve("bad/summary.json"), "not json");
    CliRun bad = CliRun.of("compare", dir.resolve("good").toString(), dir.resolve("bad").toString());
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err().strip()).contains("summary.json:1:").contains("not a ringsim summary.json").doesNotContain("\n");
    CliRun one = CliRun.of("compare", dir.resolve("good").toString());
    assertThat(one.exitCode()).isEqualTo(2);
  }
}
