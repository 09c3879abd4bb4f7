package io.ringsim.schema.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CqlTypesTest {
  private static String hex(CqlType t, String literal) {
    return HexFormat.of().formatHex(t.serialize(t.parseLiteral(literal)));
  }

  @Test
  void encodingsMatchCassandra() {
    assertThat(hex(CqlTypes.DATE, "'2024-01-01'")).isEqualTo("80004d0b");
    assertThat(hex(CqlTypes.TIMESTAMP, "'2013-07-24T01:54:52.473Z'")).isEqualTo("000001400e62d3b9");
    assertThat(hex(CqlTypes.VARINT, "128")).isEqualTo("0080");
    assertThat(hex(CqlTypes.DECIMAL, "12.50")).isEqualTo("0000000204e2");
    assertThat(hex(CqlTypes.BOOLEAN, "true")).isEqualTo("01");
    assertThat(hex(CqlTypes.INET, "'127.0.0.1'")).isEqualTo("7f000001");
    assertThat(hex(CqlTypes.TIME, "'00:00:01'")).isEqualTo("000000003b9aca00");
  }

  @Test
  void timestampLiteralsInTheFormsCqlAccepts() {
    Instant expected = Instant.parse("2015-07-15T12:34:56.789Z");
    for (String lit :
        List.of("'2015-07-15 12:34:56.789'", "'2015-07-15T12:34:56.789Z'", "'2015-07-15 12:34:56.789+0000'",
            "'2015-07-15T14:34:56.789+02:00'", "1436963696789")) {
      assertThat(CqlTypes.TIMESTAMP.parseLiteral(lit)).as(lit).isEqualTo(expected);
    }
    assertThat(CqlTypes.TIMESTAMP.parseLiteral("'2015-07-15'")).isEqualTo(Instant.parse("2015-07-15T00:00:00Z"));
    assertThat(CqlTypes.TIMESTAMP.toJson(expected)).isEqualTo("2015-07-15T12:34:56.789Z");
    assertThat(CqlTypes.TIMESTAMP.format(expected)).isEqualTo("2015-07-15 12:34:56.789000+0000");
  }

  @Test
  void jsonFormsFollowTheConformanceFormat() {
    assertThat(CqlTypes.DECIMAL.toJson(new BigDecimal("12.50")).toString()).isEqualTo("12.50");
    assertThat(CqlTypes.DOUBLE.toJson(Double.NaN)).isEqualTo("NaN");
    assertThat(CqlTypes.DOUBLE.toJson(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
    assertThat(CqlTypes.BLOB.toJson(CqlTypes.BLOB.parseLiteral("0x00ff10"))).isEqualTo("0x00ff10");
    assertThat(CqlTypes.BLOB.toJson(CqlTypes.BLOB.parseLiteral("0x"))).isEqualTo("0x");
    assertThat(CqlTypes.TIME.toJson(CqlTypes.TIME.parseLiteral("'13:30:54.234'"))).isEqualTo("13:30:54.234000000");
    assertThat(CqlTypes.DATE.toJson(LocalDate.of(2024, 2, 29))).isEqualTo("2024-02-29");
    assertThat(CqlTypes.UUID.toJson(UUID.fromString("550E8400-E29B-41D4-A716-446655440000")))
        .isEqualTo("550e8400-e29b-41d4-a716-446655440000");
  }

  @Test
  void textLiteralsUnescapeDoubledQuotesAndMayBeUnquotedOnTheCommandLine() {
    assertThat(CqlTypes.TEXT.parseLiteral("'it''s'")).isEqualTo("it's");
    assertThat(CqlTypes.TEXT.parseLiteral("northamerica")).isEqualTo("northamerica");
    assertThat(CqlTypes.TEXT.parseLiteral("$$a'b$$")).isEqualTo("a'b");
  }

  @Test
  void badLiteralsNameTheLiteralAndTheType() {
    assertThatThrownBy(() -> CqlTypes.INT.parseLiteral("abc")).hasMessage("'abc' is not a valid int");
    assertThatThrownBy(() -> CqlTypes.INT.parseLiteral("2147483648")).hasMessage("'2147483648' is not a valid int");
    assertThatThrownBy(() -> CqlTypes.UUID.parseLiteral("123")).hasMessage("'123' is not a valid uuid");
    assertThatThrownBy(() -> CqlTypes.TIMEUUID.parseLiteral("550e8400-e29b-41d4-a716-446655440000"))
        .hasMessageContaining("not a valid timeuuid");
    assertThatThrownBy(() -> CqlTypes.BLOB.parseLiteral("0xabc")).hasMessageContaining("not a valid blob");
    assertThatThrownBy(() -> CqlTypes.INET.parseLiteral("'example.com'")).hasMessageContaining("not a valid inet");
    assertThatThrownBy(() -> CqlTypes.DATE.parseLiteral("'2023-02-29'")).hasMessageContaining("not a valid date");
    assertThatThrownBy(() -> CqlTypes.DOUBLE.parseLiteral("0x1p3")).hasMessageContaining("not a valid double");
    assertThatThrownBy(() -> CqlTypes.ASCII.parseLiteral("'é'")).hasMessageContaining("not a valid ascii");
    assertThatThrownBy(() -> CqlTypes.byName("strng")).hasMessage("unknown CQL type 'strng'");
    assertThatThrownBy(() -> CqlTypes.byName("map<int>")).hasMessageContaining("map<int>");
  }

  @Test
  void wrongBytesAreRejectedClearly() {
    assertThatThrownBy(() -> CqlTypes.INT.deserialize(new byte[3])).hasMessage("a int value is 4 bytes, got 3");
    assertThatThrownBy(() -> CqlTypes.TEXT.deserialize(new byte[] {(byte) 0xff}))
        .hasMessageContaining("not valid text");
    assertThatThrownBy(() -> CqlTypes.INT.serialize("1")).hasMessageContaining("must be a Integer");
  }

  @Test
  void typeNamesAreCaseInsensitiveWithAliasesAndCollections() {
    assertThat(CqlTypes.byName("VarChar")).isSameAs(CqlTypes.TEXT);
    assertThat(CqlTypes.byName("frozen<list<int>>")).isEqualTo(new ListType(CqlTypes.INT, true));
    assertThat(CqlTypes.byName("map<text, frozen<set<int>>>").name()).isEqualTo("map<text, frozen<set<int>>>");
    assertThat(CqlTypes.byName("tuple<int, text>")).isEqualTo(new TupleType(List.of(CqlTypes.INT, CqlTypes.TEXT)));
  }

  @Test
  void collectionsRoundTripSortAndPrintLikeCqlsh() {
    SetType set = new SetType(CqlTypes.TEXT, false);
    Object s = set.parseLiteral("{'b', 'a', 'it''s'}");
    assertThat(set.deserialize(set.serialize(s))).isEqualTo(s);
    assertThat(set.format(s)).isEqualTo("{'a', 'b', 'it''s'}");
    assertThat(set.toJson(s)).isEqualTo(List.of("a", "b", "it's"));

    MapType map = new MapType(CqlTypes.INT, CqlTypes.TEXT, false);
    Object m = map.parseLiteral("{2: 'two', 1: 'one, really'}");
    assertThat(map.deserialize(map.serialize(m))).isEqualTo(Map.of(1, "one, really", 2, "two"));
    assertThat(map.toJson(m)).isEqualTo(java.util.LinkedHashMap.class.cast(new java.util.LinkedHashMap<>(
        Map.of("1", "one, really", "2", "two"))));
    assertThat(map.format(m)).isEqualTo("{1: 'one, really', 2: 'two'}");

    ListType list = new ListType(CqlTypes.INT, false);
    Object l = list.parseLiteral("[3, 1, 3]");
    assertThat(list.deserialize(list.serialize(l))).isEqualTo(List.of(3, 1, 3));
    assertThat(list.format(l)).isEqualTo("[3, 1, 3]");

    TupleType tuple = new TupleType(List.of(CqlTypes.INT, CqlTypes.TEXT));
    Object t = tuple.parseLiteral("(1, null)");
    assertThat(tuple.deserialize(tuple.serialize(t))).isEqualTo(java.util.Arrays.asList(1, null));

    ListType frozen = new ListType(CqlTypes.INT, true);
    assertThat(frozen.compare(frozen.serialize(List.of(1, 2)), frozen.serialize(List.of(1, 2, 0)))).isNegative();
    assertThat(frozen.compare(frozen.serialize(List.of(2)), frozen.serialize(List.of(1, 9)))).isPositive();
    assertThat(set.parseLiteral("{}")).isEqualTo(Set.of());
  }

  @Test
  void malformedCollectionLiteralsAreRejected() {
    assertThatThrownBy(() -> new ListType(CqlTypes.INT, false).parseLiteral("[1, 2")).hasMessageContaining("not a valid");
    assertThatThrownBy(() -> new MapType(CqlTypes.INT, CqlTypes.INT, false).parseLiteral("{1, 2}"))
        .hasMessageContaining("key: value");
    assertThatThrownBy(() -> new ListType(CqlTypes.INT, false).parseLiteral("[1, 'x']"))
        .hasMessage("''x'' is not a valid int");
  }
}
