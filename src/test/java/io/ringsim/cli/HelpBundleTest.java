package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.report.Lang;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code ringsim COMMAND --help} in Chinese: every description the commands' annotations give in English has its
 * Chinese in help_zh_CN.properties under the key picocli looks up, the bundle holds no key nobody asks for (so the two
 * languages cannot drift: a new option without Chinese fails here), and what a user sees under --lang zh-CN has no
 * English sentence left beyond option names, CQL keywords and the example commands.
 */
class HelpBundleTest {
  /** Keys every command shares: picocli's headings and standard options, and ringsim's --lang and --debug. */
  static final Set<String> SHARED = Set.of("usage.synopsisHeading", "usage.commandListHeading",
      "mixinStandardHelpOptions.help", "mixinStandardHelpOptions.version", "lang", "debug");

  /** What stays as typed in Chinese help: the tokens file's fields, a check's name in an example. */
  static final List<String> NAMES = List.of("name dc rack", "no lost writes");

  @Test
  void everyEnglishDescriptionHasItsChineseAndEveryChineseKeyIsAsked() {
    ResourceBundle zh = CliLang.bundle(Lang.ZH_CN);
    Map<String, String> english = englishTexts(ExitCodes.newCommandLine("--lang", "en"));
    assertThat(english).hasSizeGreaterThan(200);
    Set<String> missing = new TreeSet<>();
    Set<String> asked = new TreeSet<>(SHARED);
    for (String key : english.keySet()) {
      String shared = SHARED.stream().filter(k -> key.endsWith("." + k)).findFirst().orElse(null);
      if (zh.containsKey(key)) asked.add(key);
      else if (shared != null && zh.containsKey(shared)) asked.add(shared);
      else missing.add(key + "=" + english.get(key));
    }
    assertThat(missing).as("English descriptions with no Chinese in " + CliLang.BUNDLE).isEmpty();
    Set<String> unasked = new TreeSet<>(zh.keySet());
    unasked.removeAll(asked);
    assertThat(unasked).as("Chinese keys no command asks for").isEmpty();
    for (String k : zh.keySet()) {
      String v = zh.getString(k);
      // a line of an example is the command as typed; anything else says something, in Chinese
      if (!v.isBlank() && !v.startsWith("  ringsim ") && !k.equals("usage.commandListHeading"))
        assertThat(v).as(k).containsPattern("\\p{IsHan}");
    }
  }

  @Test
  void helpUnderZhCnHasNoEnglishSentenceLeft() {
    CommandLine zh = ExitCodes.newCommandLine("--lang", "zh-CN");
    CommandLine en = ExitCodes.newCommandLine("--lang", "en");
    List<String> commands = new ArrayList<>(zh.getSubcommands().keySet());
    assertThat(commands).contains("token", "ring", "cqlsh", "run", "grade", "model", "help");
    String top = withoutExamples(zh.getUsageMessage());
    assertThat(top).startsWith("用法：ringsim").contains("命令：", "令牌", "显示指定命令的帮助信息");
    assertThat(ZhSurfacesTest.englishLines(top, NAMES)).as("ringsim --help --lang zh-CN").isEmpty();
    for (String c : commands) {
      String z = withoutExamples(zh.getSubcommands().get(c).getUsageMessage());
      String e = withoutExamples(en.getSubcommands().get(c).getUsageMessage());
      assertThat(ZhSurfacesTest.englishLines(e, NAMES)).as("the English help of " + c + " has sentences").isNotEmpty();
      assertThat(ZhSurfacesTest.englishLines(z, NAMES)).as("ringsim " + c + " --help --lang zh-CN").isEmpty();
      assertThat(z).as(c).contains("用法：").contains("ringsim " + c);
      // the options themselves are the same in both languages
      for (String opt : List.of("--debug", "--lang", "--scenario", "--nodes")) {
        assertThat(z.contains(opt)).as(c + " " + opt).isEqualTo(e.contains(opt));
      }
    }
    // an example keeps its indentation, and the English is the annotations' own words
    assertThat(zh.getSubcommands().get("token").getUsageMessage()).contains("示例：\n  ringsim token --types text,int app1 5");
    assertThat(en.getSubcommands().get("token").getUsageMessage()).startsWith("Usage: ringsim token")
        .contains("Prints the token of a partition key, computed exactly as Cassandra does.", "Show this help message");
  }

  /** What a user types: --help with --lang, as any other option, in either order. */
  @Test
  void theLanguageOptionChoosesTheHelpsLanguage() {
    CliRun zh = CliRun.of("ring", "--help", "--lang", "zh-CN"), en = CliRun.of("ring", "--lang=en", "--help");
    assertThat(zh.exitCode()).isZero();
    assertThat(zh.out()).contains("用法：ringsim ring", "构建（或载入）一个令牌环", "所有随机选择的种子（默认 1）。");
    assertThat(en.out()).contains("Usage: ringsim ring", "Seed of every random choice (default 1).");
    assertThat(CliLang.of("run", "x.sim", "--lang", "zh_CN.UTF-8")).isEqualTo(Lang.ZH_CN);
    // a bad --lang is the command's to refuse; the help before it follows the locale
    assertThat(CliLang.of("run", "--lang", "fr")).isEqualTo(Lang.fromEnvironment());
  }

  /**
   * The help without what is typed the same in both languages: its example commands (lines that start with
   * ringsim), option names and the synopsis's [--option=VALUE] groups.
   */
  static String withoutExamples(String help) {
    return help.replaceAll("(?m)^ *(?:bin/)?ringsim .*$", "").replaceAll("\\[[^\\]\n]*]", " ")
        .replaceAll("(?<![\\w-])--?[a-zA-Z][\\w-]*(?:=\\S+)?", " ");
  }

  /**
   * Without --lang, the locale decides, as for every other output: a process under LANG=zh_CN.UTF-8 gets Chinese help
   * and Chinese errors, one under LANG=C English (the JVM told to write UTF-8, as bin/ringsim tells it).
   */
  @Test
  void aChineseLocaleGivesChineseHelpAndErrors() throws Exception {
    assertThat(process("zh_CN.UTF-8", "ring", "--help")).contains("用法：ringsim ring", "所有随机选择的种子（默认 1）。");
    assertThat(process("zh_CN.UTF-8", "ring", "--nodes", "0")).contains("ringsim: --nodes：nodes 必须在 1 到 1000 之间，实际为 0");
    assertThat(process("C", "ring", "--help")).contains("Usage: ringsim ring", "Seed of every random choice (default 1).");
  }

  private static String process(String locale, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dsun.stdout.encoding=UTF-8", "-Dsun.stderr.encoding=UTF-8", "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().remove("LC_ALL");
    pb.environment().remove("LC_MESSAGES");
    pb.environment().put("LANG", locale);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    return out;
  }

  /** Every description of the command tree under the key picocli looks it up by, with its English text. */
  static Map<String, String> englishTexts(CommandLine root) {
    Map<String, String> out = new LinkedHashMap<>();
    walk(root, out);
    return out;
  }

  private static void walk(CommandLine cl, Map<String, String> out) {
    CommandSpec s = cl.getCommandSpec();
    String q = s.qualifiedName(".") + ".";
    lines(out, q + "usage.header", s.usageMessage().header());
    lines(out, q + "usage.description", s.usageMessage().description());
    lines(out, q + "usage.footer", s.usageMessage().footer());
    for (PositionalParamSpec p : s.positionalParameters())
      lines(out, q + key(p, p.paramLabel() + "[" + p.index() + "]"), p.description());
    for (OptionSpec o : s.options()) {
      // picocli's standard options are mixinStandardHelpOptions.*, shared; the help command's -h has its own key
      if ((o.usageHelp() || o.versionHelp()) && (o.descriptionKey() == null || o.descriptionKey().isEmpty())) continue;
      lines(out, q + key(o, o.longestName().replaceFirst("^-+", "")), o.description());
    }
    for (CommandLine sub : cl.getSubcommands().values()) walk(sub, out);
  }

  private static String key(ArgSpec a, String byDefault) {
    return a.descriptionKey() == null || a.descriptionKey().isEmpty() ? byDefault : a.descriptionKey();
  }

  private static void lines(Map<String, String> out, String key, String[] text) {
    if (text == null || text.length == 0) return;
    if (text.length == 1) out.put(key, text[0]);
    else for (int i = 0; i < text.length; i++) out.put(key + "." + i, text[i]);
  }
}
