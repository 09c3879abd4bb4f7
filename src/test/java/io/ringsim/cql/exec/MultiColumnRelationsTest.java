package io.ringsim.cql.exec;

import org.junit.jupiter.api.Test;

/** Multi-column relations on clustering columns; the expectations are written above each statement of the scripts. */
class MultiColumnRelationsTest {
  /** Slices compare clustering tuples lexicographically, in the table's clustering order. */
  @Test
  void tupleSlicesAscendingAndDescending() {
    AnnotatedScript.verify("/cql-extra-multicolumn.cql");
  }

  /**
   * {@code (a, b) IN ((1, 2), (5, 6))}: exact clustering prefixes, rows in the table's clustering order (a DESC
   * here), repeats ignored, ORDER BY reversing it; and Cassandra's errors for a wrong arity, a wrong column order,
   * mixing with single-column relations, and no partition key without ALLOW FILTERING.
   */
  @Test
  void tupleInSelectsExactRowsInClusteringOrder() {
    AnnotatedScript.verify("/cql-extra-multicolumn-in.cql");
  }
}
