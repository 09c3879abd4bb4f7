package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlScript;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a CQL script from the test resources on one simulated node and checks each statement against the
 * {@code -- expect} comments written directly above it, so an expectation stays with its statement when statements
 * are added or removed around it. The forms:
 *
 * <pre>
 * -- expect ok
 * -- expect rows: [[1, "a"], [2, null]]          the rows exactly as `cql --format jsonl` prints them
 * -- expect columns: ["k", "v"]
 * -- expect InvalidRequest: the whole message
 * -- expect InvalidRequest containing: part of the message
 * -- expect InvalidRequest starting: the message's beginning
 * </pre>
 *
 * Statements without an expectation must still run (their outcome is not checked): they build the state the
 * annotated ones read.
 */
final class AnnotatedScript {
  private static final String EXPECT = "-- expect ";

  private AnnotatedScript() {}

  /** Runs {@code resource} and fails with every unmet expectation, each named by its line and statement. */
  static void verify(String resource) {
    String text = read(resource);
    String[] lines = text.split("\r?\n", -1);
    List<String> failures = new ArrayList<>();
    int checked = 0;
    try (OneNodeCql cql = new OneNodeCql(1)) {
      for (CqlScript.Item item : CqlScript.split(text)) {
        List<String> expectations = expectationsAbove(lines, item.line());
        Outcome got = run(cql, item.cql());
        for (String e : expectations) {
          checked++;
          String problem = got.unmet(e.substring(EXPECT.length()));
          if (problem != null) failures.add(resource + ":" + item.line() + ": " + item.cql() + "\n    " + problem);
        }
      }
    }
    assertThat(checked).as("expectations in " + resource).isPositive();
    assertThat(failures).as(failures.size() + " of " + checked + " expectations unmet").isEmpty();
  }

  private static List<String> expectationsAbove(String[] lines, int statementLine) {
    List<String> out = new ArrayList<>();
    for (int n = statementLine - 2; n >= 0 && lines[n].trim().startsWith(EXPECT); n--) out.add(0, lines[n].trim());
    return out;
  }

  private static Outcome run(OneNodeCql cql, String statement) {
    try {
      ResultSet r = cql.run(statement);
      StringBuilder columns = new StringBuilder();
      JsonLines.value(columns, r.columns());
      StringBuilder rows = new StringBuilder();
      JsonLines.value(rows, r.jsonRows());
      return new Outcome(true, null, null, columns.toString(), rows.toString());
    } catch (CqlException e) {
      return new Outcome(false, e.errorClass().name(), e.getMessage(), null, null);
    } catch (RuntimeException e) {
      return new Outcome(false, "ServerError", e.toString(), null, null);
    }
  }

  /** What a statement answered: rows (as printed) or an error class and message. */
  private record Outcome(boolean ok, String errorClass, String message, String columns, String rows) {
    /** Null when {@code expectation} (the text after "-- expect ") holds, else what differs. */
    String unmet(String expectation) {
      String got = ok ? "rows " + rows : errorClass + ": " + message;
      if (expectation.equals("ok")) return ok ? null : "expected success, got " + got;
      if (expectation.startsWith("rows: ")) {
        String want = expectation.substring("rows: ".length());
        return ok && rows.equals(want) ? null : "expected rows " + want + "\n    got " + got;
      }
      if (expectation.startsWith("columns: ")) {
        String want = expectation.substring("columns: ".length());
        return ok && columns.equals(want) ? null : "expected columns " + want + "\n    got " + (ok ? columns : got);
      }
      int colon = expectation.indexOf(": ");
      if (colon < 0) throw new IllegalArgumentException("not an expectation: -- expect " + expectation);
      String[] head = expectation.substring(0, colon).split(" ", 2);
      String want = expectation.substring(colon + 2);
      String how = head.length == 2 ? head[1] : "is";
      boolean matches = !ok && errorClass.equals(head[0]) && switch (how) {
        case "is" -> message.equals(want);
        case "containing" -> message.contains(want);
        case "starting" -> message.startsWith(want);
        default -> throw new IllegalArgumentException("not an expectation: -- expect " + expectation);
      };
      return matches ? null : "expected " + head[0] + " " + (how.equals("is") ? "" : how + " ") + want + "\n    got " + got;
    }
  }

  private static String read(String resource) {
    try (InputStream in = AnnotatedScript.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalArgumentException("no test resource " + resource);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
