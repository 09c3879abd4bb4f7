package io.ringsim.sim.grade;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of an assignment split into words, quoted strings and the symbols { } , = < <= > >=, each with its
 * column (1-based); '#' outside quotes starts a comment.
 */
record LineTokens(String text, List<Tok> toks) {

  enum Kind { WORD, STRING, SYMBOL }

  record Tok(String text, Kind kind, int col) {
    boolean is(String s) {
      return kind != Kind.STRING && text.equalsIgnoreCase(s);
    }

    String unquoted() {
      return kind == Kind.STRING ? text.substring(1, text.length() - 1) : text;
    }
  }

  /** Throws {@link IllegalStateException} with the column of an unterminated string in its message. */
  static LineTokens of(String line) {
    List<Tok> out = new ArrayList<>();
    int i = 0, n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == '#') break;
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      int start = i;
      if (c == '\'' || c == '"') {
        int end = line.indexOf(c, i + 1);
        if (end < 0) throw new IllegalStateException(String.valueOf(start + 1));
        out.add(new Tok(line.substring(start, end + 1), Kind.STRING, start + 1));
        i = end + 1;
      } else if ("{},=".indexOf(c) >= 0) {
        out.add(new Tok(String.valueOf(c), Kind.SYMBOL, start + 1));
        i++;
      } else if (c == '<' || c == '>') {
        i += i + 1 < n && line.charAt(i + 1) == '=' ? 2 : 1;
        out.add(new Tok(line.substring(start, i), Kind.SYMBOL, start + 1));
      } else {
        while (i < n && !Character.isWhitespace(line.charAt(i)) && "{},=<>#'\"".indexOf(line.charAt(i)) < 0) i++;
        out.add(new Tok(line.substring(start, i), Kind.WORD, start + 1));
      }
    }
    return new LineTokens(line, out);
  }

  /** The line from column {@code col} (1-based) to its comment, trimmed at the end. */
  String restFrom(int col) {
    String s = text.substring(col - 1);
    boolean single = false, dbl = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'' && !dbl) single = !single;
      else if (c == '"' && !single) dbl = !dbl;
      else if (c == '#' && !single && !dbl) return s.substring(0, i).stripTrailing();
    }
    return s.stripTrailing();
  }
}
