package io.ringsim.cql.exec;

import java.util.List;

/**
 * Cassandra 4.1's client warning on an aggregate or GROUP BY query that reads many partitions (SelectStatement;
 * texts and cases checked against the oracle): without a partition-key restriction (a token restriction counts as
 * one), or with IN on the partition key. Sent before the rows, so ahead of any tombstone warning of the read.
 */
public final class AggregationWarning {
  private AggregationWarning() {}

  static final String WITHOUT_KEY = "Aggregation query used without partition key";
  static final String IN_KEYS = "Aggregation query used on multiple partition keys (IN restriction)";

  public static List<String> of(ReadPlan plan) {
    if (!plan.projection().isAggregate() && plan.groupByClustering() < 0) return List.of();
    // Not told apart here: a composite partition key restricted in part (with ALLOW FILTERING), which Cassandra
    // counts as restricted.
    boolean tokenRestricted = plan.tokenStartExclusive() != null || plan.tokenEndInclusive() != null;
    if (plan.keys() == null && !tokenRestricted) return List.of(WITHOUT_KEY);
    if (plan.keyOrder() != null) return List.of(IN_KEYS);
    return List.of();
  }

  /** {@code first} ahead of the result's own warnings. */
  public static ResultSet prepend(List<String> first, ResultSet r) {
    if (first.isEmpty()) return r;
    return r.withWarnings(java.util.stream.Stream.concat(first.stream(), r.warnings().stream()).toList());
  }
}
