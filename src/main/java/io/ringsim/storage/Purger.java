package io.ringsim.storage;

import java.util.Map;

/**
 * What compaction writes for a merged partition: shadowed data dropped, expired cells turned into tombstones, and
 * tombstones dropped once they are older than gc_grace_seconds AND older than any data for the same partition that
 * lives outside this compaction (else the data they delete would come back).
 */
final class Purger {
  private final int gcBefore;
  private final int nowInSec;
  private long purgedTombstones;

  Purger(int gcBefore, int nowInSec) {
    this.gcBefore = gcBefore;
    this.nowInSec = nowInSec;
  }

  long purgedTombstones() {
    return purgedTombstones;
  }

  /** @param maxPurgeable tombstones with a timestamp below this may be dropped (Long.MAX_VALUE: nothing elsewhere) */
  Partition purge(Partition p, long maxPurgeable) {
    // Plain live data has nothing to drop: keep the partition itself rather than a copy of every row, so a
    // compaction does not hold its whole input twice (inputs plus rebuilt outputs) at its peak.
    if (isPlainLive(p)) return p;
    Partition out = new Partition(p.key(), p.comparator());
    DeletionTime pd = p.deletion();
    boolean dropPd = purgeable(pd, maxPurgeable);
    if (!pd.isLive() && !dropPd) out.delete(pd);
    if (dropPd) purgedTombstones++;
    for (RangeTombstone rt : p.rangeTombstones()) {
      if (!pd.isLive() && !rt.deletion().supersedes(pd)) continue;
      if (purgeable(rt.deletion(), maxPurgeable)) purgedTombstones++;
      else out.appendRangeTombstone(rt);
    }
    if (p.staticRow() != null) {
      Row r = purgeRow(p.staticRow(), pd, maxPurgeable);
      if (r != null) out.add(r);
    }
    for (Row row : p.rows().values()) {
      DeletionTime outer = pd;
      for (RangeTombstone rt : p.rangeTombstones()) {
        if (rt.slice().contains(p.comparator(), row.clustering())) outer = DeletionTime.max(outer, rt.deletion());
      }
      Row r = purgeRow(row, outer, maxPurgeable);
      if (r != null) out.add(r);
    }
    return out.isEmpty() ? null : out;
  }

  /** No deletion, tombstone, TTL or collection anywhere: purging would rebuild the partition unchanged. */
  static boolean isPlainLive(Partition p) {
    return p.isPlainLive();
  }

  /** {@link #isPlainLive(Partition)} worked out (the partition keeps the answer until it changes). */
  static boolean walkPlainLive(Partition p) {
    if (!p.deletion().isLive() || !p.rangeTombstones().isEmpty() || p.isEmpty()) return false;
    if (p.staticRow() != null && !isPlainLive(p.staticRow())) return false;
    for (Row r : p.rows().values()) if (!isPlainLive(r)) return false;
    return true;
  }

  private static boolean isPlainLive(Row r) {
    if (!r.deletion().isLive() || !r.complex().isEmpty() || r.isEmpty() || r.liveness().ttl() > 0) return false;
    for (int i = 0; i < r.cellCount(); i++) {
      Cell c = r.cell(i);
      if (c.localDeletionTime() != Cell.NO_DELETION_TIME || c.ttl() > 0) return false;
    }
    return true;
  }

  private boolean purgeable(DeletionTime d, long maxPurgeable) {
    return !d.isLive() && d.localDeletionTime() < gcBefore && d.markedForDeleteAt() < maxPurgeable;
  }

  private Row purgeRow(Row row, DeletionTime outer, long maxPurgeable) {
    Row.Builder b = Row.builder(row.clustering());
    DeletionTime rd = row.deletion();
    if (!rd.isLive() && (outer.isLive() || rd.supersedes(outer))) {
      if (purgeable(rd, maxPurgeable)) purgedTombstones++;
      else b.delete(rd);
    }
    DeletionTime shadow = DeletionTime.max(outer, rd);
    LivenessInfo l = row.liveness();
    if (!l.isEmpty() && !shadow.deletes(l.timestamp())) {
      boolean expired = l.ttl() > 0 && !l.isLive(nowInSec);
      // An expired row marker is a tombstone of the marker only; it can go once past gc grace, counted from when it
      // was written (a view's marker born expired) or from when it expired.
      long deletedAt = l.isExpired() ? l.localExpirationTime() : (long) l.localExpirationTime() - l.ttl();
      if (!(expired && deletedAt < gcBefore && l.timestamp() < maxPurgeable)) b.marker(l);
    }
    for (int i = 0; i < row.cellCount(); i++) {
      Cell c = row.cell(i);
      if (shadow.deletes(c.timestamp())) continue;
      Cell kept = c.purge(c.timestamp() < maxPurgeable ? gcBefore : Integer.MIN_VALUE, nowInSec);
      if (kept == null) purgedTombstones++;
      else b.cell(row.name(i), kept);
    }
    for (Map.Entry<String, ComplexColumn> e : row.complex().entrySet()) {
      ComplexColumn col = e.getValue();
      DeletionTime cd = col.deletion();
      ComplexColumn out = ComplexColumn.of(
          !cd.isLive() && !purgeable(cd, maxPurgeable) && (shadow.isLive() || cd.supersedes(shadow))
              ? cd : DeletionTime.LIVE,
          col.cells().comparator());
      DeletionTime cshadow = DeletionTime.max(shadow, cd);
      for (Map.Entry<byte[], Cell> c : col.cells().entrySet()) {
        if (cshadow.deletes(c.getValue().timestamp())) continue;
        Cell kept = c.getValue().purge(c.getValue().timestamp() < maxPurgeable ? gcBefore : Integer.MIN_VALUE,
            nowInSec);
        if (kept == null) purgedTombstones++;
        else out.cells().put(c.getKey(), kept);
      }
      if (!out.cells().isEmpty() || !out.deletion().isLive()) b.complex(e.getKey(), out);
    }
    Row r = b.build();
    return r.isEmpty() ? null : r;
  }
}
