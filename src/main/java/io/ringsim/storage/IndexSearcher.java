package io.ringsim.storage;

import io.ringsim.ring.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A replica's read of a token range by a built-in secondary index (Cassandra's CassandraIndexSearcher): the value is
 * looked up in the node's {@link LocalIndex}, and only the partitions it names are read, in token order. Each of their
 * live rows is checked against the value again, so an entry that an overwrite, a delete, an expired TTL or a removed
 * collection element left behind returns nothing. The rows that still match are kept; the row limit counts them.
 *
 * <p>The entries it finds stale it deletes from the index, as Cassandra's CompositesSearcher does
 * ({@link #staleEntries}), so the next read by the same value no longer reads their rows.
 */
public final class IndexSearcher {
  private IndexSearcher() {}

  /**
   * What the search found: each partition's data cut to its matching rows (its static row and deletions kept), how
   * many partitions the index named and were read, the live rows read in them, the rows kept, the SSTables touched
   * and the tombstones walked.
   */
  public record Result(List<Partition> partitions, int partitionsRead, long rowsRead, long rowsMatched,
      int sstablesTouched, long tombstones, int staleEntriesDeleted) {}

  /**
   * @param rowLimit at most this many matching rows (a page's; the last partition may be cut), or Long.MAX_VALUE
   * @param partitionLimit stop once this many partitions are kept
   * @throws TombstoneOverwhelmingException as a scan's read of a partition would
   */
  public static Result search(TableStore t, LocalIndex ix, IndexQuery q, Token start, Token end, ReadFilter f,
      int nowInSec, long rowLimit, int partitionLimit) {
    // A partition is read whole (within the slices): the limit counts the rows that still match, not the rows read.
    ReadFilter whole = new ReadFilter(f.slices(), f.reversed(), Integer.MAX_VALUE, false, f.named());
    long wanted = rowLimit;
    List<Partition> out = new ArrayList<>();
    int sstables = 0, partitions = 0, deleted = 0;
    long tombs = 0, read = 0, matched = 0;
    java.util.Iterator<LocalIndex.Entry> hits = ix.lookup(q, start, end);
    LocalIndex.Entry hit = hits.hasNext() ? hits.next() : null;
    int clusteringColumns = t.schema().metadata().clusteringColumns().size();
    boolean wholeRows = f.slices().size() == 1 && f.slices().get(0).start().prefix().length == 0
        && f.slices().get(0).end().prefix().length == 0;
    while (hit != null && wanted > 0) {
      DecoratedKey k = hit.key();
      // The partition's entries (one per row the value was written in): it is read once, and only those rows when
      // the index names rows and the query takes whole rows (CassandraIndexSearcher reads the indexed rows by name).
      Set<Clustering> named = new TreeSet<>(t.schema().clustering());
      List<LocalIndex.Entry> entries = new ArrayList<>();
      do {
        named.add(hit.clustering());
        entries.add(hit);
        hit = hits.hasNext() ? hits.next() : null;
      } while (hit != null && hit.key().equals(k));
      ReadFilter rows = whole;
      if (wholeRows && clusteringColumns > 0 && !ix.wholePartitions()) {
        List<Slice> exact = new ArrayList<>(named.size());
        for (Clustering c : named) {
          byte[][] v = new byte[c.size()][];
          for (int j = 0; j < v.length; j++) v[j] = c.get(j);
          exact.add(new Slice(ClusteringBound.inclusive(v), ClusteringBound.inclusive(v)));
        }
        rows = new ReadFilter(exact, f.reversed(), Integer.MAX_VALUE, false, f.named());
      }
      PartitionRead r = t.scanRead(k, rows, nowInSec);
      partitions++;
      sstables += r.stats().sstablesTouched();
      tombs += r.stats().tombstonesScanned();
      read += r.stats().liveRows();
      if (r.data() == null) continue;
      LivePartition live = r.live();
      if (wholeRows || ix.wholePartitions()) {
        for (LocalIndex.Entry stale : staleEntries(ix, q, entries, r.data(), live)) {
          ix.deleteStale(q, stale);
          deleted++;
        }
      }
      // A static column's or a key component's index matches the partition: all of its live rows are kept.
      boolean partitionMatch = ix.onPartitionKey() ? ix.matchesKey(q, k)
          : ix.onStatic() && ix.matches(q, live.staticRow());
      if (ix.wholePartitions() && !partitionMatch) continue;
      Set<Clustering> keep = new TreeSet<>(t.schema().clustering());
      for (LiveRow row : live.rows()) {
        if (keep.size() >= wanted) break;
        if (partitionMatch || ix.matches(q, row)) keep.add(row.clustering());
      }
      if (keep.isEmpty() && !(partitionMatch && live.staticRow() != null)) continue;
      wanted -= keep.size();
      matched += keep.size();
      out.add(retain(r.data(), keep));
      if (out.size() >= partitionLimit) break;
    }
    return new Result(out, partitions, read, matched, sstables, tombs, deleted);
  }

  /**
   * The entries of one partition that CompositesSearcher.filterStaleEntries deletes, in its order: those the
   * partition's deletion shadows; for an index that names rows, each whose row the read returned but whose indexed
   * value that row no longer holds live (a row that is deleted, overwritten, expired, or lost the element), and each
   * whose row is gone when a later entry's row was returned (its findEntry: entries after the last returned row are
   * left); for a static column's index, all of them when the static row no longer holds the value. A partition key
   * component's index deletes none here. Only reads of whole partitions delete (Cassandra leaves entries outside
   * the query's clustering slices unread).
   */
  static List<LocalIndex.Entry> staleEntries(LocalIndex ix, IndexQuery q, List<LocalIndex.Entry> entries,
      Partition data, LivePartition live) {
    List<LocalIndex.Entry> out = new ArrayList<>();
    if (ix.onPartitionKey()) return out;
    DeletionTime pd = data.deletion();
    for (LocalIndex.Entry e : entries) if (!pd.isLive() && pd.deletes(e.timestamp())) out.add(e);
    if (ix.onStatic()) {
      if (!ix.matches(q, live.staticRow())) {
        for (LocalIndex.Entry e : entries) if (!out.contains(e)) out.add(e);
      }
      return out;
    }
    java.util.Map<Clustering, LiveRow> liveRows = new java.util.TreeMap<>(data.comparator());
    for (LiveRow r : live.rows()) liveRows.put(r.clustering(), r);
    List<LocalIndex.Entry> missing = new ArrayList<>();
    for (LocalIndex.Entry e : entries) {
      Row row = data.rows().get(e.clustering());
      if (row == null || shadowed(data, row)) {
        missing.add(e);
        continue;
      }
      // A returned row: the entries before it whose rows were not returned are stale.
      for (LocalIndex.Entry m : missing) if (!out.contains(m)) out.add(m);
      missing.clear();
      if (!ix.matches(q, liveRows.get(e.clustering())) && !out.contains(e)) out.add(e);
    }
    return out;
  }

  /**
   * Whether a partition's or range tombstone shadows everything of {@code r}: Cassandra's merge drops such a row, so
   * its searcher never sees it.
   */
  private static boolean shadowed(Partition p, Row r) {
    DeletionTime d = p.deletion();
    for (RangeTombstone rt : p.rangeTombstones()) {
      if (rt.slice().contains(p.comparator(), r.clustering())) d = DeletionTime.max(d, rt.deletion());
    }
    return !d.isLive() && r.maxTimestamp() <= d.markedForDeleteAt() && !r.deletion().supersedes(d);
  }

  /** {@code data} with only the rows in {@code keep}; its deletions and static row stay. */
  private static Partition retain(Partition data, Set<Clustering> keep) {
    Partition p = new Partition(data.key(), data.comparator());
    p.delete(data.deletion());
    for (RangeTombstone rt : data.rangeTombstones()) p.appendRangeTombstone(rt);
    if (data.staticRow() != null) p.add(data.staticRow());
    for (Row row : data.rows().values()) if (keep.contains(row.clustering())) p.add(row);
    return p;
  }
}
