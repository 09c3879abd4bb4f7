package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How one read of a partition walks a table's SSTables. A single-partition read takes them newest data first
 * ({@link #order}) and stops at the first one too old to matter, as Cassandra 4.1 does: for rows named by their key,
 * once they are complete against it ({@link NamedRowsRead}); for any other read, once a partition deletion already
 * read is newer than all it holds. A range scan's or a repair's read takes every SSTable in the table's own order.
 * Either way the versions read are merged in the table's own order (newest SSTable first), as before reads took
 * them by max timestamp: the same merge, so a replica ships the same bytes for the same data.
 */
final class SSTableWalk {
  private final boolean stops;
  private final NamedRowsRead rule;
  private final List<Clustering> named;
  /** The SSTable of each version read after the memtable's, in the order read (only when the walk stops early). */
  private List<SSTable> sources = List.of(); // a list of its own once a version is taken
  /** What a read of named rows has found so far, merged. */
  private Partition soFar;
  private long partitionDeletion = Long.MIN_VALUE;

  /**
   * @param memtable what the memtable holds for the read (null: nothing), read before any SSTable
   * @param singlePartition a single-partition read, which may stop early; false for a scan's or a repair's read
   */
  SSTableWalk(NamedRowsRead rule, ReadFilter filter, Partition memtable, boolean singlePartition) {
    this.stops = singlePartition;
    this.rule = rule;
    this.named = singlePartition ? rule.namedRows(filter) : null;
    if (memtable != null) took(memtable);
  }

  /** The order a single-partition read takes SSTables in: largest max timestamp first (ties keep the table's). */
  static List<SSTable> order(List<SSTable> newestFirst) {
    List<SSTable> out = new ArrayList<>(newestFirst);
    out.sort(Comparator.comparingLong(SSTable::maxTimestamp).reversed());
    return List.copyOf(out);
  }

  /** Whether the read stops before {@code s}, and so before every SSTable after it. */
  boolean stopsBefore(SSTable s) {
    if (!stops) return false;
    return named != null ? rule.complete(soFar, named, s.maxTimestamp()) : s.maxTimestamp() < partitionDeletion;
  }

  /** The read took {@code version} from {@code s}. */
  void took(Partition version, SSTable s) {
    if (!stops) return;
    if (sources.isEmpty()) sources = new ArrayList<>(4);
    sources.add(s);
    took(version);
  }

  private void took(Partition version) {
    if (named != null) soFar = soFar == null ? version : Partition.merge(List.of(soFar, version));
    partitionDeletion = Math.max(partitionDeletion, version.deletion().markedForDeleteAt());
  }

  /**
   * Puts the versions read from SSTables (the last ones of {@code versions}, one per {@link #took}) back in the
   * table's own order, newest SSTable first.
   */
  <T> void inTableOrder(List<T> versions) {
    int n = sources.size();
    if (n < 2) return;
    int first = versions.size() - n;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) order[i] = i;
    java.util.Arrays.sort(order, (a, b) -> Long.compare(sources.get(b).generation(), sources.get(a).generation()));
    List<T> read = new ArrayList<>(versions.subList(first, versions.size()));
    for (int i = 0; i < n; i++) versions.set(first + i, read.get(order[i]));
  }
}
