package io.ringsim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Renders rows of already-formatted cells the way cqlsh prints a result: headers left-justified, values
 * right-justified, columns separated by " | ", a dashed rule under the header and "(N rows)" at the end; or, with
 * EXPAND ON, one "@ Row n" block per row with a column per line.
 */
public final class TextTable {
  private TextTable() {}

  /** A result as cqlsh prints it, each value measured in terminal columns ({@link #columns(String)}), as cqlsh does. */
  public static String render(List<String> headers, List<List<String>> rows) {
    return render(headers, rows, TextTable::columns, rowCount(rows.size()));
  }

  /**
   * As {@link #render(List, List)} with {@code t}'s words for the row count, and columns measured in terminal columns
   * (a Chinese character takes two), so Chinese headers line up as English ones do.
   */
  public static String render(List<String> headers, List<List<String>> rows, Labels t) {
    return render(headers, rows, TextTable::columns, t.f("table.rows", rows.size()));
  }

  private static String render(List<String> headers, List<List<String>> rows, ToIntFunction<String> width, String count) {
    int n = headers.size();
    int[] w = new int[n];
    for (int i = 0; i < n; i++) w[i] = width.applyAsInt(headers.get(i));
    for (List<String> r : rows) for (int i = 0; i < n; i++) w[i] = Math.max(w[i], width.applyAsInt(r.get(i)));
    StringBuilder sb = new StringBuilder("\n");
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < n; i++) cells.add(pad(headers.get(i), w[i] - width.applyAsInt(headers.get(i)), false));
    sb.append(' ').append(String.join(" | ", cells).stripTrailing()).append('\n');
    List<String> dashes = new ArrayList<>();
    for (int i = 0; i < n; i++) dashes.add("-".repeat(w[i] + 2));
    sb.append(String.join("+", dashes)).append('\n');
    for (List<String> r : rows) {
      cells.clear();
      for (int i = 0; i < n; i++) cells.add(pad(r.get(i), w[i] - width.applyAsInt(r.get(i)), true));
      sb.append(' ').append(String.join(" | ", cells)).append('\n');
    }
    sb.append('\n').append(count).append('\n');
    return sb.toString();
  }

  private static String pad(String s, int spaces, boolean left) {
    if (spaces <= 0) return s;
    return left ? " ".repeat(spaces) + s : s + " ".repeat(spaces);
  }

  /**
   * Terminal columns, as cqlsh measures a value (its wcwidth, Markus Kuhn's): East Asian wide and full-width
   * characters (CJK, kana, Hangul, full-width forms) take two, combining marks, format characters (but the soft
   * hyphen), Hangul medial vowels and final consonants and the zero-width space take none, everything else one. The
   * marks and format characters are Java's Unicode categories, of a newer Unicode than cqlsh's table (5.0), so a mark
   * assigned since then measures none here and one in cqlsh.
   */
  public static int columns(String s) {
    int w = 0;
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      i += Character.charCount(c);
      w += columns(c);
    }
    return w;
  }

  private static int columns(int c) {
    if (c == 0) return 0;
    if (c < 0x300) return 1;
    int type = Character.getType(c);
    if ((type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT)
        || (c >= 0x1160 && c <= 0x11FF) || c == 0x200B) return 0;
    boolean wide = c >= 0x1100 && (c <= 0x115F || c == 0x2329 || c == 0x232A
        || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F) || (c >= 0xAC00 && c <= 0xD7A3)
        || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE10 && c <= 0xFE19) || (c >= 0xFE30 && c <= 0xFE6F)
        || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x2FFFD)
        || (c >= 0x30000 && c <= 0x3FFFD));
    return wide ? 2 : 1;
  }

  public static String renderExpanded(List<String> headers, List<List<String>> rows) {
    int w = headers.stream().mapToInt(TextTable::columns).max().orElse(0);
    int vw = 0;
    for (List<String> r : rows) for (String c : r) vw = Math.max(vw, columns(c));
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < rows.size(); k++) {
      sb.append("\n@ Row ").append(k + 1).append('\n');
      sb.append("-".repeat(w + 2)).append('+').append("-".repeat(vw + 2)).append('\n');
      for (int i = 0; i < headers.size(); i++) {
        sb.append(' ').append(padRight(headers.get(i), w)).append(" | ").append(rows.get(k).get(i)).append('\n');
      }
    }
    // cqlsh ends each row's block with a blank line, then prints the count after one more.
    sb.append("\n\n").append(rowCount(rows.size())).append('\n');
    return sb.toString();
  }

  private static String rowCount(int n) {
    return "(" + n + " rows)";
  }

  static String padRight(String s, int w) {
    int c = columns(s);
    return c >= w ? s : s + " ".repeat(w - c);
  }
}
