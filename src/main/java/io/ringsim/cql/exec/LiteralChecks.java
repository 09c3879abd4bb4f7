package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import java.util.List;

/**
 * What a constant may be a value of, as Cassandra's Constants and Term.Raw.testAssignment decide it, and the
 * messages its types' fromString give for one they cannot read.
 */
final class LiteralChecks {
  private LiteralChecks() {}

  /**
   * Whether a term could be a value of {@code type} by its kind alone (Cassandra's testAssignment): a constant of a
   * kind the type reads, a collection, tuple or UDT literal for a type of that shape; any other term (a function
   * call, a bind marker) is checked when its value is computed.
   */
  static boolean weaklyFits(Term e, CqlType type) {
    // Constants.NULL_LITERAL.testAssignment: null is weakly assignable to any type but a counter (a UDT literal's
    // map field may be null, as the Python driver writes every field it does not set).
    if (e instanceof Term.Literal l && l.kind() == Term.Kind.NULL) return !type.name().equals("counter");
    if (e instanceof Term.Literal l) return fits(l, type) || type instanceof TupleType;
    boolean udt = type instanceof io.ringsim.schema.collection.UserType;
    // Tuples.Literal.testAssignment: no more elements than the type has, each assignable to its component.
    List<CqlType> components = type instanceof TupleType tt ? tt.components()
        : udt ? ((io.ringsim.schema.collection.UserType) type).fieldTypes() : null;
    if (e instanceof Term.TupleLiteral tl && components != null) {
      if (tl.elements().size() > components.size()) return false;
      for (int i = 0; i < tl.elements().size(); i++)
        if (!weaklyFits(tl.elements().get(i), components.get(i))) return false;
      return true;
    }
    if (e instanceof Term.ListLiteral) return type instanceof ListType || type instanceof SetType;
    if (e instanceof Term.SetLiteral) return type instanceof SetType || type instanceof MapType
        || type instanceof ListType;
    if (e instanceof Term.MapLiteral) return type instanceof MapType || udt;
    if (e instanceof Term.TupleLiteral) return type instanceof TupleType || udt;
    if (e instanceof Term.UserTypeLiteral) return udt || type instanceof MapType;
    return true;
  }

  /**
   * Cassandra's message for a constant of the right kind that its type's fromString refuses where ringsim's own
   * parsing would accept it or say something else; null when the constant is readable.
   */
  static String refusedByMarshal(Term.Literal l, String type) {
    String text = l.text();
    switch (type) {
      case "date":
        // SimpleDateSerializer: a bare number is days since -5877641-06-23, an unsigned 32-bit int.
        if (l.kind() == Term.Kind.INTEGER && !inRange(text, 0, 0xFFFFFFFFL))
          return "Unable to make unsigned int (for date) from: '" + text + "'";
        return null;
      case "time":
        if (l.kind() == Term.Kind.INTEGER && !inRange(text, 0, 86_399_999_999_999L))
          return "Unable to make long (for time) from: '" + text + "'";
        return null;
      case "decimal":
        if (l.kind() == Term.Kind.NAN || l.kind() == Term.Kind.INFINITY || l.kind() == Term.Kind.NEG_INFINITY)
          return "unable to make BigDecimal from '" + text + "'";
        return null;
      case "ascii":
        // AsciiType encodes with Java's US-ASCII encoder and quotes its exception.
        try {
          java.nio.charset.StandardCharsets.US_ASCII.newEncoder().encode(java.nio.CharBuffer.wrap(text));
          return null;
        } catch (java.nio.charset.CharacterCodingException e) {
          return "Invalid ASCII character in string literal: " + e;
        }
      case "blob":
        String hex = text.substring(2);
        return hex.length() % 2 != 0 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)
            ? "cannot parse '" + hex + "' as hex bytes" : null;
      default:
        return null;
    }
  }

  private static boolean inRange(String integer, long min, long max) {
    try {
      long v = Long.parseLong(integer);
      return v >= min && v <= max;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Whether a literal of this kind can be a value of {@code type} at all (its text may still be out of range). */
  static boolean fits(Term.Literal l, CqlType type) {
    // Cassandra skips type validation for custom types: any constant goes to their fromString.
    if (type instanceof io.ringsim.schema.types.CustomType) return true;
    String name = type.name();
    boolean ok = switch (l.kind()) {
      // Cassandra takes a string for text, inet and the date and time types, not for a uuid or a number.
      case STRING -> !name.equals("blob") && !name.equals("boolean") && !name.equals("duration") && !isNumber(name)
          && !name.equals("uuid") && !name.equals("timeuuid");
      // An integer is a duration literal missing its unit: Cassandra says it cannot convert it.
      case INTEGER -> isNumber(name) || name.equals("timestamp") || name.equals("date") || name.equals("time")
          || name.equals("duration");
      case FLOAT, NAN, INFINITY, NEG_INFINITY -> name.equals("double") || name.equals("float")
          || name.equals("decimal");
      case HEX -> name.equals("blob");
      case UUID -> name.equals("uuid") || name.equals("timeuuid");
      case BOOLEAN -> name.equals("boolean");
      case DURATION -> name.equals("duration");
      case NULL -> true;
    };
    return ok && !(type instanceof ListType || type instanceof SetType || type instanceof MapType
        || type instanceof TupleType || type instanceof io.ringsim.schema.collection.UserType);
  }

  /** Cassandra's message for a literal of the right kind that its type cannot read (a MarshalException's). */
  static String unparsable(CqlType type, String shown) {
    return switch (type.name()) {
      case "int" -> "Unable to make int from '" + shown + "'";
      case "bigint", "counter" -> "Unable to make long from '" + shown + "'";
      case "smallint" -> "Unable to make short from '" + shown + "'";
      case "tinyint" -> "Unable to make byte from '" + shown + "'";
      case "timestamp" -> "Unable to parse a date/time from '" + shown + "'";
      case "date" -> "Unable to coerce '" + shown + "' to a formatted date (long)";
      case "time" -> "(TimeType) Unable to coerce '" + shown + "' to a formatted time (long)";
      case "inet" -> "Unable to make inet address from '" + shown + "'";
      default -> "Unable to make " + type.name() + " from '" + shown + "'";
    };
  }

  private static boolean isNumber(String n) {
    return switch (n) {
      case "int", "bigint", "smallint", "tinyint", "varint", "decimal", "double", "float", "counter" -> true;
      default -> false;
    };
  }
}
