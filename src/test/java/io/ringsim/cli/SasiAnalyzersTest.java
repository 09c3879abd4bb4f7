package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user of `ringsim cql` meets with SASI beyond scripts 55, 59 and 64 (whose answers are the oracle's): what
 * ringsim cannot analyze as Cassandra does (scripts its tokenizer does not know) is refused in one line
 * naming it; several words match by partition; the switch left off refuses the index with Cassandra's words, and a
 * LIKE with Cassandra's.
 */
class SasiAnalyzersTest {
  @TempDir Path dir;

  private static final String SCHEMA = """
      CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      USE ks;
      CREATE TABLE t (k int PRIMARY KEY, v text, n int);
      """;
  private static final String SASI = "USING 'org.apache.cassandra.index.sasi.SASIIndex'";

  private List<JsonNode> run(String statements, String... more) throws IOException {
    Path f = Files.writeString(dir.resolve("s.cql"), SCHEMA + statements);
    List<String> args = new java.util.ArrayList<>(List.of("cql", "-f", f.toString(), "--format", "jsonl"));
    args.addAll(List.of(more));
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    ObjectMapper om = new ObjectMapper();
    List<JsonNode> out = new java.util.ArrayList<>();
    for (String line : r.out().lines().toList()) out.add(om.readTree(line));
    return out.subList(3, out.size());
  }

  @Test
  void whatStandardAnalyzerCannotDoFaithfullyIsRefusedByName() throws IOException {
    List<JsonNode> r = run("""
        CREATE CUSTOM INDEX b ON t (v) %1$s WITH OPTIONS = {'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer', 'tokenization_skip_stop_words': 'true', 'tokenization_locale': 'e'};
        CREATE CUSTOM INDEX c ON t (v) %1$s WITH OPTIONS = {'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer', 'mode': 'CONTAINS'};
        INSERT INTO t (k, v) VALUES (1, 'tea and cake');
        INSERT INTO t (k, v) VALUES (2, '東京 tea');
        SELECT k FROM t WHERE v LIKE '%%cake%%';
        CREATE CUSTOM INDEX d ON t (n) %1$s WITH OPTIONS = {'analyzed': 'true'};
        """.formatted(SASI), "--yaml", "sasi_indexes_enabled=true");
    assertThat(r.get(0).get("message").asText()).contains("tokenization_locale 'e'");
    assertThat(r.get(1).get("ok").asBoolean()).isTrue();
    // Ideographs are words of their own to Cassandra's tokenizer; ringsim refuses a text it cannot split as it does.
    assertThat(r.get(4).get("ok").asBoolean()).isFalse();
    assertThat(r.get(4).get("message").asText()).contains("U+6771");
    // analyzed without an analyzer class is no analyzer on an int.
    assertThat(r.get(5).get("ok").asBoolean()).isTrue();
  }

  @Test
  void severalWordsMatchByPartitionAsSasisIndexDoes() throws IOException {
    List<JsonNode> r = run("""
        CREATE TABLE p (k int, c int, v text, PRIMARY KEY (k, c));
        CREATE CUSTOM INDEX ON p (v) %1$s WITH OPTIONS = {'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer', 'tokenization_normalize_lowercase': 'true'};
        INSERT INTO p (k, c, v) VALUES (1, 1, 'Red apple');
        INSERT INTO p (k, c, v) VALUES (1, 2, 'green pear');
        INSERT INTO p (k, c, v) VALUES (2, 1, 'red pear');
        INSERT INTO p (k, c, v) VALUES (3, 1, 'red');
        SELECT k, c FROM p WHERE v LIKE 'red pear';
        SELECT k, c FROM p WHERE v LIKE 'RED';
        SELECT k, c FROM p WHERE v LIKE '...';
        """.formatted(SASI), "--yaml", "sasi_indexes_enabled=true");
    // Partition 1 holds both words in two rows: both rows come back, each matching one of the words.
    assertThat(r.get(6).get("rows").toString()).isEqualTo("[[1,1],[1,2],[2,1]]");
    assertThat(r.get(7).get("rows").toString()).isEqualTo("[[1,1],[2,1],[3,1]]");
    // A term with no word left matches nothing.
    assertThat(r.get(8).get("rows").toString()).isEqualTo("[]");
  }

  @Test
  void offTheIndexAndLikeAreRefusedInCassandrasWords() throws IOException {
    List<JsonNode> r = run("CREATE CUSTOM INDEX a ON t (v) " + SASI + ";\nSELECT k FROM t WHERE v LIKE 'a%';\n");
    assertThat(r.get(0).get("message").asText()).isEqualTo("SASI indexes are disabled. Enable in cassandra.yaml to "
        + "use.");
    assertThat(r.get(1).get("message").asText()).isEqualTo("LIKE restriction is only supported on properly indexed "
        + "columns. v LIKE 'a%' is not valid.");
  }
}
