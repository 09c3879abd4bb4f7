package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import java.io.IOException;
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
 * Under {@code --lang zh-CN}, {@code model} (its terminal text and model.html) and {@code grade} say their findings,
 * suggestions, judgements and frame in Chinese: none of the English sentences moved into the catalogue is left, and
 * their figures are those of the English run. {@code --format json} stays English whatever the language.
 */
class ZhModelGradeTest {
  @TempDir static Path tmp;
  static CliRun modelEn, modelZh;
  static final String MODEL = "simulations/model-application-logs.sim";
  static final String USERS = "simulations/assignments/users.sim";

  @BeforeAll
  static void modelOnce() {
    modelEn = CliRun.of("model", MODEL, "--lang", "en", "--out", tmp.resolve("en").toString());
    modelZh = CliRun.of("model", MODEL, "--lang", "zh-CN", "--out", tmp.resolve("zh").toString());
    assertThat(modelZh.exitCode()).as(modelZh.err()).isEqualTo(modelEn.exitCode()).as(modelEn.err()).isEqualTo(1);
  }

  /** The fixed words (two words or more, eight characters or more) of every model and grade label in English. */
  static Set<String> englishFragments() {
    Labels t = Lang.EN.labels();
    Set<String> out = new TreeSet<>();
    for (String k : t.keys()) {
      if (!k.startsWith("model.") && !k.startsWith("grade.") && !k.startsWith("say.model.") && !k.startsWith("say.grade."))
        continue;
      for (String piece : t.get(k).split("\\{\\d+}")) {
        String p = piece.strip().replaceAll("^[\\p{Punct}\\s]+|[\\p{Punct}\\s]+$", "");
        // ALLOW FILTERING and Cassandra's exception names are CQL, the same in both languages
        if (p.length() >= 8 && p.contains(" ") && !p.equals("ALLOW FILTERING")) out.add(p);
      }
    }
    return out;
  }

  static List<String> englishIn(String text) {
    List<String> found = new ArrayList<>();
    for (String f : englishFragments()) if (text.contains(f)) found.add(f);
    return found;
  }

  @Test
  void theFragmentsAreWhatAnEnglishReaderReads() {
    assertThat(englishFragments()).hasSizeGreaterThan(100).contains("right rows in the right order");
    assertThat(String.join("\n", englishIn(modelEn.out()))).contains("has no time bucket and its rows keep coming",
        "fewer partitions than the ring's", "every write loaded", "verified: the model of the changed schema shows no");
    assertThat(englishIn(modelEn.out())).hasSizeGreaterThan(20);
  }

  @Test
  void modelSaysItsFindingsAndSuggestionsInChinese() throws IOException {
    String out = modelZh.out();
    assertThat(out).contains("场景 model-application-logs 的数据模型：6 个节点", "发现的问题：3", "依据：分区键（app_name, env）里没有时间桶",
        "只有 15 个取值", "没有 ALLOW FILTERING，Cassandra 会拒绝它", "修改建议：", "已验证：修改后的模式在", "实测方式：所有写入都已加载",
        "单个分区，读 1 个分区；需要 ALLOW FILTERING", "UNBOUNDED_GROWTH", "LOW_CARDINALITY_KEY", "FILTERING_QUERY",
        "公式：Nv = Nr x (Nc 7 - Npk 4 - Ns 0) + Ns 0；St = 25 + 分区键 18.1 + 静态列 0.0 + Nr x (行头 40 + 聚簇列 22.0",
        "不再出现 FILTERING_QUERY 或 INDEX_QUERY 或 MULTI_PARTITION_QUERY", "（2 分钟内 1,656 行）")
        .doesNotContain("values and names", "_QUERY or ", "在 位于", "的查询 上");
    assertThat(englishIn(out)).as("English sentences in model --lang zh-CN").isEmpty();
    assertThat(LangCommandTest.figures(out)).isEqualTo(LangCommandTest.figures(modelEn.out()));

    String page = Files.readString(tmp.resolve("zh/model.html"));
    assertThat(page).contains("<html lang=\"zh-CN\">", "model-application-logs 的数据模型", "发现的问题（3）", "修改建议（",
        "最热的分区（实测）");
    String text = ZhSentencesTest.pageText(tmp.resolve("zh/model.html"));
    assertThat(englishIn(text)).as("English sentences in model.html --lang zh-CN").isEmpty();
    assertThat(englishIn(ZhSentencesTest.pageText(tmp.resolve("en/model.html")))).hasSizeGreaterThan(15);
    // model.json is for scripts: English, whatever the language
    assertThat(Files.readString(tmp.resolve("zh/model.json"))).isEqualTo(Files.readString(tmp.resolve("en/model.json")))
        .contains("\"code\" : \"UNBOUNDED_GROWTH\"", "has no time bucket");
  }

  @Test
  void gradeJudgesInChineseTheModelAnswerAndAWrongOne() {
    CliRun right = CliRun.of("grade", USERS, "simulations/assignments/users-model.cql", "--lang", "zh-CN");
    assertThat(right.exitCode()).as(right.err()).isZero();
    assertThat(right.out()).contains("数据：生成了 1,000,000 个 user；", "\nQ1  一个大洲中一个州的用户，按 uid 排序\n",
        "\nQ2  按 uid 查一个用户\n", "完整规模下 460.9 KB（471,954 字节）（1,000,000 个 user）", "通过  有效的 CQL：Cassandra 能执行它",
        "通过  一个分区，不过滤：每次运行都只读了一个分区", "全部 50 次运行都返回了 Q1 要求的行", "上限", "分区大小最多 10 MB",
        "是平均值", "得分：9/9（所有评分项都通过）");
    assertThat(englishIn(right.out())).as("English sentences in grade --lang zh-CN (model answer)").isEmpty();

    CliRun wrong = CliRun.of("grade", USERS, "simulations/assignments/users-wrong-seed-table.cql", "--lang", "zh-CN");
    CliRun wrongEn = CliRun.of("grade", USERS, "simulations/assignments/users-wrong-seed-table.cql", "--lang", "en");
    assertThat(wrong.exitCode()).as(wrong.err()).isEqualTo(1);
    assertThat(wrong.out()).contains("失败  分区大小最多 10 MB：表 users：分区（mainland = 'northamerica'）有 28.3 MB",
        "是上限的 2.8 倍（完整规模：1,000,000 个 user）", "加一列来拆分它", "失败  每分区行数最多 100,000", "得分：7/9");
    assertThat(englishIn(wrong.out())).as("English sentences in grade --lang zh-CN (wrong answer)").isEmpty();
    assertThat(englishIn(wrongEn.out())).hasSizeGreaterThan(10);
    assertThat(String.join("\n", englishIn(wrongEn.out()))).contains("A partition holds every row with its partition key");
    assertThat(LangCommandTest.figures(wrong.out())).isEqualTo(LangCommandTest.figures(wrongEn.out()));

    CliRun filtering = CliRun.of("grade", USERS, "simulations/assignments/users-wrong-filtering.cql", "--lang", "zh-CN");
    assertThat(filtering.out()).contains("失败  一个分区，不过滤：Q2 用了 ALLOW FILTERING", "去掉 ALLOW FILTERING 时 Cassandra 的原话");
    assertThat(englishIn(filtering.out())).as("English sentences in grade --lang zh-CN (filtering)").isEmpty();

    CliRun upsert = CliRun.of("grade", "simulations/assignments/playlists.sim",
        "simulations/assignments/playlists-wrong-upsert.cql", "--lang", "zh-CN");
    assertThat(upsert.out()).contains("失败  行正确且顺序正确：50 次运行中有 ", "查询返回的行数：1；缺少 ",
        "（upsert）：这个键不能唯一标识一个 entry");
    assertThat(englishIn(upsert.out())).as("English sentences in grade --lang zh-CN (upsert)").isEmpty();

    // --format json is for autograders: English codes, names and reasons in any language
    CliRun json = CliRun.of("grade", USERS, "simulations/assignments/users-wrong-filtering.cql", "--lang", "zh-CN",
        "--format", "json");
    CliRun jsonEn = CliRun.of("grade", USERS, "simulations/assignments/users-wrong-filtering.cql", "--format", "json");
    assertThat(json.out()).isEqualTo(jsonEn.out()).contains("\"name\" : \"valid CQL\"", "uses ALLOW FILTERING: the WHERE",
        "\"description\" : \"one user by uid\"");
  }
}
