package io.ringsim.report;

/**
 * What one CQL statement shape cost over the run, as tracing would show it: the work done (partitions touched, rows
 * and tombstones scanned) against what came back, e.g. to show what ALLOW FILTERING costs.
 *
 * @param query the statement with bind markers, e.g. {@code SELECT * FROM music.playlists WHERE id = ? LIMIT 10}
 */
public record QueryStat(
    String query,
    String consistency,
    long executions,
    long partitionsTouched,
    long rowsScanned,
    long rowsReturned,
    long tombstonesScanned,
    Latency latency) {
  public QueryStat {
    query = Lists.text(query);
    consistency = Lists.text(consistency);
    if (latency == null) latency = Latency.NONE;
  }

  /** Rows read per row returned (1 is ideal; ALLOW FILTERING over a large partition is much more). */
  public double scanRatio() {
    return rowsReturned == 0 ? rowsScanned : (double) rowsScanned / rowsReturned;
  }
}
