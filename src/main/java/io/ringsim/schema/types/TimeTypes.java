package io.ringsim.schema.types;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** timestamp (8-byte millis since the epoch), date (unsigned days, epoch at 2^31) and time (8-byte nanos of day). */
final class TimeTypes {
  private TimeTypes() {}

  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  /** TimestampSerializer's milliseconds: no plus sign. */
  private static final Pattern MILLIS = Pattern.compile("-?\\d+");

  /**
   * The date-time forms CQL accepts, tried in this order, as Cassandra 4.1's TimestampSerializer builds them: a date
   * and a time (T or a space between), an optional fraction of a second, then no zone (UTC, the zone ringsim and the
   * reference answers run in) or one of five zone forms (a short or a full zone name after a space, an offset with or
   * without a space before it, an offset with a colon); then a date alone with the same zone forms, then ISO_DATE.
   * Zone names are read in English, the oracle's locale.
   */
  private static final List<DateTimeFormatter> TIMESTAMP_FORMATS = timestampFormats();

  private static List<DateTimeFormatter> timestampFormats() {
    List<DateTimeFormatter> out = new ArrayList<>();
    String[] zones = {" z", " zzzz", " X", "X", "XXX"};
    for (String dateTime : new String[] {"y-M-d'T'H:m[:s]", "y-M-d H:m[:s]"}) {
      out.add(dateTime(dateTime).toFormatter(Locale.US).withZone(ZoneOffset.UTC));
      for (String zone : zones) out.add(dateTime(dateTime).appendPattern(zone).toFormatter(Locale.US));
    }
    for (String zone : zones) {
      out.add(new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd").appendPattern(zone)
          .parseDefaulting(ChronoField.NANO_OF_DAY, 0).toFormatter(Locale.US));
    }
    out.add(new DateTimeFormatterBuilder().append(DateTimeFormatter.ISO_DATE)
        .parseDefaulting(ChronoField.NANO_OF_DAY, 0).toFormatter(Locale.US).withZone(ZoneOffset.UTC));
    return List.copyOf(out);
  }

  private static DateTimeFormatterBuilder dateTime(String pattern) {
    return new DateTimeFormatterBuilder().appendPattern(pattern).appendFraction(ChronoField.MILLI_OF_SECOND, 0, 9,
        true);
  }

  private static final DateTimeFormatter CQLSH_TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSxx").withZone(ZoneOffset.UTC);

  static final class Timestamp extends ScalarType<Instant> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    Timestamp() {
      super("timestamp", Instant.class);
    }

    @Override
    byte[] encode(Instant v) {
      return longBytes(v.toEpochMilli(), 8);
    }

    @Override
    Instant decode(byte[] b) {
      checkLength(b, 8);
      return Instant.ofEpochMilli(readLong(b));
    }

    @Override
    Instant parse(String s) {
      String t = unquote(s);
      if (MILLIS.matcher(t).matches()) {
        try {
          return Instant.ofEpochMilli(Long.parseLong(t));
        } catch (NumberFormatException e) {
          throw new MarshalException(MarshalException.Kind.VALUE, "Unable to make long (for date) from: '" + t + "'");
        }
      }
      for (DateTimeFormatter f : TIMESTAMP_FORMATS) {
        try {
          // Timestamps keep milliseconds only.
          return Instant.ofEpochMilli(ZonedDateTime.parse(t, f).toInstant().toEpochMilli());
        } catch (DateTimeParseException e) {
          // the next form
        }
      }
      throw new IllegalArgumentException("no date/time form reads '" + t + "'");
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Long.compare(readLong(a), readLong(b));
    }

    @Override
    public Object toJson(Object value) {
      return DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC).format((Instant) value);
    }

    @Override
    public String format(Object value) {
      return CQLSH_TIMESTAMP.format((Instant) value);
    }
  }

  static final class Date extends ScalarType<LocalDate> {
    private static final long EPOCH_OFFSET = 1L << 31;

    Date() {
      super("date", LocalDate.class);
    }

    @Override
    byte[] encode(LocalDate v) {
      long days = v.toEpochDay() + EPOCH_OFFSET;
      if (days < 0 || days > 0xFFFFFFFFL) throw new IllegalArgumentException("date " + v + " is out of range");
      return longBytes(days, 4);
    }

    @Override
    LocalDate decode(byte[] b) {
      checkLength(b, 4);
      long unsigned = readLong(b) & 0xFFFFFFFFL;
      return LocalDate.ofEpochDay(unsigned - EPOCH_OFFSET);
    }

    @Override
    LocalDate parse(String s) {
      String t = unquote(s);
      if (INTEGER.matcher(t).matches()) return LocalDate.ofEpochDay(Long.parseLong(t) - EPOCH_OFFSET);
      return LocalDate.parse(t);
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Long.compare(readLong(a) & 0xFFFFFFFFL, readLong(b) & 0xFFFFFFFFL);
    }

    @Override
    public Object toJson(Object value) {
      return value.toString();
    }
  }

  static final class Time extends ScalarType<LocalTime> {
    private static final DateTimeFormatter NANOS = DateTimeFormatter.ofPattern("HH:mm:ss.nnnnnnnnn");

    Time() {
      super("time", LocalTime.class);
    }

    @Override
    byte[] encode(LocalTime v) {
      return longBytes(v.toNanoOfDay(), 8);
    }

    @Override
    LocalTime decode(byte[] b) {
      checkLength(b, 8);
      return LocalTime.ofNanoOfDay(readLong(b));
    }

    @Override
    LocalTime parse(String s) {
      String t = unquote(s);
      if (INTEGER.matcher(t).matches()) return LocalTime.ofNanoOfDay(Long.parseLong(t));
      return LocalTime.parse(t);
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Long.compare(readLong(a), readLong(b));
    }

    @Override
    public Object toJson(Object value) {
      return format(value);
    }

    @Override
    public String format(Object value) {
      return String.format("%s", ((LocalTime) value).format(NANOS));
    }
  }
}
