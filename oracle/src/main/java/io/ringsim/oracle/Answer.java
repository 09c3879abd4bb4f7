package io.ringsim.oracle;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code Answer SCRIPT.cql [OUT.expected.jsonl]}: runs a conformance script through a real Cassandra 4.1 node in
 * this JVM and writes one JSON line per statement in the format of shared/cql/README.md (to OUT, or stdout).
 * New conformance cases get their expected answers from Cassandra this way, never by hand.
 *
 * <p>The script's directives (CqlScript) are carried out between statements: {@code @advance} moves the
 * now_in_seconds sent and Cassandra's own clock ({@link AdvancingClock}), {@code @flush} and {@code @compact} act on
 * every user table, and a script with {@code @restart} runs in one JVM per stretch between restarts
 * ({@link RestartingRun}).
 */
public final class Answer {
  private Answer() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    // Before the first Cassandra class reads it: Cassandra's clock is one that @advance can move.
    System.setProperty("cassandra.clock", AdvancingClock.class.getName());
    if (args.length > 0 && args[0].equals(RestartingRun.SEGMENT_FLAG)) {
      RestartingRun.runSegment(args);
      return;
    }
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: answer.sh SCRIPT.cql [OUT.expected.jsonl]");
      System.exit(2);
    }
    String script = Files.readString(Path.of(args[0]), StandardCharsets.UTF_8);
    List<CqlScript.Step> steps = CqlScript.steps(script);
    int now = (int) (System.currentTimeMillis() / 1000);
    AdvancingClock.startAt(now * 1000L);
    StringBuilder answer = new StringBuilder();
    if (steps.stream().anyMatch(s -> s.directive() == CqlScript.Directive.RESTART)) {
      RestartingRun.answer(Path.of(args[0]), now, answer);
    } else {
      try (EmbeddedNode node = EmbeddedNode.start(EmbeddedNode.freePort(), CqlScript.yaml(script))) {
        runSteps(steps, 0, new ScriptSession(now), line -> answer.append(line).append('\n'));
      }
    }
    byte[] bytes = answer.toString().getBytes(StandardCharsets.UTF_8);
    if (args.length == 2) {
      Files.write(Path.of(args[1]), bytes);
    } else {
      OutputStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
      out.write(bytes);
      out.flush();
    }
    // Cassandra leaves non-daemon threads behind; the node is stopped and its directory gone, so just leave.
    System.exit(0);
  }

  /**
   * Runs statements and directives (no @restart among them) on the node of this JVM, handing each statement's JSON
   * line to {@code out}; the first statement is number {@code firstIndex} of the script.
   */
  static void runSteps(List<CqlScript.Step> steps, int firstIndex, ScriptSession session, Consumer<String> out) {
    int i = firstIndex;
    for (CqlScript.Step step : steps) {
      if (step.isStatement()) {
        AdvancingClock.tick();
        out.accept(jsonLine(i++, step.cql(), session.execute(step.cql())));
        continue;
      }
      switch (step.directive()) {
        case ADVANCE -> {
          session.advance(step.seconds());
          AdvancingClock.advanceSeconds(step.seconds());
        }
        case FLUSH -> ScriptSession.flushUserTables();
        case COMPACT -> ScriptSession.compactUserTables();
        case RESTART -> throw new IllegalStateException("@restart is handled by RestartingRun");
      }
    }
  }

  static String jsonLine(int i, String cql, ScriptSession.Outcome outcome) {
    StringBuilder line = new StringBuilder("{\"i\": ").append(i).append(", \"cql\": ");
    JsonText.string(line, cql);
    if (outcome.ok()) {
      line.append(", \"ok\": true, \"columns\": ");
      JsonText.write(line, outcome.columns());
      line.append(", \"rows\": ");
      JsonText.write(line, outcome.rows());
    } else {
      line.append(", \"ok\": false, \"error\": ");
      JsonText.string(line, outcome.errorClass());
      line.append(", \"message\": ");
      JsonText.string(line, outcome.message());
    }
    return line.append('}').toString();
  }
}
