package io.ringsim.cluster.node;

import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Token;

/**
 * A range scan's token bounds, (startExclusive, endInclusive] as token strings (null: the ring's start or end), cut
 * against one ring range at a time: whether they overlap, and the part of the range inside the scan. Shared by the
 * whole scan ({@link RangeScan}) and the paged one ({@link PagedRangeScan}).
 */
record ScanBounds(String startExclusive, String endInclusive, Partitioner partitioner) {

  private Token token(String t) {
    return t == null ? null : partitioner.parseToken(t);
  }

  /** Whether the ring range (lo, hi] holds any token of the scan. */
  boolean overlaps(String lo, String hi) {
    Token qlo = token(startExclusive);
    Token qhi = token(endInclusive);
    Token rlo = token(lo);
    Token rhi = token(hi);
    if (qhi != null && rlo != null && rlo.compareTo(qhi) >= 0) return false;
    if (qlo != null && rhi != null && rhi.compareTo(qlo) <= 0) return false;
    return true;
  }

  /** The later of the range's start and the scan's. */
  String maxStart(String lo) {
    if (startExclusive == null) return lo;
    if (lo == null) return startExclusive;
    return token(lo).compareTo(token(startExclusive)) >= 0 ? lo : startExclusive;
  }

  /** The earlier of the range's end and the scan's. */
  String minEnd(String hi) {
    if (endInclusive == null) return hi;
    if (hi == null) return endInclusive;
    return token(hi).compareTo(token(endInclusive)) <= 0 ? hi : endInclusive;
  }
}
