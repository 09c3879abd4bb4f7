package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirTest {
  @TempDir Path dir;

  @Test
  void plainNamesAreKeptSoShippedScenariosWriteWhereTheyAlwaysDid() {
    assertThat(OutputDir.defaultFor("quickstart", "-seed7")).isEqualTo(Path.of("runs", "quickstart-seed7"));
    assertThat(OutputDir.safeName("lww-clock_skew.v2")).isEqualTo("lww-clock_skew.v2");
  }

  @Test
  void anyNameBecomesOneFolderThatCanBeCreated() throws Exception {
    String[] names = {"a/b/../../etc", "..", ".", "", "naïve–ünïcödé 東京", "é".repeat(300), "x".repeat(5000),
        "tab\there", "nul\0byte", "😀".repeat(100)};
    for (String n : names) {
      String safe = OutputDir.safeName(n);
      assertThat(safe).as(n).doesNotContain("/").doesNotContain("\0").isNotIn(".", "..", "");
      assertThat(safe.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(OutputDir.MAX_NAME_BYTES);
      Path made = OutputDir.prepare(dir.resolve(safe + "-seed-9223372036854775808"), false);
      assertThat(made.getParent()).isEqualTo(dir);
      assertThat(Files.isDirectory(made)).isTrue();
    }
    assertThat(OutputDir.safeName("東京")).isEqualTo("東京");
  }
}
