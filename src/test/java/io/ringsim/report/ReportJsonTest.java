package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportJsonTest {
  @Test
  void roundTripGivesAnEqualReport(@TempDir Path dir) throws Exception {
    RunReport r = ReportFixtures.sixNodes();
    Path f = dir.resolve("summary.json");
    Files.write(f, ReportJson.toBytes(r));
    RunReport back = ReportJson.read(f);
    assertThat(back).isEqualTo(r);
    assertThat(ReportJson.toJson(back)).isEqualTo(ReportJson.toJson(r));
  }

  @Test
  void roundTripKeepsWallClockWhenGiven() {
    RunReport r = RunReport.builder("x").wallClock(new RunTiming("2026-11-22T19:00:00Z", 1234, 64 << 20)).build();
    RunReport back = ReportJson.parse(ReportJson.toJson(r), "mem");
    assertThat(back.wallClock()).isEqualTo(new RunTiming("2026-11-22T19:00:00Z", 1234, 64 << 20));
    assertThat(back).isEqualTo(r);
  }

  @Test
  void sameModelSameBytesAndMapKeysSorted() {
    assertThat(ReportJson.toBytes(ReportFixtures.sixNodes())).isEqualTo(ReportJson.toBytes(ReportFixtures.sixNodes()));
    assertThat(ReportJson.toJson(ReportFixtures.sixNodes())).isNotEqualTo(ReportJson.toJson(ReportFixtures.sixNodes("x", 43)));
  }

  @Test
  void snakeCaseKeysInDeclarationOrderForScripts() throws Exception {
    JsonNode j = new ObjectMapper().readTree(ReportJson.toJson(ReportFixtures.sixNodes()));
    List<String> top = new ArrayList<>();
    j.fieldNames().forEachRemaining(top::add);
    assertThat(top).containsExactly("format_version", "scenario", "cluster", "load", "storage", "partition_sizes",
        "hottest_partitions", "time_series", "events", "anomalies", "checks", "metrics", "queries", "summary", "wall_clock");
    assertThat(j.at("/summary/ownership/max_over_mean").asDouble()).isCloseTo(0.55 / 0.5, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(j.at("/cluster/nodes/0/tokens")).hasSize(4);
    assertThat(j.at("/time_series/levels/0/latency/p99_ms").isNumber()).isTrue();
    assertThat(j.at("/events/0/kind").asText()).isEqualTo("crash");
  }

  @Test
  void missingFileBadJsonAndForeignJsonAreOneLineErrors(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> ReportJson.read(dir.resolve("nope.json")))
        .isInstanceOf(ReportFormatException.class).hasMessageEndingWith("nope.json: no such file");
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\n  \"format_version\": 1,\n  \"scenario\": {\"name\": \"x\",,}\n}");
    assertThatThrownBy(() -> ReportJson.read(bad))
        .isInstanceOf(ReportFormatException.class)
        .hasMessageContaining("bad.json:3:")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    Files.writeString(bad, "{");
    assertThatThrownBy(() -> ReportJson.read(bad)).hasMessageNotContaining("Source").hasMessageContaining("end-of-input");
    Path foreign = dir.resolve("other.json");
    Files.writeString(foreign, "{\"name\": \"not a report\"}");
    assertThatThrownBy(() -> ReportJson.read(foreign)).hasMessageContaining("no format_version");
    Files.writeString(foreign, "{\"format_version\": 99}");
    assertThatThrownBy(() -> ReportJson.read(foreign)).hasMessageContaining("format_version 99 is newer");
  }

  @Test
  void summaryMissingFromFileIsRecomputed() {
    RunReport r = ReportFixtures.sixNodes();
    String json = ReportJson.toJson(r.withSummary(null));
    Summary back = ReportJson.parse(json, "mem").summary();
    // Everything but whole-run latency can be recomputed; that needs the runner's full histograms.
    assertThat(back.ownership()).isEqualTo(r.summary().ownership());
    assertThat(back.bytes()).isEqualTo(r.summary().bytes());
    assertThat(back.ops()).isPositive().isEqualTo(r.summary().ops());
    assertThat(back.failed()).isEqualTo(r.summary().failed());
    assertThat(back.anomaliesByKind()).containsEntry("stale-read", 1L).containsEntry("ryw", 1L);
    assertThat(back.checksFailed()).isEqualTo(1);
  }
}
