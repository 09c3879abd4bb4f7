package io.ringsim.schema.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.CqlType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Comparator;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Every type: serialize/deserialize round-trips, and the byte comparator agrees with the values' natural order. */
class CqlTypesProperties {

  private static <T> void roundTripAndOrder(CqlType type, T a, T b, Comparator<T> natural) {
    assertThat(type.deserialize(type.serialize(a))).isEqualTo(a);
    int bytesOrder = Integer.signum(type.compare(type.serialize(a), type.serialize(b)));
    assertThat(bytesOrder).isEqualTo(Integer.signum(natural.compare(a, b)));
    // A value's cqlsh form parses back to the same value (text and blob print unquoted/0x forms that parse too).
    assertThat(type.parseLiteral(literalOf(type, a))).isEqualTo(a);
  }

  private static String literalOf(CqlType type, Object v) {
    String f = type.format(v);
    if (v instanceof String s) return "'" + s.replace("'", "''") + "'";
    if (v instanceof Instant i) return "'" + type.toJson(i) + "'";
    return f;
  }

  @Property
  void ints(@ForAll int a, @ForAll int b) {
    roundTripAndOrder(CqlTypes.INT, a, b, Comparator.naturalOrder());
  }

  @Property
  void bigints(@ForAll long a, @ForAll long b) {
    roundTripAndOrder(CqlTypes.BIGINT, a, b, Comparator.naturalOrder());
  }

  @Property
  void smallAndTinyInts(@ForAll short a, @ForAll short b, @ForAll byte c, @ForAll byte d) {
    roundTripAndOrder(CqlTypes.SMALLINT, a, b, Comparator.naturalOrder());
    roundTripAndOrder(CqlTypes.TINYINT, c, d, Comparator.naturalOrder());
  }

  @Property
  void texts(@ForAll String a, @ForAll String b) {
    // Cassandra orders text by UTF-8 bytes, which is code point order (not Java's UTF-16 order).
    Comparator<String> byCodePoint = (x, y) -> {
      int[] p = x.codePoints().toArray();
      int[] q = y.codePoints().toArray();
      return java.util.Arrays.compare(p, q);
    };
    String sa = validUtf16(a);
    String sb = validUtf16(b);
    roundTripAndOrder(CqlTypes.TEXT, sa, sb, byCodePoint);
  }

  private static String validUtf16(String s) {
    // Lone surrogates cannot be encoded in UTF-8; jqwik may generate them.
    StringBuilder sb = new StringBuilder();
    s.codePoints().filter(cp -> cp < 0xD800 || cp > 0xDFFF).forEach(sb::appendCodePoint);
    return sb.toString();
  }

  @Property
  void doubles(@ForAll double a, @ForAll double b) {
    roundTripAndOrder(CqlTypes.DOUBLE, a, b, Double::compare);
  }

  @Property
  void floats(@ForAll float a, @ForAll float b) {
    roundTripAndOrder(CqlTypes.FLOAT, a, b, Float::compare);
  }

  @Property
  void varintsAndDecimals(@ForAll BigInteger a, @ForAll BigInteger b, @ForAll BigDecimal c, @ForAll BigDecimal d) {
    roundTripAndOrder(CqlTypes.VARINT, a, b, Comparator.naturalOrder());
    roundTripAndOrder(CqlTypes.DECIMAL, c, d, Comparator.naturalOrder());
  }

  @Property
  void blobs(@ForAll byte[] a, @ForAll byte[] b) {
    ByteBuffer x = ByteBuffer.wrap(a).asReadOnlyBuffer();
    ByteBuffer y = ByteBuffer.wrap(b).asReadOnlyBuffer();
    roundTripAndOrder(CqlTypes.BLOB, x, y, (p, q) -> java.util.Arrays.compareUnsigned(bytes(p), bytes(q)));
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  @Provide
  Arbitrary<Instant> instants() {
    return Arbitraries.longs().between(-62_000_000_000_000L, 250_000_000_000_000L).map(Instant::ofEpochMilli);
  }

  @Property
  void timestamps(@ForAll("instants") Instant a, @ForAll("instants") Instant b) {
    roundTripAndOrder(CqlTypes.TIMESTAMP, a, b, Comparator.naturalOrder());
  }

  @Provide
  Arbitrary<LocalDate> dates() {
    return Arbitraries.longs().between(-700_000, 2_900_000).map(LocalDate::ofEpochDay);
  }

  @Property
  void dates(@ForAll("dates") LocalDate a, @ForAll("dates") LocalDate b) {
    roundTripAndOrder(CqlTypes.DATE, a, b, Comparator.naturalOrder());
  }

  @Provide
  Arbitrary<LocalTime> times() {
    return Arbitraries.longs().between(0, 86_399_999_999_999L).map(LocalTime::ofNanoOfDay);
  }

  @Property
  void times(@ForAll("times") LocalTime a, @ForAll("times") LocalTime b) {
    roundTripAndOrder(CqlTypes.TIME, a, b, Comparator.naturalOrder());
  }

  @Provide
  Arbitrary<UUID> timeUuids() {
    // Version-1 UUIDs with random 60-bit timestamps.
    return Arbitraries.longs().between(0, (1L << 60) - 1).flatMap(ts -> Arbitraries.longs().map(lsb -> {
      long msb = ((ts & 0xFFFFFFFFL) << 32) | (((ts >>> 32) & 0xFFFF) << 16) | 0x1000 | ((ts >>> 48) & 0x0FFF);
      return new UUID(msb, (lsb & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
    }));
  }

  @Property
  void timeUuidsOrderByTimestamp(@ForAll("timeUuids") UUID a, @ForAll("timeUuids") UUID b) {
    assertThat(CqlTypes.TIMEUUID.deserialize(CqlTypes.TIMEUUID.serialize(a))).isEqualTo(a);
    int c = CqlTypes.TIMEUUID.compare(CqlTypes.TIMEUUID.serialize(a), CqlTypes.TIMEUUID.serialize(b));
    if (a.timestamp() != b.timestamp()) assertThat(Integer.signum(c)).isEqualTo(Long.signum(a.timestamp() - b.timestamp()));
    // uuid orders version-1 UUIDs by time too
    int u = CqlTypes.UUID.compare(CqlTypes.UUID.serialize(a), CqlTypes.UUID.serialize(b));
    if (a.timestamp() != b.timestamp()) assertThat(Integer.signum(u)).isEqualTo(Integer.signum(c));
  }

  @Property
  void randomUuidsRoundTrip(@ForAll long msb, @ForAll long lsb) {
    UUID u = new UUID((msb & ~0xF000L) | 0x4000L, lsb);
    assertThat(CqlTypes.UUID.deserialize(CqlTypes.UUID.serialize(u))).isEqualTo(u);
    assertThat(CqlTypes.UUID.parseLiteral(u.toString())).isEqualTo(u);
  }
}
