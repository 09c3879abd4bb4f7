package io.ringsim.schema.types;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value of CQL's duration type: months, days and nanoseconds kept apart, because a month has no fixed number of
 * days and a day no fixed number of nanoseconds. Either every part is zero or positive, or every part is zero or
 * negative. The text forms and messages are Cassandra 4.1's (its {@code cql3.Duration}): {@code 1y2mo3w4d5h6m7s8ms9us10ns}
 * with the units in that order, ISO 8601 {@code P1Y2M3DT4H5M6S} and {@code P2W}, the alternative
 * {@code P0001-02-03T04:05:06}, each with an optional leading minus.
 */
public record CqlDuration(int months, int days, long nanoseconds) {
  static final long NANOS_PER_MICRO = 1_000L;
  static final long NANOS_PER_MILLI = 1_000_000L;
  static final long NANOS_PER_SECOND = 1_000_000_000L;
  static final long NANOS_PER_MINUTE = 60 * NANOS_PER_SECOND;
  static final long NANOS_PER_HOUR = 60 * NANOS_PER_MINUTE;

  private static final Pattern STANDARD = Pattern.compile("\\G(\\d+)(y|mo|w|d|h|s|ms|us|µs|ns|m)",
      Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  private static final Pattern ISO = Pattern.compile("P((\\d+)Y)?((\\d+)M)?((\\d+)D)?(T((\\d+)H)?((\\d+)M)?((\\d+)S)?)?");
  private static final Pattern ISO_WEEK = Pattern.compile("P(\\d+)W");
  private static final Pattern ISO_ALTERNATIVE =
      Pattern.compile("P(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})");

  public CqlDuration {
    boolean allNonNegative = months >= 0 && days >= 0 && nanoseconds >= 0;
    boolean allNonPositive = months <= 0 && days <= 0 && nanoseconds <= 0;
    if (!allNonNegative && !allNonPositive) {
      throw new IllegalArgumentException("The duration months, days and nanoseconds must be all of the same sign ("
          + months + ", " + days + ", " + nanoseconds + ")");
    }
  }

  /** A duration literal's text (the CQL duration token, or a JSON string); {@link Invalid} names what is wrong. */
  public static CqlDuration parse(String input) {
    boolean negative = input.startsWith("-");
    String s = negative ? input.substring(1) : input;
    if (s.startsWith("P")) {
      if (s.endsWith("W")) return isoWeek(negative, s);
      if (s.contains("-")) return isoAlternative(negative, s);
      return iso(negative, s);
    }
    return standard(negative, s);
  }

  private static CqlDuration standard(boolean negative, String s) {
    Matcher m = STANDARD.matcher(s);
    if (!m.find()) throw unconvertible(s);
    Builder b = new Builder(negative);
    boolean whole;
    do {
      long n = number(m, 1);
      switch (m.group(2).toLowerCase(Locale.ROOT)) {
        case "y" -> b.add(Unit.YEARS, n);
        case "mo" -> b.add(Unit.MONTHS, n);
        case "w" -> b.add(Unit.WEEKS, n);
        case "d" -> b.add(Unit.DAYS, n);
        case "h" -> b.add(Unit.HOURS, n);
        case "m" -> b.add(Unit.MINUTES, n);
        case "s" -> b.add(Unit.SECONDS, n);
        case "ms" -> b.add(Unit.MILLISECONDS, n);
        case "us", "µs" -> b.add(Unit.MICROSECONDS, n);
        default -> b.add(Unit.NANOSECONDS, n);
      }
      whole = m.end() == s.length();
    } while (m.find());
    if (!whole) throw unconvertible(s);
    return b.build();
  }

  private static CqlDuration iso(boolean negative, String s) {
    Matcher m = ISO.matcher(s);
    if (!m.matches()) throw unconvertible(s);
    Builder b = new Builder(negative);
    if (m.group(1) != null) b.add(Unit.YEARS, number(m, 2));
    if (m.group(3) != null) b.add(Unit.MONTHS, number(m, 4));
    if (m.group(5) != null) b.add(Unit.DAYS, number(m, 6));
    if (m.group(7) != null) {
      if (m.group(8) != null) b.add(Unit.HOURS, number(m, 9));
      if (m.group(10) != null) b.add(Unit.MINUTES, number(m, 11));
      if (m.group(12) != null) b.add(Unit.SECONDS, number(m, 13));
    }
    return b.build();
  }

  private static CqlDuration isoWeek(boolean negative, String s) {
    Matcher m = ISO_WEEK.matcher(s);
    if (!m.matches()) throw unconvertible(s);
    return new Builder(negative).add(Unit.WEEKS, number(m, 1)).build();
  }

  private static CqlDuration isoAlternative(boolean negative, String s) {
    Matcher m = ISO_ALTERNATIVE.matcher(s);
    if (!m.matches()) throw unconvertible(s);
    Builder b = new Builder(negative);
    Unit[] order = {Unit.YEARS, Unit.MONTHS, Unit.DAYS, Unit.HOURS, Unit.MINUTES, Unit.SECONDS};
    for (int i = 0; i < order.length; i++) b.add(order[i], number(m, i + 1));
    return b.build();
  }

  private static long number(Matcher m, int group) {
    try {
      return Long.parseLong(m.group(group));
    } catch (NumberFormatException e) {
      // More digits than a long holds: as many units as that are over every limit.
      return Long.MAX_VALUE;
    }
  }

  private static Invalid unconvertible(String s) {
    return new Invalid("Unable to convert '" + s + "' to a duration");
  }

  /** Cassandra's text for a duration: the largest units first, zero parts left out ("" for a zero duration). */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (months < 0 || days < 0 || nanoseconds < 0) sb.append('-');
    long m = Math.abs((long) months);
    m = append(sb, m, 12, "y");
    append(sb, m, 1, "mo");
    append(sb, Math.abs((long) days), 1, "d");
    if (nanoseconds != 0) {
      long n = Math.abs(nanoseconds);
      n = append(sb, n, NANOS_PER_HOUR, "h");
      n = append(sb, n, NANOS_PER_MINUTE, "m");
      n = append(sb, n, NANOS_PER_SECOND, "s");
      n = append(sb, n, NANOS_PER_MILLI, "ms");
      n = append(sb, n, NANOS_PER_MICRO, "us");
      append(sb, n, 1, "ns");
    }
    return sb.toString();
  }

  private static long append(StringBuilder sb, long value, long unit, String symbol) {
    if (value == 0 || value < unit) return value;
    sb.append(value / unit).append(symbol);
    return value % unit;
  }

  /** A duration literal Cassandra refuses, with Cassandra's message. */
  public static final class Invalid extends IllegalArgumentException {
    Invalid(String message) {
      super(message);
    }
  }

  /** The units in the order a literal must give them; each adds to one of the three parts. */
  private enum Unit {
    YEARS("years", Part.MONTHS, 12), MONTHS("months", Part.MONTHS, 1), WEEKS("weeks", Part.DAYS, 7),
    DAYS("days", Part.DAYS, 1), HOURS("hours", Part.NANOS, NANOS_PER_HOUR),
    MINUTES("minutes", Part.NANOS, NANOS_PER_MINUTE), SECONDS("seconds", Part.NANOS, NANOS_PER_SECOND),
    MILLISECONDS("milliseconds", Part.NANOS, NANOS_PER_MILLI),
    MICROSECONDS("microseconds", Part.NANOS, NANOS_PER_MICRO), NANOSECONDS("nanoseconds", Part.NANOS, 1);

    final String text;
    final Part part;
    final long size;

    Unit(String text, Part part, long size) {
      this.text = text;
      this.part = part;
      this.size = size;
    }
  }

  private enum Part {
    MONTHS("months", Integer.MAX_VALUE), DAYS("days", Integer.MAX_VALUE), NANOS("nanoseconds", Long.MAX_VALUE);

    final String text;
    final long max;

    Part(String text, long max) {
      this.text = text;
      this.max = max;
    }
  }

  private static final class Builder {
    private final boolean negative;
    private final long[] parts = new long[Part.values().length];
    private Unit last;

    Builder(boolean negative) {
      this.negative = negative;
    }

    Builder add(Unit u, long n) {
      if (last == u) throw new Invalid("Invalid duration. The " + u.text + " are specified multiple times");
      if (last != null && u.ordinal() < last.ordinal()) {
        throw new Invalid("Invalid duration. The " + last.text + " should be after " + u.text);
      }
      last = u;
      long sum = parts[u.part.ordinal()];
      // Cassandra's message names Integer.MAX_VALUE as the limit for every part, nanoseconds included.
      if (n > (u.part.max - sum) / u.size) {
        throw new Invalid("Invalid duration. The total number of " + u.part.text + " must be less or equal to "
            + Integer.MAX_VALUE);
      }
      parts[u.part.ordinal()] = sum + n * u.size;
      return this;
    }

    CqlDuration build() {
      int sign = negative ? -1 : 1;
      return new CqlDuration(sign * (int) parts[0], sign * (int) parts[1], sign * parts[2]);
    }
  }
}
