package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.report.ReportFixtures;
import io.ringsim.report.ReportJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
  @Test
  void reRendersHtmlAndCsvsFromSummaryJson(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve("summary.json"), ReportJson.toBytes(ReportFixtures.sixNodes()));
    CliRun r = CliRun.of("report", dir.toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out().strip()).isEqualTo(dir.resolve("report.html").toString());
    assertThat(Files.readString(dir.resolve("report.html"))).contains("<section id=\"latency\">").contains("partition-key-choice");
    assertThat(Files.readString(dir.resolve("ops.csv"))).startsWith("bucket_start_ms,consistency,ops,ok,failed");
    assertThat(dir.resolve("latency.csv")).isNotEmptyFile();
    assertThat(dir.resolve("nodes.csv")).isNotEmptyFile();
  }

  @Test
  void reRenderingGivesTheSameBytesAsTheRunWrote(@TempDir Path dir) throws Exception {
    RunFiles.writeReport(ReportFixtures.sixNodes(), dir);
    byte[] before = Files.readAllBytes(dir.resolve("report.html"));
    Files.delete(dir.resolve("report.html"));
    assertThat(CliRun.of("report", dir.toString()).exitCode()).isZero();
    assertThat(Files.readAllBytes(dir.resolve("report.html"))).isEqualTo(before);
  }

  @Test
  void missingDirectoryIsAOneLineBadInput(@TempDir Path dir) {
    CliRun r = CliRun.of("report", dir.resolve("nope").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("ringsim: no such directory: ").doesNotContain("\n").doesNotContain("Exception");
  }

  @Test
  void directoryWithoutSummaryIsABadInput(@TempDir Path dir) {
    CliRun r = CliRun.of("report", dir.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("has no summary.json");
  }

  @Test
  void badJsonNamesTheFileAndPosition(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("summary.json"), "{\"format_version\": 1, \"scenario\": [}");
    CliRun r = CliRun.of("report", dir.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).contains("summary.json:1:").doesNotContain("\n").doesNotContain("\tat ");
    assertThat(dir.resolve("report.html")).doesNotExist();
  }
}
