package io.ringsim.storage;

/**
 * A deletion marker: data written at or before {@code markedForDeleteAt} (microseconds) is shadowed.
 * {@code localDeletionTime} (seconds, node clock) is when the deletion happened, which gc_grace_seconds counts from.
 */
public record DeletionTime(long markedForDeleteAt, int localDeletionTime) {

  /** No deletion. */
  public static final DeletionTime LIVE = new DeletionTime(Long.MIN_VALUE, Integer.MAX_VALUE);

  public boolean isLive() {
    return markedForDeleteAt == Long.MIN_VALUE;
  }

  /** Whether data written at {@code timestamp} is shadowed by this deletion (ties go to the deletion). */
  public boolean deletes(long timestamp) {
    return timestamp <= markedForDeleteAt;
  }

  public boolean supersedes(DeletionTime other) {
    return markedForDeleteAt > other.markedForDeleteAt
        || (markedForDeleteAt == other.markedForDeleteAt && localDeletionTime > other.localDeletionTime);
  }

  public static DeletionTime max(DeletionTime a, DeletionTime b) {
    return b.supersedes(a) ? b : a;
  }

  /** Whether the deletion is older than the gc grace horizon and may be dropped by compaction. */
  public boolean purgeable(int gcBefore) {
    return !isLive() && localDeletionTime < gcBefore;
  }

  static final int SIZE = 12;
}
