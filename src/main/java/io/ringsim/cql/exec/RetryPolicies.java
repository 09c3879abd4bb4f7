package io.ringsim.cql.exec;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * speculative_retry and additional_write_policy as Cassandra 4.1 reads and writes them back (its
 * SpeculativeRetryPolicy): NONE or NEVER, ALWAYS, a percentile ('99p', '99PERCENTILE'), a fixed time ('10ms'), or
 * MIN/MAX of a percentile and a time; kept in Cassandra's normal form.
 */
final class RetryPolicies {
  private RetryPolicies() {}

  private static final Pattern PERCENTILE = Pattern.compile("([0-9]+(?:\\.[0-9]*)?)(?:P|PERCENTILE)");
  private static final Pattern FIXED = Pattern.compile("([0-9]+(?:\\.[0-9]*)?)MS");
  private static final Pattern HYBRID = Pattern.compile("(MIN|MAX)\\((.*),(.*)\\)");

  static String normal(String given, String option) {
    String u = given.trim().toUpperCase(Locale.ROOT);
    if (u.equals("NONE") || u.equals("NEVER")) return "NEVER";
    if (u.equals("ALWAYS")) return "ALWAYS";
    String simple = simple(u, given, option);
    if (simple != null) return simple;
    Matcher h = HYBRID.matcher(u.replace(" ", ""));
    if (h.matches()) {
      String a = simple(h.group(2), given, option), b = simple(h.group(3), given, option);
      if (a != null && b != null && a.endsWith("p") != b.endsWith("p")) {
        return h.group(1) + "(" + (a.endsWith("p") ? a + "," + b : b + "," + a) + ")";
      }
    }
    throw invalid(given, option);
  }

  private static String simple(String u, String given, String option) {
    Matcher p = PERCENTILE.matcher(u);
    if (p.matches()) {
      double v = Double.parseDouble(p.group(1));
      if (v <= 0 || v > 100) throw new IllegalArgumentException("Invalid value " + given + " for PERCENTILE option '"
          + option + "': must be between (0.0 and 100.0]");
      return format(v) + "p";
    }
    Matcher f = FIXED.matcher(u);
    if (f.matches()) return format(Double.parseDouble(f.group(1))) + "ms";
    return null;
  }

  private static IllegalArgumentException invalid(String given, String option) {
    return new IllegalArgumentException("Invalid value " + given + " for option '" + option + "'");
  }

  private static String format(double v) {
    return new DecimalFormat("#.####", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(v);
  }
}
