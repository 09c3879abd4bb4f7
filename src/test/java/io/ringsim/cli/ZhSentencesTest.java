package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code --lang zh-CN} the simulator's sentences (a run's events, its checks' details, its anomalies' details,
 * the story of an anomaly) are Chinese in what a user reads: run's summary, report.html (written by run and rewritten
 * by report) and explain. No English sentence of the say.* and explain.* labels is left; in English they are there.
 */
class ZhSentencesTest {
  @TempDir static Path tmp;
  static Path en, zh;
  static CliRun runEn, runZh;
  /** report.html of the English run, as run wrote it (a test below rewrites it in Chinese). */
  static String pageEn;
  static final String SCENARIO = "src/test/resources/zh-sentences.sim";

  @BeforeAll
  static void runOnce() {
    en = tmp.resolve("en");
    zh = tmp.resolve("zh");
    runEn = CliRun.of("run", SCENARIO, "--quiet", "--lang", "en", "--out", en.toString());
    runZh = CliRun.of("run", SCENARIO, "--quiet", "--lang", "zh-CN", "--out", zh.toString());
    assertThat(runZh.exitCode()).as(runZh.err()).isEqualTo(runEn.exitCode()).as(runEn.err()).isEqualTo(1);
    try {
      pageEn = pageText(en.resolve("report.html"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The fixed words of every English sentence moved to the catalogue (the text between its figures) that a reader
   * would recognise as English: at least two words, eight characters.
   */
  static Set<String> englishFragments() {
    Labels t = Lang.EN.labels();
    Set<String> out = new TreeSet<>();
    for (String k : t.keys()) {
      if (!k.startsWith("say.") && !k.startsWith("explain.") && !k.startsWith("ringpage.") && !k.startsWith("diagram."))
        continue;
      for (String piece : t.get(k).split("\\{\\d+}")) {
        String p = piece.strip().replaceAll("^[\\p{Punct}\\s]+|[\\p{Punct}\\s]+$", "");
        if (p.length() >= 8 && p.contains(" ")) out.add(p);
      }
    }
    return out;
  }

  /** The checks' names, as the scenario writes them (shrink --check takes them): the same in every language. */
  static final List<String> CHECKS = List.of("no lost writes", "stale reads <= 0");

  static List<String> englishIn(String text) {
    for (String name : CHECKS) text = text.replace(name, " ");
    List<String> found = new ArrayList<>();
    for (String f : englishFragments()) if (text.contains(f)) found.add(f);
    return found;
  }

  static String pageText(Path html) throws IOException {
    // the page's scripts are code (the step-through's events are checked in the page's words it shows elsewhere)
    return Files.readString(html, StandardCharsets.UTF_8).replaceAll("(?s)<script.*?</script>", " ")
        .replaceAll("(?s)<style.*?</style>", " ")
        .replaceAll("<[^>]*>", " ").replace("&#39;", "'").replace("&quot;", "\"").replace("&lt;", "<")
        .replace("&gt;", ">").replace("&amp;", "&");
  }

  @Test
  void theFragmentsAreWhatAnEnglishReaderReads() {
    assertThat(englishFragments()).hasSizeGreaterThan(80).contains("network healed", "stale reads (allowed");
    // the same run in English shows them: the test below would catch them
    assertThat(englishIn(runEn.out())).hasSizeGreaterThan(8).contains("network healed", "restarted, commit log replayed");
    assertThat(englishIn(pageEn)).hasSizeGreaterThan(15)
        .contains("was coordinated by", "operation in this run: the check says nothing");
  }

  @Test
  void runSaysItsEventsChecksAndAnomaliesInChinese() {
    String out = runZh.out();
    assertThat(out).contains("刷写：所有节点", "n2 崩溃", "n2 重启，重放了提交日志中的 0 条记录", "n3 的时钟偏移 -50 ms",
        "网络分区 [n1, n2] | [n3, n4, n5]", "网络恢复", "在 n1 上修复：比较了 ", "0 次丢失写（允许 0 次）",
        "次陈旧读（允许 0 次）", "个 ONE 操作中 ", "这次运行没有一致性级别为 QUORUM 的操作", "（一致性级别 ONE，经协调者 n");
    assertThat(englishIn(out)).as("English sentences in run --lang zh-CN").isEmpty();
  }

  @Test
  void theReportSaysThemInChineseWhenRunOrReportWritesIt() throws IOException {
    String page = pageText(zh.resolve("report.html"));
    assertThat(page).contains("n2 崩溃", "网络恢复", "次陈旧读（允许 0 次）", "由 n3 协调", "副本 ");
    assertThat(englishIn(page)).as("English sentences in report.html of run --lang zh-CN").isEmpty();

    CliRun again = CliRun.of("report", en.toString(), "--lang", "zh-CN");
    assertThat(again.exitCode()).as(again.err()).isZero();
    String rewritten = pageText(en.resolve("report.html"));
    assertThat(rewritten).contains("n2 崩溃", "由 n3 协调");
    assertThat(englishIn(rewritten)).as("English sentences in report.html of report --lang zh-CN").isEmpty();
  }

  @Test
  void ringsPageIsInChinese() throws IOException {
    Path pageZh = tmp.resolve("ring-zh.html"), pageEnglish = tmp.resolve("ring-en.html");
    CliRun a = CliRun.of("ring", "--nodes", "4", "--vnodes", "4", "--lang", "zh-CN", "--html", pageZh.toString());
    CliRun b = CliRun.of("ring", "--nodes", "4", "--vnodes", "4", "--lang", "en", "--html", pageEnglish.toString());
    assertThat(a.exitCode()).as(a.err()).isZero();
    assertThat(b.exitCode()).as(b.err()).isZero();
    String zhPage = pageText(pageZh), enPage = pageText(pageEnglish);
    assertThat(Files.readString(pageZh)).contains("<html lang=\"zh-CN\">");
    assertThat(zhPage).contains("4 个节点，16 个令牌，SimpleStrategy RF 3，", "令牌环：每段弧", "每个节点的有效所有权");
    assertThat(englishIn(zhPage)).as("English sentences in ring --html --lang zh-CN").isEmpty();
    assertThat(englishIn(enPage)).hasSizeGreaterThanOrEqualTo(3);
    assertThat(LangCommandTest.figures(zhPage)).isEqualTo(LangCommandTest.figures(enPage));
  }

  @Test
  void explainTellsTheStoryInChinese() {
    CliRun a = CliRun.of("explain", zh.toString(), "--lang", "zh-CN");
    assertThat(a.exitCode()).as(a.err()).isZero();
    assertThat(a.out()).contains("异常 1：", "由 n3 协调", "副本 n");
    assertThat(englishIn(a.out())).as("English sentences in explain --lang zh-CN").isEmpty();
    CliRun b = CliRun.of("explain", zh.toString(), "--lang", "zh-CN", "--anomaly", "3");
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(englishIn(b.out())).as("English sentences in explain --anomaly 3 --lang zh-CN").isEmpty();
    CliRun e = CliRun.of("explain", zh.toString(), "--lang", "en");
    assertThat(e.out()).contains("was coordinated by n3");
  }
}
