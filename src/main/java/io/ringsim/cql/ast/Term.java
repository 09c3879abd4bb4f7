package io.ringsim.cql.ast;

import java.util.List;

/** A value written in a statement. Literals keep their raw text; the column's type converts them. */
public sealed interface Term {

  enum Kind { STRING, INTEGER, FLOAT, HEX, UUID, BOOLEAN, NULL, NAN, INFINITY, NEG_INFINITY, DURATION }

  /** A constant as written: for STRING the quotes are removed and '' unescaped. */
  record Literal(Kind kind, String text) implements Term {}

  record ListLiteral(List<Term> elements) implements Term {}

  /** {a, b} (also {} which may be an empty map). */
  record SetLiteral(List<Term> elements) implements Term {}

  record MapLiteral(List<Term> keys, List<Term> values) implements Term {}

  record TupleLiteral(List<Term> elements) implements Term {}

  /** {@code {street: 'x', city: 'y'}}: a user-defined type's value by field name, as written (duplicates kept). */
  record UserTypeLiteral(List<String> fields, List<Term> values) implements Term {}

  record FunctionCall(String name, List<Term> args) implements Term {
    /**
     * The functions CAST(x AS type) calls are named castAsType in the system keyspace, the type written in lower
     * case and capitalized (castAsInt; varchar gives castAsVarchar, which does not exist). A written function name is
     * lowered, so only a CAST keeps this prefix's case.
     */
    private static final String CAST_PREFIX = "system.castAs";

    /** {@code CAST(value AS type)}. */
    public static FunctionCall cast(String type, Term value) {
      String t = type.toLowerCase(java.util.Locale.ROOT);
      return new FunctionCall(CAST_PREFIX + Character.toUpperCase(t.charAt(0)) + t.substring(1), List.of(value));
    }

    /** The type a CAST converts to, in lower case; null when this is another call. */
    public String castType() {
      return name.startsWith(CAST_PREFIX) ? name.substring(CAST_PREFIX.length()).toLowerCase(java.util.Locale.ROOT)
          : null;
    }
  }

  /** {@code 2 + 3}, {@code ts - 2d}: {@code op} is the operator's symbol; the receiver types it, as in Cassandra. */
  record Operation(char op, Term left, Term right) implements Term {}

  /** {@code - 5}. */
  record Negation(Term operand) implements Term {}

  /** {@code (int) ?}: a type hint on the simple term after it, the type as written. */
  record TypeHint(String type, Term value) implements Term {}

  /**
   * A bind marker: {@code index} is its position among the statement's markers (counting every child of a BATCH),
   * {@code name} is the name of a named marker ({@code :name}) or null for {@code ?}.
   */
  record BindMarker(int index, String name) implements Term {}

  /** A value bound to a marker, as {@code CqlType.deserialize} decodes it (null for NULL): it needs no parsing. */
  record Bound(Object value) implements Term {}

  /** A marker bound to UNSET (protocol v4+): "no value", which each position reads its own way. */
  record Unset() implements Term {}
}
