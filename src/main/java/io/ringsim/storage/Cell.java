package io.ringsim.storage;

import java.util.Arrays;

/**
 * One column value (or its deletion) with Cassandra's metadata. A tombstone has an empty value, ttl 0 and the
 * deletion time in {@code localDeletionTime}; an expiring cell has ttl &gt; 0 and its expiry second in
 * {@code localDeletionTime}; a plain live cell has {@link #NO_DELETION_TIME}.
 */
public record Cell(long timestamp, int ttl, int localDeletionTime, byte[] value) {

  public static final int NO_DELETION_TIME = Integer.MAX_VALUE;
  private static final byte[] EMPTY = new byte[0];

  public static Cell live(long timestamp, byte[] value) {
    return new Cell(timestamp, 0, NO_DELETION_TIME, value);
  }

  /** A cell that expires {@code ttl} seconds after {@code nowInSec}; ttl 0 gives a plain live cell. */
  public static Cell expiring(long timestamp, int ttl, int nowInSec, byte[] value) {
    if (ttl <= 0) return live(timestamp, value);
    long expiry = (long) nowInSec + ttl;
    return new Cell(timestamp, ttl, (int) Math.min(expiry, NO_DELETION_TIME - 1L), value);
  }

  public static Cell tombstone(long timestamp, int nowInSec) {
    return new Cell(timestamp, 0, nowInSec, EMPTY);
  }

  public boolean isTombstone() {
    return ttl == 0 && localDeletionTime != NO_DELETION_TIME;
  }

  public boolean isExpiring() {
    return ttl > 0;
  }

  public boolean isLive(int nowInSec) {
    return localDeletionTime == NO_DELETION_TIME || (ttl > 0 && nowInSec < localDeletionTime);
  }

  /** Seconds left to live as TTL() reports it, or 0 for a cell without TTL. */
  public int remainingTtl(int nowInSec) {
    return ttl > 0 ? Math.max(0, localDeletionTime - nowInSec) : 0;
  }

  /**
   * Cassandra's reconciliation: the higher timestamp wins; on a tie a tombstone or expiring cell beats a plain live
   * one, a tombstone beats an expiring cell, the later expiry wins, and finally the greater value (unsigned bytes).
   */
  /** The same cell written at {@code ts}. */
  public Cell withTimestamp(long ts) {
    return new Cell(ts, ttl, localDeletionTime, value);
  }

  public static Cell reconcile(Cell a, Cell b) {
    if (a == null) return b;
    if (b == null) return a;
    if (a.timestamp != b.timestamp) return a.timestamp > b.timestamp ? a : b;
    boolean aDel = a.localDeletionTime != NO_DELETION_TIME;
    boolean bDel = b.localDeletionTime != NO_DELETION_TIME;
    if (aDel || bDel) {
      if (aDel != bDel) return aDel ? a : b;
      boolean aTomb = !a.isExpiring();
      boolean bTomb = !b.isExpiring();
      if (aTomb != bTomb) return aTomb ? a : b;
      if (a.localDeletionTime != b.localDeletionTime) return a.localDeletionTime > b.localDeletionTime ? a : b;
    }
    return Arrays.compareUnsigned(a.value, b.value) >= 0 ? a : b;
  }

  /**
   * What compaction keeps of this cell: null once it may be dropped. A tombstone goes when it is older than gc
   * grace; an expired cell goes when gc grace has passed since it was written (Cassandra's rule). Unlike Cassandra,
   * an expired cell is kept as it is until then instead of being rewritten as a tombstone, so a tie on timestamp
   * resolves the same way whether or not a compaction ran in between.
   */
  public Cell purge(int gcBefore, int nowInSec) {
    if (isTombstone()) return localDeletionTime < gcBefore ? null : this;
    if (isExpiring() && !isLive(nowInSec) && localDeletionTime - ttl < gcBefore) return null;
    return this;
  }

  /** Bytes this cell takes in an SSTable (value plus timestamp, ttl and deletion time). */
  public int dataSize() {
    return value.length + 16;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Cell c
        && c.timestamp == timestamp
        && c.ttl == ttl
        && c.localDeletionTime == localDeletionTime
        && Arrays.equals(c.value, value);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(timestamp) * 31 + Arrays.hashCode(value);
  }

  @Override
  public String toString() {
    String kind = isTombstone() ? "tombstone" : isExpiring() ? "ttl=" + ttl : "live";
    return "Cell[ts=" + timestamp + ", " + kind + ", ldt=" + localDeletionTime + ", " + value.length + "B]";
  }
}
