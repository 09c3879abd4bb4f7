package io.ringsim.cql.udf.api;

import io.ringsim.schema.types.CqlDuration;

/**
 * A CQL {@code duration} as a Java UDF sees it: Cassandra 4.1's copy of the Java driver's Duration, months, days and
 * nanoseconds kept apart, with the same text (1y2mo3d4h5m6s7ms8us9ns, largest units first).
 */
public final class Duration {
  private final int months;
  private final int days;
  private final long nanoseconds;

  private Duration(int months, int days, long nanoseconds) {
    if ((months < 0 || days < 0 || nanoseconds < 0) && (months > 0 || days > 0 || nanoseconds > 0)) {
      throw new IllegalArgumentException(String.format("All values must be either negative or positive, got %d "
          + "months, %d days, %d nanoseconds", months, days, nanoseconds));
    }
    this.months = months;
    this.days = days;
    this.nanoseconds = nanoseconds;
  }

  public static Duration newInstance(int months, int days, long nanoseconds) {
    return new Duration(months, days, nanoseconds);
  }

  /** A duration from its CQL text (1h30m, P1DT2H, ...). */
  public static Duration from(String input) {
    CqlDuration d = CqlDuration.parse(input);
    return new Duration(d.months(), d.days(), d.nanoseconds());
  }

  public int getMonths() {
    return months;
  }

  public int getDays() {
    return days;
  }

  public long getNanoseconds() {
    return nanoseconds;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(days, months, nanoseconds);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Duration d && d.months == months && d.days == days && d.nanoseconds == nanoseconds;
  }

  @Override
  public String toString() {
    return new CqlDuration(months, days, nanoseconds).toString();
  }
}
