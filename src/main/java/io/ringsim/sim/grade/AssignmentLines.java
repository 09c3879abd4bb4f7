package io.ringsim.sim.grade;

import io.ringsim.sim.grade.LineTokens.Tok;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An assignment file as a cursor over its tokenised lines, with what every section's items share: a section opened
 * by '{' and closed by a lone '}', whole numbers in a range, durations, and errors as {@link GradeException}s
 * starting with FILE:LINE:COL.
 */
final class AssignmentLines {
  final String file;
  private final List<String> lines;
  private int at; // index of the next line to read

  AssignmentLines(String file, String text) {
    this.file = file;
    this.lines = List.of(text.split("\r?\n", -1));
  }

  /** The number of lines in the file (errors about what is missing point at its end). */
  int lineCount() {
    return lines.size();
  }

  GradeException error(int line, int col, String msg) {
    return new GradeException(file + ":" + line + ":" + col + ": " + msg);
  }

  GradeException error(int line, Tok t, String msg) {
    return error(line, t.col(), msg);
  }

  /** The next line with something on it, or null at the end; {@code at} then points past it. */
  LineTokens next() {
    while (at < lines.size()) {
      String l = lines.get(at++);
      LineTokens t;
      try {
        t = LineTokens.of(l);
      } catch (IllegalStateException e) {
        throw error(at, Integer.parseInt(e.getMessage()), "a quoted string that does not end on its line");
      }
      if (!t.toks().isEmpty()) return t;
    }
    return null;
  }

  /** The line number (1-based) of the line {@link #next} returned last. */
  int lineNo() {
    return at;
  }

  long number(LineTokens l, int ln, int index, long min, long max, String what) {
    if (l.toks().size() <= index) throw error(ln, l.toks().get(index - 1).col(), what + " needs a number");
    if (l.toks().size() > index + 1) {
      throw error(ln, l.toks().get(index + 1), "unexpected '" + l.toks().get(index + 1).text() + "'");
    }
    Tok t = l.toks().get(index);
    long v;
    try {
      v = Long.parseLong(t.text().replace("_", ""));
    } catch (NumberFormatException e) {
      throw error(ln, t, what + ": '" + t.text() + "' is not a whole number");
    }
    if (v < min || v > max) throw error(ln, t, what + " must be between " + min + " and " + max + ", not " + v);
    return v;
  }

  void open(LineTokens l, int ln, int braceIndex, String what) {
    if (l.toks().size() != braceIndex + 1 || !l.toks().get(braceIndex).is("{")) {
      Tok t = l.toks().get(Math.min(braceIndex, l.toks().size() - 1));
      throw error(ln, t, what + " is written '" + what + " {' with its items on the lines below");
    }
  }

  /** The section's items up to its closing brace; null marks the brace. */
  LineTokens item(int openedAt, String what) {
    LineTokens l = next();
    if (l == null) throw error(openedAt, 1, "the " + what + " section has no closing '}'");
    if (l.toks().get(0).is("}")) {
      if (l.toks().size() > 1) throw error(lineNo(), l.toks().get(1), "the closing '}' stands alone on its line");
      return null;
    }
    return l;
  }

  private static final Pattern DURATION = Pattern.compile("(?:[0-9]+(?:ms|d|h|m|s))+");
  private static final Pattern DURATION_PART = Pattern.compile("([0-9]+)(ms|d|h|m|s)");

  /** 180d, 6h, 90m, 30s, 1d12h: milliseconds. */
  long duration(Tok t, int ln) {
    if (!DURATION.matcher(t.text()).matches()) {
      throw error(ln, t, "'" + t.text() + "' is not a duration such as 180d, 6h, 30m, 10s");
    }
    long ms = 0;
    Matcher m = DURATION_PART.matcher(t.text());
    while (m.find()) {
      long v = Long.parseLong(m.group(1));
      ms += v * switch (m.group(2)) {
        case "d" -> 86_400_000L;
        case "h" -> 3_600_000L;
        case "m" -> 60_000L;
        case "s" -> 1_000L;
        default -> 1L;
      };
    }
    if (ms <= 0 || ms > 100L * 365 * 86_400_000L) throw error(ln, t, "a duration from 1ms to 100 years");
    return ms;
  }

}
