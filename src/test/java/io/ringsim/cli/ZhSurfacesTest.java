package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code --lang zh-CN} the surfaces beyond the summary's sentences (ZhSentencesTest) speak Chinese too: the
 * cell-by-cell checker's findings (the cells, deletions and writes it names), the "not judged" reasons, the anomaly
 * kinds, the sequence diagrams' arrows, ring's terminal lines, shrink's result and progress, the live log of
 * {@code run --live} and serve's lines.
 * A line with three English words in a row that are not a name (a check's name, the nodetool status table, a
 * scenario's own description) is an English sentence left; the English runs have them, so the check can fail.
 */
class ZhSurfacesTest {
  @TempDir static Path tmp;
  static CliRun runEn, runZh;
  static final String SCENARIO = "src/test/resources/zh-surfaces.sim";
  /** What stays as the user wrote it: the checks' names (shrink --check takes them), the scenario's description. */
  static final List<String> NAMES = List.of("no lost writes", "no stale reads",
      "range deletions missed by a crashed replica, judged cell by cell", "ONE writes and reads through a crash");

  @BeforeAll
  static void runOnce() {
    runEn = CliRun.of("run", SCENARIO, "--quiet", "--lang", "en", "--out", tmp.resolve("en").toString());
    runZh = CliRun.of("run", SCENARIO, "--quiet", "--lang", "zh-CN", "--out", tmp.resolve("zh").toString());
    assertThat(runZh.exitCode()).as(runZh.err()).isEqualTo(runEn.exitCode()).as(runEn.err()).isEqualTo(1);
  }

  private static final Pattern WORD = Pattern.compile("[A-Za-z][a-z]+(?:'[a-z]+)?");

  /**
   * The lines of {@code text} with three or more English words in a row, once {@code names} are taken out. A word is
   * letters with lower case in them: CQL keywords and consistency levels (upper case), identifiers with digits, dots
   * or underscores (n3, mail.inbox, gc_grace_seconds) and figures are not words.
   */
  static List<String> englishLines(String text, Collection<String> names) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      String l = line;
      for (String n : names) l = l.replace(n, " ");
      int run = 0;
      for (String token : l.split("\\s+")) {
        String w = token.replaceAll("^[\\p{Punct}]+|[\\p{Punct}]+$", "");
        run = WORD.matcher(w).matches() ? run + 1 : 0;
        if (run >= 3) {
          out.add(line);
          break;
        }
      }
    }
    return out;
  }

  static List<String> englishLines(String text) {
    return englishLines(text, NAMES);
  }

  @Test
  void theDetectorFindsEnglishSentencesAndNotNames() {
    assertThat(englishLines("n3 崩溃\nSELECT * FROM mail.inbox WHERE user = 4 ALLOW FILTERING\n通过    no lost writes - 0"))
        .isEmpty();
    assertThat(englishLines("行 (12) 的列 subject：读到时间戳 1，older than range deletion")).hasSize(1);
  }

  @Test
  void theCellCheckerNamesCellsDeletionsAndWhatItLeftUnjudgedInChinese() {
    String zh = runZh.out(), en = runEn.out();
    assertThat(en).contains("range deletion of rows (", "row (", ") column subject: saw timestamp ", "not judged: ",
        "lwt-multi-row", "lost-write");
    assertThat(englishLines(en)).as("the English run has English sentences").hasSizeGreaterThan(3);
    assertThat(zh).contains("丢失写，键 mail.inbox ", "网络恢复后，以 ALL 回读：行 (", ") 的列 subject：读到时间戳 ",
        "比范围删除（从 (", "未判断：", "LWT 多行");
    assertThat(englishLines(zh)).as("English sentences in run --lang zh-CN").isEmpty();
    assertThat(LangCommandTest.figures(withoutWallClock(zh))).isEqualTo(LangCommandTest.figures(withoutWallClock(en)));
  }

  @Test
  void theReportSaysTheNotJudgedReasonsAndAnomalyKindsInChinese() throws IOException {
    String zh = ZhSentencesTest.pageText(tmp.resolve("zh/report.html"));
    String en = ZhSentencesTest.pageText(tmp.resolve("en/report.html"));
    assertThat(en).contains("IF NOT EXISTS on a table with clustering columns (its condition is not recorded): the check"
        + " models each row by itself",
        "range deletion of rows");
    assertThat(en).contains("reads compared with the history", "keys read back at ALL",
        "Cassandra's 100 MB guideline scaled by 1/10,000");
    assertThat(zh).contains("在有聚簇列的表上的 IF NOT EXISTS（其条件未被记录）：这项检查把每一行单独建模", "丢失写", "范围删除（从 (",
        "与历史比对过的读", "以 ALL 回读的键", "Cassandra 的 100 MB 建议上限，按 1/10,000 缩放");
    assertThat(zh).doesNotContain("LWT partitions where an LWT spans rows", "range deletion of rows",
        "saw timestamp", "acknowledged at", "local write", "hint stored for", "DROPPED",
        "reads compared with the history", "guideline scaled by");
    // a point's tooltip on the time charts
    assertThat(Files.readString(tmp.resolve("zh/report.html"))).contains("<title>n1，0.500 s：");
    assertThat(Files.readString(tmp.resolve("en/report.html"))).contains("<title>n1 at 0.500: ");
    // the charts (SVG) name the timeline's words (flush, crash n3) and the nodes, as the scenario writes them
    Path page = tmp.resolve("zh-page.html");
    Files.writeString(page, Files.readString(tmp.resolve("zh/report.html")).replaceAll("(?s)<svg.*?</svg>", " "));
    assertThat(englishLines(ZhSentencesTest.pageText(page)).stream().filter(l -> !l.contains("CREATE ")).toList())
        .as("English sentences in report.html --lang zh-CN").isEmpty();
  }

  @Test
  void explainDrawsItsArrowsInChinese() {
    String dir = tmp.resolve("zh").toString();
    CliRun zh = CliRun.of("explain", dir, "--lang", "zh-CN");
    CliRun en = CliRun.of("explain", dir, "--lang", "en");
    assertThat(zh.exitCode()).as(zh.err()).isZero();
    assertThat(en.out()).contains("range deletion of rows", "local write ts ", "      time  ");
    assertThat(zh.out()).contains("上的丢失写", "范围删除 #", "本地写 时间戳 ", "      时间  ");
    assertThat(englishLines(zh.out())).as("English sentences in explain --lang zh-CN").isEmpty();
    CliRun second = CliRun.of("explain", dir, "--lang", "zh-CN", "--anomaly", "30");
    assertThat(second.exitCode()).as(second.err()).isZero();
    assertThat(englishLines(second.out())).as("English sentences in explain --anomaly 30 --lang zh-CN").isEmpty();
  }

  @Test
  void ringsTerminalLinesAreChineseAndNodetoolsTableIsNodetools() {
    String[] args = {"ring", "--nodes", "8", "--vnodes", "16", "--seed", "5", "--add", "1", "--key", "int:5"};
    CliRun zh = CliRun.of(concat(args, "--lang", "zh-CN")), en = CliRun.of(concat(args, "--lang", "en"));
    assertThat(zh.exitCode()).as(zh.err()).isZero();
    assertThat(en.out()).contains("Streaming plan: ", "% of the ring", "After the change: ", "key 5 -> token ");
    assertThat(zh.out()).contains("流式传输计划：", "占环的 ", "变更之后：", "分区键 5 -> 令牌 ", "有效所有权 max/mean ",
        "--  Address      Tokens   Owns (effective) Rack");
    List<String> nodetool = List.of("Status=Up/Down", "|/ State=Normal/Leaving/Joining/Moving",
        "Address      Tokens   Owns (effective) Rack");
    assertThat(englishLines(en.out(), nodetool)).hasSizeGreaterThan(5);
    assertThat(englishLines(zh.out(), nodetool)).as("English sentences in ring --lang zh-CN").isEmpty();
    assertThat(LangCommandTest.figures(zh.out())).isEqualTo(LangCommandTest.figures(en.out()));

    CliRun scenario = CliRun.of("ring", "--scenario", "simulations/quickstart.sim", "--lang", "zh-CN");
    assertThat(scenario.out()).contains("simulations/quickstart.sim 的令牌环：种子 42");
    assertThat(englishLines(scenario.out(), nodetool)).isEmpty();
  }

  @Test
  void shrinkSaysWhatItChangedInChineseAndWritesItsHeaderInEnglish() throws IOException {
    Path smaller = tmp.resolve("smaller.sim");
    CliRun zh = CliRun.of("shrink", SCENARIO, "--check", "no lost writes", "--tries", "1", "--lang", "zh-CN", "--out",
        smaller.toString());
    assertThat(zh.exitCode()).as(zh.err()).isZero();
    assertThat(zh.out()).contains("已写入 " + smaller, "行时间线，", "个虚拟节点，原来是 ", "删除了",
        "因预算用完而停止", "它仍然没通过“no lost writes”：bin/ringsim run ");
    assertThat(englishLines(zh.out())).as("English sentences in shrink --lang zh-CN").isEmpty();
    assertThat(zh.err()).contains("为检查“no lost writes”缩小场景：", "第 1 次尝试：", "；目前最小：");
    assertThat(englishLines(zh.err())).as("English sentences in shrink's progress --lang zh-CN").isEmpty();
    assertThat(Files.readString(smaller)).contains("# What shrinking changed (1 tries; stopped by the budget",
        "removed the other checks: 'no stale reads'");

    CliRun en = CliRun.of("shrink", SCENARIO, "--check", "no lost writes", "--tries", "1", "--lang", "en", "--out",
        smaller.toString());
    assertThat(en.out()).contains("Wrote " + smaller + " (replacing the file that was there): ",
        "  removed the other checks: 'no stale reads'", "1 tries in ", "It fails 'no lost writes': bin/ringsim run ");
    assertThat(englishLines(en.out())).hasSizeGreaterThanOrEqualTo(3);
    assertThat(en.err()).contains("shrinking for the check 'no lost writes': ", "try 1: timeline lines without ");
  }

  /**
   * run --live --lang zh-CN: its terminal lines, the live log, and the page itself (live.html's headings, buttons,
   * legends and notes as served; a refused command's answer; and, when a headless Chromium is at hand, what its
   * script draws: the nodes' states and buttons, the status, the charts' words).
   */
  @Test
  void runLivesLogLinesAndPageAreChinese() throws Exception {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "io.ringsim.cli.Main", "run", "src/test/resources/zh-sentences.sim",
        "--live", "--speed", "1", "--lang", "zh-CN", "--out", tmp.resolve("live").toString(), "--quiet")
        .redirectErrorStream(true).start();
    List<String> printed = java.util.Collections.synchronizedList(new ArrayList<>());
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) printed.add(line);
      } catch (IOException e) {
        // the process ended
      }
    });
    reader.start();
    List<String> log = new ArrayList<>();
    String page, refused, drawn = null;
    List<String> consoleProblems = List.of();
    try {
      Pattern address = Pattern.compile("实时视图：(http://127\\.0\\.0\\.1:\\d+/)");
      String url = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (url == null) {
        Matcher m = address.matcher(String.join("\n", List.copyOf(printed)));
        if (m.find()) url = m.group(1);
        assertThat(System.nanoTime()).as(String.join("\n", printed)).isLessThan(deadline);
        if (url == null) Thread.sleep(20);
      }
      HttpClient http = HttpClient.newHttpClient();
      String base = url;
      page = http.send(HttpRequest.newBuilder(URI.create(base)).build(), HttpResponse.BodyHandlers.ofString()).body();
      // a word the page may not send: the answer is the page's to show
      refused = new ObjectMapper().readTree(http.send(HttpRequest.newBuilder(URI.create(base + "command"))
          .header("X-Ringsim-Live", "1").POST(HttpRequest.BodyPublishers.ofString("WAIT 1s")).build(),
          HttpResponse.BodyHandlers.ofString()).body()).get("output").asText();
      // the crash at 4 s (4 s of wall time at 1x): wait until the log has it; the run goes on for 16 s more
      LiveViews.waitFor("the crash in the live log", Duration.ofSeconds(60), () -> {
        try {
          JsonNode state = new ObjectMapper().readTree(http.send(HttpRequest.newBuilder(URI.create(base + "state"))
              .build(), HttpResponse.BodyHandlers.ofString()).body());
          log.clear();
          for (JsonNode l : state.get("log")) log.add(l.get("text").asText());
          return log.stream().anyMatch(l -> l.contains("n2 崩溃"));
        } catch (IOException | InterruptedException e) {
          return false;
        }
      });
      // the page as a browser draws it, while the run goes on
      if (HeadlessChromium.missing() == null) {
        try (HeadlessChromium browser = HeadlessChromium.start()) {
          browser.script("window.location.href = arguments[0];", base);
          LiveViews.waitFor("the page draws the nodes", Duration.ofSeconds(60), () -> Boolean.TRUE.equals(browser.script(
              "return document.querySelectorAll('#nodes tbody tr').length > 0"
                  + " && document.querySelectorAll('#charts .chart').length > 0;")));
          // the scenario's name and the errors (OperationTimedOut (client, 2 s)) are named as the terminal's table
          // names them; a series ("ONE write") in the page's language ("ONE 写"); read with the text, before the next
          // poll redraws it
          List<?> seen = (List<?>) browser.script("return [document.body.innerText, last.scenario].concat("
              + " last.recentFailures.map(f => f.error));");
          drawn = (String) seen.get(0);
          for (Object name : seen.subList(1, seen.size())) drawn = drawn.replace((String) name, " ");
          consoleProblems = browser.consoleProblems();
        }
      }
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(String.join("\n", printed)).isTrue();
      reader.join(10_000);
    } finally {
      p.destroyForcibly();
    }
    assertThat(log).anyMatch(l -> l.startsWith("运行开始：共模拟 20s，速度为每秒 1.0 模拟秒")).anyMatch(l -> l.equals("刷写：所有节点"));
    assertThat(englishLines(String.join("\n", log))).as("English sentences in run --live's log").isEmpty();
    String all = String.join("\n", printed);
    assertThat(all).contains("（每秒 1.0 模拟秒；在那里点击的故障会作用于这次运行");
    assertThat(englishLines(all)).as("English sentences in run --live --lang zh-CN").isEmpty();

    assertThat(page).contains("<html lang=\"zh-CN\">", "<title>ringsim 实时视图</title>", "<h2>令牌环</h2>",
        "<button id=\"partition\">分区</button>", "<th>待投递的提示</th>", "最近 10 秒：", "\"crash\":\"让 {0} 崩溃\"");
    Path served = tmp.resolve("live-page.html");
    Files.writeString(served, page.replaceAll("(?s)<script>.*?</script>", " ").replace("&nbsp;", " "));
    String pageText = ZhSentencesTest.pageText(served);
    assertThat(pageText).contains("丢失写和陈旧读要等运行结束后由检查器找出");
    assertThat(englishWords(pageText)).as("English words in live.html --lang zh-CN").isEmpty();
    assertThat(refused).isEqualTo("实时视图只发送故障命令（COMPACT, CRASH, FLUSH, HEAL, LOSS, PARTITION, REPAIR, RESTART,"
        + " SKEW, SLOW），收到的是“WAIT”");
    if (drawn != null) {
      assertThat(consoleProblems).as("console errors").isEmpty();
      assertThat(drawn).contains("让 n1 崩溃", "重启 n1", "每秒成功 ", "现在").containsPattern("\\b(ONE|QUORUM|ALL) (写|读)");
      assertThat(drawn).containsAnyOf("运行中", "实时部分已结束：正在写出结果");
      assertThat(englishWords(drawn)).as("English words on the live page as drawn under --lang zh-CN").isEmpty();
    }
  }

  /**
   * The English words of a page's text: words of two or more lower-case letters, but for what the page keeps as
   * the user and the tool write it (file names, the run's mode, the fault words' example, units).
   */
  static List<String> englishWords(String text) {
    String t = text.replaceAll("ringsim|Merkle|report\\.html|\\((run|serve)\\)|\\bms\\b|\\d+(ms|s|m)\\b|/s\\b", " ");
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("\\b[A-Za-z]?[a-z]{2,}\\b").matcher(t);
    while (m.find()) out.add(m.group());
    return out;
  }

  @Test
  void tokenPrintsItsLinesInChinese() {
    String[] args = {"token", "--scenario", "simulations/quickstart.sim", "--table", "shop.orders", "19904"};
    CliRun zh = CliRun.of(concat(args, "--lang", "zh-CN")), en = CliRun.of(concat(args, "--lang", "en"));
    assertThat(zh.exitCode()).as(zh.err()).isZero();
    assertThat(en.out()).startsWith("partitioner  murmur3\nkey          19904\n")
        .contains("replicas     n2, n6, n4 (keyspace shop in the ring of simulations/quickstart.sim)");
    assertThat(zh.out()).contains("分区器      murmur3\n", "令牌        ",
        "副本        n2, n6, n4（键空间 shop，simulations/quickstart.sim 构建的令牌环）");
    assertThat(englishWords(zh.out().replace("murmur3", " ").replace("simulations/quickstart.sim", " ")
        .replace("shop", " ")))
        .as("English words in token --lang zh-CN").isEmpty();
    assertThat(LangCommandTest.figures(zh.out())).isEqualTo(LangCommandTest.figures(en.out()));
  }

  @Test
  void serveSaysItsLinesAndItsSummaryInChinese() throws Exception {
    int port;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    java.io.PipedOutputStream typed = new java.io.PipedOutputStream();
    java.io.InputStream stdin = new java.io.PipedInputStream(typed);
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    java.io.InputStream oldIn = System.in;
    java.io.PrintStream oldOut = System.out;
    System.setIn(stdin);
    System.setOut(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
    // typed at once: the console answers them once the cluster is up
    typed.write("CRASH n2\nWAIT\nSLOW n3 50ms\nSKEW n3 -1s\nPARTITION {n1} {n3}\nHEAL\nCRASH n9\n"
        .getBytes(StandardCharsets.UTF_8));
    typed.flush();
    int exit;
    try {
      // the scenario's minute at 30x, then its results: no client, the workload and the timeline's crash
      exit = ExitCodes.execute("serve", "src/test/resources/serve-short.sim", "--port", String.valueOf(port), "--speed",
          "30", "--lang", "zh-CN", "--out", tmp.resolve("served").toString());
    } finally {
      System.setIn(oldIn);
      System.setOut(oldOut);
      typed.close();
    }
    String out = printed.toString(StandardCharsets.UTF_8);
    assertThat(exit).as(out).isZero();
    assertThat(out).contains("就绪：4 个节点，协议 v3-v5，行为同 Cassandra 4.1；可输入 STATUS、CRASH n2", "正在停止：",
        "n4 崩溃", "实时服务", "n2 崩溃：它的端口已关闭，客户端连接已断开", "服务时不需要 WAIT", "n2 崩溃（在控制台输入）",
        "发往 n3 或来自 n3 的每条消息都多花 50ms。", "n3 的时钟现在慢 1s。", "[n1] 与 [n3] 之间的链路已断开。",
        "所有链路都已恢复。", "CRASH 命令有误：");
    assertThat(englishLines(out)).as("English sentences in serve --lang zh-CN").isEmpty();
  }

  private static String withoutWallClock(String terminal) {
    StringBuilder b = new StringBuilder();
    for (String line : terminal.split("\n")) {
      if (line.startsWith("Wall time") || line.startsWith("墙钟时间") || line.contains(tmp.toString())) continue;
      b.append(line).append('\n');
    }
    return b.toString();
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
