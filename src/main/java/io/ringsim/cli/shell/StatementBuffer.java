package io.ringsim.cli.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects typed lines into complete CQL statements, the way cqlsh does: a statement ends at a semicolon that is not
 * inside a string ('...', "...", $$...$$) or a comment (--, //, block comments). One line may end several statements,
 * and a statement may span many lines.
 */
public final class StatementBuffer {
  private final StringBuilder pending = new StringBuilder();
  private char quote; // 0, '\'', '"', or '$' for $$ strings
  private boolean blockComment;

  /** Adds one line; returns the statements it completed (without their semicolons, trimmed). */
  public List<String> add(String line) {
    List<String> done = new ArrayList<>();
    int i = 0;
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      char next = i + 1 < n ? line.charAt(i + 1) : 0;
      if (blockComment) {
        if (c == '*' && next == '/') {
          blockComment = false;
          i += 2;
        } else {
          i++;
        }
        continue;
      }
      if (quote != 0) {
        if (quote == '$') {
          if (c == '$' && next == '$') {
            pending.append("$$");
            quote = 0;
            i += 2;
            continue;
          }
        } else if (c == quote) {
          if (next == quote) { // doubled quote is an escaped quote
            pending.append(c).append(c);
            i += 2;
            continue;
          }
          quote = 0;
        }
        pending.append(c);
        i++;
        continue;
      }
      if ((c == '-' && next == '-') || (c == '/' && next == '/')) break; // rest of the line is a comment
      if (c == '/' && next == '*') {
        blockComment = true;
        i += 2;
        continue;
      }
      if (c == '$' && next == '$') {
        quote = '$';
        pending.append("$$");
        i += 2;
        continue;
      }
      if (c == '\'' || c == '"') quote = c;
      if (c == ';') {
        String stmt = pending.toString().trim();
        if (!stmt.isEmpty()) done.add(stmt);
        pending.setLength(0);
        i++;
        continue;
      }
      pending.append(c);
      i++;
    }
    if (quote != 0 || pending.length() > 0) pending.append('\n');
    return done;
  }

  /** Whether a statement has been started and not yet ended (the shell shows a continuation prompt). */
  public boolean isIncomplete() {
    return quote != 0 || blockComment || !pending.toString().isBlank();
  }

  /** Drops a half-typed statement (Ctrl-C in the shell). */
  public void reset() {
    pending.setLength(0);
    quote = 0;
    blockComment = false;
  }
}
