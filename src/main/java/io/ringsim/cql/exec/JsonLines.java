package io.ringsim.cql.exec;

import io.ringsim.cql.CqlException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * The JSON-lines form of a statement's outcome (shared/cql/README.md), written the way the reference files are:
 * ", " and ": " separators, keys in a fixed order, non-ASCII characters as they are.
 */
public final class JsonLines {
  private JsonLines() {}

  public static String ok(int i, String cql, ResultSet r) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"i\": ").append(i).append(", \"cql\": ");
    string(sb, cql);
    sb.append(", \"ok\": true, \"columns\": ");
    value(sb, r.columns());
    sb.append(", \"rows\": ");
    value(sb, r.jsonRows());
    return sb.append('}').toString();
  }

  public static String error(int i, String cql, CqlException e) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"i\": ").append(i).append(", \"cql\": ");
    string(sb, cql);
    sb.append(", \"ok\": false, \"error\": ");
    string(sb, e.errorClass().name());
    sb.append(", \"message\": ");
    string(sb, e.getMessage());
    return sb.append('}').toString();
  }

  static void value(StringBuilder sb, Object v) {
    if (v == null) {
      sb.append("null");
    } else if (v instanceof String s) {
      string(sb, s);
    } else if (v instanceof Boolean b) {
      sb.append(b);
    } else if (v instanceof BigDecimal d) {
      sb.append(d.toPlainString());
    } else if (v instanceof Double d) {
      sb.append(d == Math.rint(d) && Math.abs(d) < 1e16 ? String.valueOf(d) : pythonFloat(d));
    } else if (v instanceof Float f) {
      value(sb, (double) f);
    } else if (v instanceof Number || v instanceof BigInteger) {
      sb.append(v);
    } else if (v instanceof Map<?, ?> m) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) sb.append(", ");
        first = false;
        string(sb, String.valueOf(e.getKey()));
        sb.append(": ");
        value(sb, e.getValue());
      }
      sb.append('}');
    } else if (v instanceof List<?> l) {
      sb.append('[');
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) sb.append(", ");
        value(sb, l.get(i));
      }
      sb.append(']');
    } else {
      string(sb, v.toString());
    }
  }

  private static String pythonFloat(double d) {
    String s = Double.toString(d);
    int e = s.indexOf('E');
    if (e < 0) return s;
    String mant = s.substring(0, e);
    if (mant.endsWith(".0")) mant = mant.substring(0, mant.length() - 2);
    int exp = Integer.parseInt(s.substring(e + 1));
    return mant + "e" + (exp < 0 ? "-" : "+") + String.format("%02d", Math.abs(exp));
  }

  static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
        }
      }
    }
    sb.append('"');
  }
}
