package io.ringsim.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.cassandra.db.ColumnFamilyStore;
import org.apache.cassandra.db.Keyspace;

/**
 * How many SSTables Cassandra reads for one query (its SSTables-per-read histogram, what {@code nodetool
 * tablehistograms} shows): for each case of a JSON-lines file ({@code case}, {@code setup} statements with
 * {@code "@flush"} between them, and one {@code read}), on a table of its own, the answer is the case with {@code
 * "reads"} (how many reads the histogram counted: 1, or 0 for a read it leaves out) and {@code "sstables"} (the one
 * value it holds; null when it counted none) added.
 *
 * <p>Usage: oracle/sstables-per-read.sh CASES.jsonl [OUT.expected.jsonl]
 */
public final class SSTablesPerRead {
  private SSTablesPerRead() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: SSTablesPerRead CASES.jsonl [OUT.expected.jsonl]");
      System.exit(2);
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      System.err.println(args[0] + ": cannot read it ("
          + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()) + ")");
      System.exit(2);
      return;
    }
    ObjectMapper json = new ObjectMapper();
    // Every case is checked before Cassandra starts: a bad line costs no start-up and names itself.
    List<JsonNode> cases = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) continue;
      String bad = null;
      JsonNode c = null;
      try {
        c = json.readTree(lines.get(i));
        if (!c.path("case").isTextual()) bad = "no \"case\" text";
        else if (!c.path("setup").isArray()) bad = "no \"setup\" list of statements";
        else if (!c.path("read").isTextual()) bad = "no \"read\" statement";
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        bad = "not JSON: " + e.getOriginalMessage();
      }
      if (bad != null) {
        System.err.println(args[0] + ":" + (i + 1) + ": " + bad);
        System.exit(2);
      }
      cases.add(c);
    }
    System.setProperty("cassandra.clock", AdvancingClock.class.getName());
    long now = System.currentTimeMillis() / 1000;
    AdvancingClock.startAt(now * 1000L);
    StringBuilder out = new StringBuilder();
    int status = 0;
    try (EmbeddedNode node = EmbeddedNode.start(EmbeddedNode.freePort())) {
      ScriptSession s = new ScriptSession((int) now);
      run(s, "CREATE KEYSPACE o WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      run(s, "USE o");
      for (JsonNode c : cases) {
        for (JsonNode st : c.get("setup")) {
          if (st.asText().equals("@flush")) ScriptSession.flushUserTables();
          else run(s, st.asText());
        }
        String read = c.get("read").asText();
        String table = read.replaceAll("(?is).*?\\b(?:FROM|UPDATE|INTO)\\s+(\\w+).*", "$1");
        run(s, read);
        var histogram = Keyspace.open("o").getColumnFamilyStore(table).metric.sstablesPerReadHistogram.cf;
        if (histogram.getCount() > 1) throw new IllegalStateException(c.get("case") + ": " + histogram.getCount()
            + " reads of " + table + " counted, expected at most one");
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("case", c.get("case").asText());
        List<Object> setup = new ArrayList<>();
        c.get("setup").forEach(x -> setup.add(x.asText()));
        answer.put("setup", setup);
        answer.put("read", read);
        answer.put("reads", new JsonText.JsonNumber(Long.toString(histogram.getCount())));
        answer.put("sstables", histogram.getCount() == 0 ? null
            : new JsonText.JsonNumber(Long.toString(histogram.getSnapshot().getMax())));
        JsonText.write(out, answer);
        out.append('\n');
      }
    } catch (RuntimeException e) {
      System.err.println("sstables-per-read: " + e.getMessage());
      status = 1;
    }
    if (status == 0) {
      if (args.length == 2) Files.writeString(Path.of(args[1]), out, StandardCharsets.UTF_8);
      else System.out.print(out);
    }
    System.out.flush();
    Runtime.getRuntime().halt(status); // Cassandra's non-daemon threads would keep the JVM alive
  }

  private static void run(ScriptSession s, String cql) {
    AdvancingClock.tick(); // distinct, increasing write timestamps
    ScriptSession.Outcome o = s.execute(cql);
    if (!o.ok()) throw new IllegalStateException(cql + ": " + o.errorClass() + " " + o.message());
  }
}
