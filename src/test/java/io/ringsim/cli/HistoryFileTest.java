package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.sim.OpOutcome;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.OpType;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A long history is written gzip-compressed, with the same lines; a short one stays plain, as before. */
class HistoryFileTest {
  @TempDir Path tmp;

  static List<OpRecord> ops(int n) {
    List<OpRecord> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new OpRecord(i, "w", "ks.t", i % 8, i % 2 == 0 ? OpType.WRITE : OpType.READ, "k" + (i % 1000),
          ConsistencyLevel.QUORUM, "n1", i * 10L, i * 10L + 3, OpOutcome.OK, null, i, null));
    }
    return out;
  }

  @Test
  void aLongHistoryIsCompressedWithTheSameLinesAndTheSameBytesEachTime() throws Exception {
    int n = RunFiles.COMPRESS_HISTORY_ABOVE + 1;
    Path a = Files.createDirectories(tmp.resolve("a"));
    Files.writeString(a.resolve("history.jsonl"), "a stale history of another run\n");
    RunFiles.writeHistory(a, ops(n));
    assertThat(a.resolve("history.jsonl")).doesNotExist();
    Path gz = a.resolve("history.jsonl.gz");
    assertThat(Files.size(gz)).isLessThan(n * 30L); // about 250 B a line uncompressed
    List<String> lines = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)),
        StandardCharsets.UTF_8))) {
      for (String l; (l = r.readLine()) != null; ) lines.add(l);
    }
    assertThat(lines).hasSize(n);
    Path small = Files.createDirectories(tmp.resolve("small"));
    RunFiles.writeHistory(small, ops(3));
    assertThat(Files.readAllLines(small.resolve("history.jsonl"))).containsExactlyElementsOf(lines.subList(0, 3));
    Path b = Files.createDirectories(tmp.resolve("b"));
    RunFiles.writeHistory(b, ops(n));
    assertThat(Files.readAllBytes(b.resolve("history.jsonl.gz"))).isEqualTo(Files.readAllBytes(gz));
  }

  @Test
  void aRecognisedRetryNamesTheRequestItRetriedAndOtherLinesSayNothingOfRetries() throws Exception {
    OpRecord failed = new OpRecord(1, "clients", "ks.t", 0, OpType.WRITE, "7", ConsistencyLevel.ALL, "n1", 0, 500,
        OpOutcome.FAIL, "Unavailable", -1, null);
    OpRecord retry = new OpRecord(2, "clients", "ks.t", 1, OpType.WRITE, "7", ConsistencyLevel.ALL, "n2", 600, 900,
        OpOutcome.FAIL, "Unavailable", -1, null, 1L);
    RunFiles.writeHistory(tmp, List.of(failed, retry));
    List<String> lines = Files.readAllLines(tmp.resolve("history.jsonl"));
    // The names scripts read: type, level and outcome as words, not as the enums' constants.
    assertThat(lines.get(0)).isEqualTo("{\"id\":1,\"workload\":\"clients\",\"table\":\"ks.t\",\"worker\":0,"
        + "\"type\":\"write\",\"key\":\"7\",\"consistency\":\"ALL\",\"coordinator\":\"n1\",\"invokeMicros\":0,"
        + "\"completeMicros\":500,\"outcome\":\"fail\",\"error\":\"Unavailable\",\"version\":-1,\"applied\":null}");
    assertThat(lines.get(0)).doesNotContain("retryOf");
    assertThat(lines.get(1)).endsWith(",\"retryOf\":1}");
    assertThat(RunFiles.readHistory(tmp)).containsExactly(failed, retry);
  }

  @Test
  void aCoordinatorsNowIsWrittenWhereReportedAndALineWithoutOneStillReads() throws Exception {
    // A now can be negative: a clock skewed behind in a run's first seconds.
    OpRecord read = new OpRecord(3, "w", "ks.t", 0, OpType.READ, "7", ConsistencyLevel.ONE, "n2", 0, 500, OpOutcome.OK,
        null, 42, null, null, -3);
    OpRecord lwt = new OpRecord(4, "w", "ks.t", 1, OpType.LWT, "7", ConsistencyLevel.SERIAL, "n1", 600, 900,
        OpOutcome.OK, null, -1, true);
    RunFiles.writeHistory(tmp, List.of(read, lwt));
    List<String> lines = Files.readAllLines(tmp.resolve("history.jsonl"));
    assertThat(lines.get(0)).endsWith(",\"applied\":null,\"nowInSec\":-3}");
    assertThat(lines.get(1)).doesNotContain("nowInSec");
    assertThat(RunFiles.readHistory(tmp)).containsExactly(read, lwt);
  }
}
