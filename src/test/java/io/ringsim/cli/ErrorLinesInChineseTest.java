package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input under {@code --lang zh-CN}: the same one line on stderr and exit 2 as in English, in Chinese, naming the
 * same FILE:LINE:COL and the same offending value; the English line is unchanged.
 */
class ErrorLinesInChineseTest {
  @TempDir Path tmp;

  /** quickstart.sim with one edit: a scenario with one mistake, as a student makes it. */
  private String scenario(String name, String from, String to) throws IOException {
    String text = Files.readString(Path.of("simulations/quickstart.sim"));
    assertThat(text).contains(from);
    Path f = tmp.resolve(name);
    Files.writeString(f, text.replace(from, to));
    return f.toString();
  }

  /** Runs the command in both languages: exit 2, one line each; returns the Chinese line after checking the English. */
  private static String zh(String english, String... args) {
    CliRun en = CliRun.of(concat(args, "--lang", "en")), zh = CliRun.of(concat(args, "--lang", "zh-CN"));
    assertThat(en.exitCode()).as(en.err()).isEqualTo(2);
    assertThat(zh.exitCode()).as(zh.err()).isEqualTo(2);
    if (english != null) assertThat(en.err().strip()).isEqualTo(english);
    String line = zh.err().strip();
    assertThat(line).as("one line").doesNotContain("\n").startsWith("ringsim: ").containsPattern("\\p{IsHan}");
    assertThat(ZhSurfacesTest.englishLines(line, List.of())).as("English left in " + line).isEmpty();
    return line;
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void aScenarioMistakeNamesTheSameFileLineAndColumnInChinese() throws IOException {
    String noNode = scenario("no-node.sim", "at 40s crash n3", "at 40s crash n9");
    assertThat(zh("ringsim: " + noNode + ":38:3: no node named 'n9' (this cluster has n1..n6)", "run", noNode))
        .isEqualTo("ringsim: " + noNode + ":38:3: 没有名为 'n9' 的节点（这个集群的节点为 n1..n6）");
    String syntax = scenario("syntax.sim", "nodes 6", "nodes six");
    assertThat(zh("ringsim: " + syntax + ":10:9: mismatched input 'six' expecting INT", "run", syntax))
        .isEqualTo("ringsim: " + syntax + ":10:9: 此处的输入 'six' 不符合语法，应为 INT");
    String duration = scenario("duration.sim", "duration 3m", "duration 3x");
    assertThat(zh("ringsim: " + duration + ":6:10: mismatched input '3' expecting DURATION", "run", duration))
        .isEqualTo("ringsim: " + duration + ":6:10: 此处的输入 '3' 不符合语法，应为 DURATION");
    String column = scenario("column.sim", "column customer text", "column custom text");
    assertThat(zh("ringsim: " + column + ":26:1: workload orders: table shop.orders has no column 'custom' (its"
        + " columns: id, customer, total)", "run", column))
        .isEqualTo("ringsim: " + column + ":26:1: 工作负载 orders：表 shop.orders 没有列 'custom'（它的列：id, customer, total）");
  }

  /** check prints each file's error itself, in the chosen language too. */
  @Test
  void checkSaysEachFilesErrorInChinese() throws IOException {
    String mix = scenario("mix.sim", "mix write 50% read 50%", "mix write 50% read 40%");
    CliRun zh = CliRun.of("check", mix, "--lang", "zh-CN"), en = CliRun.of("check", mix, "--lang", "en");
    assertThat(en.exitCode()).isEqualTo(2);
    assertThat(zh.exitCode()).isEqualTo(2);
    assertThat(en.err().strip()).isEqualTo(mix + ":26:1: the mix of workload orders adds up to 90%, not 100%");
    assertThat(zh.err().strip()).isEqualTo(mix + ":26:1: 工作负载 orders 的操作比例（mix）加起来是 90%，不是 100%");
  }

  /** grade's refusal of a submission it cannot grade names the same place in Chinese. */
  @Test
  void aSubmissionGradeCannotGradeIsRefusedInChinese() throws IOException {
    String model = Files.readString(Path.of("simulations/assignments/users-model.cql"));
    assertThat(model).contains("CREATE TABLE users_by_state");
    Path withKeyspace = tmp.resolve("with-keyspace.cql");
    Files.writeString(withKeyspace, model.replace("CREATE TABLE users_by_state", "CREATE TABLE ks.users_by_state"));
    String line = zh(null, "grade", "simulations/assignments/users.sim", withKeyspace.toString());
    assertThat(line).startsWith("ringsim: " + withKeyspace + ":").contains(": 写表时不要带键空间（'ks.'）：评分器会自己建一个");
  }

  @Test
  void badOptionsAndFilesInChinese() {
    assertThat(zh("ringsim: --nodes: nodes must be between 1 and 1000, got 0", "ring", "--nodes", "0"))
        .isEqualTo("ringsim: --nodes：nodes 必须在 1 到 1000 之间，实际为 0");
    assertThat(zh("ringsim: Invalid value for option '--seed': '1.5' is not a long (see 'ringsim ring --help')",
        "ring", "--seed", "1.5"))
        .isEqualTo("ringsim: 选项 '--seed' 的值无效：'1.5' 不是整数（long）（见 'ringsim ring --help'）");
    assertThat(zh("ringsim: Missing required parameter: '<file>' (see 'ringsim run --help')", "run"))
        .isEqualTo("ringsim: 缺少必需的参数：'<file>'（见 'ringsim run --help'）");
    assertThat(zh("ringsim: no-such.sim: cannot read: no such file", "run", "no-such.sim"))
        .isEqualTo("ringsim: no-such.sim：无法读取：没有这个文件");
    assertThat(zh("ringsim: no such directory: no-such-run", "report", "no-such-run"))
        .isEqualTo("ringsim: 没有这个目录：no-such-run");
    // cql takes --lang for its help and errors; its results and Cassandra's errors stay cqlsh's words
    assertThat(zh("ringsim: cannot read no-such.cql: no such file", "cql", "-f", "no-such.cql"))
        .isEqualTo("ringsim: 无法读取 no-such.cql：没有这个文件");
    assertThat(zh("ringsim: unknown format 'xml' (expected table or json)", "ring", "--format", "xml"))
        .isEqualTo("ringsim: 未知格式 'xml'（应为 table 或 json）");
  }
}
