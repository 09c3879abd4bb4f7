package io.ringsim.storage;

/**
 * The row marker an INSERT writes: it keeps a row alive (with nulls) after all its columns are deleted, which an
 * UPDATE-only row does not have. {@code localExpirationTime} is the expiry second for a TTL'd insert.
 */
public record LivenessInfo(long timestamp, int ttl, int localExpirationTime) {

  public static final LivenessInfo EMPTY = new LivenessInfo(Long.MIN_VALUE, 0, Cell.NO_DELETION_TIME);

  /** Cassandra's EXPIRED_LIVENESS_TTL: the TTL that marks a row marker as already expired whatever the clock says. */
  public static final int EXPIRED_TTL = Integer.MAX_VALUE;

  /**
   * A marker that is dead from the start (Cassandra's ExpiredLivenessInfo): a materialized view shadows the row of
   * a moved entry with it, at the old entry's timestamp, so that a later write can bring the row back. It is never
   * live, at any "now": a read judged at an earlier second than the write's must not see the row again.
   * {@code nowInSec} only says from when it counts towards gc grace.
   */
  public static LivenessInfo expired(long timestamp, int nowInSec) {
    return new LivenessInfo(timestamp, EXPIRED_TTL, nowInSec);
  }

  public boolean isExpired() {
    return ttl == EXPIRED_TTL;
  }

  public static LivenessInfo of(long timestamp, int ttl, int nowInSec) {
    if (ttl <= 0) return new LivenessInfo(timestamp, 0, Cell.NO_DELETION_TIME);
    return new LivenessInfo(timestamp, ttl, (int) Math.min((long) nowInSec + ttl, Cell.NO_DELETION_TIME - 1L));
  }

  public boolean isEmpty() {
    return timestamp == Long.MIN_VALUE;
  }

  public boolean isLive(int nowInSec) {
    return !isEmpty() && !isExpired() && (ttl == 0 || nowInSec < localExpirationTime);
  }

  public boolean supersedes(LivenessInfo other) {
    if (timestamp != other.timestamp) return timestamp > other.timestamp;
    if (isExpired() != other.isExpired()) return isExpired();
    if ((ttl > 0) != (other.ttl > 0)) return ttl > 0;
    return localExpirationTime > other.localExpirationTime;
  }

  public static LivenessInfo merge(LivenessInfo a, LivenessInfo b) {
    return b.supersedes(a) ? b : a;
  }
}
