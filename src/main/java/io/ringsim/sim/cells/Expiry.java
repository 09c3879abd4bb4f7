package io.ringsim.sim.cells;

import io.ringsim.storage.Cell;

/**
 * Cassandra's rule for a TTL, the one both checkers judge expiry by. A cell written with a TTL gets a local deletion
 * time: its writing coordinator's now in whole seconds plus the TTL, capped below "never"
 * (ExpirationDateOverflowHandling.computeLocalExpirationTime); a read sees it while the read's now, fixed by the
 * read's coordinator and used by every replica it asks, is below that (AbstractCell.isLive: nowInSec &lt;
 * localDeletionTime). Both nows are the coordinators' own clocks, so a skewed clock moves them: the simulated time of
 * a read does not decide.
 */
public final class Expiry {
  private Expiry() {}

  /** The second a cell written at coordinator now {@code writeNow} with {@code ttl} (seconds, > 0) expires. */
  public static int localDeletionTime(int writeNow, int ttl) {
    return (int) Math.min((long) writeNow + ttl, Cell.NO_DELETION_TIME - 1L);
  }

  /**
   * Whether a TTL'd cell expiring at {@code localDeletionTime} is live for every read whose now is at most
   * {@code readNowHi}: if not, a read may rightly have missed it.
   */
  public static boolean certainlyLive(int localDeletionTime, int readNowHi) {
    return readNowHi < localDeletionTime;
  }
}
