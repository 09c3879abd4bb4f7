package io.ringsim.cql.ast;

/** One SET item of an UPDATE. */
public sealed interface Assignment {
  String column();

  record Set(String column, Term value) implements Assignment {}

  /** c = c + v (append, add to a set or map, counter increment) or c = c - v (remove, decrement). */
  record Add(String column, Term value, boolean subtract) implements Assignment {}

  /** c = v + c (list prepend). */
  record Prepend(String column, Term value) implements Assignment {}

  /** c.f = v: one field of a non-frozen user-defined type. */
  record SetField(String column, String field, Term value) implements Assignment {}

  /** c[k] = v. */
  record SetElement(String column, Term key, Term value) implements Assignment {}
}
