package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `check` and `run` refuse a scenario with the same one line, also when the offending text holds a vertical tab
 * (a line break to Java's regular expressions): found by GeneratedInputProperties, kept here as a fixed case.
 */
class CheckRunSameLineTest {
  @TempDir Path dir;

  @Test
  void aControlCharacterInTheCqlSectionGivesTheSameLineFromCheckAndRun() throws Exception {
    Path f = dir.resolve("vt.sim");
    Files.writeString(f, "scenario base \"a small scenario\"\nduration 10s\ncluster {\n  nodes 3\n}\ncql {\n"
        + "  !\u000b KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};\n}\n",
        StandardCharsets.UTF_8);
    CliRun check = CliRun.of("check", f.toString());
    CliRun run = CliRun.of("run", f.toString(), "--out", dir.resolve("out").toString(), "--quiet");
    assertThat(check.exitCode()).isEqualTo(2);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(check.err().strip()).doesNotContain("\u000b").contains("vt.sim:7:");
    assertThat(run.err()).contains(check.err().strip());
  }
}
