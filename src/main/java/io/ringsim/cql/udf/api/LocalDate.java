package io.ringsim.cql.udf.api;

import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;

/**
 * A CQL {@code date} as a Java UDF sees it: Cassandra 4.1 hands the body its copy of the Java driver 3's LocalDate
 * (days since 1970-01-01, read in the proleptic Gregorian calendar), with the same methods and text.
 */
public final class LocalDate {
  private final int daysSinceEpoch;

  private LocalDate(int daysSinceEpoch) {
    this.daysSinceEpoch = daysSinceEpoch;
  }

  public static LocalDate fromDaysSinceEpoch(int daysSinceEpoch) {
    return new LocalDate(daysSinceEpoch);
  }

  public static LocalDate fromMillisSinceEpoch(long millisSinceEpoch) {
    long days = TimeUnit.MILLISECONDS.toDays(millisSinceEpoch);
    if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("Date should be in the range [-5877641-06-23; 5881580-07-11]");
    }
    return new LocalDate((int) days);
  }

  public int getDaysSinceEpoch() {
    return daysSinceEpoch;
  }

  public int getYear() {
    GregorianCalendar c = calendar();
    int year = c.get(Calendar.YEAR);
    return c.get(Calendar.ERA) == GregorianCalendar.BC ? -year + 1 : year;
  }

  public int getMonth() {
    return calendar().get(Calendar.MONTH) + 1;
  }

  public int getDay() {
    return calendar().get(Calendar.DAY_OF_MONTH);
  }

  /** This date moved by {@code amount} of a java.util.Calendar field (Calendar.DAY_OF_MONTH, MONTH, YEAR, ...). */
  public LocalDate add(int field, int amount) {
    GregorianCalendar c = calendar();
    c.add(field, amount);
    return fromMillisSinceEpoch(c.getTimeInMillis());
  }

  private GregorianCalendar calendar() {
    GregorianCalendar c = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
    c.setGregorianChange(new java.util.Date(Long.MIN_VALUE));
    c.setTimeInMillis(TimeUnit.DAYS.toMillis(daysSinceEpoch));
    return c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LocalDate d && d.daysSinceEpoch == daysSinceEpoch;
  }

  @Override
  public int hashCode() {
    return daysSinceEpoch;
  }

  /** yyyy-mm-dd, as the driver's. */
  @Override
  public String toString() {
    return String.format("%d-%s-%s", getYear(), pad2(getMonth()), pad2(getDay()));
  }

  private static String pad2(int i) {
    String s = Integer.toString(i);
    return s.length() == 2 ? s : '0' + s;
  }
}
