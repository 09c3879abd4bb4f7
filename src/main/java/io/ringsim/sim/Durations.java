package io.ringsim.sim;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Simulated durations as scenario files, {@code --set} and the shell write them: 500ms, 30s, 2m30s, 1h, with an
 * optional minus sign where a direction makes sense (a clock skew). The one parser of durations: its arithmetic is
 * checked, and no duration may exceed {@link #MAX_MILLIS}, so that any duration can be turned into nanoseconds and
 * added to any simulated time without overflow.
 */
public final class Durations {
  /** The longest duration anything accepts: 365 days (3.2e16 ns, far from a long's 9.2e18). */
  public static final long MAX_MILLIS = 365L * 24 * 3_600_000;

  private static final Pattern WHOLE = Pattern.compile("-?(?:[0-9]+(?:ms|s|m|h))+");
  private static final Pattern PART = Pattern.compile("([0-9]+)(ms|s|m|h)");

  private Durations() {}

  /** A duration that is not well formed or too long; the message names the text as the user wrote it. */
  public static final class BadDuration extends IllegalArgumentException {
    BadDuration(String message) {
      super(message);
    }
  }

  /** Parses a duration that may be negative ({@code -2s}); at most {@link #MAX_MILLIS} either way. */
  public static long parseSigned(String s) {
    if (s == null || !WHOLE.matcher(s).matches()) {
      throw new BadDuration("'" + printable(s) + "' is not a duration such as 500ms, 30s, 2m30s or 1h");
    }
    boolean negative = s.startsWith("-");
    Matcher m = PART.matcher(s);
    long total = 0;
    try {
      while (m.find()) {
        long n = Long.parseLong(m.group(1));
        long unit = switch (m.group(2)) {
          case "ms" -> 1;
          case "s" -> 1000;
          case "m" -> 60_000;
          default -> 3_600_000;
        };
        total = Math.addExact(total, Math.multiplyExact(n, unit));
      }
    } catch (NumberFormatException | ArithmeticException e) {
      total = Long.MAX_VALUE; // more digits than a long holds: certainly over the maximum
    }
    if (total > MAX_MILLIS) {
      throw new BadDuration("'" + printable(s) + "' is longer than the longest duration allowed, " + format(MAX_MILLIS)
          + " (365 days)");
    }
    return negative ? -total : total;
  }

  /** Parses a duration that must not be negative. */
  public static long parse(String s) {
    long ms = parseSigned(s);
    if (s.startsWith("-")) throw new BadDuration("'" + printable(s) + "' is negative; expected a duration such as 30s");
    return ms;
  }

  public static String format(long millis) {
    if (millis < 1000) return millis + "ms";
    long s = millis / 1000;
    long ms = millis % 1000;
    StringBuilder sb = new StringBuilder();
    if (s >= 3600) sb.append(s / 3600).append('h');
    if (s % 3600 >= 60) sb.append(s % 3600 / 60).append('m');
    if (s % 60 > 0 || sb.length() == 0) sb.append(s % 60).append('s');
    if (ms > 0 && s < 60) sb.append(ms).append("ms");
    return sb.toString();
  }

  /** The user's text, shortened so that an error message stays one readable line. */
  static String printable(String s) {
    if (s == null) return "";
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
