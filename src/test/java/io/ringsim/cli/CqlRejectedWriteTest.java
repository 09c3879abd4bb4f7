package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write refused for what it asks (deleting a list element past the end of the list) fails as InvalidRequest before
 * anything runs: no stack trace, the coordinator keeps serving, and the data already written is unchanged.
 */
class CqlRejectedWriteTest {
  @TempDir Path dir;

  @Test
  void aRefusedElementDeletionLeavesTheNodeServingAndTheDataIntact() throws IOException {
    Path f = dir.resolve("bad.cql");
    Files.writeString(f, """
        CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        CREATE TABLE k.t (p int PRIMARY KEY, l list<text>, m map<int, text>);
        INSERT INTO k.t (p, l, m) VALUES (1, ['a', 'b'], {1: 'one'});
        DELETE l[5] FROM k.t WHERE p = 1;
        DELETE m['x'] FROM k.t WHERE p = 1;
        SELECT l, m FROM k.t WHERE p = 1;
        """);
    CliRun r = CliRun.of("cql", "-f", f.toString(), "--format", "jsonl");
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    List<String> out = r.out().lines().toList();
    assertThat(out.get(3)).contains("\"error\": \"InvalidRequest\"").contains("List index 5 out of bound, list has size 2");
    assertThat(out.get(4)).contains("\"error\": \"InvalidRequest\"").contains("Invalid STRING constant");
    assertThat(out.get(5)).contains("\"ok\": true").endsWith("\"rows\": [[[\"a\", \"b\"], {\"1\": \"one\"}]]}");
  }
}
