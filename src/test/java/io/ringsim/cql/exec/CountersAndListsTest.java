package io.ringsim.cql.exec;

import org.junit.jupiter.api.Test;

/**
 * Counters and list element operations: what Cassandra accepts, with what result, and what it refuses with which
 * message (messages as in Cassandra's source). The expectations are written above each statement in the scripts.
 */
class CountersAndListsTest {
  /** Counter tables' rules, increments in counter batches adding up, a deleted counter starting again from zero. */
  @Test
  void countersAddUpAndFollowCassandrasRules() {
    AnnotatedScript.verify("/cql-extra-counters.cql");
  }

  /** Setting and deleting list elements by index, removal by value, and an index in a batch seeing the old list. */
  @Test
  void listElementsBySetIndexDeleteIndexAndRemoveByValue() {
    AnnotatedScript.verify("/cql-extra-lists.cql");
  }
}
