package io.ringsim.storage;

import io.ringsim.schema.ColumnDef;
import java.util.ArrayList;
import java.util.List;

/**
 * How Cassandra reads rows named by their whole primary key ({@link ReadFilter#named()}: a table without clustering
 * columns, or = / IN on every clustering column): the memtable first, then the SSTables from the newest data (largest
 * max timestamp) to the oldest, stopping as soon as what was read is newer than anything the next SSTable holds
 * (Cassandra 4.1's {@code SinglePartitionReadCommand.queryMemtableAndSSTablesInTimestampOrder}). A key overwritten
 * by INSERTs in three SSTables is read from one of them, or from none when the memtable holds a newer write: that is
 * what Cassandra's SSTables-per-read histogram counts (checked against Cassandra 4.1.10: {@code
 * oracle/sstables-per-read.sh}, {@code NamedRowsReadTest}).
 *
 * <p>The read stops before an SSTable whose newest data is older than a partition deletion already read, or when every
 * named row is complete against it: deleted by a row deletion or range tombstone at least as new, or with a row
 * timestamp (the primary key liveness an INSERT writes and an UPDATE does not) and a cell for every column newer than
 * it; and, in a table with static columns, the static row's every cell newer too. Counter tables and tables with a
 * non-frozen collection or user-defined type are read in full. Cassandra decides the last two by the columns a query
 * selects (a {@code SELECT k, v} leaves a list column out); ringsim's replicas always read every column, so for them
 * the rule takes every column: such a projection may read more SSTables here than in Cassandra.
 */
final class NamedRowsRead {
  private static final List<Clustering> WHOLE_PARTITION = List.of(Clustering.EMPTY);
  /** Whether the table's reads may stop early at all (no counter, collection or user-defined type column). */
  private final boolean eligible;
  private final int clusteringColumns;
  private final List<ColumnDef> regulars;
  private final List<ColumnDef> statics;
  private final ClusteringComparator comparator;

  /** The rule for one table's schema (a table keeps it until its schema changes). */
  NamedRowsRead(TableSchema schema) {
    boolean complex = false;
    for (ColumnDef c : schema.metadata().columns()) complex |= !c.isPrimaryKey() && TableSchema.isComplex(c.type());
    this.eligible = !complex;
    this.clusteringColumns = schema.metadata().clusteringColumns().size();
    this.regulars = schema.metadata().regularColumns();
    this.statics = schema.metadata().staticColumns();
    this.comparator = schema.clustering();
  }

  /** The rows {@code filter} names, when a read of them may stop early; null when it reads every SSTable. */
  List<Clustering> namedRows(ReadFilter filter) {
    if (!filter.named() || !eligible) return null;
    if (clusteringColumns == 0) {
      Slice only = filter.slices().size() == 1 ? filter.slices().get(0) : null;
      return only != null && only.start().isUnbounded() && only.end().isUnbounded() ? WHOLE_PARTITION : null;
    }
    // A page of a named read may resume past a row: then the slices are no longer rows, and the read is a full one.
    List<Clustering> named = new ArrayList<>(filter.slices().size());
    for (Slice s : filter.slices()) {
      ClusteringBound a = s.start(), b = s.end();
      if (!a.inclusive() || !b.inclusive() || a.prefix().length != clusteringColumns
          || b.prefix().length != clusteringColumns) return null;
      Clustering c = Clustering.of(a.prefix());
      if (!c.equals(Clustering.of(b.prefix()))) return null;
      named.add(c);
    }
    return named;
  }

  /**
   * Whether an SSTable whose newest data is {@code olderMaxTimestamp} can change nothing of what {@code soFar} (the
   * merge of what was read before it, null for nothing) holds for the named rows.
   */
  boolean complete(Partition soFar, List<Clustering> rows, long olderMaxTimestamp) {
    if (soFar == null) return false;
    if (olderMaxTimestamp < soFar.deletion().markedForDeleteAt()) return true;
    if (!statics.isEmpty()) {
      Row s = soFar.staticRow();
      if (s == null || !newer(s, statics, olderMaxTimestamp)) return false;
    }
    for (Clustering c : rows) {
      if (!rowComplete(soFar, c, olderMaxTimestamp)) return false;
    }
    return true;
  }

  private boolean rowComplete(Partition soFar, Clustering c, long olderMaxTimestamp) {
    for (RangeTombstone rt : soFar.rangeTombstones()) {
      if (rt.slice().contains(comparator, c) && rt.deletion().deletes(olderMaxTimestamp)) return true;
    }
    Row r = soFar.rows().get(c);
    if (r == null) return false;
    if (!r.deletion().isLive() && r.deletion().deletes(olderMaxTimestamp)) return true;
    if (r.liveness().isEmpty() || r.liveness().timestamp() <= olderMaxTimestamp) return false;
    return newer(r, regulars, olderMaxTimestamp);
  }

  /** Whether {@code r} has a cell newer than {@code timestamp} for every one of {@code columns}. */
  private static boolean newer(Row r, List<ColumnDef> columns, long timestamp) {
    for (ColumnDef col : columns) {
      Cell cell = r.cell(col.name());
      if (cell == null || cell.timestamp() <= timestamp) return false;
    }
    return true;
  }
}
