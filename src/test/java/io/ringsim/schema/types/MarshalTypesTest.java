package io.ringsim.schema.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.schema.CqlType;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Marshal class names read as Cassandra 4.1 reads them. Every expected text and byte string here is what
 * cassandra-all 4.1.10's own classes answered (TypeParser.parse(..).asCQL3Type(), fromString, getString, called
 * from a probe on the oracle's classpath), not a reading of its source.
 */
class MarshalTypesTest {
  private static final String M = "org.apache.cassandra.db.marshal.";

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "Int32Type|int", "BytesType|blob", "org.apache.cassandra.db.marshal.UTF8Type|text", "DateType|timestamp",
      "CounterColumnType|counter", "IntegerType|varint", "SimpleDateType|date", "DurationType|duration",
      "ReversedType(Int32Type)|int", "ListType(Int32Type)|list<int>", "''|blob",
      "TupleType(Int32Type,UTF8Type)|frozen<tuple<int, text>>",
      "CompositeType(AsciiType, Int32Type)|'" + M + "CompositeType(" + M + "AsciiType," + M + "Int32Type)'",
      "DynamicCompositeType(s => UTF8Type, i => Int32Type)|'" + M + "DynamicCompositeType(s=>" + M + "UTF8Type,i=>"
          + M + "Int32Type)'",
      // Cassandra keeps the aliases in a HashMap: they print in its iteration order, not as written.
      "DynamicCompositeType(a=>UTF8Type,b=>Int32Type,z=>LongType, A=>AsciiType, 0=>BytesType)|'" + M
          + "DynamicCompositeType(0=>" + M + "BytesType,a=>" + M + "UTF8Type,A=>" + M + "AsciiType,b=>" + M
          + "Int32Type,z=>" + M + "LongType)'",
      "LexicalUUIDType|'" + M + "LexicalUUIDType'", "CompositeType()|'" + M + "CompositeType()'"})
  void aClassNameIsTheCqlTypeCassandraMakesOfIt(String className, String cqlName) {
    String text = className.equals("''") ? "" : className;
    assertThat(MarshalTypes.parse(text).name()).isEqualTo(cqlName);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "Foo|Unable to find abstract-type class 'org.apache.cassandra.db.marshal.Foo'",
      "x y|Unable to find abstract-type class 'org.apache.cassandra.db.marshal.x'",
      "Int32Type(|Syntax error parsing 'Int32Type(' at char 10: unexpected end of string",
      "CompositeType(Foo)|Invalid definition for comparator org.apache.cassandra.db.marshal.CompositeType.",
      "CompositeType(|Invalid definition for comparator org.apache.cassandra.db.marshal.CompositeType.",
      "java.lang.String|Invalid comparator class java.lang.String: must define a public static instance field or a"
          + " public static method getInstance(TypeParser)."})
  void aClassCassandraCannotUseGetsCassandrasMessage(String className, String message) {
    assertThatThrownBy(() -> MarshalTypes.parse(className)).isInstanceOf(MarshalException.class)
        .hasMessage(message);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "abc:123|00036162630000040000007b00|abc:123", "abc|000361626300|abc",
      "a\\:b:7|0003613a620000040000000700|a\\:b:7", "a\\\\:b:7|0004615c3a620000040000000700|a\\\\:b:7",
      "a!|00016100|a", "a\\|0002615c00|a\\!", "abc:|000361626300000000|abc:", ":5|00000000040000000500|:5",
      "x:!|00017801|x:!", "x:_|000178ff|x:_", "123|000331323300|123"})
  void aCompositeLiteralIsItsComponentsBytes(String literal, String hex, String text) {
    CqlType t = MarshalTypes.parse("CompositeType(AsciiType, Int32Type)");
    Object value = t.parseLiteral("'" + literal + "'");
    assertThat(HexFormat.of().formatHex(t.serialize(value))).isEqualTo(hex);
    assertThat(t.toJson(t.deserialize(HexFormat.of().parseHex(hex)))).isEqualTo(text);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "s@abc:i@123|8073000361626300806900040000007b00", "i@5|806900040000000500",
      "LongType@7:s@z|00084c6f6e67547970650008000000000000000700807300017a00"})
  void aDynamicCompositeLiteralNamesEachComponentsType(String literal, String hex) {
    CqlType t = MarshalTypes.parse("DynamicCompositeType(s => UTF8Type, i => Int32Type)");
    Object value = t.parseLiteral("'" + literal + "'");
    assertThat(HexFormat.of().formatHex(t.serialize(value))).isEqualTo(hex);
    assertThat(t.toJson(value)).isEqualTo(literal);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "abc:xyz|Unable to make int from 'xyz'",
      "abc:1:2|java.lang.ArrayIndexOutOfBoundsException: Index 2 out of bounds for length 2"})
  void aCompositeLiteralItsTypesCannotReadIsRefused(String literal, String message) {
    CqlType t = MarshalTypes.parse("CompositeType(AsciiType, Int32Type)");
    assertThatThrownBy(() -> t.parseLiteral("'" + literal + "'")).hasMessage(message);
  }
}
