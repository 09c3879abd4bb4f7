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
 * What a user of `ringsim cql` meets with SASI beyond script 55 (whose answers are the oracle's): the analyzers
 * ringsim does not simulate are refused in one line naming them instead of answering as a non-tokenizing index
 * would; the switch left off refuses the index with Cassandra's words, and a LIKE with Cassandra's.
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
  void tokenizingAnalyzersAreRefusedByName() throws IOException {
    List<JsonNode> r = run("""
        CREATE CUSTOM INDEX a ON t (v) %1$s WITH OPTIONS = {'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer'};
        CREATE CUSTOM INDEX b ON t (v) %1$s WITH OPTIONS = {'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.DelimiterAnalyzer', 'delimiter': ','};
        CREATE CUSTOM INDEX c ON t (v) %1$s WITH OPTIONS = {'analyzed': 'true'};
        CREATE CUSTOM INDEX d ON t (n) %1$s WITH OPTIONS = {'analyzed': 'true'};
        CREATE CUSTOM INDEX e ON t (v) %1$s WITH OPTIONS = {'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer', 'analyzed': 'false'};
        """.formatted(SASI), "--yaml", "sasi_indexes_enabled=true");
    assertThat(r.get(0).get("message").asText()).startsWith("ringsim does not simulate SASI's StandardAnalyzer");
    assertThat(r.get(1).get("message").asText()).startsWith("ringsim does not simulate SASI's DelimiterAnalyzer");
    // analyzed without an analyzer class is Cassandra's StandardAnalyzer on text, no analyzer on an int.
    assertThat(r.get(2).get("message").asText()).startsWith("ringsim does not simulate SASI's StandardAnalyzer");
    assertThat(r.get(3).get("ok").asBoolean()).isTrue();
    // An analyzer class that is not used (analyzed false) changes nothing.
    assertThat(r.get(4).get("ok").asBoolean()).isTrue();
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
