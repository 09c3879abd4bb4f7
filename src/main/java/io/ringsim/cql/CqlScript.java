package io.ringsim.cql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a CQL script into statements the way the conformance files do: comment lines dropped, trailing comments
 * outside quotes stripped, a statement ends at a line ending with ';', its lines trimmed and joined with spaces.
 */
public final class CqlScript {
  private CqlScript() {}

  /** One statement with the line it starts on (1-based). */
  public record Item(String cql, int line) {}

  public static List<Item> split(String text) {
    List<Item> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    int startLine = 0;
    String[] lines = text.split("\r?\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = stripComment(lines[n]).trim();
      if (line.isEmpty()) continue;
      if (cur.length() == 0) startLine = n + 1;
      else cur.append(' ');
      cur.append(line);
      if (line.endsWith(";")) {
        String s = cur.toString();
        out.add(new Item(s.substring(0, s.length() - 1).trim(), startLine));
        cur.setLength(0);
      }
    }
    if (cur.length() > 0) out.add(new Item(cur.toString().trim(), startLine));
    return out;
  }

  /** Drops a -- or // comment that is outside quotes. */
  static String stripComment(String line) {
    boolean single = false, dbl = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\'' && !dbl) single = !single;
      else if (c == '"' && !single) dbl = !dbl;
      else if (!single && !dbl && i + 1 < line.length()
          && ((c == '-' && line.charAt(i + 1) == '-') || (c == '/' && line.charAt(i + 1) == '/'))) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
