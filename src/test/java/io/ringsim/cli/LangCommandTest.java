package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.report.Lang;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --lang zh-CN}: the same run, the same figures, Chinese labels on the terminal and in report.html. */
class LangCommandTest {
  @TempDir Path dir;

  private static final Pattern NUMBER = Pattern.compile("\\d+(?:[.,]\\d+)*");

  /** The numbers of a text, sorted; wall-clock figures (which differ from run to run) and paths left out. */
  static List<String> figures(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = NUMBER.matcher(text);
    while (m.find()) out.add(m.group());
    out.sort(null);
    return out;
  }

  private static String withoutWallClock(String terminal, Path dir) {
    StringBuilder b = new StringBuilder();
    for (String line : terminal.split("\n")) {
      if (line.startsWith("Wall time") || line.startsWith("墙钟时间")) continue;
      b.append(line.replace(dir.toString(), "DIR")).append('\n');
    }
    return b.toString();
  }

  private static String pageText(Path html) throws IOException {
    return Files.readString(html, StandardCharsets.UTF_8).replaceAll("<p class=\"meta wall\">.*?</p>", "")
        .replaceAll("(?s)<script.*?</script>", " ").replaceAll("(?s)<style.*?</style>", " ").replaceAll("<[^>]*>", " ")
        .replace("&#39;", "'").replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
  }

  @Test
  void aRunInChineseHasTheSameFiguresAsInEnglish() throws IOException {
    Path en = dir.resolve("en"), zh = dir.resolve("zh");
    CliRun a = CliRun.of("run", ExplainCommandTest.SCENARIO, "--quiet", "--lang", "en", "--out", en.toString());
    CliRun b = CliRun.of("run", ExplainCommandTest.SCENARIO, "--quiet", "--lang", "zh-CN", "--out", zh.toString());
    assertThat(a.exitCode()).as(a.err()).isEqualTo(b.exitCode()).as(b.err());
    assertThat(b.out()).contains("场景 explain-short（种子 7，模拟 20s）").contains(" 节点 | 数据中心")
        .contains("所有权 max/mean ").contains("检查了 ").contains(" 次陈旧读").contains("事件：").contains("报告：")
        .doesNotContain("ownership max/mean").doesNotContain("stale reads");
    assertThat(a.out()).contains("Scenario explain-short (seed 7, 20s simulated)").contains("stale reads");
    assertThat(figures(withoutWallClock(b.out(), zh))).isEqualTo(figures(withoutWallClock(a.out(), en)));
    // the run's files are the same whatever the language: only report.html's words differ
    assertThat(Files.readString(zh.resolve("summary.json"))).isEqualTo(Files.readString(en.resolve("summary.json")));
    String pageEn = pageText(en.resolve("report.html")), pageZh = pageText(zh.resolve("report.html"));
    assertThat(Files.readString(zh.resolve("report.html"))).contains("<html lang=\"zh-CN\">").contains("<h2>一致性异常</h2>")
        .contains("<h3>异常 1：");
    assertThat(pageZh).doesNotContain("Consistency anomalies");
    assertThat(figures(pageZh)).hasSizeGreaterThan(100).isEqualTo(figures(pageEn));

    // report DIR --lang rewrites the page in the other language from the same files
    CliRun again = CliRun.of("report", zh.toString(), "--lang", "en");
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(Files.readString(zh.resolve("report.html"))).contains("<html lang=\"en\">").contains("<h2>Consistency anomalies</h2>");

    CliRun explain = CliRun.of("explain", en.toString(), "--lang", "zh-CN");
    assertThat(explain.exitCode()).as(explain.err()).isZero();
    assertThat(explain.out()).contains("下面解释第一个").contains("异常 1：").contains("令牌 ");
  }

  @Test
  void aLanguageRingsimDoesNotSpeakIsOneClearLine() {
    CliRun r = CliRun.of("report", dir.toString(), "--lang", "fr");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("ringsim: --lang fr: expected en or zh-CN");
  }

  @Test
  void theOptionBeatsTheConfigurationWhichBeatsTheLocale() {
    var none = ConfigFactory.parseString("ringsim.lang = \"\"");
    var zhConf = ConfigFactory.parseString("ringsim.lang = zh-CN");
    Map<String, String> zhLocale = Map.of("LANG", "zh_CN.UTF-8");
    assertThat(LangOption.resolve(null, none, zhLocale, "en")).isEqualTo(Lang.ZH_CN);
    assertThat(LangOption.resolve(null, none, Map.of("LANG", "en_US.UTF-8"), "en")).isEqualTo(Lang.EN);
    assertThat(LangOption.resolve(null, zhConf, Map.of("LANG", "C"), "en")).isEqualTo(Lang.ZH_CN);
    assertThat(LangOption.resolve("en", zhConf, zhLocale, "zh")).isEqualTo(Lang.EN);
    assertThat(LangOption.resolve(null, ConfigFactory.load(), Map.of("LANG", "C.UTF-8"), "en")).isEqualTo(Lang.EN);
  }
}
