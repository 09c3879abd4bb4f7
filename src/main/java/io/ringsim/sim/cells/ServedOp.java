package io.ringsim.sim.cells;

import io.ringsim.sim.NotJudged;
import io.ringsim.storage.ClusteringComparator;

/**
 * One thing a served client did, at Cassandra's granularity, for the checker: a mutation of one partition (plain or
 * lightweight), a read of one partition (or a read it cannot place), a counter write or read, or a schema statement
 * that removed data.
 * Times are virtual microseconds at the coordinator: invoked when the request left, completed when it was answered.
 */
public sealed interface ServedOp {
  long id();

  long invokeMicros();

  long completeMicros();

  /** How a request ended. {@code REFUSED}: Unavailable, refused before anything was sent to a replica. */
  enum Outcome {
    OK, FAILED, TIMED_OUT, REFUSED;

    /** Whether the request may have taken effect although it was not acknowledged. */
    public boolean mayHaveApplied() {
      return this != REFUSED;
    }
  }

  /** The condition of a lightweight transaction, as far as the checker can judge it. */
  enum Lwt {
    /** A plain write or delete. */
    NONE,
    /** INSERT ... IF NOT EXISTS. */
    IF_NOT_EXISTS,
    /** IF EXISTS, IF col = ..., a conditional batch: not a row-exists register. */
    OTHER_CONDITION
  }

  /**
   * What the checker needs of a lightweight transaction to judge it against a model of its row: the row its
   * condition is on, the condition itself (the test its coordinator ran on the row as read), the update its
   * coordinator built (its last proposal: the one committed if any; null when none was built) and, when it was not
   * applied, the row Cassandra answered with (its current values; null without an answer) and the columns the
   * answer showed of it ({@code shown}; null: the whole row, as IF EXISTS and IF NOT EXISTS show it). {@code notJudged}: why
   * its row cannot be modelled (a condition on a collection element or UDT field, one that spans rows), else null.
   * A plain write carries one with only its {@code update} (the values it wrote, which the rows' LWTs may then read).
   */
  record Conditional(io.ringsim.storage.Clustering row,
      java.util.function.Predicate<io.ringsim.storage.LivePartition> condition,
      io.ringsim.storage.Partition update, io.ringsim.storage.LivePartition current, java.util.List<String> shown,
      NotJudged notJudged) {}

  /** A partition of a table: the key as CQL prints it (for people) and in hex (for identity). */
  record PartitionRef(String table, String key, String keyHex) {
    /** The anomaly's key, as the scenario checker names rows: "keyspace.table key". */
    public String row() {
      return table + " " + key;
    }

    public String identity() {
      return table + " " + keyHex;
    }
  }

  /**
   * A mutation of one partition. {@code mutation} is what its coordinator built (null when none was built);
   * {@code applied} the LWT's answer (null for plain writes or no answer). {@code nowInSec}: its coordinator's now,
   * whole seconds of the clock that decides expiry (an LWT's round's now: its condition read the row at it, the TTLs
   * it wrote count from it), as its answer reported it or its mutation was built at; null when not known (a timeout
   * before anything was built, a history from before nows were recorded). {@code mayExpire}: whether what it writes
   * may carry a TTL (USING TTL, the table's default_time_to_live, or cells its mutation wrote with one), so that
   * when it is not built its expiry is unknown.
   */
  record Write(long id, int client, PartitionRef partition, ClusteringComparator comparator, String consistency,
      String coordinator, long invokeMicros, long completeMicros, Outcome outcome, String error, Mutation mutation,
      Lwt lwt, Boolean applied, NotJudged notJudged, Integer nowInSec, boolean mayExpire, Conditional cas)
      implements ServedOp {
    public Write {
      mayExpire |= mutation != null && mutation.expires();
    }

    /** A write without its LWT's condition (a plain write, or an LWT judged only as IF NOT EXISTS). */
    public Write(long id, int client, PartitionRef partition, ClusteringComparator comparator, String consistency,
        String coordinator, long invokeMicros, long completeMicros, Outcome outcome, String error, Mutation mutation,
        Lwt lwt, Boolean applied, NotJudged notJudged, Integer nowInSec, boolean mayExpire) {
      this(id, client, partition, comparator, consistency, coordinator, invokeMicros, completeMicros, outcome, error,
          mutation, lwt, applied, notJudged, nowInSec, mayExpire, null);
    }

    /** A write whose now is not known: it may expire only as its mutation says. */
    public Write(long id, int client, PartitionRef partition, ClusteringComparator comparator, String consistency,
        String coordinator, long invokeMicros, long completeMicros, Outcome outcome, String error, Mutation mutation,
        Lwt lwt, Boolean applied, NotJudged notJudged) {
      this(id, client, partition, comparator, consistency, coordinator, invokeMicros, completeMicros, outcome, error,
          mutation, lwt, applied, notJudged, null, false, null);
    }

    /** Whether it was acknowledged as having taken effect. */
    public boolean acknowledged() {
      return outcome == Outcome.OK && (lwt == Lwt.NONE || Boolean.TRUE.equals(applied));
    }
  }

  /**
   * A read of one partition: the region it covered and what it saw there, with its now (whole seconds, the
   * coordinator's or the client's, between {@code nowLo} and {@code nowHi}: expiry is judged against both ends).
   * {@code finalRead}: the read-back at ALL after healing, which decides lost writes.
   */
  record Read(long id, int client, PartitionRef partition, ClusteringComparator comparator, String consistency,
      String coordinator, long invokeMicros, long completeMicros, Outcome outcome, Region region, Seen seen,
      int nowLo, int nowHi, boolean finalRead, NotJudged notJudged) implements ServedOp {}

  /**
   * A write to a counter table's partition. {@code deltas}: what it adds to each counter cell (a batch's increments
   * of one cell summed); null when its coordinator built nothing before it was answered, so what it may have added is
   * not known. {@code deletions}: the deletions it carried (a counter's deletion is permanent). {@code reach}: the
   * replicas it is sure to have reached once acknowledged. {@code mayHaveApplied}: whether, not acknowledged, it may
   * still have counted (a timeout or a failure after its leader may have counted it); false when it was refused
   * before any replica counted it (Unavailable, an invalid request) or acknowledged.
   */
  record CounterWrite(long id, int client, PartitionRef partition, ClusteringComparator comparator, String consistency,
      String coordinator, long invokeMicros, long completeMicros, Outcome outcome, String error,
      java.util.Map<CellKey, Long> deltas, java.util.List<Deletion> deletions, Reach reach, boolean mayHaveApplied)
      implements ServedOp {
    public CounterWrite {
      deltas = deltas == null ? null : java.util.Map.copyOf(deltas);
      deletions = java.util.List.copyOf(deletions);
    }

    public boolean acknowledged() {
      return outcome == Outcome.OK;
    }
  }

  /**
   * A read of a counter table's partition: the region it covered and each counter cell's value in it (the sum of
   * its shards; a cell absent from the map was returned without a value). {@code finalRead}: the read-back at ALL
   * after healing.
   */
  record CounterRead(long id, int client, PartitionRef partition, ClusteringComparator comparator, String consistency,
      String coordinator, long invokeMicros, long completeMicros, Outcome outcome, Region region,
      java.util.Map<CellKey, Long> values, Reach reach, boolean finalRead) implements ServedOp {
    public CounterRead {
      values = java.util.Map.copyOf(values);
    }
  }

  /**
   * DROP TABLE / DROP KEYSPACE / TRUNCATE (a whole table: {@code column} null) or ALTER TABLE ... DROP (one column):
   * what was written before it is gone, not lost.
   */
  record Removal(long id, long invokeMicros, long completeMicros, String table, String column, String statement)
      implements ServedOp {}

  /** An operation the model cannot place (a range scan, a read of a view): only counted, with the reason. */
  record Unjudged(long id, long invokeMicros, long completeMicros, NotJudged reason) implements ServedOp {}
}
