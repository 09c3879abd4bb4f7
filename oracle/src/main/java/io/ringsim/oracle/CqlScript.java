package io.ringsim.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a conformance script into statements by the rules of shared/cql/README.md: comment lines and blank lines
 * are skipped, a trailing -- or // comment outside quotes is cut off, a statement ends at a line ending with ';',
 * and its trimmed lines joined by single spaces, without that ';', become the statement's text.
 */
final class CqlScript {
  private CqlScript() {}

  static List<String> statements(String script) {
    List<String> statements = new ArrayList<>();
    StringBuilder pending = new StringBuilder();
    for (String rawLine : script.split("\r?\n", -1)) {
      String line = withoutComment(rawLine).trim();
      if (line.isEmpty()) continue;
      if (pending.length() > 0) pending.append(' ');
      pending.append(line);
      if (line.endsWith(";")) {
        statements.add(pending.substring(0, pending.length() - 1).trim());
        pending.setLength(0);
      }
    }
    // A last statement without its ';' still runs, rather than being dropped silently.
    if (pending.length() > 0) statements.add(pending.toString());
    return statements;
  }

  /** The line up to the first -- or // that is not inside a '...' or "..." literal on that line. */
  static String withoutComment(String line) {
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) quote = 0; // a doubled '' closes and reopens, which leaves the state right
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (i + 1 < line.length() && (c == '-' || c == '/') && line.charAt(i + 1) == c) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
