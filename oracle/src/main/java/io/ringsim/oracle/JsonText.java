package io.ringsim.oracle;

import java.util.List;
import java.util.Map;

/**
 * Writes JSON the way the shared expected files are written: ", " and ": " separators, non-ASCII characters
 * as they are. Values are null, String, Boolean, {@link JsonNumber}, List or Map (in its own order).
 */
final class JsonText {
  private JsonText() {}

  /** A number already in its final textual form, so its formatting is decided where its CQL type is known. */
  record JsonNumber(String text) {}

  static void write(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      string(out, s);
    } else if (value instanceof Boolean b) {
      out.append(b);
    } else if (value instanceof JsonNumber n) {
      out.append(n.text());
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) out.append(", ");
        write(out, list.get(i));
      }
      out.append(']');
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      String separator = "";
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.append(separator);
        separator = ", ";
        string(out, (String) e.getKey());
        out.append(": ");
        write(out, e.getValue());
      }
      out.append('}');
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass());
    }
  }

  static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
        }
      }
    }
    out.append('"');
  }
}
