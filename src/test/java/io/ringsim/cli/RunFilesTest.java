package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.report.ReportFixtures;
import io.ringsim.report.RunReport;
import io.ringsim.report.TimeSeries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's files in a run directory: each written, none stale, the same model giving the same bytes. */
class RunFilesTest {
  @Test
  void writesEveryFile(@TempDir Path dir) throws Exception {
    List<Path> written = RunFiles.writeReport(ReportFixtures.sixNodes(), dir.resolve("out"));
    assertThat(written.get(0)).hasFileName("report.html");
    for (String f : List.of("report.html", "summary.json", "ops.csv", "latency.csv", "nodes.csv", "series.csv"))
      assertThat(dir.resolve("out").resolve(f)).isNotEmptyFile();
    assertThat(dir.resolve("out/history.jsonl")).doesNotExist();
  }

  @Test
  void noSeriesCsvWhenTheRunSampledNoScenarioSeries(@TempDir Path dir) throws Exception {
    RunReport r = ReportFixtures.sixNodes();
    TimeSeries ts = r.timeSeries();
    RunReport none = new RunReport(r.formatVersion(), r.scenario(), r.cluster(), r.load(), r.storage(),
        r.partitionSizes(), r.hottestPartitions(), new TimeSeries(ts.bucketMillis(), ts.nodeOps(), ts.levels(),
        List.of()), r.events(), r.anomalies(), r.checks(), r.metrics(), r.queries(), r.summary(), r.wallClock(),
        r.clientRetries());
    Files.createDirectories(dir.resolve("out"));
    Files.writeString(dir.resolve("out/series.csv"), "series,at_ms,value\n"); // left by an earlier run
    List<Path> written = RunFiles.writeReport(none, dir.resolve("out"));
    assertThat(dir.resolve("out/series.csv")).doesNotExist();
    assertThat(written).noneMatch(p -> p.endsWith("series.csv"));
  }

  @Test
  void sameModelSameBytes(@TempDir Path dir) throws Exception {
    RunFiles.writeReport(ReportFixtures.sixNodes(), dir.resolve("a"));
    RunFiles.writeReport(ReportFixtures.sixNodes(), dir.resolve("b"));
    for (String f : List.of("report.html", "summary.json", "ops.csv", "latency.csv", "nodes.csv", "series.csv"))
      assertThat(Files.readAllBytes(dir.resolve("a").resolve(f))).as(f).isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(f)));
  }
}
