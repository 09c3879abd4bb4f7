package io.ringsim.sim.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.cluster.net.TraceLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * trace.jsonl: one JSON value per line. The first line is the header object; then one array per record, its first
 * element saying what it is: {@code ["n", name]} a node name (numbered from 0 in order of appearance), {@code ["m",
 * send_us, arrive_us, from, to, kind, outcome, table, token, request, timestamp]} a message or node event (from and
 * to are node numbers; token null when about no partition), {@code ["f", at_us, kind, text]} a timeline event, and
 * {@code ["k", table, key, token, [replicas]]} a key. Past {@link #COMPRESS_ABOVE} records it is written
 * gzip-compressed as trace.jsonl.gz instead (Java's gzip header has no time stamp: the same run gives the same bytes).
 */
public final class TraceFile {
  private TraceFile() {}

  public static final String PLAIN = "trace.jsonl";
  public static final String GZ = "trace.jsonl.gz";
  public static final int COMPRESS_ABOVE = 100_000;

  /** Writes the trace into {@code dir}, replacing the other form if an earlier run left it. Returns the file. */
  public static Path write(Path dir, TraceCapture.CapturedTrace t) throws IOException {
    TraceModel.Header h = t.model().header();
    TraceLog log = t.log();
    boolean compress = h.written() > COMPRESS_ABOVE;
    Path out = dir.resolve(compress ? GZ : PLAIN);
    Files.deleteIfExists(dir.resolve(compress ? PLAIN : GZ));
    OutputStream file = Files.newOutputStream(out);
    // The fastest level: a run's trace compresses well anyway (about 8 to 1), and the run waits for the file.
    OutputStream sink = compress ? new GZIPOutputStream(file, 1 << 16) {
      {
        def.setLevel(java.util.zip.Deflater.BEST_SPEED);
      }
    } : file;
    try (Writer w = new java.io.BufferedWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8), 1 << 16);
        JsonGenerator g = new JsonFactory().createGenerator(w)) {
      g.setRootValueSeparator(null);
      g.writeStartObject();
      g.writeStringField("format", TraceModel.FORMAT);
      g.writeNumberField("version", TraceModel.VERSION);
      g.writeStringField("partitioner", h.partitioner());
      g.writeNumberField("record_cap", h.recordCap());
      g.writeNumberField("recorded", h.recorded());
      g.writeNumberField("written", h.written());
      g.writeNumberField("sample_one_in", h.sampleOneIn());
      g.writeEndObject();
      g.writeRaw('\n');
      // Node numbers in the file follow the order of first use, whatever order the log interned them in.
      int[] fileNode = new int[log.names().size()];
      java.util.Arrays.fill(fileNode, -1);
      int nextNode = 0;
      for (int i = 0; i < log.size(); i++) {
        if (!t.kept().test(i)) continue;
        int from = log.from(i), to = log.to(i);
        if (fileNode[from] < 0) nodeLine(g, log.names().get(from), fileNode[from] = nextNode++);
        if (fileNode[to] < 0) nodeLine(g, log.names().get(to), fileNode[to] = nextNode++);
        int table = log.table(i);
        long token = log.token(i);
        g.writeStartArray();
        g.writeString("m");
        g.writeNumber(log.sendNanos(i) / 1000);
        g.writeNumber(log.arriveNanos(i) / 1000);
        g.writeNumber(fileNode[from]);
        g.writeNumber(fileNode[to]);
        g.writeString(log.kinds().get(log.kind(i)));
        g.writeString(TraceLog.OUTCOMES.get(log.outcome(i)));
        g.writeString(table < 0 ? "" : log.tables().get(table));
        if (token == TraceModel.NO_TOKEN) g.writeNull();
        else g.writeNumber(token);
        g.writeNumber(log.requestId(i));
        g.writeNumber(log.timestamp(i));
        g.writeEndArray();
        g.writeRaw('\n');
      }
      for (TraceModel.Fault f : t.model().faults()) {
        g.writeStartArray();
        g.writeString("f");
        g.writeNumber(f.atMicros());
        g.writeString(f.kind());
        g.writeString(f.text());
        g.writeEndArray();
        g.writeRaw('\n');
      }
      for (TraceModel.KeyInfo k : t.model().keys()) {
        g.writeStartArray();
        g.writeString("k");
        g.writeString(k.table());
        g.writeString(k.key());
        g.writeString(k.token());
        g.writeNumber(k.tokenLong());
        g.writeStartArray();
        for (String r : k.replicas()) g.writeString(r);
        g.writeEndArray();
        g.writeEndArray();
        g.writeRaw('\n');
      }
    }
    return out;
  }

  private static void nodeLine(JsonGenerator g, String name, int number) throws IOException {
    g.writeStartArray();
    g.writeString("n");
    g.writeString(name);
    g.writeEndArray();
    g.writeRaw('\n');
  }

  /** The trace file of a run directory, or null when it has none. */
  public static Path find(Path dir) {
    if (Files.isRegularFile(dir.resolve(PLAIN))) return dir.resolve(PLAIN);
    if (Files.isRegularFile(dir.resolve(GZ))) return dir.resolve(GZ);
    return null;
  }

  /** Thrown for a file that is not a ringsim trace; the message names the file and line. */
  public static final class FormatException extends Exception {
    public FormatException(String message) {
      super(message);
    }
  }

  public static TraceModel read(Path file) throws IOException, FormatException {
    ObjectMapper om = new ObjectMapper();
    InputStream in = Files.newInputStream(file);
    if (file.getFileName().toString().endsWith(".gz")) in = new GZIPInputStream(in, 1 << 16);
    List<String> nodes = new ArrayList<>();
    Map<String, String> interned = new HashMap<>();
    List<TraceModel.Msg> msgs = new ArrayList<>();
    List<TraceModel.Fault> faults = new ArrayList<>();
    List<TraceModel.KeyInfo> keys = new ArrayList<>();
    TraceModel.Header header = null;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      String line;
      int n = 0;
      while ((line = r.readLine()) != null) {
        n++;
        if (line.isBlank()) continue;
        try {
          JsonNode v = om.readTree(line);
          if (n == 1) {
            if (!TraceModel.FORMAT.equals(v.path("format").asText()))
              throw new FormatException(file + ":1: not a ringsim trace (no \"format\": \"ringsim-trace\")");
            header = new TraceModel.Header(v.path("partitioner").asText(), v.path("record_cap").asLong(),
                v.path("recorded").asLong(), v.path("written").asLong(), v.path("sample_one_in").asInt());
            continue;
          }
          switch (v.get(0).asText()) {
            case "n" -> nodes.add(v.get(1).asText());
            case "m" -> msgs.add(new TraceModel.Msg(v.get(1).asLong(), v.get(2).asLong(), nodes.get(v.get(3).asInt()),
                nodes.get(v.get(4).asInt()), intern(interned, v.get(5).asText()), intern(interned, v.get(6).asText()),
                intern(interned, v.get(7).asText()), v.get(8).isNull() ? TraceModel.NO_TOKEN : v.get(8).asLong(),
                v.get(9).asLong(), v.get(10).asLong()));
            case "f" -> faults.add(new TraceModel.Fault(v.get(1).asLong(), v.get(2).asText(), v.get(3).asText()));
            case "k" -> {
              List<String> reps = new ArrayList<>();
              for (JsonNode x : v.get(5)) reps.add(x.asText());
              keys.add(new TraceModel.KeyInfo(v.get(1).asText(), v.get(2).asText(), v.get(3).asText(),
                  v.get(4).asLong(), reps));
            }
            default -> throw new FormatException(file + ":" + n + ": unknown record " + v.get(0));
          }
        } catch (IOException | RuntimeException e) {
          throw new FormatException(file + ":" + n + ": not a trace record (" + e.getMessage().lines().findFirst()
              .orElse("") + ")");
        }
      }
    }
    if (header == null) throw new FormatException(file + ": empty, not a ringsim trace");
    return new TraceModel(header, msgs, faults, keys);
  }

  private static String intern(Map<String, String> m, String s) {
    return m.computeIfAbsent(s, x -> x);
  }
}
