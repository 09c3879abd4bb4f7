package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Multi-column slices compare clustering tuples lexicographically, in the table's clustering order. */
class CqlMultiColumnSliceTest {
  @TempDir Path dir;

  @Test
  void tupleSlicesAscendingAndDescending() throws IOException {
    Path f = dir.resolve("mc.cql");
    try (var in = getClass().getResourceAsStream("/cql-extra-multicolumn.cql")) {
      Files.write(f, in.readAllBytes());
    }
    List<String> out = CliRun.of("cql", "-f", f.toString(), "--format", "jsonl").out().lines().toList();
    assertThat(out.get(8)).endsWith("\"rows\": [[2, 1], [2, 5], [3, 0]]}");
    assertThat(out.get(9)).endsWith("\"rows\": [[1, 2], [2, 1]]}");
    assertThat(out.get(10)).contains("\"error\": \"InvalidRequest\"").contains("Mixing single column relations");
    assertThat(out.get(11)).contains("ALLOW FILTERING");
    assertThat(out.get(16)).endsWith("\"rows\": [[2, 1], [1, 1]]}");
  }
}
