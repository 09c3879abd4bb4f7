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

  @Test
  void everyNameAScenarioFileAcceptsIsItsOwnFolderName() {
    // A symbol, an emoji sequence with its joiner, Hindi vowel signs (combining marks): kept, so that two scenarios
    // named a☃ and a😀 do not share a folder, and a Hindi name stays readable.
    for (String n : new String[] {"sénsors☃", "लेखन_👩‍💻", "हिन्दी", "a😀", "Zürich-2"}) {
      assertThat(OutputDir.safeName(n)).isEqualTo(n);
    }
    assertThat(OutputDir.safeName("a☃")).isNotEqualTo(OutputDir.safeName("a😀"));
    // What a file system or a shell reads specially is still replaced.
    assertThat(OutputDir.safeName("a b/c\\d:e\u2028f")).isEqualTo("a-b-c-d-e-f");
    // Cut at the byte limit between characters, never inside one.
    String cut = OutputDir.safeName("☃".repeat(100));
    assertThat(cut).isEqualTo("☃".repeat(OutputDir.MAX_NAME_BYTES / 3));
  }
}
