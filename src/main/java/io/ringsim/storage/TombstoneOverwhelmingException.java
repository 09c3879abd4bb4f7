package io.ringsim.storage;

/** A read scanned more tombstones than tombstone_failure_threshold allows (Cassandra fails such reads). */
public final class TombstoneOverwhelmingException extends RuntimeException {
  private final long tombstones;

  public TombstoneOverwhelmingException(String table, long tombstones, int threshold, DecoratedKey key) {
    super("Scanned over " + threshold + " tombstones during query on " + table + " (" + tombstones
        + " scanned, key " + key + "); query aborted");
    this.tombstones = tombstones;
  }

  public long tombstones() {
    return tombstones;
  }
}
