package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every failing run prints the command that reproduces it; that command, run, gives the same history. */
class RerunCommandTest {
  @TempDir Path dir;

  @Test
  void thePrintedCommandReproducesTheRunByteForByte() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("my scenarios"));
    Path f = folder.resolve("skewed.sim");
    Files.writeString(f, ShrinkCommandTest.SKEWED);
    CliRun first = CliRun.of("run", f.toString(), "--set", "workload.updates.rate=60", "--set", "cluster.vnodes=8",
        "--out", dir.resolve("first").toString(), "--quiet");
    assertThat(first.exitCode()).as(first.err()).isEqualTo(1);
    String line = first.out().lines().filter(l -> l.startsWith("Reproduce: ")).findFirst().orElseThrow();
    String command = line.substring("Reproduce: ".length());
    assertThat(command).isEqualTo("bin/ringsim run '" + f + "' --seed 23 --set workload.updates.rate=60 --set"
        + " cluster.vnodes=8");
    List<String> words = shellWords(command);
    assertThat(words.subList(0, 2)).containsExactly("bin/ringsim", "run");
    List<String> args = new ArrayList<>(words.subList(1, words.size()));
    args.addAll(List.of("--out", dir.resolve("again").toString(), "--quiet"));
    CliRun again = CliRun.of(args.toArray(String[]::new));
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(Files.readAllBytes(dir.resolve("again/history.jsonl")))
        .isEqualTo(Files.readAllBytes(dir.resolve("first/history.jsonl")));
    assertThat(Files.readString(dir.resolve("first/report.html")))
        .contains("<p id=\"rerun\">Reproduce this run: <code>bin/ringsim run &#39;" + f + "&#39; --seed 23");
    assertThat(Files.readString(dir.resolve("first/summary.json"))).doesNotContain("Reproduce", "bin/ringsim run");
  }

  @Test
  void aPassingRunPrintsNoCommand() throws IOException {
    Path f = dir.resolve("fine.sim");
    Files.writeString(f, ShrinkCommandTest.SKEWED.replace("  no lost writes\n", ""));
    CliRun r = CliRun.of("run", f.toString(), "--out", dir.resolve("out").toString(), "--quiet");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).doesNotContain("Reproduce");
    assertThat(Files.readString(dir.resolve("out/report.html"))).doesNotContain("id=\"rerun\"");
  }

  @Test
  void wordsAreQuotedOnlyWhenTheShellNeedsIt() {
    assertThat(RerunCommand.quote("simulations/zombies.sim")).isEqualTo("simulations/zombies.sim");
    assertThat(RerunCommand.quote("workload.load.rate=50")).isEqualTo("workload.load.rate=50");
    assertThat(RerunCommand.quote("my file.sim")).isEqualTo("'my file.sim'");
    assertThat(RerunCommand.quote("it's")).isEqualTo("'it'\\''s'");
    assertThat(RerunCommand.quote("$HOME")).isEqualTo("'$HOME'");
    assertThat(RerunCommand.quote("")).isEqualTo("''");
    assertThat(shellWords(RerunCommand.quote("a 'b' $c"))).containsExactly("a 'b' $c");
  }

  /** Splits a command as a POSIX shell does, for the quoting RerunCommand produces (plain words, '...'). */
  static List<String> shellWords(String command) {
    List<String> words = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean inWord = false, quoted = false;
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      if (quoted) {
        if (c == '\'') quoted = false;
        else cur.append(c);
      } else if (c == '\'') {
        quoted = true;
        inWord = true;
      } else if (c == '\\' && i + 1 < command.length()) {
        cur.append(command.charAt(++i));
        inWord = true;
      } else if (c == ' ') {
        if (inWord) words.add(cur.toString());
        cur.setLength(0);
        inWord = false;
      } else {
        cur.append(c);
        inWord = true;
      }
    }
    if (inWord) words.add(cur.toString());
    return words;
  }
}
