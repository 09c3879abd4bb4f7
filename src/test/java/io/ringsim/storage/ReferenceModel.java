package io.ringsim.storage;

import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The storage rules restated as simply as possible: keep every write and deletion ever made and decide what a read
 * sees by looking at all of them. No memtables, no SSTables, no merging, no purging.
 */
final class ReferenceModel {
  static final int STATIC = Integer.MIN_VALUE;

  record CellWrite(int pk, int ck, String col, byte[] value, long ts, int ttl, int expiry) {
    boolean tombstone() {
      return value == null;
    }

    boolean liveAt(int now) {
      return !tombstone() && (ttl == 0 || now < expiry);
    }
  }

  record Marker(int pk, int ck, long ts, int ttl, int expiry) {}

  record RangeDel(int pk, int lo, int hi, long ts) {}

  /** One row as the model says a read must return it. */
  record ExpectedRow(int ck, Integer v1, String v2, Long v1WriteTime, Integer v1Ttl) {}

  final List<CellWrite> cells = new ArrayList<>();
  final List<Marker> markers = new ArrayList<>();
  final List<RangeDel> rowDeletes = new ArrayList<>(); // lo == hi
  final List<RangeDel> rangeDeletes = new ArrayList<>();
  final List<long[]> partitionDeletes = new ArrayList<>(); // {pk, ts}

  void insert(int pk, int ck, int v1, long ts, int ttl, int now) {
    markers.add(new Marker(pk, ck, ts, ttl, now + ttl));
    cells.add(new CellWrite(pk, ck, "v1", TestTable.i(v1), ts, ttl, now + ttl));
  }

  void update(int pk, int ck, String col, byte[] value, long ts, int ttl, int now) {
    cells.add(new CellWrite(pk, ck, col, value, ts, ttl, now + ttl));
  }

  void deleteCell(int pk, int ck, String col, long ts) {
    cells.add(new CellWrite(pk, ck, col, null, ts, 0, 0));
  }

  void deleteRow(int pk, int ck, long ts) {
    rowDeletes.add(new RangeDel(pk, ck, ck, ts));
  }

  void deleteRange(int pk, int lo, int hi, long ts) {
    rangeDeletes.add(new RangeDel(pk, lo, hi, ts));
  }

  void deletePartition(int pk, long ts) {
    partitionDeletes.add(new long[] {pk, ts});
  }

  void writeStatic(int pk, int v, long ts) {
    cells.add(new CellWrite(pk, STATIC, "s", TestTable.i(v), ts, 0, 0));
  }

  /** The newest deletion timestamp covering (pk, ck), or Long.MIN_VALUE. */
  private long deletedAt(int pk, int ck) {
    long d = Long.MIN_VALUE;
    for (long[] p : partitionDeletes) if (p[0] == pk) d = Math.max(d, p[1]);
    if (ck == STATIC) return d;
    for (RangeDel r : rowDeletes) if (r.pk == pk && r.lo == ck) d = Math.max(d, r.ts);
    for (RangeDel r : rangeDeletes) if (r.pk == pk && r.lo <= ck && ck <= r.hi) d = Math.max(d, r.ts);
    return d;
  }

  /** Higher timestamp; on a tie a tombstone, then an expiring cell (later expiry first), then the greater value. */
  private static boolean beats(CellWrite a, CellWrite b) {
    if (a.ts != b.ts) return a.ts > b.ts;
    int ra = a.tombstone() ? 2 : a.ttl > 0 ? 1 : 0;
    int rb = b.tombstone() ? 2 : b.ttl > 0 ? 1 : 0;
    if (ra != rb) return ra > rb;
    if (ra == 1 && a.expiry != b.expiry) return a.expiry > b.expiry;
    if (ra == 2) return true;
    return Arrays.compareUnsigned(a.value, b.value) > 0;
  }

  CellWrite visible(int pk, int ck, String col, int now) {
    CellWrite win = null;
    for (CellWrite c : cells) {
      if (c.pk == pk && c.ck == ck && c.col.equals(col) && (win == null || beats(c, win))) win = c;
    }
    if (win == null || !win.liveAt(now) || deletedAt(pk, ck) >= win.ts) return null;
    return win;
  }

  private boolean markerLive(int pk, int ck, int now) {
    Marker win = null;
    for (Marker m : markers) {
      if (m.pk != pk || m.ck != ck) continue;
      if (win == null || m.ts > win.ts || (m.ts == win.ts && ((m.ttl > 0 && win.ttl == 0)
          || ((m.ttl > 0) == (win.ttl > 0) && m.expiry > win.expiry)))) win = m;
    }
    return win != null && (win.ttl == 0 || now < win.expiry) && deletedAt(pk, ck) < win.ts;
  }

  List<ExpectedRow> rows(int pk, int now, List<Integer> cksInOrder) {
    List<ExpectedRow> out = new ArrayList<>();
    for (int ck : cksInOrder) {
      CellWrite v1 = visible(pk, ck, "v1", now);
      CellWrite v2 = visible(pk, ck, "v2", now);
      if (v1 == null && v2 == null && !markerLive(pk, ck, now)) continue;
      out.add(new ExpectedRow(ck,
          v1 == null ? null : (Integer) CqlTypes.INT.deserialize(v1.value),
          v2 == null ? null : (String) CqlTypes.TEXT.deserialize(v2.value),
          v1 == null ? null : v1.ts,
          v1 == null ? null : v1.ttl == 0 ? 0 : v1.expiry - now));
    }
    return out;
  }

  Integer staticValue(int pk, int now) {
    CellWrite s = visible(pk, STATIC, "s", now);
    return s == null ? null : (Integer) CqlTypes.INT.deserialize(s.value);
  }
}
