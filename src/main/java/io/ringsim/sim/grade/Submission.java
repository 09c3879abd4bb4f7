package io.ringsim.sim.grade;

import io.ringsim.sim.script.InputFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A student's CQL file: the schema statements, then for each access pattern a comment line {@code -- Q1} and the
 * query that serves it. Statements keep their place in the file (comments blanked, line breaks kept), so that the
 * CQL parser's "line L:C" maps back to the file.
 */
public record Submission(String file, List<Stmt> schema, Map<String, Stmt> queries, Map<String, Integer> markers,
    int lastLine) {

  /** A statement's text (from its first character to before its ';') and where it starts (1-based). */
  public record Stmt(String text, int line, int col) {
    /** FILE:LINE:COL of the statement's start. */
    public String at(String file) {
      return file + ":" + line + ":" + col;
    }

    /** FILE:LINE:COL of a position inside the statement (line 1-based, col 0-based, as ANTLR counts them). */
    public String at(String file, int innerLine, int innerCol) {
      return file + ":" + (line + innerLine - 1) + ":" + ((innerLine == 1 ? col : 1) + innerCol);
    }

    /** FILE:LINE:COL of the first occurrence of {@code word} (a whole word, outside quotes), else the start. */
    public String atWord(String file, String word) {
      Matcher m = Pattern.compile("(?<![A-Za-z0-9_:])" + Pattern.quote(word) + "(?![A-Za-z0-9_])",
          Pattern.CASE_INSENSITIVE).matcher(text);
      if (!m.find()) return at(file);
      int l = 1, c = 0;
      for (int i = 0; i < m.start(); i++) {
        if (text.charAt(i) == '\n') {
          l++;
          c = 0;
        } else {
          c++;
        }
      }
      return at(file, l, c);
    }
  }

  private static final Pattern MARKER = Pattern.compile("--\\s*(Q[0-9]+)\\s*(?:[:\\-].*)?",
      Pattern.CASE_INSENSITIVE);

  public static Submission read(Path path) {
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GradeException(path + ": cannot read: " + InputFiles.whyUnreadable(path, e, "a CQL file"));
    }
    return parse(text, path.toString());
  }

  public static Submission parse(String text, String file) {
    StringBuilder clean = new StringBuilder(text);
    List<int[]> markerAt = new ArrayList<>(); // offset, line
    List<String> markerIds = new ArrayList<>();
    int line = 1, lineStart = 0;
    boolean single = false, dbl = false, block = false;
    int stmtStart = -1; // offset of the current statement's first character, -1 between statements
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      char n = i + 1 < text.length() ? text.charAt(i + 1) : 0;
      if (c == '\n') {
        line++;
        lineStart = i + 1;
        continue;
      }
      if (block) {
        if (c == '*' && n == '/') {
          clean.setCharAt(i, ' ');
          clean.setCharAt(i + 1, ' ');
          i++;
          block = false;
        } else {
          clean.setCharAt(i, ' ');
        }
        continue;
      }
      if (single) {
        if (c == '\'') single = false;
        continue;
      }
      if (dbl) {
        if (c == '"') dbl = false;
        continue;
      }
      if (c == '\'' || c == '"') {
        if (stmtStart < 0) stmtStart = i;
        if (c == '\'') single = true;
        else dbl = true;
      } else if ((c == '-' && n == '-') || (c == '/' && n == '/')) {
        int end = text.indexOf('\n', i);
        if (end < 0) end = text.length();
        String comment = text.substring(i, end).stripTrailing();
        Matcher m = MARKER.matcher(comment);
        if (c == '-' && m.matches()) {
          if (stmtStart >= 0) {
            int[] lc = lineCol(text, stmtStart);
            throw new GradeException(file + ":" + line + ":" + (i - lineStart + 1) + ": '-- " + m.group(1)
                + "' inside a statement: the statement on line " + lc[0] + " has no ';' yet");
          }
          markerAt.add(new int[] {i, line, i - lineStart + 1});
          markerIds.add(m.group(1).toUpperCase(java.util.Locale.ROOT));
        }
        for (int k = i; k < end; k++) clean.setCharAt(k, ' ');
        i = end - 1;
      } else if (c == '/' && n == '*') {
        clean.setCharAt(i, ' ');
        clean.setCharAt(i + 1, ' ');
        i++;
        block = true;
      } else if (c == ';') {
        stmtStart = -1;
      } else if (!Character.isWhitespace(c) && stmtStart < 0) {
        stmtStart = i;
      }
    }
    // Split the cleaned text at the ';' that end statements.
    List<Integer> starts = new ArrayList<>();
    List<String> bodies = new ArrayList<>();
    single = false;
    dbl = false;
    int s = -1;
    for (int i = 0; i < clean.length(); i++) {
      char c = clean.charAt(i);
      if (single) {
        if (c == '\'') single = false;
        continue;
      }
      if (dbl) {
        if (c == '"') dbl = false;
        continue;
      }
      if (c == ';') {
        if (s >= 0) {
          starts.add(s);
          bodies.add(clean.substring(s, i).stripTrailing());
        }
        s = -1;
        continue;
      }
      if (!Character.isWhitespace(c) && s < 0) s = i;
      if (c == '\'') single = true;
      else if (c == '"') dbl = true;
    }
    if (s >= 0 && !clean.substring(s).isBlank()) {
      starts.add(s);
      bodies.add(clean.substring(s).stripTrailing());
    }
    List<Stmt> schema = new ArrayList<>();
    Map<String, Stmt> queries = new LinkedHashMap<>();
    Map<String, Integer> markers = new LinkedHashMap<>();
    for (int k = 0; k < markerIds.size(); k++) {
      String id = markerIds.get(k);
      if (markers.containsKey(id)) {
        throw new GradeException(file + ":" + markerAt.get(k)[1] + ":" + markerAt.get(k)[2] + ": a second '-- "
            + id + "' (the first is on line " + markers.get(id) + ")");
      }
      markers.put(id, markerAt.get(k)[1]);
    }
    for (int k = 0; k < starts.size(); k++) {
      int off = starts.get(k);
      int[] lc = lineCol(text, off);
      Stmt st = new Stmt(bodies.get(k), lc[0], lc[1]);
      int section = -1;
      for (int m = 0; m < markerAt.size(); m++) if (markerAt.get(m)[0] < off) section = m;
      if (section < 0) {
        schema.add(st);
      } else {
        String id = markerIds.get(section);
        if (queries.containsKey(id)) {
          throw new GradeException(st.at(file) + ": a second statement after '-- " + id + "' (line "
              + markers.get(id) + "): each access pattern has one query; the tables come before the first '-- Q'");
        }
        queries.put(id, st);
      }
    }
    return new Submission(file, List.copyOf(schema), queries, markers, line);
  }

  private static int[] lineCol(String text, int offset) {
    int line = 1, col = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    return new int[] {line, col};
  }
}
