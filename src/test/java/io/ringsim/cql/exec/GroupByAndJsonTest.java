package io.ringsim.cql.exec;

import org.junit.jupiter.api.Test;

/**
 * GROUP BY (groups, aggregates per group, LIMIT and PER PARTITION LIMIT counting groups, Cassandra's restrictions),
 * SELECT JSON (one object per row, quoted case-sensitive names) and INSERT JSON (every type, DEFAULT UNSET, errors).
 * The data and the expected groups are those of Cassandra's own SelectGroupByTest; the expectations are written
 * above each statement of the script.
 */
class GroupByAndJsonTest {
  @Test
  void groupByAndJsonAnswerAsCassandraDoes() {
    AnnotatedScript.verify("/cql-extra-groupby-json.cql");
  }
}
