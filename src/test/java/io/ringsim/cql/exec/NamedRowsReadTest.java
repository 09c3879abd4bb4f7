package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.storage.TableStats;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How many SSTables a replica reads for one query, against what Cassandra 4.1.10 read for the same statements
 * ({@code src/test/resources/oracle/sstables-per-read.expected.jsonl}, written by {@code oracle/sstables-per-read.sh
 * oracle/cases/sstables-per-read.jsonl}): rows named by their whole primary key are read newest SSTable first and
 * the read stops once nothing older can matter; slices read every SSTable that has the partition, down to one older
 * than a partition deletion already read; range scans are not counted among the table's reads. A user sees the figures in TRACING ("Read from N SSTables") and in the run's
 * storage table (reads, read amplification).
 */
class NamedRowsReadTest {
  private static final Pattern READ_FROM = Pattern.compile("Merged data from memtables and (\\d+) sstables");

  static Stream<JsonNode> cases() throws IOException {
    try (InputStream in = NamedRowsReadTest.class.getResourceAsStream("/oracle/sstables-per-read.expected.jsonl")) {
      ObjectMapper json = new ObjectMapper();
      List<JsonNode> out = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) out.add(json.readTree(line));
      }
      return out.stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void readsAsManySSTablesAsCassandra(JsonNode c) {
    try (OneNodeCql cql = new OneNodeCql(5)) {
      for (JsonNode st : c.get("setup")) {
        if (st.asText().equals("@flush")) cql.sim.nodeNames().forEach(cql.sim::flush);
        else cql.run(st.asText());
      }
      cql.session.setTracing(true);
      String select = c.get("read").asText();
      cql.run(select);
      String table = "ks." + select.replaceAll("(?is).*?\\b(?:FROM|UPDATE|INTO)\\s+(\\w+).*", "$1");
      TableStats stats = cql.sim.reports().get(0).tables().stream().filter(t -> t.table().equals(table))
          .findFirst().orElseThrow();
      String what = c.get("case").asText();
      assertThat(stats.reads()).as(what + ": reads counted").isEqualTo(c.get("reads").asLong());
      if (c.get("reads").asLong() == 0) return;
      int sstables = c.get("sstables").asInt();
      assertThat(stats.maxSSTablesPerRead()).as(what + ": SSTables per read").isEqualTo(sstables);
      List<Integer> read = new ArrayList<>();
      for (TraceEvent e : cql.session.lastTrace()) {
        Matcher m = READ_FROM.matcher(e.activity());
        if (m.find()) read.add(Integer.parseInt(m.group(1)));
      }
      if (select.startsWith("SELECT")) { // a conditional write's Paxos read traces no such line
        List<String> activities = cql.session.lastTrace().stream().map(TraceEvent::activity).toList();
        // Cassandra 4.1 reads rows named by their key in timestamp order (queryMemtableAndSSTablesInTimestampOrder),
        // which traces "Merging memtable contents" and no count; a slice (the whole partition of a table with
        // clustering columns, a range, or any read of a table with a collection) merges every SSTable and says how
        // many it read.
        boolean slice = what.contains("list column") || what.startsWith("the whole partition")
            || what.startsWith("a range of clustering keys");
        if (slice) {
          assertThat(read).as(what + ": the trace's Merged data from memtables and N sstables")
              .containsExactly(sstables);
          assertThat(activities).as(what).doesNotContain("Merging memtable contents");
        } else {
          assertThat(activities).as(what + ": a read in timestamp order").contains("Merging memtable contents");
          assertThat(read).as(what + ": no Merged data line in timestamp order").isEmpty();
        }
      }
    }
  }
}
