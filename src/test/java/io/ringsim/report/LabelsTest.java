package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The two message catalogues: the same keys, the same figures in each label, and every key the code asks for. */
class LabelsTest {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\d+}");

  @Test
  void everyKeyExistsInBothLanguages() {
    Set<String> en = Lang.EN.labels().keys(), zh = Lang.ZH_CN.labels().keys();
    assertThat(en).hasSizeGreaterThan(200);
    assertThat(new TreeSet<>(zh)).as("keys in English, missing in Chinese and the other way round")
        .isEqualTo(new TreeSet<>(en));
    for (String k : en) {
      // Chinese puts no space between a story's sentences
      if (!k.equals("explain.gap")) assertThat(Lang.ZH_CN.labels().get(k)).as(k).isNotBlank();
      if (!k.equals("explain.gap")) assertThat(Lang.EN.labels().get(k)).as(k).isNotBlank();
    }
  }

  /** A label that drops or invents a {n} would show a wrong figure, or none, in one language only. */
  @Test
  void bothLanguagesPlaceTheSameFigures() {
    for (String k : Lang.EN.labels().keys()) {
      assertThat(placeholders(Lang.ZH_CN.labels().get(k))).as(k).isEqualTo(placeholders(Lang.EN.labels().get(k)));
    }
  }

  /** The Chinese catalogue is Chinese: no section heading or table header left in English by mistake. */
  @Test
  void chineseLabelsAreTranslated() {
    Labels zh = Lang.ZH_CN.labels();
    for (String k : zh.keys()) {
      if (k.startsWith("section.") || k.startsWith("checks.th") || k.startsWith("term.note") || k.equals("report.contents")) {
        assertThat(zh.get(k)).as(k).containsPattern("\\p{IsHan}");
      }
    }
    assertThat(zh.get("verdict.pass")).isEqualTo("通过");
    assertThat(zh.get("section.ring")).isEqualTo("令牌环");
  }

  /** Every key the report's and the CLI's code and the page scripts use is in the catalogue: a typo fails here. */
  @Test
  void everyKeyTheCodeUsesExists() throws IOException {
    Set<String> used = new TreeSet<>();
    Pattern call = Pattern.compile("(?:\\b(?:t|EN)\\.(?:get|f|has)\\(|heads\\(t, |\\bsaid\\()(?:\\w+ [?] )?\"([a-z0-9.-]+)\"");
    Pattern quoted = Pattern.compile("\"((?:th|term\\.th|load\\.kind|verdict|latency\\.note)\\.[a-z0-9.-]+)\"");
    for (Path dir : new Path[] {Path.of("src/main/java/io/ringsim/report"), Path.of("src/main/java/io/ringsim/cli"),
        Path.of("src/main/java/io/ringsim/sim"), Path.of("src/main/java/io/ringsim/sim/trace"),
        Path.of("src/main/java/io/ringsim/sim/model"), Path.of("src/main/java/io/ringsim/sim/grade")}) {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String src = Files.readString(f);
          for (Pattern p : new Pattern[] {call, quoted}) {
            Matcher m = p.matcher(src);
            // a key built from a prefix and a kind ("explain.reason." + outcome) is checked by the tests of its text
            while (m.find()) if (!m.group(1).endsWith(".")) used.add(m.group(1));
          }
        }
      }
    }
    assertThat(used).hasSizeGreaterThan(150);
    Map<String, String> scripts = Map.of("step-through.js", "step.js.", "ring-explorer.js", "ring.js.");
    for (var e : scripts.entrySet()) {
      Matcher m = Pattern.compile("W\\('([a-z0-9-]+)'\\)").matcher(RingExplorer.script(e.getKey()));
      Set<String> inScript = new TreeSet<>();
      while (m.find()) inScript.add(e.getValue() + m.group(1));
      assertThat(inScript).as(e.getKey()).isNotEmpty();
      used.addAll(inScript);
      // and every word the catalogue holds for the script is one the script asks for
      assertThat(Lang.EN.labels().keys().stream().filter(k -> k.startsWith(e.getValue())).toList())
          .as(e.getKey()).containsExactlyInAnyOrderElementsOf(inScript);
    }
    assertThat(Lang.EN.labels().keys()).containsAll(used);
  }

  /**
   * The live view's page (cli/live/live.html) is written with the catalogue's keys: every {{live.page.*}} and W('...')
   * it asks for is a label, every live.page.* and live.js.* label is asked for, and no English is written into the
   * page outside them (a heading written as text would stay English under zh-CN).
   */
  @Test
  void theLivePageTakesEveryWordFromTheCatalogue() throws IOException {
    String page = Files.readString(Path.of("src/main/resources/io/ringsim/cli/live/live.html"));
    Set<String> asked = new TreeSet<>();
    Matcher m = Pattern.compile("\\{\\{(live\\.page\\.[a-z0-9-]+)").matcher(page);
    while (m.find()) asked.add(m.group(1));
    m = Pattern.compile("\\bW\\('([a-z0-9-]+)'").matcher(page);
    while (m.find()) asked.add("live.js." + m.group(1));
    Set<String> held = new TreeSet<>();
    for (String k : Lang.EN.labels().keys()) if (k.startsWith("live.page.") || k.startsWith("live.js.")) held.add(k);
    assertThat(asked).hasSizeGreaterThan(40).isEqualTo(held);
    String text = page.replaceAll("(?s)<script.*?</script>", " ").replaceAll("(?s)<style.*?</style>", " ")
        .replaceAll("\\{\\{[^}]*}}", " ").replaceAll("<[^>]*>", " ").replace("&nbsp;", " ");
    assertThat(text).as("live.html's text outside its labels").doesNotContainPattern("[A-Za-z]{2,}");
    // what the server says to the page (a refused command) is in the catalogue too
    m = Pattern.compile("labels\\.(?:get|f)\\(\"([a-z0-9.-]+)\"").matcher(
        Files.readString(Path.of("src/main/java/io/ringsim/cli/live/LiveView.java")));
    Set<String> server = new TreeSet<>();
    while (m.find()) server.add(m.group(1));
    assertThat(server).contains("live.refused.word", "live.log.clicked");
    assertThat(Lang.EN.labels().keys()).containsAll(server);
  }

  /** The live page's, its answers', the fault words' and token's Chinese labels are Chinese, not English copied over. */
  @Test
  void liveAndTokenLabelsAreChinese() {
    Labels zh = Lang.ZH_CN.labels();
    int n = 0;
    for (String k : zh.keys()) {
      if (!(k.startsWith("live.") || k.startsWith("token.") || k.startsWith("fault."))) continue;
      n++;
      if (k.equals("live.js.list-sep")) assertThat(zh.get(k)).isEqualTo("，");
      else assertThat(zh.get(k)).as(k).containsPattern("\\p{IsHan}");
    }
    assertThat(n).isGreaterThan(90);
  }

  /**
   * A Chinese label sets a Latin figure apart with spaces ("询问了 n2"), but a Chinese figure, or one that ends in a
   * full-width bracket, takes none: no space between two Chinese characters, none next to full-width punctuation.
   */
  @Test
  void chineseLabelsPutNoSpaceBetweenChineseCharacters() {
    Labels zh = Lang.ZH_CN.labels();
    assertThat(zh.f("explain.read.asked", zh.get("explain.read.itself"))).isEqualTo("询问了它本地的副本");
    assertThat(zh.f("explain.read.asked", "n2（时间戳 7）")).isEqualTo("询问了 n2（时间戳 7）");
    assertThat(zh.f("explain.read.won", "19990007", zh.f("explain.read.writer", "写 #4041"), 4042, "20000001"))
        .isEqualTo("它收到的最新时间戳 19990007（写 #4041）胜出，比写 #4042 的 20000001 旧。");
    assertThat(zh.f("explain.read.won", "19990007", "", 4042, "20000001"))
        .isEqualTo("它收到的最新时间戳 19990007 胜出，比写 #4042 的 20000001 旧。");
    // a space inside a figure is the figure's own
    assertThat(zh.f("explain.read.asked", "它 本地")).isEqualTo("询问了它 本地");
    // English keeps every space
    assertThat(Lang.EN.labels().f("say.model.but", "t", "x")).isEqualTo("but t shows x");
  }

  /** model's and grade's labels are written in Chinese, not copied: each holds a Chinese character. */
  @Test
  void modelAndGradeLabelsAreChinese() {
    Labels zh = Lang.ZH_CN.labels();
    Set<String> keys = new TreeSet<>();
    for (String k : zh.keys()) {
      if (k.startsWith("model.") || k.startsWith("grade.") || k.startsWith("say.model.") || k.startsWith("say.grade."))
        keys.add(k);
    }
    assertThat(keys).hasSizeGreaterThan(150);
    // a separator and a code with its evidence in parentheses: punctuation only
    for (String k : keys) {
      if (!Set.of("model.sep", "model.cost", "grade.criterion", "model.text.node.sep").contains(k)) assertThat(zh.get(k)).as(k).containsPattern("\\p{IsHan}");
    }
    assertThat(zh.get("model.sep")).isEqualTo("；");
    assertThat(zh.say(Lang.EN.labels().f("say.grade.wrong", 3, 50, Lang.EN.labels().f("say.grade.order", ":k = 1", 2,
        "(a=1, b=2)", "Q1", "(a=2, b=1)", "a ASC")))).isEqualTo(
        "50 次运行中有 3 次出错；第一次：参数 :k = 1 下行都对但顺序不对：第 2 行是 (a=1, b=2), Q1 要求这里是 (a=2, b=1)（排序依据 a ASC）");
  }

  /**
   * grade's rows quote text values, and a value may hold the label's own words (", ", "; missing 3, e.g. "): read back
   * into Chinese, a quoted value stays one value, never split between two figures nor said as a sentence.
   */
  @Test
  void aQuotedValueOfARowIsOneFigure() {
    Labels en = Lang.EN.labels(), zh = Lang.ZH_CN.labels();
    String row = "(name='Smith; missing 3, e.g. x', city='Xi''an, China')", other = "(name='Li, Wei', city='a')";
    String head = en.f("say.grade.must-return", ":city = 'Paris, TX'", "Q1", 2, 3);
    assertThat(zh.say(en.f("say.grade.wrong", 3, 50, en.f("say.grade.extra", head, 1, row)))).isEqualTo(
        "50 次运行中有 3 次出错；第一次：参数 :city = 'Paris, TX' Q1 应返回 2 行，查询返回的行数：3；多出 1 行，例如 " + row);
    assertThat(zh.say(en.f("say.grade.missing-extra", head, 1, other, 2, row))).isEqualTo(
        "参数 :city = 'Paris, TX' Q1 应返回 2 行，查询返回的行数：3；缺少 1 行，例如 " + other + "；多出 2 行，例如 " + row);
    assertThat(zh.say(en.f("say.grade.order", ":k = 1", 2, row, "Q1", other, "name ASC"))).isEqualTo(
        "参数 :k = 1 下行都对但顺序不对：第 2 行是 " + row + ", Q1 要求这里是 " + other + "（排序依据 name ASC）");
    // an English apostrophe is no quote: Cassandra's words inside a sentence are still read
    assertThat(Sentences.balanced("Cassandra's answer")).isTrue();
    assertThat(Sentences.balanced("(name='Smith")).isFalse();
  }

  @Test
  void labelsFillInTheirFigures() {
    assertThat(Lang.EN.labels().f("checks.counts", 3, 1)).isEqualTo("3 passed, 1 failed");
    assertThat(Lang.ZH_CN.labels().f("checks.counts", 3, 1)).isEqualTo("3 项通过，1 项失败");
    assertThat(Lang.ZH_CN.labels().f("anomaly.h3", 2, "stale-read", "ks.t", "k=5")).isEqualTo("异常 2：ks.t k=5 上的 stale-read");
  }

  @Test
  void theLanguageComesFromTheOptionOrTheLocale() {
    assertThat(Lang.parse("zh-CN")).isEqualTo(Lang.ZH_CN);
    assertThat(Lang.parse("zh_CN.UTF-8")).isEqualTo(Lang.ZH_CN);
    assertThat(Lang.parse("en_US")).isEqualTo(Lang.EN);
    assertThat(Lang.parse("fr")).isNull();
    assertThat(Lang.fromEnvironment(Map.of("LANG", "zh_CN.UTF-8"), "en")).isEqualTo(Lang.ZH_CN);
    assertThat(Lang.fromEnvironment(Map.of("LANG", "zh_CN.UTF-8", "LC_ALL", "C"), "en")).isEqualTo(Lang.EN);
    assertThat(Lang.fromEnvironment(Map.of("LC_MESSAGES", "zh_TW.UTF-8", "LANG", "en_GB"), "en")).isEqualTo(Lang.ZH_CN);
    assertThat(Lang.fromEnvironment(Map.of("LANG", "C.UTF-8"), "zh")).isEqualTo(Lang.EN);
    assertThat(Lang.fromEnvironment(Map.of(), "zh")).isEqualTo(Lang.ZH_CN);
    assertThat(Lang.fromEnvironment(Map.of(), "en")).isEqualTo(Lang.EN);
  }

  @Test
  void chineseTablesLineUpInTerminalColumns() {
    assertThat(TextTable.columns("节点")).isEqualTo(4);
    assertThat(TextTable.columns("n1")).isEqualTo(2);
    String table = TextTable.render(java.util.List.of("节点", "负载"), java.util.List.of(java.util.List.of("n1", "12.5 KiB")),
        Lang.ZH_CN.labels());
    String[] lines = table.split("\n");
    // header " 节点 | 负载", rule "------+----------", row "   n1 | 12.5 KiB": the bars line up on screen
    assertThat(TextTable.columns(lines[1].substring(0, lines[1].indexOf(" |"))) + 1).isEqualTo(lines[2].indexOf('+'));
    assertThat(lines[3].indexOf(" |") + 1).isEqualTo(lines[2].indexOf('+'));
    assertThat(table).contains("（1 行）");
  }

  /**
   * Every sentence the simulator writes (say.*) is said in Chinese from its English: the English label filled with
   * figures, read back, gives the Chinese label filled with the same figures, and no other label is mistaken for it.
   */
  @Test
  void everySentenceOfTheSimulatorIsSaidInChineseFromItsEnglish() {
    Labels en = Lang.EN.labels(), zh = Lang.ZH_CN.labels();
    Set<String> say = new TreeSet<>();
    for (String k : en.keys()) if (k.startsWith("say.")) say.add(k);
    assertThat(say).hasSizeGreaterThan(40);
    for (String k : say) {
      Object[] figures = new Object[12]; // the most a say.* label takes: 11 (a workload of the model's formula, with a TTL)
      for (int i = 0; i < figures.length; i++) figures[i] = i == 0 ? "n" + (i + 3) : String.valueOf(1000 + 37 * i);
      String english = en.f(k, figures);
      assertThat(zh.say(english)).as(k + ": " + english).isEqualTo(zh.f(k, figures)).isNotEqualTo(english);
      assertThat(en.say(english)).as("English is said as written").isSameAs(english);
    }
    // a sentence inside a sentence: the reason of a stale read, the nodes a flush names
    String staleRead = en.f("say.anomaly.read", 1016, "ONE", "n2", en.f("say.why.no-row", 985, 9861, "n3"));
    assertThat(zh.say(staleRead)).isEqualTo("读 #1016（一致性级别 ONE，经协调者 n2）没读到行，但写 #985（9861 ms 时经 n3 确认）发生在它之前");
    assertThat(zh.say("flush all nodes")).isEqualTo("刷写：所有节点");
    assertThat(zh.say("n2 restarted, commit log replayed 0 entries, 133 lost (unsynced)"))
        .isEqualTo("n2 重启，重放了提交日志中的 0 条记录，133 条丢失（尚未同步到磁盘）");
    // what no label wrote (a CQL statement of the timeline) comes back as it is
    assertThat(zh.say("INSERT INTO ks.t (k) VALUES (1)")).isEqualTo("INSERT INTO ks.t (k) VALUES (1)");
  }

  /**
   * Every one-line error of bad input a label reads back (err.*) is said in Chinese from its English, behind the
   * FILE:LINE:COL it names, which stays as it is; an error no label wrote (Cassandra's) comes back as it is.
   */
  @Test
  void everyErrorOfBadInputIsSaidInChineseFromItsEnglish() {
    Labels en = Lang.EN.labels(), zh = Lang.ZH_CN.labels();
    Set<String> err = new TreeSet<>();
    for (String k : en.keys()) if (k.startsWith("err.") && !k.equals("err.see-help")) err.add(k);
    assertThat(err).hasSizeGreaterThan(40);
    for (String k : err) {
      Object[] figures = new Object[6];
      for (int i = 0; i < figures.length; i++) figures[i] = i == 0 ? "n3" : String.valueOf(1000 + 37 * i);
      String english = en.f(k, figures);
      assertThat(zh.sayError(english)).as(k + ": " + english).isEqualTo(zh.f(k, figures)).isNotEqualTo(english);
      assertThat(zh.sayError("a.sim:12:5: " + english)).as(k).isEqualTo("a.sim:12:5: " + zh.f(k, figures));
      assertThat(en.sayError(english)).isSameAs(english);
    }
    assertThat(zh.sayError("a.sim:3:1: extraneous input 'nodez' expecting {'}', 'nodes', NL}"))
        .isEqualTo("a.sim:3:1: 多余的输入 'nodez'，应为 {'}', 'nodes', NL}");
    String cassandra = "a.sim:19: CQL: InvalidRequest: Unknown type shop.bar";
    assertThat(zh.sayError(cassandra)).isEqualTo(cassandra);
  }

  private static Set<String> placeholders(String s) {
    Set<String> out = new TreeSet<>();
    Matcher m = PLACEHOLDER.matcher(s);
    while (m.find()) out.add(m.group());
    return out;
  }
}
