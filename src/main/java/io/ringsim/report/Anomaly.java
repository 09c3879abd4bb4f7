package io.ringsim.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A consistency anomaly the checker found.
 *
 * @param kind lost-write, stale-read, read-your-writes, lwt (linearizability of lightweight transactions) or
 *     counter-unexplained: sim.AnomalyKind's labels (report depends on nothing of sim's, so it keeps the word)
 * @param key the partition (and clustering) key involved, as cqlsh prints it
 * @param details what was expected and what was seen
 * @param cell the cell within the partition, as a user names it ("row (35) column subject"), when the checker judged
 *     it cell by cell; null (and left out of run.json) for an anomaly of a whole row
 */
public record Anomaly(String kind, String table, String key, long atMillis, String consistency, String details,
    @JsonInclude(JsonInclude.Include.NON_NULL) String cell) {
  public Anomaly(String kind, String table, String key, long atMillis, String consistency, String details) {
    this(kind, table, key, atMillis, consistency, details, null);
  }

  public Anomaly {
    kind = Lists.text(kind);
    table = Lists.text(table);
    key = Lists.text(key);
    consistency = Lists.text(consistency);
    details = Lists.text(details);
  }
}
