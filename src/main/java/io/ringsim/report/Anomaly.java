package io.ringsim.report;

/**
 * A consistency anomaly the checker found.
 *
 * @param kind lost-write, stale-read, ryw (read-your-writes violated), lwt (linearizability of lightweight
 *     transactions) or monotonic-read
 * @param key the partition (and clustering) key involved, as cqlsh prints it
 * @param details what was expected and what was seen
 */
public record Anomaly(String kind, String table, String key, long atMillis, String consistency, String details) {
  public Anomaly {
    kind = Lists.text(kind);
    table = Lists.text(table);
    key = Lists.text(key);
    consistency = Lists.text(consistency);
    details = Lists.text(details);
  }
}
