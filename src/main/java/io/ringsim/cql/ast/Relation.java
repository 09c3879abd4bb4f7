package io.ringsim.cql.ast;

import java.util.List;

/** One restriction of a WHERE clause, with where it starts in the statement (line, 0-based column). */
public sealed interface Relation {
  int line();

  int col();

  enum Op {
    EQ("="), LT("<"), LTE("<="), GT(">"), GTE(">="), NEQ("!=");

    public final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public boolean isSlice() {
      return this == LT || this == LTE || this == GT || this == GTE;
    }
  }

  record Single(String column, Op op, Term value, int line, int col) implements Relation {}

  record In(String column, List<Term> values, int line, int col) implements Relation {}

  record Contains(String column, boolean key, Term value, int line, int col) implements Relation {}

  record Token(List<String> columns, Op op, Term value, int line, int col) implements Relation {}

  record MultiColumn(List<String> columns, Op op, List<Term> values, int line, int col) implements Relation {}

  record MultiColumnIn(List<String> columns, List<List<Term>> tuples, int line, int col) implements Relation {}

  /** {@code k IN ?}: the whole list is one marker (a list value once bound). */
  record InMarker(String column, Term.BindMarker marker, int line, int col) implements Relation {}

  /** {@code (c1, c2) > ?}: the whole tuple is one marker. */
  record MultiColumnMarker(List<String> columns, Op op, Term.BindMarker marker, int line, int col)
      implements Relation {}

  /** {@code (c1, c2) IN ?}: a list of tuples as one marker. */
  record MultiColumnInMarker(List<String> columns, Term.BindMarker marker, int line, int col) implements Relation {}

  /** {@code (c1, c2) IN (?, ?)}: each tuple of the list is one marker. */
  record MultiColumnInMarkers(List<String> columns, List<Term.BindMarker> markers, int line, int col)
      implements Relation {}

  /** {@code m[key] = value}: a map entry (Cassandra refuses it on lists, sets and frozen maps, and any op but =). */
  record Element(String column, Term key, Op op, Term value, int line, int col) implements Relation {}

  record Like(String column, Term pattern, int line, int col) implements Relation {}
}
