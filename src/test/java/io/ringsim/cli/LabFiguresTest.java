package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 39, figures that cannot drift: every figure a lab quotes is marked, and this test runs the lab's commands and
 * checks each marked figure against what they print. The markers are HTML comments (invisible when the Markdown is
 * rendered), in two kinds:
 *
 * <pre>
 * &lt;!-- run base: bin/ringsim run simulations/quickstart.sim --&gt;
 * &lt;!-- run early: bin/ringsim run simulations/hints-repair.sim | replace "at 100s repair n4" with "at 61s repair n4" --&gt;
 * Of the 18&lt;!--fig base: "QUORUM write | … | {} |"--&gt; failures ...
 * about 4,700&lt;!--fig~ base: "tombstones scanned {}"--&gt; per node
 * </pre>
 *
 * <p>A {@code run} line names a command as the lab shows it (its {@code --out} is replaced by a folder of the test's;
 * {@code {NAME}} stands for the results folder of run NAME, or for the smaller scenario a {@code shrink} wrote), and
 * {@code | replace "A" with "B"} runs it on a copy of the scenario with that text replaced ({@code \n} for a new
 * line). A {@code fig} marker follows the figure it checks (the word before it, or a `code span`): the quoted
 * template is found on a line of that run's output, whitespace-insensitively, {@code …} standing for any text on
 * the line, {@code {}} for the figure (one word) and {@code {...}} for a figure of several words. A number matches at
 * the lab's precision (99.2 matches 99.17); {@code fig NAME/summary.json:} reads a file of the run's folder instead
 * (a .json file as one line per object, innermost first, its fields in compact JSON: {@code "table":"t","partitions":{},}); {@code fig~} marks a rounded figure ("about 4,700"), which matches at its
 * significant digits. Thousands separators and % do not count.
 *
 * <p>Checked: the labs in docs/labs, their Chinese twins in docs/labs/zh-CN (which must run the same commands and
 * quote the same figures in the same order) and the teachers' answer keys in docs/teaching/answers. Not covered: the
 * your-app lab (its figures come from the reader's own program against {@code serve}).
 */
class LabFiguresTest {
  static final Path LABS = Path.of("docs/labs");
  /** The Chinese (Simplified) labs: the same labs, the same commands, the same figures in the same order. */
  static final Path LABS_ZH = LABS.resolve("zh-CN");
  /** Teachers' answer keys: their figures are marked as the labs' are, and checked the same way. */
  static final Path ANSWERS = Path.of("docs/teaching/answers");
  /** Files whose figures come from somewhere this test cannot run. */
  static final List<String> UNCHECKED = List.of("README.md", "your-app.md");

  private static final Pattern RUN = Pattern.compile("<!--\\s*run\\s+([\\w-]+):\\s*(.*?)\\s*-->");
  private static final Pattern FIG = Pattern.compile("<!--fig(~?)\\s+([\\w-]+)(/[\\w.-]+)?:\\s*\"(.*?)\"\\s*-->");
  private static final Pattern REPLACE = Pattern.compile("\\|\\s*replace\\s+\"(.*?)\"\\s+with\\s+\"(.*?)\"");

  /** The commands that take --lang: a Chinese lab's commands run with --lang zh-CN, and it quotes what they print. */
  static final List<String> SPEAK_CHINESE = List.of("run", "ring", "shrink", "explain", "model", "grade", "token",
      "compare", "check", "report");

  /** Chinese labs that quote the English output (their commands run without --lang zh-CN): none now. */
  static final List<String> ZH_QUOTING_ENGLISH = List.of();

  /** The Chinese catalogue: how the Chinese output says an English lab's word figure. */
  private static final io.ringsim.report.Labels ZH = io.ringsim.report.Lang.ZH_CN.labels();

  /** Every checked file: the English labs, the Chinese labs and the answer keys, as paths. */
  static Stream<String> labs() throws IOException {
    List<String> all = new ArrayList<>();
    for (Path dir : List.of(LABS, LABS_ZH, ANSWERS)) {
      all.addAll(markdown(dir).stream().filter(n -> !UNCHECKED.contains(n))
          .filter(n -> System.getProperty("ringsim.lab") == null
              || Stream.of(System.getProperty("ringsim.lab").split(",")).anyMatch(n::startsWith))
          .map(n -> dir.resolve(n).toString()).toList());
    }
    return all.stream();
  }

  /** The Markdown files of a folder (not of its subfolders), by name, sorted. */
  static List<String> markdown(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) return List.of();
    try (var files = Files.list(dir)) {
      return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".md")).sorted().toList();
    }
  }

  /**
   * Issue 39 step 6: a reader of either language does the same lab. Both folders hold the same labs, and each
   * Chinese lab runs the same commands under the same names and quotes the same figures (the same values, from the
   * same run or file, in the same order) as its English lab; its templates are the Chinese output's lines, as the
   * Chinese lab's commands run with --lang zh-CN, so the figure test above checks both.
   */
  @Test
  void theChineseLabsAreTheEnglishLabsFigureForFigure() throws IOException {
    assertThat(markdown(LABS_ZH)).as("the labs in " + LABS_ZH + " against " + LABS).isEqualTo(markdown(LABS));
    for (String lab : markdown(LABS)) {
      if (lab.equals("README.md")) continue; // its markers are examples of the syntax, not runs
      String en = Files.readString(LABS.resolve(lab), StandardCharsets.UTF_8);
      String zh = Files.readString(LABS_ZH.resolve(lab), StandardCharsets.UTF_8);
      assertThat(runMarkers(zh)).as(LABS_ZH.resolve(lab) + ": its run commands, against " + LABS.resolve(lab))
          .isEqualTo(runMarkers(en));
      assertThat(figureMarkers(zh, f -> f)).as(LABS_ZH.resolve(lab) + ": its figures in order, against "
          + LABS.resolve(lab)).isEqualTo(figureMarkers(en, ZH::say));
    }
  }

  /** Shipped scenarios that are no lesson of their own, with where they are taught instead. */
  static final Map<String, String> NOT_A_LESSON = Map.of(
      "cluster-quickstart.sim", "the scale-out walk-through, docs/cluster.md (it needs several JVMs)");

  /**
   * A lesson nobody can find is no lesson: every lab has its answer key for the teacher, and every scenario shipped
   * in simulations/ is run by some lab (a new lesson without its lab fails here), or is named above with the page
   * that teaches it.
   */
  @Test
  void everyLabHasAnAnswerKeyAndEveryShippedScenarioALab() throws IOException {
    List<String> labs = markdown(LABS).stream().filter(n -> !n.equals("README.md")).toList();
    assertThat(markdown(ANSWERS)).as("the answer keys in " + ANSWERS).containsAll(labs);
    StringBuilder all = new StringBuilder();
    for (String lab : labs) all.append(Files.readString(LABS.resolve(lab), StandardCharsets.UTF_8));
    List<String> unrun = new ArrayList<>();
    try (var files = Files.list(Path.of("simulations"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".sim")).sorted().toList()) {
        String name = f.getFileName().toString();
        if (!NOT_A_LESSON.containsKey(name) && !all.toString().contains("simulations/" + name)) unrun.add(name);
      }
    }
    assertThat(unrun).as("shipped scenarios no lab in " + LABS + " runs").isEmpty();
    for (String name : NOT_A_LESSON.keySet()) assertThat(Path.of("simulations", name)).exists();
  }

  /** Each run marker of a text as "NAME: COMMAND", in order. */
  static List<String> runMarkers(String text) {
    List<String> out = new ArrayList<>();
    Matcher r = RUN.matcher(text);
    while (r.find()) out.add(r.group(1) + ": " + r.group(2));
    return out;
  }

  /**
   * Each figure marker of a text: the figure it follows (as compared) and where it is read (the run, the file,
   * rounded or not), in order; not its template, which is in the lab's language. A figure that is a word the output
   * says in the reader's language (`no`, `1 hour`) is compared as {@code say} has it: an English lab's figure as the
   * Chinese output says it (否, 1 小时), a number as it is.
   */
  static List<String> figureMarkers(String text, java.util.function.UnaryOperator<String> say) {
    List<String> out = new ArrayList<>();
    for (String line : text.lines().toList()) {
      Matcher f = FIG.matcher(line);
      while (f.find()) {
        out.add(normal(say.apply(figureBefore(line.substring(0, f.start())))) + " <- fig" + f.group(1) + " "
            + f.group(2)
            + (f.group(3) == null ? "" : f.group(3)));
      }
    }
    return out;
  }

  /** A figure a lab quotes, where, and what the output has in its place. */
  record Drift(String where, String expected, String actual, String template) {
    @Override
    public String toString() {
      return where + ": the lab says '" + expected + "', the output has '" + actual + "' (template \"" + template
          + "\")";
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("labs")
  void everyFigureALabQuotesIsWhatItsCommandsPrint(String lab) throws IOException {
    Path file = Path.of(lab);
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Map<String, ShippedRuns.Run> runs = new LinkedHashMap<>();
    Map<String, String> commands = new LinkedHashMap<>();
    List<Drift> drifts = new ArrayList<>();
    int figures = 0;
    long start = System.nanoTime();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = file + ":" + (i + 1);
      Matcher r = RUN.matcher(line);
      while (r.find()) {
        String name = r.group(1);
        assertThat(runs.keySet()).as(where + ": run " + name + " is declared twice").doesNotContain(name);
        ShippedRuns.Run run = run(r.group(2), runs, where, file.startsWith(LABS_ZH)
            && !ZH_QUOTING_ENGLISH.contains(file.getFileName().toString()));
        assertThat(run.cli().exitCode()).as(where + ": " + r.group(2) + " failed:\n" + run.cli().err())
            .isIn(0, 1);
        runs.put(name, run);
        commands.put(name, r.group(2));
      }
    }
    // Then the figures, wherever they are: a lab may name its commands after the text that quotes them.
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = file + ":" + (i + 1);
      Matcher f = FIG.matcher(line);
      while (f.find()) {
        figures++;
        String name = f.group(2);
        assertThat(runs.keySet()).as(where + ": no run named " + name + " in the lab").contains(name);
        String expected = figureBefore(line.substring(0, f.start()));
        String template = f.group(4);
        CliRun out = runs.get(name).cli();
        String text = f.group(3) == null ? out.out() + "\n" + out.err() : file(runs.get(name).dir(), f.group(3));
        String actual = find(template, text);
        if (actual == null) {
          drifts.add(new Drift(where, expected, "(nothing: no line of '" + commands.get(name) + "' matches)",
              template));
        } else if (!matches(expected, actual, f.group(1).equals("~"))) {
          drifts.add(new Drift(where, expected, actual, template));
        }
      }
    }
    System.out.printf("%s: %d figures from %d commands checked in %.1f s%n", lab, figures, runs.size(),
        (System.nanoTime() - start) / 1e9);
    assertThat(figures).as(file + " marks no figure (see LabFiguresTest for the markers)").isPositive();
    assertThat(drifts).as(file + ": figures that differ from the output").isEmpty();
  }

  @Test
  void theMarkersMatchWhatTheySay() {
    assertThat(find("QUORUM write | … | {}% |", " QUORUM write | 25221 |      9 |    99.96% |")).isEqualTo("99.96");
    assertThat(find("QUORUM write | … | {} |", " QUORUM write | 25221 |      9 |    99.96% |")).isEqualTo("9");
    assertThat(find("replicas {...}", "key 5 -> replicas n2, n6, n4")).isEqualTo("n2, n6, n4");
    assertThat(find("{} stale reads", "checked 25758 reads: 1153 stale reads")).isEqualTo("1153");
    assertThat(find("{} lost writes", "0 stale reads")).isNull();
    assertThat(matches("1,153", "1153", false)).isTrue();
    assertThat(matches("1.42", "1.4213", false)).isTrue();
    assertThat(matches("1.27", "1.095", false)).isFalse();
    assertThat(matches("99.2%", "99.50%", false)).isFalse();
    assertThat(matches("4,700", "4683", true)).isTrue();
    assertThat(matches("4,700", "4683", false)).isFalse();
    assertThat(matches("n4, n2, n3", "n4, n2, n3", false)).isTrue();
    assertThat(figureBefore("the ring is **1.005**")).isEqualTo("1.005");
    assertThat(figureBefore("replicas `n4, n2, n3`")).isEqualTo("n4, n2, n3");
  }

  /**
   * A file of a run's folder as lines a template can match: a .json file as the compact JSON of each of its objects
   * (an object's fields on one line), anything else as it is.
   */
  private static String file(Path dir, String slashName) throws IOException {
    Path f = dir.resolve(slashName.substring(1));
    if (!f.toString().endsWith(".json")) return Files.readString(f, StandardCharsets.UTF_8);
    StringBuilder sb = new StringBuilder();
    objects(new com.fasterxml.jackson.databind.ObjectMapper().readTree(f.toFile()), sb);
    return sb.toString();
  }

  /** Innermost objects first: a template matches the smallest object that has all it names. */
  private static void objects(com.fasterxml.jackson.databind.JsonNode n, StringBuilder sb) {
    for (com.fasterxml.jackson.databind.JsonNode c : n) objects(c, sb);
    if (n.isObject()) sb.append(n).append('\n');
  }

  /** Runs (once per test JVM) the command a run marker names. */
  private static ShippedRuns.Run run(String text, Map<String, ShippedRuns.Run> runs, String where, boolean chinese) {
    String command = text;
    List<String[]> replaces = new ArrayList<>();
    Matcher m = REPLACE.matcher(text);
    if (m.find()) command = text.substring(0, m.start()).trim();
    m.reset();
    while (m.find()) replaces.add(new String[] {m.group(1), m.group(2)});
    List<String> args = new ArrayList<>(words(command));
    if (!args.isEmpty() && args.get(0).equals("bin/ringsim")) args.remove(0);
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      Matcher ref = Pattern.compile("\\{([\\w-]+)}").matcher(a);
      StringBuilder sb = new StringBuilder();
      while (ref.find()) {
        ShippedRuns.Run earlier = runs.get(ref.group(1));
        assertThat(earlier != null).as(where + ": {" + ref.group(1) + "} names no run above").isTrue();
        ref.appendReplacement(sb, Matcher.quoteReplacement(earlier.dir().toString()));
      }
      ref.appendTail(sb);
      args.set(i, sb.toString());
    }
    int out = args.indexOf("--out");
    if (out >= 0 && (args.get(0).equals("run") || args.get(0).equals("shrink"))) {
      args.remove(out);
      args.remove(out);
    }
    if (!replaces.isEmpty()) {
      int sim = -1;
      for (int i = 0; i < args.size(); i++) if (args.get(i).endsWith(".sim")) sim = i;
      assertThat(sim).as(where + ": 'replace' needs a .sim file in the command").isNotNegative();
      args.set(sim, variant(Path.of(args.get(sim)), replaces, where).toString());
    }
    if (chinese && SPEAK_CHINESE.contains(args.get(0))) {
      args.add("--lang");
      args.add("zh-CN");
    }
    return ShippedRuns.run(args);
  }

  /** A copy of {@code sim} with each replacement made (each must find its text), named by its content. */
  private static Path variant(Path sim, List<String[]> replaces, String where) {
    try {
      String text = Files.readString(sim, StandardCharsets.UTF_8);
      for (String[] r : replaces) {
        String from = r[0].replace("\\n", "\n");
        assertThat(text.contains(from)).as(where + ": replace \"" + r[0] + "\": not in " + sim).isTrue();
        text = text.replace(from, r[1].replace("\\n", "\n"));
      }
      String hash = HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 12);
      Path copy = ShippedRuns.root().resolve(sim.getFileName().toString().replace(".sim", "-" + hash + ".sim"));
      Files.writeString(copy, text, StandardCharsets.UTF_8);
      return copy;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Shell words: spaces separate, single or double quotes keep a word together. */
  static List<String> words(String s) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    char quote = 0;
    boolean any = false;
    for (char c : s.toCharArray()) {
      if (quote != 0) {
        if (c == quote) quote = 0;
        else cur.append(c);
      } else if (c == '\'' || c == '"') {
        quote = c;
        any = true;
      } else if (Character.isWhitespace(c)) {
        if (any || cur.length() > 0) out.add(cur.toString());
        cur.setLength(0);
        any = false;
      } else {
        cur.append(c);
      }
    }
    if (any || cur.length() > 0) out.add(cur.toString());
    return out;
  }

  /** The figure a marker follows: a `code span` just before it, or else the word just before it. */
  static String figureBefore(String before) {
    String b = before.stripTrailing();
    while (b.endsWith("*")) b = b.substring(0, b.length() - 1);
    if (b.endsWith("`")) {
      int open = b.lastIndexOf('`', b.length() - 2);
      return b.substring(open + 1, b.length() - 1);
    }
    String word = b.substring(b.lastIndexOf(' ') + 1);
    return word.replaceAll("^[*(\"'`#]+", "");
  }

  /** The figure {@code template} captures on the first line of {@code output} it matches, or null. */
  static String find(String template, String output) {
    Pattern p = compile(template);
    for (String line : output.lines().toList()) {
      Matcher m = p.matcher(line);
      if (m.find()) return m.group(1).trim();
    }
    return null;
  }

  private static Pattern compile(String template) {
    StringBuilder re = new StringBuilder();
    Matcher parts = Pattern.compile("\\{\\.\\.\\.}|\\{}|…|\\.\\.\\.|\\s+|[^\\s{…]+|\\{|\\.").matcher(template);
    List<String> tokens = new ArrayList<>();
    while (parts.find()) tokens.add(parts.group());
    int captures = 0;
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.get(i);
      boolean last = i == tokens.size() - 1;
      switch (t) {
        case "{...}" -> {
          re.append(last ? "(.+)" : "(.+?)");
          captures++;
        }
        case "{}" -> {
          re.append("([^\\s|,;\"]+)");
          captures++;
        }
        case "…", "..." -> re.append(".*?");
        default -> re.append(t.isBlank() ? "\\s*" : Pattern.quote(t));
      }
    }
    if (captures != 1) throw new IllegalArgumentException("a template has one {} or {...}: \"" + template + "\"");
    return Pattern.compile(re.toString());
  }

  /**
   * Whether the lab's figure is what the output has: numbers at the lab's precision (its decimals, or with
   * {@code rounded} its significant digits), anything else as text; thousands separators and % aside.
   */
  static boolean matches(String expected, String actual, boolean rounded) {
    String e = normal(expected), a = normal(actual);
    if (e.equals(a)) return true;
    BigDecimal en = number(e), an = number(a);
    if (en == null || an == null) return false;
    if (rounded) {
      // 4,700 has two significant digits; 2.0 has two as written.
      int digits = en.scale() > 0 ? en.precision() : en.stripTrailingZeros().precision();
      return an.round(new MathContext(digits, RoundingMode.HALF_UP)).compareTo(en) == 0;
    }
    return an.setScale(Math.max(0, en.scale()), RoundingMode.HALF_UP).compareTo(en) == 0;
  }

  private static String normal(String s) {
    return s.trim().replaceAll("(?<=\\d),(?=\\d{3})", "").replace("%", "").replaceAll("[.,;:]$", "");
  }

  private static BigDecimal number(String s) {
    try {
      return new BigDecimal(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
