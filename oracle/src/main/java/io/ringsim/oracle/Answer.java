package io.ringsim.oracle;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code Answer SCRIPT.cql [OUT.expected.jsonl]}: runs a conformance script through a real Cassandra 4.1 node in
 * this JVM and writes one JSON line per statement in the format of shared/cql/README.md (to OUT, or stdout).
 * New conformance cases get their expected answers from Cassandra this way, never by hand.
 */
public final class Answer {
  private Answer() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: answer.sh SCRIPT.cql [OUT.expected.jsonl]");
      System.exit(2);
    }
    List<String> statements = CqlScript.statements(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8));
    StringBuilder answer = new StringBuilder();
    try (EmbeddedNode node = EmbeddedNode.start(EmbeddedNode.freePort())) {
      ScriptSession session = new ScriptSession((int) (System.currentTimeMillis() / 1000));
      for (int i = 0; i < statements.size(); i++) {
        answer.append(jsonLine(i, statements.get(i), session.execute(statements.get(i)))).append('\n');
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
