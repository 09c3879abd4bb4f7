package io.ringsim.schema.types;

import io.ringsim.schema.CqlType;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * One Cassandra marshal type as a component of a composite: the class text Cassandra prints for it
 * ({@code org.apache.cassandra.db.marshal.Int32Type}), the ringsim type whose bytes and order it has, and whether
 * it is a ReversedType around that type. Its string forms are Cassandra's {@code fromString} and {@code getString},
 * which for the native classes are the literal without quotes ({@code abc}, {@code 123}, hex without {@code 0x}).
 */
record Marshal(String className, CqlType type, boolean reversed) {

  /** Cassandra's {@code AbstractType.toString()}: the fully qualified class and its parameters. */
  String text() {
    return reversed ? MarshalTypes.PACKAGE + "ReversedType(" + className + ")" : className;
  }

  /** The simple class name (DynamicCompositeType orders components of different types by it). */
  String simpleClassName() {
    if (reversed) return "ReversedType";
    String c = className;
    int paren = c.indexOf('(');
    if (paren >= 0) c = c.substring(0, paren);
    return c.substring(c.lastIndexOf('.') + 1);
  }

  /** The class name without parameters. */
  String fullClassName() {
    if (reversed) return MarshalTypes.PACKAGE + "ReversedType";
    int paren = className.indexOf('(');
    return paren >= 0 ? className.substring(0, paren) : className;
  }

  /** Cassandra's order on two values of this type: an empty value first, then the type's own order. */
  int compare(byte[] a, byte[] b) {
    int c;
    if (a.length == 0 || b.length == 0) c = Boolean.compare(b.length == 0, a.length == 0);
    else c = type.compare(a, b);
    return reversed ? -c : c;
  }

  /** Cassandra's {@code fromString}: a value from its text, an empty text giving an empty value. */
  byte[] fromString(String s) {
    if (type instanceof CustomType custom) return custom.fromString(s);
    if (s.isEmpty()) return new byte[0];
    String name = type.name();
    switch (name) {
      case "text":
        return s.getBytes(StandardCharsets.UTF_8);
      case "ascii":
        for (int i = 0; i < s.length(); i++) {
          if (s.charAt(i) > 127)
            throw new MarshalException(MarshalException.Kind.VALUE, "Invalid ASCII character in string literal " + s);
        }
        return s.getBytes(StandardCharsets.US_ASCII);
      case "blob":
        try {
          if (s.length() % 2 != 0) throw new IllegalArgumentException("odd");
          return HexFormat.of().parseHex(s);
        } catch (IllegalArgumentException e) {
          throw new MarshalException(MarshalException.Kind.VALUE, "cannot parse '" + s + "' as hex bytes");
        }
      default:
        break;
    }
    boolean quoted = switch (name) {
      case "timestamp", "date", "time", "inet" -> true;
      default -> false;
    };
    try {
      return type.serialize(type.parseLiteral(quoted ? "'" + s.replace("'", "''") + "'" : s));
    } catch (CqlDuration.Invalid e) {
      throw new MarshalException(MarshalException.Kind.VALUE, e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new MarshalException(MarshalException.Kind.VALUE, unparsable(s));
    }
  }

  private String unparsable(String s) {
    return switch (type.name()) {
      case "int" -> "Unable to make int from '" + s + "'";
      case "bigint", "counter" -> "Unable to make long from '" + s + "'";
      case "smallint" -> "Unable to make short from '" + s + "'";
      case "tinyint" -> "Unable to make byte from '" + s + "'";
      case "boolean" -> "Unable to make boolean from '" + s + "'";
      case "uuid", "timeuuid" -> "Unable to make UUID from '" + s + "'";
      case "timestamp" -> "Unable to parse a date/time from '" + s + "'";
      case "inet" -> "Unable to make inet address from '" + s + "'";
      default -> "Unable to make " + type.name() + " from '" + s + "'";
    };
  }

  /** Cassandra's {@code getString}: a value as text (an empty value as the empty text). */
  String getString(byte[] b) {
    if (type instanceof CustomType custom) return custom.getString(b);
    if (b.length == 0) return "";
    return switch (type.name()) {
      case "text", "ascii" -> new String(b, StandardCharsets.UTF_8);
      case "blob" -> HexFormat.of().formatHex(b);
      default -> type.format(type.deserialize(b));
    };
  }
}
