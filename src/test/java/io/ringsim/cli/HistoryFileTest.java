package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.OpRecord;
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
      out.add(new OpRecord(i, "w", "ks.t", i % 8, i % 2 == 0 ? "write" : "read", "k" + (i % 1000), "QUORUM", "n1",
          i * 10L, i * 10L + 3, "ok", null, i, null));
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
    OpRecord failed = new OpRecord(1, "clients", "ks.t", 0, "write", "7", "ALL", "n1", 0, 500, "fail",
        "Unavailable", -1, null);
    OpRecord retry = new OpRecord(2, "clients", "ks.t", 1, "write", "7", "ALL", "n2", 600, 900, "fail",
        "Unavailable", -1, null, 1L);
    RunFiles.writeHistory(tmp, List.of(failed, retry));
    List<String> lines = Files.readAllLines(tmp.resolve("history.jsonl"));
    assertThat(lines.get(0)).doesNotContain("retryOf");
    assertThat(lines.get(1)).endsWith(",\"retryOf\":1}");
    assertThat(RunFiles.readHistory(tmp)).containsExactly(failed, retry);
  }

  @Test
  void aCoordinatorsNowIsWrittenWhereReportedAndALineWithoutOneStillReads() throws Exception {
    // A now can be negative: a clock skewed behind in a run's first seconds.
    OpRecord read = new OpRecord(3, "w", "ks.t", 0, "read", "7", "ONE", "n2", 0, 500, "ok", null, 42, null, null, -3);
    OpRecord lwt = new OpRecord(4, "w", "ks.t", 1, "lwt", "7", "SERIAL", "n1", 600, 900, "ok", null, -1, true);
    RunFiles.writeHistory(tmp, List.of(read, lwt));
    List<String> lines = Files.readAllLines(tmp.resolve("history.jsonl"));
    assertThat(lines.get(0)).endsWith(",\"applied\":null,\"nowInSec\":-3}");
    assertThat(lines.get(1)).doesNotContain("nowInSec");
    assertThat(RunFiles.readHistory(tmp)).containsExactly(read, lwt);
  }
}
