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

  record FunctionCall(String name, List<Term> args) implements Term {}

  record BindMarker() implements Term {}
}
