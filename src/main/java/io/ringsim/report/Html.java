package io.ringsim.report;

import java.util.Locale;

/** Escaping and number formatting shared by the HTML and SVG writers. */
final class Html {
  private Html() {}

  /** Escapes text for element content and double- or single-quoted attributes. */
  static String esc(String s) {
    if (s == null) return "";
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> {
          // control characters are not allowed in XML-ish SVG; show them as the replacement character
          if (c < 0x20 && c != '\n' && c != '\t') b.append('\uFFFD');
          else b.append(c);
        }
      }
    }
    return b.toString();
  }

  static String num(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** A figure as a person reads it: 3 significant digits, no exponent. */
  static String fig(double v) {
    if (v == 0) return "0";
    double a = Math.abs(v);
    if (a >= 1e6 || a == Math.rint(a) && a < 1e6) return String.format(Locale.ROOT, "%,.0f", v);
    if (a >= 100) return String.format(Locale.ROOT, "%.0f", v);
    if (a >= 10) return String.format(Locale.ROOT, "%.1f", v);
    if (a >= 1) return String.format(Locale.ROOT, "%.2f", v);
    return String.format(Locale.ROOT, "%.3g", v);
  }

  static String pct(double fraction) {
    return String.format(Locale.ROOT, "%.2f%%", fraction * 100);
  }

  /** Bytes with binary units, as nodetool prints them (e.g. 9.16 MiB). */
  static String bytes(double b) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (Math.abs(b) >= 1024 && u < units.length - 1) {
      b /= 1024;
      u++;
    }
    return u == 0 ? String.format(Locale.ROOT, "%.0f B", b) : String.format(Locale.ROOT, "%.2f %s", b, units[u]);
  }

  static String ms(double v) {
    return String.format(Locale.ROOT, "%.2f ms", v);
  }
}
