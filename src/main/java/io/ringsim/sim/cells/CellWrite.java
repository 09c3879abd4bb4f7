package io.ringsim.sim.cells;

/**
 * What a mutation wrote to one cell: a value, a TTL'd value (expiring at {@code localDeletionTime}, seconds, as
 * Cassandra's local deletion time) or a cell tombstone (a null, a deleted column or element), at its timestamp.
 */
public record CellWrite(CellKey key, long timestamp, int ttl, int localDeletionTime, boolean tombstone) {
  public boolean expiring() {
    return ttl > 0;
  }

  /** Whether the cell is live for every read now up to {@code nowHi} (whole seconds), by {@link Expiry}'s rule. */
  public boolean certainlyLiveAt(int nowHi) {
    return !tombstone && (!expiring() || Expiry.certainlyLive(localDeletionTime, nowHi));
  }
}
