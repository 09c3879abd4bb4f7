package io.ringsim.schema;

/**
 * A CQL data type: its Cassandra binary encoding, its comparator, how its literals parse and how its values print.
 *
 * <p>Java value classes: text/varchar/ascii String; int Integer; bigint and counter Long; smallint Short; tinyint
 * Byte; boolean Boolean; uuid and timeuuid java.util.UUID; timestamp java.time.Instant (millisecond precision); date
 * java.time.LocalDate; time java.time.LocalTime; double Double; float Float; blob java.nio.ByteBuffer (read-only);
 * inet java.net.InetAddress; decimal java.math.BigDecimal; varint java.math.BigInteger. Collections (added by the
 * CQL layer) use java.util.List, Set (sorted) and Map (sorted).
 */
public interface CqlType {

  /** The CQL name, lower case: "text", "int", "frozen&lt;list&lt;int&gt;&gt;". */
  String name();

  /** The Java class of this type's values. */
  Class<?> javaType();

  /** Cassandra's binary encoding of a value (the bytes hashed for a partition key, stored in cells). */
  byte[] serialize(Object value);

  /** The inverse of serialize. IllegalArgumentException when the bytes are not a valid encoding. */
  Object deserialize(byte[] bytes);

  /**
   * Parses a CQL literal as written in a statement or on the command line: {@code 'it''s'}, {@code 42}, {@code
   * 0xcafe}, {@code 123e4567-e89b-12d3-a456-426614174000}, {@code '2024-02-29'}. Quotes around strings are optional
   * on the command line. IllegalArgumentException names the literal and the type.
   */
  Object parseLiteral(String literal);

  /** Cassandra's order on serialized values (clustering order, ByteOrdered placement of values). */
  int compare(byte[] a, byte[] b);

  /** The value as the JSON-lines format of shared/cql/README.md writes it (String, Number, Boolean, List, Map). */
  Object toJson(Object value);

  /** The value as cqlsh prints it in a table. */
  String format(Object value);

  /**
   * The value as a CQL literal: as {@link #format}, quoted for the types whose literals are strings (text, ascii,
   * inet, timestamp, date, time), as system_schema keeps an INITCOND and a row filter prints an expression.
   */
  default String literal(Object value) {
    String text = format(value);
    return switch (name()) {
      case "text", "varchar", "ascii", "inet", "timestamp", "date", "time" -> "'" + text.replace("'", "''") + "'";
      default -> text;
    };
  }
}
