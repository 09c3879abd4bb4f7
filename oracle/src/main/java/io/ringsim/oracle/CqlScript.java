package io.ringsim.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a conformance script into statements by the rules of shared/cql/README.md: comment lines and blank lines
 * are skipped, a trailing -- or // comment outside quotes is cut off, a statement ends at a line ending with ';',
 * and its trimmed lines joined by single spaces, without that ';', become the statement's text.
 *
 * <p>A comment line of the form {@code -- @advance 10s}, {@code -- @flush}, {@code -- @compact} or
 * {@code -- @restart} is a directive between statements (src/test/resources/cql/README.md): something that happens
 * to the node rather than a statement, so it gives no JSON line. Any other script reads it as a comment.
 *
 * <p>{@code -- @yaml NAME: VALUE} is a line of the node's cassandra.yaml (a feature switch such as
 * user_defined_functions_enabled): {@link #yaml} collects them and the node starts with them; they are no step.
 */
final class CqlScript {
  private CqlScript() {}

  /** The directives' words, as written after {@code -- @}. */
  enum Directive { ADVANCE, FLUSH, COMPACT, RESTART }

  /** One step of a script: a statement (directive null) or a directive (cql null; seconds for ADVANCE). */
  record Step(String cql, Directive directive, long seconds) {
    static Step statement(String cql) {
      return new Step(cql, null, 0);
    }

    boolean isStatement() {
      return directive == null;
    }
  }

  private static final Pattern YAML = Pattern.compile("--\\s*@yaml\\s+(\\w+)\\s*:\\s*(\\S+)\\s*");

  /** The script's {@code -- @yaml NAME: VALUE} lines, as cassandra.yaml lines {@code NAME: VALUE}. */
  static List<String> yaml(String script) {
    List<String> out = new ArrayList<>();
    for (String line : script.split("\r?\n", -1)) {
      Matcher m = YAML.matcher(line.trim());
      if (m.matches()) out.add(m.group(1) + ": " + m.group(2));
    }
    return out;
  }

  private static final Pattern DIRECTIVE = Pattern.compile("--\\s*@(\\w+)(?:\\s+(\\S+))?\\s*");
  private static final Pattern DURATION = Pattern.compile("(\\d+)([smhd])");

  static List<String> statements(String script) {
    return steps(script).stream().filter(Step::isStatement).map(Step::cql).toList();
  }

  static List<Step> steps(String script) {
    List<Step> steps = new ArrayList<>();
    StringBuilder pending = new StringBuilder();
    String[] lines = script.split("\r?\n", -1);
    boolean inDollar = false; // inside a $$...$$ string (a function's body) that a previous line opened
    for (int n = 0; n < lines.length; n++) {
      if (inDollar) {
        // Its lines are kept as written, joined by newlines: no comment stripping, no ';' ending the statement.
        int close = lines[n].indexOf("$$");
        pending.append('\n').append(close < 0 ? lines[n] : lines[n].substring(0, close + 2));
        if (close < 0) continue;
        inDollar = false;
        String rest = withoutComment(lines[n].substring(close + 2)).trim();
        pending.append(rest);
        if (opensDollar(rest)) {
          inDollar = true;
        } else if (pending.toString().endsWith(";")) {
          steps.add(Step.statement(pending.substring(0, pending.length() - 1).trim()));
          pending.setLength(0);
        }
        continue;
      }
      Step directive = directive(lines[n].trim(), n + 1);
      if (directive != null) {
        if (pending.length() > 0) {
          throw new IllegalArgumentException("line " + (n + 1) + ": a directive inside a statement");
        }
        steps.add(directive);
        continue;
      }
      String line = withoutComment(lines[n]).trim();
      if (line.isEmpty()) continue;
      if (pending.length() > 0) pending.append(' ');
      pending.append(line);
      if (opensDollar(line)) {
        inDollar = true;
        continue;
      }
      if (line.endsWith(";")) {
        steps.add(Step.statement(pending.substring(0, pending.length() - 1).trim()));
        pending.setLength(0);
      }
    }
    // A last statement without its ';' still runs, rather than being dropped silently.
    if (pending.length() > 0) steps.add(Step.statement(pending.toString()));
    return steps;
  }

  /** The directive on this (trimmed) line, or null when it is not one; a misspelt one is an error, not a comment. */
  private static Step directive(String line, int lineNumber) {
    if (line.matches("--\\s*@yaml\\b.*")) {
      if (YAML.matcher(line).matches()) return null;
      throw new IllegalArgumentException("line " + lineNumber + ": @yaml needs NAME: VALUE, e.g. "
          + "-- @yaml user_defined_functions_enabled: true");
    }
    Matcher m = DIRECTIVE.matcher(line);
    if (!m.matches()) return null;
    Directive d;
    try {
      d = Directive.valueOf(m.group(1).toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("line " + lineNumber + ": unknown directive @" + m.group(1)
          + " (expected @advance, @flush, @compact, @restart or @yaml)");
    }
    String arg = m.group(2);
    if (d != Directive.ADVANCE) {
      if (arg != null) throw new IllegalArgumentException("line " + lineNumber + ": @" + m.group(1) + " takes no argument");
      return new Step(null, d, 0);
    }
    Matcher dm = arg == null ? null : DURATION.matcher(arg);
    if (dm == null || !dm.matches()) {
      throw new IllegalArgumentException("line " + lineNumber + ": @advance needs whole seconds, e.g. 10s, 2m, 1h or 3d");
    }
    long unit = switch (dm.group(2)) {
      case "s" -> 1;
      case "m" -> 60;
      case "h" -> 3600;
      default -> 86400;
    };
    return new Step(null, d, Long.parseLong(dm.group(1)) * unit);
  }

  /** Whether (comment-stripped) {@code line} ends inside a $$ string it opened. */
  static boolean opensDollar(String line) {
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote == '$') {
        if (line.startsWith("$$", i)) {
          quote = 0;
          i++;
        }
      } else if (quote != 0) {
        if (c == quote) quote = 0;
      } else if (line.startsWith("$$", i)) {
        quote = '$';
        i++;
      } else if (c == '\'' || c == '"') {
        quote = c;
      }
    }
    return quote == '$';
  }

  /** The line up to the first -- or // that is not inside a '...', "..." or $$...$$ literal on that line. */
  static String withoutComment(String line) {
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote == '$') {
        if (line.startsWith("$$", i)) {
          quote = 0;
          i++;
        }
      } else if (quote != 0) {
        if (c == quote) quote = 0; // a doubled '' closes and reopens, which leaves the state right
      } else if (line.startsWith("$$", i)) {
        quote = '$';
        i++;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (i + 1 < line.length() && (c == '-' || c == '/') && line.charAt(i + 1) == c) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
