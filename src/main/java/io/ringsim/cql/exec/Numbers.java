package io.ringsim.cql.exec;

import io.ringsim.schema.CqlType;
import java.math.BigDecimal;
import java.math.BigInteger;

/** CAST between number types, narrowing as Java's casts do (a bigint 9000000000 cast to int is 410065408). */
final class Numbers {
  private Numbers() {}

  static Object convert(Object v, CqlType to) {
    Number n = (Number) v;
    return switch (to.name()) {
      case "tinyint" -> n.byteValue();
      case "smallint" -> n.shortValue();
      case "int" -> n.intValue();
      case "bigint", "counter" -> n.longValue();
      case "float" -> n.floatValue();
      case "double" -> n.doubleValue();
      case "decimal" -> decimal(n);
      // Cassandra 4.1's CastFcts makes every varint through longValue(): CAST(-Infinity AS varint) is Long.MIN_VALUE
      // and a decimal or double past the long range does not keep its digits.
      case "varint" -> n instanceof BigInteger b ? b : BigInteger.valueOf(n.longValue());
      default -> throw new IllegalArgumentException("not a number type: " + to.name());
    };
  }

  private static BigDecimal decimal(Number n) {
    if (n instanceof BigDecimal d) return d;
    if (n instanceof BigInteger b) return new BigDecimal(b);
    if (n instanceof Float f) return new BigDecimal(Float.toString(f));
    if (n instanceof Double d) return BigDecimal.valueOf(d);
    return BigDecimal.valueOf(n.longValue());
  }
}
