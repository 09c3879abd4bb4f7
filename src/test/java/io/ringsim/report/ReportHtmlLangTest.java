package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * report.html and the compare page in Chinese: the same sections and the same figures as in English, only the words
 * differ; and English is the default.
 */
class ReportHtmlLangTest {
  private static final Pattern NUMBER = Pattern.compile("\\d+(?:[.,]\\d+)*");

  /** The figures a reader sees: every number of the page's text (not its markup, its scripts or its tooltips' layout). */
  static List<String> figures(String html) {
    String text = html.replaceAll("(?s)<script.*?</script>", " ").replaceAll("(?s)<style.*?</style>", " ")
        .replaceAll("<[^>]*>", " ").replace("&#39;", "'").replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
        .replace("&amp;", "&");
    List<String> out = new ArrayList<>();
    Matcher m = NUMBER.matcher(text);
    while (m.find()) out.add(m.group());
    out.sort(null);
    return out;
  }

  private static List<String> sections(String html) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<section id=\"([^\"]+)\"").matcher(html);
    while (m.find()) out.add(m.group(1));
    return out;
  }

  @Test
  void theChineseReportHasTheSameSectionsAndFiguresAsTheEnglishOne() {
    RunReport r = ReportFixtures.sixNodes();
    String en = ReportHtml.render(r, RunViews.NONE, "ringsim run x.sim --seed 42", List.of(), Lang.EN);
    String zh = ReportHtml.render(r, RunViews.NONE, "ringsim run x.sim --seed 42", List.of(), Lang.ZH_CN);
    assertThat(en).isEqualTo(ReportHtml.render(r, RunViews.NONE, "ringsim run x.sim --seed 42", List.of()));
    ReportHtmlTest.assertBalanced(zh);
    assertThat(zh).contains("<html lang=\"zh-CN\">").contains("<h2>检查</h2>").contains("<h2>令牌环</h2>")
        .contains("<b>目录</b>").contains("<th>分区键</th>").contains("重现这次运行：<code>");
    assertThat(zh).doesNotContain("<h2>Checks</h2>").doesNotContain("Token ring").doesNotContain(">Contents<");
    assertThat(sections(zh)).isEqualTo(sections(en)).hasSizeGreaterThan(10);
    List<String> figuresEn = figures(en);
    assertThat(figuresEn).hasSizeGreaterThan(100);
    assertThat(figures(zh)).isEqualTo(figuresEn);
    // node names, CQL names and the check's own words are the run's, never translated
    assertThat(zh).contains(">n1<").contains(r.checks().get(0).name());
  }

  @Test
  void theVerdictsAreWordsOfTheReadersLanguage() {
    RunReport r = ReportFixtures.sixNodes();
    String zh = ReportHtml.render(r, Lang.ZH_CN);
    for (Check c : r.checks()) {
      String word = switch (c.verdict()) {
        case PASS -> "通过";
        case FAIL -> "失败";
        case NOT_APPLICABLE -> "不适用";
      };
      assertThat(zh).contains("\">" + word + "</td><td>" + Html.esc(c.name()) + "</td>");
    }
  }

  @Test
  void theComparePageInChineseKeepsEveryFigure() {
    RunReport a = ReportFixtures.sixNodes(), b = ReportFixtures.sixNodes("uuid-key", 7);
    String en = Comparison.renderHtml(a, b, "zip", "uuid", Lang.EN);
    String zh = Comparison.renderHtml(a, b, "zip", "uuid", Lang.ZH_CN);
    assertThat(en).isEqualTo(Comparison.renderHtml(a, b, "zip", "uuid"));
    ReportHtmlTest.assertBalanced(zh);
    assertThat(zh).contains("<h2>关键数据</h2>").contains("<td>种子</td>").contains("<h1>ringsim：zip 对比 uuid</h1>");
    assertThat(figures(zh)).isEqualTo(figures(en));
    String text = Comparison.renderText(a, b, "zip", "uuid", Lang.ZH_CN);
    assertThat(figures(text)).isEqualTo(figures(Comparison.renderText(a, b, "zip", "uuid")));
    assertThat(text).contains("通过的检查");
  }

  /** The page's scripts get the Chinese words in the page's data; an English page carries none (its script's own). */
  @Test
  void theStepThroughScriptGetsItsWordsOnlyInChinese() {
    RunReport r = ReportFixtures.sixNodes();
    String en = ReportHtml.render(r, Lang.EN), zh = ReportHtml.render(r, Lang.ZH_CN);
    assertThat(en).doesNotContain("\"words\"");
    assertThat(zh).contains("\"words\":{").contains("\"not-joined\":\"尚未加入\"");
  }
}
