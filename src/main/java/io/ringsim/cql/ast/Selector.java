package io.ringsim.cql.ast;

import java.util.List;

/** One item of a SELECT clause. */
public sealed interface Selector {
  record Column(String name) implements Selector {}

  record CountStar(String written) implements Selector {}

  record Function(String name, List<Selector> args) implements Selector {}

  /** {@code CAST(x AS type)}. */
  record Cast(Selector arg, String type) implements Selector {}

  /** {@code m['k']} on a map or set: the value for that key (null when absent). */
  record Element(Selector collection, Term key) implements Selector {}

  /** {@code m['a'..'c']}, {@code s['x'..]}: the entries between two keys, both included; a side may be open. */
  record Slice(Selector collection, Term from, Term to) implements Selector {}

  /** {@code addr.city}: one field of a user-defined type value. */
  record Field(Selector value, String field) implements Selector {}

  /** A constant written in the selection, e.g. the argument of {@code minTimeuuid('2013-02-02 10:00+0000')}. */
  record Constant(Term value) implements Selector {}

  /** {@code a + b}, {@code a - b}, {@code a * b}, {@code a / b}, {@code a % b}: {@code op} is the operator's symbol. */
  record Operation(char op, Selector left, Selector right) implements Selector {}

  /** {@code -a}. */
  record Negation(Selector operand) implements Selector {}

  /** {@code (a)}: named with its parentheses, typed only by where it is used. */
  record Parenthesized(Selector inner) implements Selector {}

  /** {@code (bigint) 1}: a type hint, as written in the type. */
  record TypeHint(String type, Selector value) implements Selector {}

  /** {@code [a, b]}: a list literal; its type is {@code list<T>} of its first element whose type is known. */
  record ListLiteral(List<Selector> elements) implements Selector {}

  /** {@code {a, b}}, and {@code {}} (an empty set or map, told apart by the type its use gives it). */
  record SetLiteral(List<Selector> elements) implements Selector {}

  /** {@code {k: v, ...}}: a map literal or a user-type literal, told apart by the type a hint gives it. */
  record MapOrUdtLiteral(List<Selector> keys, List<Selector> values) implements Selector {}

  /** {@code (a, b)}: a tuple of two or more selectors ({@code (a)} is {@link Parenthesized}). */
  record TupleLiteral(List<Selector> elements) implements Selector {}

  /** A selector with AS alias. */
  record Aliased(Selector selector, String alias) implements Selector {}
}
