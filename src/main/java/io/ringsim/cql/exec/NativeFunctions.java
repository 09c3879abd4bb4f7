package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Cassandra's native scalar functions (the {@code system} keyspace's): time conversions ({@code toTimestamp},
 * {@code toDate}, {@code toUnixTimestamp}, {@code dateOf}, {@code unixTimestampOf}, {@code minTimeuuid},
 * {@code maxTimeuuid}), the clock ({@code now}, {@code uuid}, {@code currentTimestamp}...), the
 * {@code typeAsBlob}/{@code blobAsType} family, and the conversions behind {@code CAST(x AS type)}. Each name has one
 * or more signatures; a call picks the one its argument types match, as Cassandra resolves overloads.
 */
final class NativeFunctions {
  private NativeFunctions() {}

  /** What a function may need besides its arguments: the statement's clock and its seeded UUID source. */
  interface Context {
    long nowMicros();

    UUID timeUuid(long micros);

    UUID randomUuid();
  }

  interface Body {
    Object apply(Object[] args, Context ctx);
  }

  /** One overload: {@code system.todate : (timestamp) -> date}. */
  record Signature(String name, List<CqlType> args, CqlType returns, Body body) {
    String describe() {
      return "system." + name + " : (" + args.stream().map(CqlType::name).collect(Collectors.joining(", ")) + ") -> "
          + returns.name();
    }
  }

  private static final Map<String, List<Signature>> FUNCTIONS = new LinkedHashMap<>();
  private static final Map<String, List<Signature>> CASTS = new LinkedHashMap<>();

  /** UUID time is in 100 ns units since 1582-10-15; this is 1970-01-01 in those units. */
  private static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;

  private static final List<CqlType> NATIVE = List.of(CqlTypes.ASCII, CqlTypes.BIGINT, CqlTypes.BLOB,
      CqlTypes.BOOLEAN, CqlTypes.COUNTER, CqlTypes.DATE, CqlTypes.DECIMAL, CqlTypes.DOUBLE, CqlTypes.FLOAT,
      CqlTypes.INET, CqlTypes.INT, CqlTypes.SMALLINT, CqlTypes.TEXT, CqlTypes.TIME, CqlTypes.TIMESTAMP,
      CqlTypes.TIMEUUID, CqlTypes.TINYINT, CqlTypes.UUID, CqlTypes.VARINT);

  private static final List<CqlType> NUMBERS = List.of(CqlTypes.TINYINT, CqlTypes.SMALLINT, CqlTypes.INT,
      CqlTypes.BIGINT, CqlTypes.FLOAT, CqlTypes.DOUBLE, CqlTypes.DECIMAL, CqlTypes.VARINT, CqlTypes.COUNTER);

  static {
    CqlType ts = CqlTypes.TIMESTAMP, date = CqlTypes.DATE, tu = CqlTypes.TIMEUUID, bigint = CqlTypes.BIGINT;
    def("now", List.of(), tu, (a, c) -> c.timeUuid(c.nowMicros()));
    def("currenttimeuuid", List.of(), tu, (a, c) -> c.timeUuid(c.nowMicros()));
    def("uuid", List.of(), CqlTypes.UUID, (a, c) -> c.randomUuid());
    def("currenttimestamp", List.of(), ts, (a, c) -> Instant.ofEpochMilli(Math.floorDiv(c.nowMicros(), 1000)));
    def("currentdate", List.of(), date, (a, c) -> LocalDate.ofEpochDay(Math.floorDiv(c.nowMicros(), 86_400_000_000L)));
    def("currenttime", List.of(), CqlTypes.TIME,
        (a, c) -> LocalTime.ofNanoOfDay(Math.floorMod(c.nowMicros(), 86_400_000_000L) * 1000));
    def("mintimeuuid", List.of(ts), tu, (a, c) -> minTimeuuid(((Instant) a[0]).toEpochMilli()));
    def("maxtimeuuid", List.of(ts), tu, (a, c) -> maxTimeuuid(((Instant) a[0]).toEpochMilli()));
    def("dateof", List.of(tu), ts, (a, c) -> Instant.ofEpochMilli(uuidMillis(a[0])));
    def("unixtimestampof", List.of(tu), bigint, (a, c) -> uuidMillis(a[0]));
    def("todate", List.of(ts), date, (a, c) -> dateOf(((Instant) a[0]).toEpochMilli()));
    def("todate", List.of(tu), date, (a, c) -> dateOf(uuidMillis(a[0])));
    def("totimestamp", List.of(tu), ts, (a, c) -> Instant.ofEpochMilli(uuidMillis(a[0])));
    def("totimestamp", List.of(date), ts, (a, c) -> Instant.ofEpochMilli(((LocalDate) a[0]).toEpochDay() * 86_400_000L));
    def("tounixtimestamp", List.of(tu), bigint, (a, c) -> uuidMillis(a[0]));
    def("tounixtimestamp", List.of(ts), bigint, (a, c) -> ((Instant) a[0]).toEpochMilli());
    def("tounixtimestamp", List.of(date), bigint, (a, c) -> ((LocalDate) a[0]).toEpochDay() * 86_400_000L);
    for (CqlType t : NATIVE) {
      if (t == CqlTypes.BLOB) continue;
      String n = t.name();
      def(n + "asblob", List.of(t), CqlTypes.BLOB, (a, c) -> ByteBuffer.wrap(t.serialize(a[0])));
      def("blobas" + n, List.of(CqlTypes.BLOB), t, (a, c) -> fromBlob("blobas" + n, t, (ByteBuffer) a[0]));
      if (t == CqlTypes.TEXT) {
        def("varcharasblob", List.of(t), CqlTypes.BLOB, (a, c) -> ByteBuffer.wrap(t.serialize(a[0])));
        def("blobasvarchar", List.of(CqlTypes.BLOB), t, (a, c) -> fromBlob("blobasvarchar", t, (ByteBuffer) a[0]));
      }
    }
    // duration converts to and from blob like the other native types, but has no CAST (Cassandra 4.1 has none).
    CqlType duration = CqlTypes.DURATION;
    def("durationasblob", List.of(duration), CqlTypes.BLOB, (a, c) -> ByteBuffer.wrap(duration.serialize(a[0])));
    def("blobasduration", List.of(CqlTypes.BLOB), duration,
        (a, c) -> fromBlob("blobasduration", duration, (ByteBuffer) a[0]));
    for (CqlType to : NUMBERS) {
      if (to == CqlTypes.COUNTER) continue;
      for (CqlType from : NUMBERS) if (from != to) cast(to, from, (a, c) -> Numbers.convert(a[0], to));
    }
    // CastFcts writes every native type but blob as text or ascii, and ascii as text (not text as ascii).
    for (CqlType from : NATIVE) {
      if (from == CqlTypes.BLOB || from == CqlTypes.TEXT) continue;
      cast(CqlTypes.TEXT, from, (a, c) -> text(from, a[0]));
      if (from != CqlTypes.ASCII) cast(CqlTypes.ASCII, from, (a, c) -> text(from, a[0]));
    }
    cast(date, ts, (a, c) -> dateOf(((Instant) a[0]).toEpochMilli()));
    cast(date, tu, (a, c) -> dateOf(uuidMillis(a[0])));
    cast(ts, date, (a, c) -> Instant.ofEpochMilli(((LocalDate) a[0]).toEpochDay() * 86_400_000L));
    cast(ts, tu, (a, c) -> Instant.ofEpochMilli(uuidMillis(a[0])));
  }

  private static void def(String name, List<CqlType> args, CqlType returns, Body body) {
    FUNCTIONS.computeIfAbsent(name, k -> new ArrayList<>()).add(new Signature(name, args, returns, body));
  }

  private static void cast(CqlType to, CqlType from, Body body) {
    String name = "castAs" + to.name().substring(0, 1).toUpperCase(Locale.ROOT) + to.name().substring(1);
    CASTS.computeIfAbsent(to.name(), k -> new ArrayList<>()).add(new Signature(name, List.of(from), to, body));
  }

  /** The overloads of a function, by its name in any case; empty when Cassandra has no such native function. */
  static List<Signature> overloads(String name) {
    return FUNCTIONS.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
  }

  /** The overloads of system.castAsType: empty when Cassandra has none for {@code typeName} (castAsBoolean). */
  static List<Signature> castsTo(String typeName) {
    return CASTS.getOrDefault(typeName.toLowerCase(Locale.ROOT), List.of());
  }

  /** The type {@code CAST(x AS typeName)} converts to. */
  static CqlType castType(String typeName) {
    try {
      return CqlTypes.byName(typeName);
    } catch (IllegalArgumentException e) {
      throw invalid("Unknown type " + typeName);
    }
  }

  /** The conversion {@code CAST(x AS type)} uses for x's type. */
  static Signature cast(CqlType from, String typeName) {
    CqlType to = castType(typeName);
    if (from.name().equals(to.name()) || (from == CqlTypes.COUNTER && to == CqlTypes.BIGINT)) {
      return new Signature("castAs" + to.name(), List.of(from), to, (a, c) -> a[0]);
    }
    List<Signature> all = CASTS.getOrDefault(to.name(), List.of());
    for (Signature s : all) if (s.args().get(0).name().equals(from.name())) return s;
    String name = "castAs" + to.name().substring(0, 1).toUpperCase(Locale.ROOT) + to.name().substring(1);
    throw invalid("Invalid call to function system." + name + ", none of its type signatures match (known type "
        + "signatures: " + all.stream().map(s -> "system.\"" + name + "\" : (" + s.args().get(0).name() + ") -> "
        + to.name()).collect(Collectors.joining(", ")) + ")");
  }

  /**
   * Calls a signature: a null argument gives null, as Cassandra's native functions do, and so does an empty value,
   * which they read as null; typeAsBlob() takes its bytes as they are (none).
   */
  static Object call(Signature s, Object[] args, Context ctx) {
    for (Object a : args) {
      if (a == null) return null;
      if (!io.ringsim.schema.EmptyValue.is(a) || s.name().endsWith("asblob")) continue;
      // CastFcts writes the composed value with String.valueOf, and an empty value composes to null.
      boolean toText = s.name().startsWith("castAs") && s.returns().javaType() == String.class;
      return toText ? "null" : null;
    }
    return s.body().apply(args, ctx);
  }

  static CqlException noMatch(String writtenName, List<Signature> overloads) {
    return invalid("Invalid call to function " + writtenName.toLowerCase(Locale.ROOT) + ", none of its type signatures "
        + "match (known type signatures: " + overloads.stream().map(Signature::describe)
        .collect(Collectors.joining(", ")) + ")");
  }

  static CqlException ambiguous(String name, List<Signature> compatible) {
    return invalid("Ambiguous call to function " + name + " (can be matched by following signatures: "
        + compatible.stream().map(Signature::describe).collect(Collectors.joining(", "))
        + "): use type casts to disambiguate");
  }

  /** A value of {@code from} as a {@code to} receiver reads its bytes (the receiver is value-compatible with it). */
  static Object reinterpret(Object v, CqlType from, CqlType to) {
    if (v == null || io.ringsim.schema.EmptyValue.is(v) || from.name().equals(to.name())) return v;
    return Arithmetic.convert(v, from, to);
  }

  static long uuidMillis(Object uuid) {
    UUID u = (UUID) uuid;
    if (u.version() != 1) throw invalid("Unsupported UUID version " + u.version() + " for a timeuuid");
    return Math.floorDiv(u.timestamp() - UUID_EPOCH_OFFSET, 10_000L);
  }

  private static LocalDate dateOf(long millis) {
    return LocalDate.ofEpochDay(Math.floorDiv(millis, 86_400_000L));
  }

  /** The smallest timeuuid of a millisecond, as Cassandra builds it (clock sequence and node all 0x80). */
  private static UUID minTimeuuid(long millis) {
    return new UUID(msb(millis * 10_000L + UUID_EPOCH_OFFSET), 0x8080808080808080L);
  }

  /** The greatest timeuuid of a millisecond (clock sequence and node all 0x7f, as Cassandra's signed comparison). */
  private static UUID maxTimeuuid(long millis) {
    return new UUID(msb(millis * 10_000L + UUID_EPOCH_OFFSET + 9_999L), 0x7f7f7f7f7f7f7f7fL);
  }

  private static long msb(long ts) {
    return ((ts & 0xFFFFFFFFL) << 32) | (((ts >>> 32) & 0xFFFFL) << 16) | 0x1000L | ((ts >>> 48) & 0x0FFFL);
  }

  private static final java.util.Set<String> LENIENT_BYTES = java.util.Set.of("varint", "decimal", "boolean");

  private static Object fromBlob(String fn, CqlType t, ByteBuffer b) {
    byte[] bytes = new byte[b.remaining()];
    b.duplicate().get(bytes);
    try {
      Object v = t.deserialize(bytes);
      // Bytes that read back otherwise were refused by Cassandra's validation (text that is no UTF-8), except where
      // any bytes of the right size are valid: varint 0x0000000000000003 is 3, boolean 0x02 is true.
      if (!LENIENT_BYTES.contains(t.name()) && !java.util.Arrays.equals(t.serialize(v), bytes))
        throw new IllegalArgumentException("not canonical");
      return v;
    } catch (RuntimeException e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "In call to function system." + fn + ", value 0x"
          + HexFormat.of().formatHex(bytes) + " is not a valid binary representation for type " + t.name());
    }
  }

  /** CAST(x AS text): the value as Cassandra's toString writes it (timestamps always with milliseconds, in UTC). */
  static String text(CqlType from, Object v) {
    if (v instanceof Instant i) return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
        .withZone(ZoneOffset.UTC).format(i);
    if (v instanceof ByteBuffer b) {
      byte[] bytes = new byte[b.remaining()];
      b.duplicate().get(bytes);
      return "0x" + HexFormat.of().formatHex(bytes);
    }
    if (v instanceof java.math.BigDecimal d) return d.toString();
    if (v instanceof java.net.InetAddress a) return a.getHostAddress();
    if (v instanceof LocalTime t) return from.format(t);
    return String.valueOf(v);
  }

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
