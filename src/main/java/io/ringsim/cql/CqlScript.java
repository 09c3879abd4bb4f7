package io.ringsim.cql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a CQL script into statements the way the conformance files do: comment lines dropped, trailing comments
 * outside quotes stripped, a statement ends at a line ending with ';', its lines trimmed and joined with spaces;
 * a $$ string (a function's body) may span lines, which it keeps as written, joined with newlines.
 * {@link #steps} also keeps the {@link ScriptDirective}s between statements; {@link #split} leaves them out, as the
 * comments they are to any other reader.
 */
public final class CqlScript {
  private CqlScript() {}

  /** One statement with the line it starts on (1-based); or, from {@link #steps}, a directive (cql null). */
  public record Item(String cql, int line, ScriptDirective directive) {
    public Item(String cql, int line) {
      this(cql, line, null);
    }

    public boolean isDirective() {
      return directive != null;
    }
  }

  /** A misspelt directive, or one inside a statement, at {@code line} (1-based). */
  public static final class BadDirective extends IllegalArgumentException {
    private final int line;

    BadDirective(int line, String message) {
      super(message);
      this.line = line;
    }

    public int line() {
      return line;
    }
  }

  /** The script's {@code -- @yaml} settings, as NAME=VALUE, in order. */
  public static List<String> yaml(List<Item> steps) {
    return steps.stream().filter(i -> i.isDirective() && i.directive().kind() == ScriptDirective.Kind.YAML)
        .map(i -> i.directive().setting()).toList();
  }

  /** The statements only. */
  public static List<Item> split(String text) {
    return steps(text, false);
  }

  /**
   * Statements and directives in script order. Throws {@link BadDirective} for a misspelt directive or one inside
   * a statement.
   */
  public static List<Item> steps(String text) {
    return steps(text, true);
  }

  private static List<Item> steps(String text, boolean directives) {
    List<Item> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    int startLine = 0;
    String[] lines = text.split("\r?\n", -1);
    boolean inDollar = false; // inside a $$...$$ string that a previous line opened
    for (int n = 0; n < lines.length; n++) {
      if (inDollar) {
        // A $$ string (a function's body) keeps its lines as written: no comment stripping, no ';' ending it.
        int close = lines[n].indexOf("$$");
        cur.append('\n').append(close < 0 ? lines[n] : lines[n].substring(0, close + 2));
        if (close < 0) continue;
        inDollar = false;
        String rest = stripComment(lines[n].substring(close + 2)).trim();
        if (opensDollar(rest)) {
          inDollar = true;
          cur.append(rest);
          continue;
        }
        cur.append(rest);
        if (cur.toString().endsWith(";")) {
          String st = cur.toString();
          out.add(new Item(st.substring(0, st.length() - 1).trim(), startLine));
          cur.setLength(0);
        }
        continue;
      }
      if (directives) {
        ScriptDirective d;
        try {
          d = ScriptDirective.parse(lines[n].trim());
        } catch (IllegalArgumentException e) {
          throw new BadDirective(n + 1, e.getMessage());
        }
        if (d != null) {
          if (d.kind() == ScriptDirective.Kind.YAML && out.stream().anyMatch(i -> !i.isDirective()
              || i.directive().kind() != ScriptDirective.Kind.YAML)) {
            throw new BadDirective(n + 1, d + " after the first statement (cassandra.yaml is read when the nodes "
                + "start: put @yaml lines at the top of the script)");
          }
          if (cur.length() > 0) throw new BadDirective(n + 1, d + " inside a statement (the statement that starts "
              + "on line " + startLine + " has no ';' yet)");
          out.add(new Item(null, n + 1, d));
          continue;
        }
      }
      String line = stripComment(lines[n]).trim();
      if (line.isEmpty()) continue;
      if (cur.length() == 0) startLine = n + 1;
      else cur.append(' ');
      cur.append(line);
      if (opensDollar(line)) {
        inDollar = true;
        continue;
      }
      if (line.endsWith(";")) {
        String s = cur.toString();
        out.add(new Item(s.substring(0, s.length() - 1).trim(), startLine));
        cur.setLength(0);
      }
    }
    if (cur.length() > 0) out.add(new Item(cur.toString().trim(), startLine));
    return out;
  }

  /** Whether (comment-stripped) {@code line} ends inside a $$ string it opened. */
  static boolean opensDollar(String line) {
    boolean single = false, dbl = false, dollar = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (dollar) {
        if (line.startsWith("$$", i)) {
          dollar = false;
          i++;
        }
      } else if (c == '\'' && !dbl) single = !single;
      else if (c == '"' && !single) dbl = !dbl;
      else if (!single && !dbl && line.startsWith("$$", i)) {
        dollar = true;
        i++;
      }
    }
    return dollar;
  }

  /** Drops a -- or // comment that is outside quotes and $$ strings. */
  static String stripComment(String line) {
    boolean single = false, dbl = false, dollar = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (dollar) {
        if (line.startsWith("$$", i)) {
          dollar = false;
          i++;
        }
        continue;
      }
      if (!single && !dbl && line.startsWith("$$", i)) {
        dollar = true;
        i++;
      } else if (c == '\'' && !dbl) single = !single;
      else if (c == '"' && !single) dbl = !dbl;
      else if (!single && !dbl && i + 1 < line.length()
          && ((c == '-' && line.charAt(i + 1) == '-') || (c == '/' && line.charAt(i + 1) == '/'))) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
