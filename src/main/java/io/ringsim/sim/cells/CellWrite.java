package io.ringsim.sim.cells;

/**
 * What a mutation wrote to one cell: a value, a TTL'd value (expiring at {@code localDeletionTime}, seconds, as
 * Cassandra's local deletion time) or a cell tombstone (a null, a deleted column or element), at its timestamp.
 */
public record CellWrite(CellKey key, long timestamp, int ttl, int localDeletionTime, boolean tombstone) {
  public boolean expiring() {
    return ttl > 0;
  }

  /**
   * Whether the cell is live for every now up to {@code nowHi} (whole seconds): Cassandra expires a cell once its
   * reader's now reaches the local deletion time ({@code Cell.isLive}: {@code nowInSec < localDeletionTime}).
   */
  public boolean certainlyLiveAt(int nowHi) {
    return !tombstone && (!expiring() || nowHi < localDeletionTime);
  }
}
