package io.ringsim.storage;

/**
 * The row marker an INSERT writes: it keeps a row alive (with nulls) after all its columns are deleted, which an
 * UPDATE-only row does not have. {@code localExpirationTime} is the expiry second for a TTL'd insert.
 */
public record LivenessInfo(long timestamp, int ttl, int localExpirationTime) {

  public static final LivenessInfo EMPTY = new LivenessInfo(Long.MIN_VALUE, 0, Cell.NO_DELETION_TIME);

  public static LivenessInfo of(long timestamp, int ttl, int nowInSec) {
    if (ttl <= 0) return new LivenessInfo(timestamp, 0, Cell.NO_DELETION_TIME);
    return new LivenessInfo(timestamp, ttl, (int) Math.min((long) nowInSec + ttl, Cell.NO_DELETION_TIME - 1L));
  }

  public boolean isEmpty() {
    return timestamp == Long.MIN_VALUE;
  }

  public boolean isLive(int nowInSec) {
    return !isEmpty() && (ttl == 0 || nowInSec < localExpirationTime);
  }

  public boolean supersedes(LivenessInfo other) {
    if (timestamp != other.timestamp) return timestamp > other.timestamp;
    if ((ttl > 0) != (other.ttl > 0)) return ttl > 0;
    return localExpirationTime > other.localExpirationTime;
  }

  public static LivenessInfo merge(LivenessInfo a, LivenessInfo b) {
    return b.supersedes(a) ? b : a;
  }
}
