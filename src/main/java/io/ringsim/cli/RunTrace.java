package io.ringsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.ringsim.report.Anomaly;
import io.ringsim.report.AnomalySections;
import io.ringsim.report.AnomalyStory;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.trace.Explainer;
import io.ringsim.sim.trace.TraceCapture;
import io.ringsim.sim.trace.TraceFile;
import io.ringsim.sim.trace.TraceModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run's trace on disk (trace.jsonl), its history read back, and the anomalies' stories told from both: shared by
 * {@code run}, {@code report} and {@code explain}, so each tells the same story.
 */
final class RunTrace {
  private RunTrace() {}

  /** Removes {@code --set record_cap=N} from the overrides (the scenario reader does not know it) and returns N. */
  static long takeRecordCap(Map<String, String> overrides) {
    String v = overrides.remove("record_cap");
    if (v == null) return TraceCapture.DEFAULT_RECORD_CAP;
    try {
      long n = Long.parseLong(v);
      if (n < 0 || n > 100_000_000) throw new NumberFormatException();
      return n;
    } catch (NumberFormatException e) {
      throw new BadInputException("--set record_cap=" + v + ": expected a whole number of records from 0 (record"
          + " nothing) to 100000000");
    }
  }

  /** Writes trace.jsonl (or .gz); with no trace (history off) removes any an earlier run left in {@code dir}. */
  static void write(Path dir, TraceCapture.CapturedTrace trace) throws IOException {
    if (trace == null) {
      Files.deleteIfExists(dir.resolve(TraceFile.PLAIN));
      Files.deleteIfExists(dir.resolve(TraceFile.GZ));
      return;
    }
    trace.write(dir);
  }

  /** The stories report.html draws: the first {@link AnomalySections#DRAWN} anomalies' ({@code explain} has all). */
  static List<AnomalyStory> stories(TraceModel trace, List<OpRecord> history, List<Anomaly> anomalies) {
    if (trace == null || anomalies.isEmpty()) return List.of();
    return new Explainer(trace, history).explainAll(anomalies.subList(0,
        Math.min(anomalies.size(), AnomalySections.DRAWN)));
  }

  /** The trace of a run directory, or null when it has none; a broken file is a one-line error. */
  static TraceModel readTrace(Path dir) {
    Path f = TraceFile.find(dir);
    if (f == null) return null;
    try {
      return TraceFile.read(f);
    } catch (TraceFile.FormatException e) {
      throw new BadInputException(e.getMessage());
    } catch (IOException e) {
      throw new BadInputException("cannot read " + f + ": " + e.getMessage());
    }
  }

  /** history.jsonl (or .gz) of a run directory; empty when there is none. */
  static List<OpRecord> readHistory(Path dir) {
    Path plain = dir.resolve("history.jsonl"), gz = dir.resolve("history.jsonl.gz");
    Path f = Files.isRegularFile(plain) ? plain : Files.isRegularFile(gz) ? gz : null;
    List<OpRecord> out = new ArrayList<>();
    if (f == null) return out;
    ObjectReader reader = new ObjectMapper().readerFor(OpRecord.class);
    int n = 0;
    try (InputStream raw = Files.newInputStream(f);
        InputStream in = f == gz ? new java.util.zip.GZIPInputStream(raw, 1 << 16) : raw;
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      String line;
      while ((line = r.readLine()) != null) {
        n++;
        if (!line.isBlank()) out.add(reader.readValue(line));
      }
    } catch (IOException e) {
      throw new BadInputException(f + ":" + n + ": not a history line (" + e.getMessage().lines().findFirst()
          .orElse("") + ")");
    }
    return out;
  }
}
