package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * grade --lang zh-CN reads its English findings back into Chinese; a partition key's text value that holds ", " or the
 * findings' own words ("; missing 3, e.g. ") is one quoted value, shown as it is, never cut into two figures or said
 * as a sentence ("env = 'prod；缺少 3 行，例如 x'" before).
 */
class GradeQuotedValuesTest {
  @TempDir Path tmp;

  @Test
  void aQuotedValueWithTheFindingsOwnWordsStaysOneValueInChinese() throws IOException {
    String logs = Files.readString(Path.of("simulations/assignments/application-logs.sim"));
    String envs = "values('prod', 'prod', 'prod', 'staging', 'dev')";
    assertThat(logs).contains(envs);
    Path assignment = tmp.resolve("logs.sim");
    Files.writeString(assignment, logs.replace(envs, "values('prod; missing 3, e.g. x', 'prod; missing 3, e.g. x',"
        + " 'staging, eu', 'dev')"));
    CliRun zh = CliRun.of("grade", assignment.toString(), "simulations/assignments/application-logs-wrong-seed-table.cql",
        "--lang", "zh-CN");
    assertThat(zh.exitCode()).as(zh.err()).isEqualTo(1);
    assertThat(zh.out()).contains("分区大小最多 10 MB：表 application_logs：分区（app_name = 'billing', env = 'prod; missing 3,"
        + " e.g. x'）有 ", "每分区行数最多 100,000：表 application_logs：分区（app_name = 'search', env = 'prod; missing 3,"
        + " e.g. x'）有 ")
        .doesNotContain("缺少 3 行，例如 x'");
    assertThat(ZhModelGradeTest.englishIn(zh.out())).as("English sentences in grade --lang zh-CN").isEmpty();
  }
}
