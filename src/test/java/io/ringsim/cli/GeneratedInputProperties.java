package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.ringsim.cli.shell.StatementBuffer;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Issue 21's "about 100 malformed or extreme inputs", generated: .sim files (a valid one mutated), command lines and
 * shell lines, with extreme numbers, unicode, binary, empty and huge values. Each ends within a time bound, with exit
 * 0, 1 or 2, no stack trace, and an exit 2 names the input (the file, or the option or value). Commands run
 * in-process, and the tries are bounded, to keep this under a minute.
 */
class GeneratedInputProperties {
  private static Path dir;
  private static SimCluster sim;
  private static ClientSession session;
  private static final CqlshCommand SHELL = new CqlshCommand();

  @BeforeContainer
  static void setUp() throws IOException {
    dir = Files.createTempDirectory("ringsim-generated");
    Files.writeString(dir.resolve("base.sim"), BadInputTest.BASE);
    new picocli.CommandLine(SHELL).parseArgs("--nodes", "2", "--vnodes", "4");
    sim = SHELL.cluster.start();
    session = SHELL.cluster.session(sim);
  }

  @AfterContainer
  static void tearDown() {
    sim.close();
  }

  /** Values a user might type by mistake or to see what happens. */
  static Arbitrary<String> extreme() {
    return Arbitraries.oneOf(
        Arbitraries.of("0", "-1", "1", "3", "99999999999999999999", "9223372036854775807", "-9223372036854775808",
            "2147483648", "1e308", "NaN", "Infinity", "0.5", "", " ", "é", "東京", "😀", "\u0000", "\uFFFF", "\t",
            "100%", "150%", "-5%", "0ms", "500ms", "2562047788016h", "99999999999999999999h", "-3s", "25h", "1h",
            "{", "}", "(", "'", "\"", ";", "#", "--", "n9", "n1", "ALL", "QUORUM", "random", "byteordered"),
        Arbitraries.strings().ofMinLength(0).ofMaxLength(30),
        Arbitraries.strings().all().ofMinLength(1).ofMaxLength(12),
        Arbitraries.strings().withChars('x', '9').ofLength(5000));
  }

  // ---- .sim files -------------------------------------------------------------------------------------------------

  @Provide
  Arbitrary<byte[]> mutatedScenarios() {
    List<String> lines = BadInputTest.BASE.lines().toList();
    Arbitrary<Integer> line = Arbitraries.integers().between(0, lines.size() - 1);
    Arbitrary<String> replaceWord = Combinators.combine(line, Arbitraries.integers().between(0, 6), extreme())
        .as((l, w, v) -> {
          List<String> out = new ArrayList<>(lines);
          String[] words = out.get(l).trim().split(" ");
          words[w % words.length] = v;
          out.set(l, "  " + String.join(" ", words));
          return String.join("\n", out) + "\n";
        });
    Arbitrary<String> dropLine = line.map(l -> {
      List<String> out = new ArrayList<>(lines);
      out.remove((int) l);
      return String.join("\n", out) + "\n";
    });
    Arbitrary<String> addLine = Combinators.combine(line, Arbitraries.of("duration ", "  nodes ", "  vnodes ",
        "  rate ", "  key v ", "  column v ", "  mix write ", "  consistency ", "  from 0s to ", "  ttl ",
        "seed ", "timeline {\n  at 1s skew n2 ", "timeline {\n  at 1s crash ", "check {\n  stale reads <= ",
        "  racks ", "  memtable ", "history ", "  latency fixed "), extreme())
        .as((l, k, v) -> {
          List<String> out = new ArrayList<>(lines);
          out.add(l + 1, k + v + (k.contains("{") ? "\n}" : ""));
          return String.join("\n", out) + "\n";
        });
    Arbitrary<String> truncated = Arbitraries.integers().between(0, BadInputTest.BASE.length())
        .map(n -> BadInputTest.BASE.substring(0, n));
    // Raw bytes, most of them not UTF-8.
    Arbitrary<byte[]> binary = Arbitraries.bytes().list().ofMaxSize(300).map(bs -> {
      byte[] b = new byte[bs.size()];
      for (int i = 0; i < b.length; i++) b[i] = bs.get(i);
      return b;
    });
    // Text with lone surrogates becomes '?' in UTF-8, as an editor would save it.
    Arbitrary<byte[]> text = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, replaceWord),
        net.jqwik.api.Tuple.of(1, dropLine), net.jqwik.api.Tuple.of(5, addLine), net.jqwik.api.Tuple.of(1, truncated))
        .map(t -> t.getBytes(StandardCharsets.UTF_8));
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(12, text), net.jqwik.api.Tuple.of(1, binary));
  }

  @Property(tries = 250)
  void checkOfAnyScenarioEndsCleanlyAndRunAgreesWithIt(@ForAll("mutatedScenarios") byte[] bytes) throws IOException {
    Path f = dir.resolve("gen.sim");
    Files.write(f, bytes);
    CliRun check = within(() -> CliRun.of("check", f.toString()));
    clean(check, f.toString());
    if (check.exitCode() == 2) {
      // run validates as check does, before simulating: the same refusal, as fast.
      CliRun run = within(() -> CliRun.of("run", f.toString(), "--quiet", "--out", dir.resolve("out").toString()));
      clean(run, f.toString());
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err()).contains(check.err().strip());
    }
  }

  // ---- command lines ----------------------------------------------------------------------------------------------

  @Provide
  Arbitrary<List<String>> commandLines() {
    Arbitrary<List<String>> ring = Combinators.combine(Arbitraries.of("--nodes", "--vnodes", "--rf", "--racks",
        "--dc", "--allocator", "--partitioner", "--seed", "--key", "--add", "--remove", "--format", "--tokens",
        "--bogus"), extreme()).as((o, v) -> List.of("ring", o, v));
    Arbitrary<List<String>> token = Combinators.combine(Arbitraries.of("text", "int", "bigint", "uuid", "text,int",
        "blob", "nope", ""), extreme(), Arbitraries.of("--partitioner", "--format")).as((t, v, o) ->
        List.of("token", "--types", t, v));
    Arbitrary<List<String>> cql = Combinators.combine(Arbitraries.of("--nodes", "--vnodes", "--racks",
        "--consistency", "--allocator", "--partitioner", "--format", "--seed", "-f"), extreme())
        .as((o, v) -> o.equals("-f") ? List.of("cql", "-f", v) : List.of("cql", "-f",
            dir.resolve("base.sim").toString(), o, v));
    Arbitrary<List<String>> run = Combinators.combine(Arbitraries.of("seed", "duration", "history",
        "cluster.nodes", "cluster.vnodes", "cluster.racks", "cluster.allocator", "cluster.partitioner",
        "workload.w.rate", "workload.w.consistency", "workload.nope.rate", "bogus", ""), extreme())
        .as((k, v) -> List.of("run", dir.resolve("base.sim").toString(), "--quiet", "--out",
            dir.resolve("run-out").toString(), "--set", k + "=" + v));
    Arbitrary<List<String>> files = Combinators.combine(Arbitraries.of("check", "report", "compare", "run"),
        extreme()).as((c, v) -> c.equals("compare") ? List.of(c, v, v) : List.of(c, v));
    Arbitrary<List<String>> anything = extreme().list().ofMinSize(0).ofMaxSize(4);
    return Arbitraries.oneOf(ring, token, cql, run, files, anything);
  }

  @Property(tries = 200)
  void anyCommandLineEndsCleanly(@ForAll("commandLines") List<String> args) {
    CliRun r = within(() -> CliRun.of(args.toArray(String[]::new)));
    clean(r, "");
    if (r.exitCode() == 2) {
      String err = r.err().strip();
      // Names the offending input: the value or the option given, or what is missing. A value is looked for as the
      // one-line message shows it (line breaks joined, control characters as \\uXXXX): quoted whole, or its start.
      boolean names = err.contains("Missing required") || err.contains("Usage")
          || args.stream().anyMatch(a -> err.contains(ExitCodes.oneLine("'" + a + "'"))) || args.stream()
          .map(ExitCodes::oneLine).filter(a -> !a.isEmpty()).anyMatch(a -> err.contains(a.substring(0,
              Math.min(20, a.length()))));
      assertThat(names).as("names the input: " + err + " for " + args).isTrue();
    }
  }

  // ---- shell lines ------------------------------------------------------------------------------------------------

  @Provide
  Arbitrary<String> shellLines() {
    Arbitrary<String> words = Combinators.combine(Arbitraries.of("CONSISTENCY", "TRACING", "EXPAND", "COORDINATOR",
        "CRASH", "RESTART", "SLOW n2", "SKEW n1", "LOSS", "WAIT", "FLUSH", "COMPACT", "REPAIR", "PARTITION",
        "PARTITION ONEWAY", "HEAL", "NODES", "HELP", "DESCRIBE", "DESC TABLE", "USE", "SELECT * FROM",
        "CREATE KEYSPACE", "INSERT INTO"), extreme(), Arbitraries.of("", ";", " ;")).as((w, v, end) ->
        // Never a WAIT that is long and valid: the property is about bad input, and 1h of virtual time takes a while.
        w.equals("WAIT") && v.matches("[0-9]+(h|m)|1h|25h") ? "WAIT " + v + "x" : w + " " + v + end);
    return Arbitraries.oneOf(words, extreme());
  }

  @Property(tries = 200)
  void anyShellLineKeepsTheShell(@ForAll("shellLines") String line) {
    StringWriter s = new StringWriter();
    PrintWriter out = new PrintWriter(s);
    StatementBuffer buffer = new StatementBuffer();
    within(() -> {
      SHELL.handleLine(line, buffer, session, sim, out);
      buffer.add(";"); // end whatever the line left open, as the user would
      return null;
    });
    out.flush();
    assertThat(s.toString()).doesNotContain("\tat ");
    for (String n : sim.nodeNames()) if (sim.isCrashed(n)) sim.restart(n);
    sim.heal();
    sim.setLoss(0);
  }

  // ---- what every answer must look like ---------------------------------------------------------------------------

  private static <T> T within(org.junit.jupiter.api.function.ThrowingSupplier<T> call) {
    return assertTimeoutPreemptively(Duration.ofSeconds(30), call);
  }

  /** Exit 0, 1 or 2; no stack trace; a refusal is one line naming {@code where}. */
  private static void clean(CliRun r, String where) {
    assertThat(r.exitCode()).as(r.err()).isIn(0, 1, 2);
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("internal error");
    assertThat(r.out()).doesNotContain("\tat ");
    if (r.exitCode() == 2) {
      assertThat(r.err()).isNotBlank();
      assertThat(r.err().strip().lines().count()).as(r.err()).isLessThanOrEqualTo(1);
      assertThat(r.err()).as("names the input").contains(where);
    }
  }
}
