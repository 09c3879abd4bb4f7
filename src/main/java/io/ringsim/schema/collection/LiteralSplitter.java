package io.ringsim.schema.collection;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the inside of a collection or tuple literal into its top-level parts, respecting quotes ('' escapes) and
 * nested brackets: {@code 1, 'a,b', [2, 3]} gives three parts. For maps, {@link #splitPair} cuts "key: value" at the
 * top-level colon.
 */
final class LiteralSplitter {
  private LiteralSplitter() {}

  /** The text between the outer brackets, which must be {@code open} and {@code close}. */
  static String inside(String literal, char open, char close, String typeName) {
    String t = literal.trim();
    if (t.length() < 2 || t.charAt(0) != open || t.charAt(t.length() - 1) != close) {
      throw new IllegalArgumentException("'" + literal + "' is not a valid " + typeName + " literal (expected "
          + open + "..." + close + ")");
    }
    return t.substring(1, t.length() - 1);
  }

  static List<String> split(String body, char separator, String literal, String typeName) {
    List<String> parts = new ArrayList<>();
    if (body.isBlank()) return parts;
    int depth = 0;
    boolean inQuote = false;
    int start = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (inQuote) {
        if (c == '\'') {
          if (i + 1 < body.length() && body.charAt(i + 1) == '\'') i++;
          else inQuote = false;
        }
        continue;
      }
      switch (c) {
        case '\'' -> inQuote = true;
        case '[', '{', '(' -> depth++;
        case ']', '}', ')' -> depth--;
        default -> {
          if (c == separator && depth == 0) {
            parts.add(body.substring(start, i).trim());
            start = i + 1;
          }
        }
      }
      if (depth < 0) break;
    }
    if (inQuote || depth != 0)
      throw new IllegalArgumentException("'" + literal + "' is not a valid " + typeName + " literal (unbalanced)");
    parts.add(body.substring(start).trim());
    for (String p : parts)
      if (p.isEmpty())
        throw new IllegalArgumentException("'" + literal + "' is not a valid " + typeName + " literal (empty element)");
    return parts;
  }

  /** One {@code key: value} entry of a map or user-type literal, each side as written (trimmed). */
  record Pair(String key, String value) {}

  static Pair splitPair(String entry, String literal, String typeName) {
    List<String> kv = split(entry, ':', literal, typeName);
    if (kv.size() != 2)
      throw new IllegalArgumentException("'" + literal + "' is not a valid " + typeName
          + " literal (expected key: value, got '" + entry + "')");
    return new Pair(kv.get(0), kv.get(1));
  }
}
