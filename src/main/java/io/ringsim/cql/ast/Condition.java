package io.ringsim.cql.ast;

import java.util.List;

/** One condition of a lightweight transaction (IF col op value). */
public sealed interface Condition {
  String column();

  record Compare(String column, Relation.Op op, Term value) implements Condition {}

  record In(String column, List<Term> values) implements Condition {}

  /** {@code IF v IN ?}: the list is one marker. */
  record InMarker(String column, Term.BindMarker marker) implements Condition {}

  /** IF c.f op v: a field of a user-defined type. */
  record Field(String column, String field, Relation.Op op, Term value) implements Condition {}

  record Element(String column, Term key, Relation.Op op, Term value) implements Condition {}

  /** {@code IF c CONTAINS v} or {@code IF m CONTAINS KEY k}. */
  record Contains(String column, boolean key, Term value) implements Condition {}

  /** {@code IF c.f IN (v1, v2)}: a field of a user-defined type against a list of values. */
  record FieldIn(String column, String field, List<Term> values) implements Condition {}

  /** {@code IF c.f IN ?}: the list is one marker. */
  record FieldInMarker(String column, String field, Term.BindMarker marker) implements Condition {}

  /** {@code IF m[k] IN (v1, v2)} or {@code IF l[i] IN (...)}. */
  record ElementIn(String column, Term key, List<Term> values) implements Condition {}
}
