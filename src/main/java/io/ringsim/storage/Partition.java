package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A partition's data as written (a mutation), as held in a memtable, or as stored in an SSTable: the partition
 * deletion, range tombstones, the static row and the rows in clustering order, tombstones included. A memtable
 * mutates its partitions with {@link #apply}; everything else treats a partition as immutable.
 */
public final class Partition {
  private final DecoratedKey key;
  private final ClusteringComparator comparator;
  private DeletionTime deletion = DeletionTime.LIVE;
  // Most partitions never get a range tombstone: the shared empty list saves an ArrayList per partition held.
  private List<RangeTombstone> rangeTombstones = List.of();
  private Row staticRow;
  private final TreeMap<Clustering, Row> rows;
  /** What {@link #stats()} worked out, until the next change (null: not worked out, or changed since). */
  private Stats stats;

  public Partition(DecoratedKey key, ClusteringComparator comparator) {
    this.key = key;
    this.comparator = comparator;
    this.rows = new TreeMap<>(comparator);
  }

  public DecoratedKey key() {
    return key;
  }

  public ClusteringComparator comparator() {
    return comparator;
  }

  public DeletionTime deletion() {
    return deletion;
  }

  /** Read-only, as {@link #rows()}. */
  public List<RangeTombstone> rangeTombstones() {
    return rangeTombstones;
  }

  private List<RangeTombstone> mutableRangeTombstones() {
    if (!(rangeTombstones instanceof ArrayList)) rangeTombstones = new ArrayList<>(2);
    return rangeTombstones;
  }

  public Row staticRow() {
    return staticRow;
  }

  /** The rows, read-only: change them through {@link #add} and {@link #apply} (which forget {@link #stats()}). */
  public NavigableMap<Clustering, Row> rows() {
    return rows;
  }

  public int rowCount() {
    return rows.size();
  }

  public Partition delete(DeletionTime d) {
    stats = null;
    deletion = DeletionTime.max(deletion, d);
    return this;
  }

  public Partition addRangeTombstone(RangeTombstone rt) {
    stats = null;
    if (rangeTombstones.isEmpty()) mutableRangeTombstones().add(rt);
    else mergeRangeTombstones(List.of(rt));
    return this;
  }

  /** For copies of a partition whose tombstones are already one per slice (decoding, slicing, purging). */
  Partition appendRangeTombstone(RangeTombstone rt) {
    stats = null;
    mutableRangeTombstones().add(rt);
    return this;
  }

  /**
   * Keeps one tombstone per slice, the one deleting latest, as Cassandra's RangeTombstoneList does. Without it,
   * reconciling replicas' copies of one range delete (a read, a read repair, a merge) would hold it once per copy, and
   * a replica that is repaired would hold, and send back, more copies at every round.
   */
  private void mergeRangeTombstones(List<RangeTombstone> incoming) {
    List<RangeTombstone> list = mutableRangeTombstones();
    Map<SliceKey, Integer> at = new java.util.HashMap<>();
    for (int i = 0; i < list.size(); i++) at.put(new SliceKey(list.get(i).slice()), i);
    for (RangeTombstone rt : incoming) {
      Integer i = at.putIfAbsent(new SliceKey(rt.slice()), list.size());
      if (i == null) list.add(rt);
      else if (rt.deletion().supersedes(list.get(i).deletion())) list.set(i, rt);
    }
  }

  /** A slice compared by its bounds' values (ClusteringBound holds arrays, which a record compares by identity). */
  private record SliceKey(Slice slice) {
    @Override
    public boolean equals(Object o) {
      return o instanceof SliceKey k && same(slice.start(), k.slice.start()) && same(slice.end(), k.slice.end());
    }

    @Override
    public int hashCode() {
      return 31 * hash(slice.start()) + hash(slice.end());
    }

    private static boolean same(ClusteringBound a, ClusteringBound b) {
      return a.inclusive() == b.inclusive() && java.util.Arrays.deepEquals(a.prefix(), b.prefix());
    }

    private static int hash(ClusteringBound b) {
      return 31 * java.util.Arrays.deepHashCode(b.prefix()) + (b.inclusive() ? 1 : 0);
    }
  }

  public Partition add(Row row) {
    stats = null;
    if (row.clustering().isStatic()) staticRow = staticRow == null ? row : staticRow.merge(row);
    else rows.merge(row.clustering(), row, Row::merge);
    return this;
  }

  /** Merges {@code update} into this partition in place (memtable writes). */
  public void apply(Partition update) {
    stats = null;
    if (!update.deletion.isLive()) deletion = DeletionTime.max(deletion, update.deletion);
    if (!update.rangeTombstones.isEmpty()) mergeRangeTombstones(update.rangeTombstones);
    if (update.staticRow != null) add(update.staticRow);
    for (Row r : update.rows.values()) add(r);
  }

  /** A new partition reconciling all versions (newest source first or not: reconciliation is order-free). */
  public static Partition merge(Collection<Partition> versions) {
    Partition out = null;
    for (Partition p : versions) {
      if (out == null) out = new Partition(p.key, p.comparator);
      out.apply(p);
    }
    return out;
  }

  /** The part of this partition inside {@code slices} (tombstones and static row kept). */
  public Partition slice(List<Slice> slices) {
    Partition out = new Partition(key, comparator);
    out.deletion = deletion;
    out.staticRow = staticRow;
    for (RangeTombstone rt : rangeTombstones) out.mutableRangeTombstones().add(rt);
    for (Slice s : slices) {
      for (Row r : rowsIn(s).values()) out.rows.put(r.clustering(), r);
    }
    return out;
  }

  /** The rows of one slice as a view. */
  public NavigableMap<Clustering, Row> rowsIn(Slice s) {
    if (rows.isEmpty()) return rows;
    if (s.start().isUnbounded() && s.end().isUnbounded()) return rows;
    // Narrow with the tree, then check each candidate: bounds are prefixes, so a plain subMap is not exact.
    TreeMap<Clustering, Row> out = new TreeMap<>(comparator);
    for (Map.Entry<Clustering, Row> e : candidates(s).entrySet()) {
      if (s.contains(comparator, e.getKey())) out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  private NavigableMap<Clustering, Row> candidates(Slice s) {
    NavigableMap<Clustering, Row> m = rows;
    if (!s.start().isUnbounded()) {
      Clustering lo = Clustering.of(s.start().prefix());
      Clustering floor = rows.floorKey(lo);
      if (floor != null) m = m.tailMap(floor, true);
    }
    return m;
  }

  public boolean isEmpty() {
    return deletion.isLive() && rangeTombstones.isEmpty() && staticRow == null && rows.isEmpty();
  }

  /** Bytes this partition takes in an SSTable (the figure nodetool tablehistograms reports). */
  public long dataSize() {
    return stats().dataSize;
  }

  public long cellCount() {
    return stats().cellCount;
  }

  public long maxTimestamp() {
    return stats().maxTimestamp;
  }

  /** The smallest timestamp of anything held (Long.MAX_VALUE when nothing has one). */
  public long minTimestamp() {
    return stats().minTimestamp;
  }

  /** Live data only: no deletion, tombstone, TTL or collection (see {@link Purger#isPlainLive}). */
  boolean isPlainLive() {
    return stats().plainLive;
  }

  /**
   * The figures above, worked out together in one walk and kept until the partition changes: one mutation object is
   * sized, timestamped and encoded by its coordinator and by each of its replicas (in one JVM they share it), and a
   * walk per figure per replica was about 3% of a simulated write.
   */
  private record Stats(long dataSize, long cellCount, long minTimestamp, long maxTimestamp, boolean plainLive) {}

  private Stats stats() {
    Stats s = stats;
    if (s == null) stats = s = computeStats();
    return s;
  }

  private Stats computeStats() {
    long size = key.key().length + 8L + (deletion.isLive() ? 0 : DeletionTime.SIZE);
    size += rangeTombstones.size() * 48L;
    long cells = 0;
    long max = deletion.markedForDeleteAt();
    long min = deletion.isLive() ? Long.MAX_VALUE : deletion.markedForDeleteAt();
    for (RangeTombstone rt : rangeTombstones) {
      max = Math.max(max, rt.deletion().markedForDeleteAt());
      min = Math.min(min, rt.deletion().markedForDeleteAt());
    }
    if (staticRow != null) {
      size += staticRow.dataSize();
      cells += staticRow.cellCount();
      max = Math.max(max, staticRow.maxTimestamp());
      min = Math.min(min, staticRow.minTimestamp());
    }
    for (Row r : rows.values()) {
      size += r.dataSize();
      cells += r.cellCount();
      if (!r.complex().isEmpty()) for (ComplexColumn c : r.complex().values()) cells += c.cells().size();
      max = Math.max(max, r.maxTimestamp());
      min = Math.min(min, r.minTimestamp());
    }
    return new Stats(size, cells, min, max, Purger.walkPlainLive(this));
  }

  /**
   * This update with every timestamp replaced, as Cassandra's PartitionUpdate.Builder.updateAllTimestamp does: what
   * it writes at {@code ts}, what it deletes (the partition, ranges, rows, collections) at {@code ts - 1}.
   */
  public Partition withAllTimestamps(long ts) {
    Partition out = new Partition(key, comparator);
    if (!deletion.isLive()) out.deletion = new DeletionTime(ts - 1, deletion.localDeletionTime());
    for (RangeTombstone rt : rangeTombstones) {
      out.appendRangeTombstone(new RangeTombstone(rt.slice(), new DeletionTime(ts - 1,
          rt.deletion().localDeletionTime())));
    }
    if (staticRow != null) out.staticRow = staticRow.withAllTimestamps(ts);
    for (Row r : rows.values()) out.rows.put(r.clustering(), r.withAllTimestamps(ts));
    return out;
  }

  /** A deep-enough copy for freezing a memtable partition into an SSTable (rows are immutable already). */
  public Partition copy() {
    Partition out = new Partition(key, comparator);
    out.deletion = deletion;
    if (!rangeTombstones.isEmpty()) out.mutableRangeTombstones().addAll(rangeTombstones);
    out.staticRow = staticRow;
    // Same comparator and already sorted: TreeMap builds the copy in one linear pass, no comparisons.
    out.rows.putAll(rows);
    return out;
  }

  @Override
  public String toString() {
    return "Partition" + key + (deletion.isLive() ? "" : " deleted@" + deletion.markedForDeleteAt()) + " rts="
        + rangeTombstones + " static=" + staticRow + " rows=" + rows.values();
  }
}
