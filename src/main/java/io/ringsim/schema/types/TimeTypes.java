package io.ringsim.schema.types;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.regex.Pattern;

/** timestamp (8-byte millis since the epoch), date (unsigned days, epoch at 2^31) and time (8-byte nanos of day). */
final class TimeTypes {
  private TimeTypes() {}

  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");

  /** The date-time forms CQL accepts: date, optional time (T or space), optional fraction, optional zone. */
  private static final DateTimeFormatter TIMESTAMP_IN =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-MM-dd")
          .optionalStart()
          .appendPattern("['T'][' ']HH:mm")
          .optionalStart()
          .appendPattern(":ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
          .optionalEnd()
          .optionalEnd()
          .optionalEnd()
          .optionalStart()
          .appendPattern("[XXX][XX][X]")
          .optionalEnd()
          .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
          .parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
          .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
          .toFormatter();

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
      if (INTEGER.matcher(t).matches()) return Instant.ofEpochMilli(Long.parseLong(t));
      var parsed = TIMESTAMP_IN.parse(t);
      LocalDateTime ldt = LocalDateTime.from(parsed);
      ZoneOffset zone = parsed.isSupported(ChronoField.OFFSET_SECONDS)
          ? ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS))
          : ZoneOffset.UTC; // ringsim runs in UTC, as the reference answers were produced
      Instant i = OffsetDateTime.of(ldt, zone).toInstant();
      return Instant.ofEpochMilli(i.toEpochMilli()); // timestamps keep milliseconds only
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
