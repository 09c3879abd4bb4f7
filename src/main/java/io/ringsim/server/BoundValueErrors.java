package io.ringsim.server;

import io.ringsim.schema.CqlType;
import java.util.HexFormat;

/**
 * What Cassandra 4.1 answers (InvalidRequest, the message of its serializer's MarshalException) for bound bytes that
 * are no value of their column's type; asked of Cassandra by BoundValuesAgainstCassandraOracle. The "or 0" in the
 * size messages is Cassandra's empty value, which ringsim takes too (EmptyValue). Types without a known message
 * keep ringsim's own description of what is wrong.
 */
final class BoundValueErrors {
  private BoundValueErrors() {}

  static String message(CqlType t, byte[] b, String variable, RuntimeException e) {
    if (CompositeBytes.composite(t)) {
      CompositeBytes.Refusal refused = CompositeBytes.refusal(t, b);
      return refused != null ? refused.message() : other(t, variable, e);
    }
    String known = known(t, b);
    return known != null ? known : other(t, variable, e);
  }

  /** The message for bytes no value of scalar type {@code t} (an element of a collection, a field of a tuple). */
  static String scalar(CqlType t, byte[] b) {
    String known = known(t, b);
    return known != null ? known : "Invalid " + t.name() + " value of " + b.length + " bytes";
  }

  private static String known(CqlType t, byte[] b) {
    int n = b.length;
    return switch (t.name()) {
      case "int" -> "Expected 4 or 0 byte int (" + n + ")";
      case "bigint", "counter" -> "Expected 8 or 0 byte long (" + n + ")";
      case "double" -> "Expected 8 or 0 byte value for a double (" + n + ")";
      case "float" -> "Expected 4 or 0 byte value for a float (" + n + ")";
      case "smallint" -> "Expected 2 bytes for a smallint (" + n + ")";
      case "tinyint" -> "Expected 1 byte for a tinyint (" + n + ")";
      case "boolean" -> "Expected 1 or 0 byte value (" + n + ")";
      case "uuid" -> "UUID should be 16 or 0 bytes (" + n + ")";
      case "timestamp" -> "Expected 8 or 0 byte long for date (" + n + ")";
      case "date" -> "Expected 4 byte long for date (" + n + ")";
      case "inet" -> "Expected 4 or 16 byte inetaddress; got " + HexFormat.of().formatHex(b);
      case "decimal" -> n < 4 ? "Expected 0 or at least 4 bytes (" + n + ")" : null;
      case "text", "varchar" -> "String didn't validate.";
      case "ascii" -> ascii(b);
      case "duration" -> duration(b);
      default -> null;
    };
  }

  /** DurationSerializer.validate: three signed vints, months and days in 32 bits, all of one sign. */
  private static String duration(byte[] b) {
    if (b.length < 3) return "Expected at least 3 bytes for a duration (" + b.length + ")";
    long[] parts = new long[3];
    int pos = 0;
    for (int i = 0; i < 3; i++) {
      if (pos >= b.length) return null;
      int extra = Integer.numberOfLeadingZeros(~b[pos] & 0xff) - 24;
      if (pos + 1 + extra > b.length) return null;
      long u = b[pos] & (0xff >> extra);
      for (int k = 1; k <= extra; k++) u = (u << 8) | (b[pos + k] & 0xff);
      parts[i] = (u >>> 1) ^ -(u & 1);
      pos += 1 + extra;
    }
    if (parts[0] != (int) parts[0]) return "The duration months must be a 32 bits integer but was: " + parts[0];
    if (parts[1] != (int) parts[1]) return "The duration days must be a 32 bits integer but was: " + parts[1];
    boolean nonNegative = parts[0] >= 0 && parts[1] >= 0 && parts[2] >= 0;
    boolean nonPositive = parts[0] <= 0 && parts[1] <= 0 && parts[2] <= 0;
    if (!nonNegative && !nonPositive) return "The duration months, days and nanoseconds must be all of the same sign ("
        + parts[0] + ", " + parts[1] + ", " + parts[2] + ")";
    return null;
  }

  private static String ascii(byte[] b) {
    for (byte x : b) if (x < 0) return "Invalid byte for ascii: " + x;
    return null;
  }

  /**
   * ringsim's own description, when Cassandra's message is not known: the text of an IllegalArgumentException
   * ringsim's decoding raised on purpose, never that of another Java exception (a NullPointerException's
   * "Cannot read the array length because ..." means nothing to a CQL user).
   */
  private static String other(CqlType t, String variable, RuntimeException e) {
    String why = e instanceof IllegalArgumentException && !(e instanceof NumberFormatException) && e.getMessage() != null
        ? e.getMessage() : "not a value of type " + t.name();
    return "Exception while binding column " + variable + ": " + why;
  }
}
