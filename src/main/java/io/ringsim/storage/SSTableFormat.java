package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * How an SSTable holds one partition as bytes. Everything a {@link Partition} holds is kept (tombstones, TTLs,
 * local deletion times), so decoding gives back an equal partition. Compact because a node holds millions of them:
 * lengths and counts are varints, column names are numbers into the SSTable's column table, and timestamps are
 * unsigned deltas (mod 2^64, so any long round-trips) from the partition's smallest timestamp, which is itself a
 * signed delta from the SSTable's base (its first partition's). Only that one delta depends on the SSTable, so a
 * compaction can copy a partition's bytes into its output with that delta rewritten ({@link #rebase}).
 *
 * <pre>
 * partition: key(bytes) dataSize cellCount rowCount minTimestamp maxTimestamp flags [deletion] [rangeTombstones]
 *            [staticRow] row*  (rowCount of them)
 * row:       clustering bodyLength body        (the length lets a sliced read skip rows it does not want)
 * body:      flags [liveness] [deletion] cellCount (columnId cell)* [complexCount (columnId deletion? n (path cell)*)*]
 * cell:      flags timestampDelta [ttl] [localDeletionTime] value(bytes)
 * </pre>
 */
final class SSTableFormat {
  private SSTableFormat() {}

  /** P_PLAIN: live data only (no deletion, tombstone, TTL or collection), which compaction never rewrites. */
  private static final int P_DELETION = 1, P_RANGE_TOMBSTONES = 2, P_STATIC = 4, P_PLAIN = 8;
  private static final int R_LIVENESS = 1, R_LIVENESS_TTL = 2, R_DELETION = 4, R_COMPLEX = 8;
  private static final int C_TTL = 1, C_DELETION_TIME = 2;

  /** Column names, numbered as an SSTable's writer first meets them, with each collection's element order. */
  static final class Columns {
    private final List<String> names = new ArrayList<>();
    private final List<Comparator<? super byte[]>> pathOrders = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();
    private int changes;

    int id(String name, Comparator<? super byte[]> pathOrder) {
      Integer i = ids.get(name);
      if (i == null) {
        i = names.size();
        ids.put(name, i);
        names.add(name);
        pathOrders.add(pathOrder);
        changes++;
      } else if (pathOrder != null && pathOrders.get(i) == null) {
        pathOrders.set(i, pathOrder);
        changes++;
      }
      return i;
    }

    /** Changes so far: a frozen table is still this table's while the count is the same. */
    int changes() {
      return changes;
    }

    /**
     * Whether partitions encoded against {@code t} mean the same here: every column of {@code t} has the same number
     * in this table (those not met yet are added, in {@code t}'s order). False leaves this table as it was.
     */
    boolean adopt(ColumnTable t) {
      for (int i = 0; i < t.names().length; i++) {
        if (i < names.size() ? !names.get(i).equals(t.names()[i]) : ids.containsKey(t.names()[i])) return false;
      }
      for (int i = 0; i < t.names().length; i++) id(t.names()[i], t.pathOrders()[i]);
      return true;
    }

    ColumnTable freeze() {
      @SuppressWarnings("unchecked")
      Comparator<? super byte[]>[] orders = pathOrders.toArray(new Comparator[0]);
      return new ColumnTable(names.toArray(new String[0]), orders);
    }
  }

  /** An SSTable's frozen column table. */
  record ColumnTable(String[] names, Comparator<? super byte[]>[] pathOrders) {
    /** Whether every column numbered here is one of {@code columns}. */
    boolean namesOnly(java.util.Set<String> columns) {
      for (String n : names) if (!columns.contains(n)) return false;
      return true;
    }
  }

  /** Where the parts of an encoded partition start, read without decoding any row. */
  static final class Header {
    int keyOffset;
    int keyLength;
    long dataSize;
    long cellCount;
    int rowCount;
    long minTimestamp;
    long maxTimestamp;
    /** Where the partition's smallest timestamp (the SSTable-relative delta) starts, and where it ends. */
    int minOffset;
    int afterMinOffset;
    boolean plain;
    boolean hasStatic;
    int bodyOffset;

    Header read(byte[] buf, int offset, long baseTimestamp) {
      ByteSource in = new ByteSource(buf, offset);
      keyLength = in.uvarint32();
      keyOffset = in.pos;
      in.skip(keyLength);
      dataSize = in.uvarint();
      cellCount = in.uvarint();
      rowCount = in.uvarint32();
      minOffset = in.pos;
      minTimestamp = baseTimestamp + in.zigzag();
      afterMinOffset = in.pos;
      maxTimestamp = minTimestamp + in.uvarint();
      bodyOffset = in.pos; // at the flags, which the body's decoder reads
      plain = (buf[bodyOffset] & P_PLAIN) != 0;
      hasStatic = (buf[bodyOffset] & P_STATIC) != 0;
      return this;
    }
  }

  /**
   * Whether the partition whose header {@code h} was read from {@code buf} is one plain row without clustering
   * values or static row, carrying a row marker without TTL (what an INSERT writes): with a cell for every regular
   * column, such a row shadows every older version of its partition that is plain too (see
   * {@link PartitionMerger#coveringVersion}).
   */
  static boolean isPlainMarkedRow(byte[] buf, Header h) {
    if (!h.plain || h.rowCount != 1 || h.hasStatic) return false;
    // Plain: the partition's flags (at bodyOffset) are followed by its one row, no deletion or tombstone before it.
    ByteSource in = new ByteSource(buf, h.bodyOffset + 1);
    if (in.uvarint32() != 0) return false; // clustering values
    in.uvarint32(); // the row body's length
    int flags = in.read();
    return (flags & (R_LIVENESS | R_LIVENESS_TTL | R_DELETION | R_COMPLEX)) == R_LIVENESS;
  }

  /**
   * Encodes {@code p} (whose data size, cell count, smallest and largest timestamps and plainness the caller has
   * already worked out for the SSTable's own figures: each is a walk over the partition).
   */
  static void encode(Partition p, long baseTimestamp, long dataSize, long cellCount, long minTimestamp,
      long maxTimestamp, boolean plain, Columns cols, ByteSink out, ByteSink rowScratch) {
    out.bytes(p.key().key());
    out.uvarint(dataSize);
    out.uvarint(cellCount);
    out.uvarint(p.rowCount());
    long base = minTimestamp;
    out.zigzag(base - baseTimestamp);
    out.uvarint(maxTimestamp - base);
    int flags = (p.deletion().equals(DeletionTime.LIVE) ? 0 : P_DELETION)
        | (p.rangeTombstones().isEmpty() ? 0 : P_RANGE_TOMBSTONES) | (p.staticRow() == null ? 0 : P_STATIC)
        | (plain ? P_PLAIN : 0);
    out.write(flags);
    if ((flags & P_DELETION) != 0) deletion(out, p.deletion(), base);
    if ((flags & P_RANGE_TOMBSTONES) != 0) {
      out.uvarint(p.rangeTombstones().size());
      for (RangeTombstone rt : p.rangeTombstones()) {
        bound(out, rt.slice().start());
        bound(out, rt.slice().end());
        deletion(out, rt.deletion(), base);
      }
    }
    if (p.staticRow() != null) body(out, p.staticRow(), base, cols);
    for (Row r : p.rows().values()) {
      Clustering c = r.clustering();
      out.uvarint(c.size());
      for (int i = 0; i < c.size(); i++) out.bytes(c.get(i));
      rowScratch.reset();
      body(rowScratch, r, base, cols);
      out.uvarint(rowScratch.len);
      out.write(rowScratch.buf, 0, rowScratch.len);
    }
  }

  /**
   * Copies the encoded partition in {@code buf[offset, end)} (its header read into {@code h}) into {@code out} for an
   * SSTable whose base timestamp is {@code baseTimestamp}: only the partition's smallest timestamp is re-encoded.
   * The caller makes sure both SSTables number their columns alike.
   */
  static void rebase(byte[] buf, int offset, int end, Header h, long baseTimestamp, ByteSink out) {
    out.write(buf, offset, h.minOffset - offset);
    out.zigzag(h.minTimestamp - baseTimestamp);
    out.write(buf, h.afterMinOffset, end - h.afterMinOffset);
  }

  /**
   * Decodes the partition at {@code offset}; with {@code slices} only the rows inside them (what
   * {@link Partition#slice} keeps: tombstones and the static row always), else every row.
   */
  static Partition decode(byte[] buf, int offset, DecoratedKey key, long baseTimestamp, ClusteringComparator cmp,
      ColumnTable cols, List<Slice> slices) {
    Header h = new Header().read(buf, offset, baseTimestamp);
    long base = h.minTimestamp;
    ByteSource in = new ByteSource(buf, h.bodyOffset);
    Partition p = new Partition(key, cmp);
    head(in, p, base, cols);
    boolean all = slices == null || isAll(slices);
    for (int i = 0; i < h.rowCount; i++) {
      Clustering c = clustering(in);
      int length = in.uvarint32();
      if (!all && !selected(slices, cmp, c)) {
        if (pastEveryEnd(slices, cmp, c)) break; // rows are sorted: none further on can be selected
        in.skip(length);
        continue;
      }
      p.add(body(in, c, base, cols));
    }
    return p;
  }

  /** A row's clustering: its count of values, then each value's bytes. */
  private static Clustering clustering(ByteSource in) {
    int n = in.uvarint32();
    byte[][] values = new byte[n][];
    for (int j = 0; j < n; j++) values[j] = in.bytes();
    return Clustering.of(values);
  }

  /** The partition-level part before the rows: its deletion, range tombstones and static row. */
  private static void head(ByteSource in, Partition p, long base, ColumnTable cols) {
    int flags = in.read();
    if ((flags & P_DELETION) != 0) p.delete(deletion(in, base));
    if ((flags & P_RANGE_TOMBSTONES) != 0) {
      int n = in.uvarint32();
      for (int i = 0; i < n; i++) {
        ClusteringBound s = bound(in);
        ClusteringBound e = bound(in);
        p.appendRangeTombstone(new RangeTombstone(new Slice(s, e), deletion(in, base)));
      }
    }
    if ((flags & P_STATIC) != 0) p.add(body(in, Clustering.STATIC, base, cols));
  }

  /**
   * Like {@link #decode} with slices, but at most {@code cap} selected rows, the first ones in the query's order
   * (the last ones when {@code reversed}): a page's read. The format has no row index, so the rows before the
   * page are still stepped over by their headers, but only the page's rows are decoded.
   */
  static BoundedSlice decodeBounded(byte[] buf, int offset, DecoratedKey key, long baseTimestamp,
      ClusteringComparator cmp, ColumnTable cols, List<Slice> slices, boolean reversed, int cap) {
    Header h = new Header().read(buf, offset, baseTimestamp);
    long base = h.minTimestamp;
    ByteSource in = new ByteSource(buf, h.bodyOffset);
    Partition p = new Partition(key, cmp);
    head(in, p, base, cols);
    boolean all = isAll(slices);
    // Reversed: the last `cap` selected rows, kept as (clustering, body offset) in a ring, decoded at the end.
    Clustering[] ringKeys = reversed ? new Clustering[cap] : null;
    int[] ringOffsets = reversed ? new int[cap] : null;
    long selected = 0;
    boolean truncated = false;
    for (int i = 0; i < h.rowCount; i++) {
      Clustering c = clustering(in);
      int length = in.uvarint32();
      if (!all && !selected(slices, cmp, c)) {
        if (pastEveryEnd(slices, cmp, c)) break;
        in.skip(length);
        continue;
      }
      if (!reversed) {
        if (selected == cap) {
          truncated = true;
          break;
        }
        p.add(body(in, c, base, cols));
      } else {
        ringKeys[(int) (selected % cap)] = c;
        ringOffsets[(int) (selected % cap)] = in.pos;
        in.skip(length);
      }
      selected++;
    }
    if (reversed) {
      truncated = selected > cap;
      for (long k = Math.max(0, selected - cap); k < selected; k++) {
        int slot = (int) (k % cap);
        p.add(body(new ByteSource(buf, ringOffsets[slot]), ringKeys[slot], base, cols));
      }
    }
    return new BoundedSlice(p, truncated);
  }

  private static boolean isAll(List<Slice> slices) {
    for (Slice s : slices) if (s.start().isUnbounded() && s.end().isUnbounded()) return true;
    return false;
  }

  private static boolean selected(List<Slice> slices, ClusteringComparator cmp, Clustering c) {
    for (Slice s : slices) if (s.contains(cmp, c)) return true;
    return false;
  }

  private static boolean pastEveryEnd(List<Slice> slices, ClusteringComparator cmp, Clustering c) {
    for (Slice s : slices) if (cmp.compareToEnd(c, s.end()) <= 0) return false;
    return true;
  }

  private static void body(ByteSink out, Row r, long base, Columns cols) {
    LivenessInfo l = r.liveness();
    boolean liveness = !l.equals(LivenessInfo.EMPTY);
    boolean ttl = liveness && (l.ttl() != 0 || l.localExpirationTime() != Cell.NO_DELETION_TIME);
    int flags = (liveness ? R_LIVENESS : 0) | (ttl ? R_LIVENESS_TTL : 0)
        | (r.deletion().equals(DeletionTime.LIVE) ? 0 : R_DELETION) | (r.complex().isEmpty() ? 0 : R_COMPLEX);
    out.write(flags);
    if (liveness) out.uvarint(l.timestamp() - base);
    if (ttl) {
      out.zigzag(l.ttl());
      out.int32(l.localExpirationTime());
    }
    if ((flags & R_DELETION) != 0) deletion(out, r.deletion(), base);
    out.uvarint(r.cellCount());
    for (int i = 0; i < r.cellCount(); i++) {
      out.uvarint(cols.id(r.name(i), null));
      cell(out, r.cell(i), base);
    }
    if ((flags & R_COMPLEX) != 0) {
      out.uvarint(r.complex().size());
      for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
        ComplexColumn col = e.getValue();
        out.uvarint(cols.id(e.getKey(), col.cells().comparator()));
        boolean deleted = !col.deletion().equals(DeletionTime.LIVE);
        out.write(deleted ? 1 : 0);
        if (deleted) deletion(out, col.deletion(), base);
        out.uvarint(col.cells().size());
        for (Map.Entry<byte[], Cell> c : col.cells().entrySet()) {
          out.bytes(c.getKey());
          cell(out, c.getValue(), base);
        }
      }
    }
  }

  private static Row body(ByteSource in, Clustering c, long base, ColumnTable cols) {
    int flags = in.read();
    LivenessInfo l = LivenessInfo.EMPTY;
    if ((flags & R_LIVENESS) != 0) {
      long ts = base + in.uvarint();
      l = (flags & R_LIVENESS_TTL) != 0
          ? new LivenessInfo(ts, (int) in.zigzag(), in.int32())
          : new LivenessInfo(ts, 0, Cell.NO_DELETION_TIME);
    }
    DeletionTime d = (flags & R_DELETION) != 0 ? deletion(in, base) : DeletionTime.LIVE;
    int n = in.uvarint32();
    String[] names = new String[n];
    Cell[] cells = new Cell[n];
    for (int i = 0; i < n; i++) {
      names[i] = cols.names()[in.uvarint32()];
      cells[i] = cell(in, base);
    }
    Map<String, ComplexColumn> complex = Map.of();
    if ((flags & R_COMPLEX) != 0) {
      int m = in.uvarint32();
      TreeMap<String, ComplexColumn> cx = new TreeMap<>();
      for (int i = 0; i < m; i++) {
        int id = in.uvarint32();
        DeletionTime cd = in.read() != 0 ? deletion(in, base) : DeletionTime.LIVE;
        NavigableMap<byte[], Cell> elements = new TreeMap<>(cols.pathOrders()[id]);
        int k = in.uvarint32();
        for (int j = 0; j < k; j++) {
          byte[] path = in.bytes();
          elements.put(path, cell(in, base));
        }
        cx.put(cols.names()[id], new ComplexColumn(cd, elements));
      }
      complex = cx;
    }
    // Stored rows were built (and reconciled) before they were written, so they are rebuilt as they were.
    return new Row(c, l, d, names, cells, complex);
  }

  private static void cell(ByteSink out, Cell c, long base) {
    int flags = (c.ttl() != 0 ? C_TTL : 0) | (c.localDeletionTime() != Cell.NO_DELETION_TIME ? C_DELETION_TIME : 0);
    out.write(flags);
    out.uvarint(c.timestamp() - base);
    if ((flags & C_TTL) != 0) out.zigzag(c.ttl());
    if ((flags & C_DELETION_TIME) != 0) out.int32(c.localDeletionTime());
    out.bytes(c.value());
  }

  private static Cell cell(ByteSource in, long base) {
    int flags = in.read();
    long ts = base + in.uvarint();
    int ttl = (flags & C_TTL) != 0 ? (int) in.zigzag() : 0;
    int ldt = (flags & C_DELETION_TIME) != 0 ? in.int32() : Cell.NO_DELETION_TIME;
    return new Cell(ts, ttl, ldt, in.bytes());
  }

  private static void deletion(ByteSink out, DeletionTime d, long base) {
    out.uvarint(d.markedForDeleteAt() - base);
    out.int32(d.localDeletionTime());
  }

  private static DeletionTime deletion(ByteSource in, long base) {
    return new DeletionTime(base + in.uvarint(), in.int32());
  }

  private static void bound(ByteSink out, ClusteringBound b) {
    out.write(b.inclusive() ? 1 : 0);
    out.uvarint(b.prefix().length);
    for (byte[] v : b.prefix()) out.bytes(v);
  }

  private static ClusteringBound bound(ByteSource in) {
    boolean inclusive = in.read() != 0;
    int n = in.uvarint32();
    byte[][] prefix = new byte[n][];
    for (int i = 0; i < n; i++) prefix[i] = in.bytes();
    return new ClusteringBound(prefix, inclusive);
  }
}
