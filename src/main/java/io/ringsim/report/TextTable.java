package io.ringsim.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders rows of already-formatted cells the way cqlsh prints a result: headers left-justified, values
 * right-justified, columns separated by " | ", a dashed rule under the header and "(N rows)" at the end; or, with
 * EXPAND ON, one "@ Row n" block per row with a column per line.
 */
public final class TextTable {
  private TextTable() {}

  public static String render(List<String> headers, List<List<String>> rows) {
    int n = headers.size();
    int[] w = new int[n];
    for (int i = 0; i < n; i++) w[i] = headers.get(i).length();
    for (List<String> r : rows) for (int i = 0; i < n; i++) w[i] = Math.max(w[i], r.get(i).length());
    StringBuilder sb = new StringBuilder("\n");
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < n; i++) cells.add(padRight(headers.get(i), w[i]));
    sb.append(' ').append(String.join(" | ", cells).stripTrailing()).append('\n');
    List<String> dashes = new ArrayList<>();
    for (int i = 0; i < n; i++) dashes.add("-".repeat(w[i] + 2));
    sb.append(String.join("+", dashes)).append('\n');
    for (List<String> r : rows) {
      cells.clear();
      for (int i = 0; i < n; i++) cells.add(padLeft(r.get(i), w[i]));
      sb.append(' ').append(String.join(" | ", cells)).append('\n');
    }
    sb.append('\n').append(rowCount(rows.size())).append('\n');
    return sb.toString();
  }

  public static String renderExpanded(List<String> headers, List<List<String>> rows) {
    int w = headers.stream().mapToInt(String::length).max().orElse(0);
    int vw = 0;
    for (List<String> r : rows) for (String c : r) vw = Math.max(vw, c.length());
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < rows.size(); k++) {
      sb.append("\n@ Row ").append(k + 1).append('\n');
      sb.append("-".repeat(w + 2)).append('+').append("-".repeat(vw + 2)).append('\n');
      for (int i = 0; i < headers.size(); i++) {
        sb.append(' ').append(padRight(headers.get(i), w)).append(" | ").append(rows.get(k).get(i)).append('\n');
      }
    }
    sb.append('\n').append(rowCount(rows.size())).append('\n');
    return sb.toString();
  }

  private static String rowCount(int n) {
    return "(" + n + " rows)";
  }

  static String padLeft(String s, int w) {
    return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
  }

  static String padRight(String s, int w) {
    return s.length() >= w ? s : s + " ".repeat(w - s.length());
  }
}
