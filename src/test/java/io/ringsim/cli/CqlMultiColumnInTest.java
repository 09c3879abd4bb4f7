package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code (a, b) IN ((1, 2), (5, 6))}: exact clustering prefixes, rows in the table's clustering order (a DESC here),
 * repeats ignored, ORDER BY reversing it; and Cassandra's errors for a wrong arity, a wrong column order, mixing with
 * single-column relations, and no partition key without ALLOW FILTERING.
 */
class CqlMultiColumnInTest {
  @TempDir Path dir;

  @Test
  void tupleInSelectsExactRowsInClusteringOrder() throws IOException {
    Path f = dir.resolve("in.cql");
    try (var in = getClass().getResourceAsStream("/cql-extra-multicolumn-in.cql")) {
      Files.write(f, in.readAllBytes());
    }
    List<String> out = CliRun.of("cql", "-f", f.toString(), "--format", "jsonl").out().lines().toList();
    assertThat(out.get(7)).endsWith("\"rows\": [[1, 5, 6, \"z\"], [1, 1, 2, \"x\"]]}");
    assertThat(out.get(8)).endsWith("\"rows\": [[1, 5, 6, \"z\"], [1, 5, 7, \"w\"], [1, 1, 2, \"x\"]]}");
    assertThat(out.get(9)).contains("InvalidRequest").contains("Expected 2 elements in value tuple, but got 1");
    assertThat(out.get(10)).contains("InvalidRequest").contains("must appear in the PRIMARY KEY order");
    assertThat(out.get(11)).contains("InvalidRequest").contains("Mixing single column relations");
    assertThat(out.get(12)).contains("InvalidRequest").contains("ALLOW FILTERING");
    assertThat(out.get(13)).endsWith("\"rows\": [[1, 1, 2, \"x\"]]}");
    assertThat(out.get(14)).endsWith("\"rows\": [[1, 3, 4, \"y\"], [1, 5, 7, \"w\"]]}");
  }
}
