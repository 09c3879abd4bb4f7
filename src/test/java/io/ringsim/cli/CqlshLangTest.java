package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ringsim cqlsh --lang zh-CN}: what ringsim's cqlsh says itself (banner, HELP, the shell commands' answers, the
 * fault commands' lines, NODES' headers) is Chinese; Cassandra's error messages stay Cassandra's words, as a real
 * cqlsh prints them; English is as before.
 */
class CqlshLangTest {
  static final String SCRIPT = String.join("\n",
      "HELP",
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2};",
      "CREATE TABLE ks.kv (k text PRIMARY KEY, v int);",
      "CONSISTENCY QUORUM",
      "CONSISTENCY",
      "TRACING",
      "TRACING MAYBE",
      "EXPAND ON",
      "GETENDPOINTS ks nope 1",
      "NODES",
      "CRASH n2",
      "SELECT * FROM ks.nope;",
      "EXIT", "");

  static String cqlsh(String... args) {
    InputStream oldIn = System.in;
    PrintStream oldOut = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try {
      System.setIn(new ByteArrayInputStream(SCRIPT.getBytes(StandardCharsets.UTF_8)));
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      assertThat(ExitCodes.execute(args)).isZero();
    } finally {
      System.setIn(oldIn);
      System.setOut(oldOut);
    }
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void cqlshSaysItsOwnWordsInChineseAndCassandrasErrorsAsCassandraDoes() {
    String zh = cqlsh("cqlsh", "--nodes", "2", "--vnodes", "4", "--lang", "zh-CN");
    String en = cqlsh("cqlsh", "--nodes", "2", "--vnodes", "4", "--lang", "en");
    assertThat(en).contains("Connected to a simulated cluster of 2 nodes (murmur3, seed 1).",
        "Use HELP for help. Consistency level is ONE.", "Consistency level set to QUORUM.",
        "Tracing is currently disabled.", "Improper TRACING command: expected TRACING ON or TRACING OFF",
        "Now Expanded output is enabled", "Improper GETENDPOINTS command: no table ks.nope", "load (bytes)",
        "CQL statements end with ';'.");
    assertThat(zh).contains("已连接到一个有 2 个节点的模拟集群（murmur3，种子 1）。",
        "输入 HELP 查看帮助。当前一致性级别为 ONE。", "一致性级别已设为 QUORUM。", "当前一致性级别为 QUORUM。",
        "追踪（tracing）当前已关闭。", "TRACING 命令有误：应为 TRACING ON 或 TRACING OFF", "扩展输出已打开",
        "GETENDPOINTS 命令有误：没有表 ks.nope", "负载（字节）", "CQL 语句以 ';' 结尾。");
    // Cassandra's error is Cassandra's words in both
    String cassandra = en.lines().filter(l -> l.startsWith("InvalidRequest: ")).findFirst().orElseThrow();
    assertThat(zh).contains(cassandra);
    // the English run has ringsim's sentences; the Chinese one has none but Cassandra's
    assertThat(ZhSurfacesTest.englishLines(en, List.of())).hasSizeGreaterThan(5);
    assertThat(ZhSurfacesTest.englishLines(zh.replace(cassandra, ""), List.of())).isEmpty();
  }
}
