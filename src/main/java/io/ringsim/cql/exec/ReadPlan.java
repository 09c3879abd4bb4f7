package io.ringsim.cql.exec;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * How a SELECT runs: which partitions (keys, or a token range scan), which rows of each (clustering slices), what
 * is filtered afterwards, and how rows become the result.
 */
public record ReadPlan(
    TableMetadata table,
    List<byte[]> keys,
    Comparator<byte[]> keyOrder,
    String tokenStartExclusive,
    String tokenEndInclusive,
    ReadFilter filter,
    boolean sortRowsInPartition,
    BiPredicate<LivePartition, LiveRow> rowFilter,
    Projection projection,
    int limit,
    int perPartitionLimit,
    boolean distinct,
    String index,
    boolean staticRowsWhenEmpty,
    int groupByClustering,
    boolean json,
    Comparator<LiveRow> postOrder) {

  /**
   * {@code groupByClustering}: -1 without GROUP BY, else how many clustering columns the groups use.
   * {@code postOrder}: ORDER BY with IN on the partition key: Cassandra sorts the rows of all partitions after reading
   * them (its needsPostQueryOrdering), by the ORDER BY columns only (a stable sort: ties keep partition order), then
   * applies LIMIT; null otherwise.
   */
  public ReadPlan {}

  /** Where the rows come from: the cluster (or a test double). */
  public interface Source {
    List<LivePartition> read(TableMetadata table, List<byte[]> keys, ReadFilter filter);

    List<LivePartition> scan(TableMetadata table, String startExclusive, String endInclusive, ReadFilter filter);

    /**
     * A page's read of one partition ({@code filter} is a page's: the replicas stop at its limit). The default,
     * for sources without a cluster behind them, reads through {@link #read}.
     */
    default Chunk readPage(TableMetadata table, byte[] key, ReadFilter filter) {
      return new Chunk(read(table, List.of(key), filter), false);
    }

    /**
     * A page's range scan: partitions in token order from {@code startExclusive}, stopping once {@code rowLimit}
     * live rows are read (the last partition may be cut short). The default scans and drops what is past the limit.
     */
    default Chunk scanPage(TableMetadata table, String startExclusive, String endInclusive, ReadFilter filter,
        int rowLimit) {
      List<LivePartition> out = new ArrayList<>();
      long rows = 0;
      for (LivePartition lp : scan(table, startExclusive, endInclusive, filter)) {
        if (rows >= rowLimit) break;
        List<LiveRow> kept = lp.rows().subList(0, (int) Math.min(lp.rows().size(), rowLimit - rows));
        out.add(new LivePartition(lp.key(), lp.staticRow(), kept));
        rows += kept.size();
      }
      return new Chunk(out, false);
    }

    /** The token of {@code key} as the scans take it (a page of a range scan resumes after its cursor's token). */
    default String token(TableMetadata table, byte[] key) {
      throw new UnsupportedOperationException("this source cannot page range scans");
    }
  }

  /**
   * What a page's read returned; {@code truncated}: the replicas' answers ended early (one stopped at the limit
   * where others went on), so more rows may follow the last one even though fewer than the limit came back.
   */
  public record Chunk(List<LivePartition> partitions, boolean truncated) {}

  public boolean isRangeScan() {
    return keys == null;
  }

  /** Runs the plan against {@code source} and builds the result. */
  public ResultSet execute(Source source) {
    List<LivePartition> parts;
    if (keys != null) {
      List<byte[]> ordered = new ArrayList<>(keys);
      if (keyOrder != null) ordered.sort(keyOrder);
      parts = source.read(table, ordered, filter);
    } else {
      parts = source.scan(table, tokenStartExclusive, tokenEndInclusive, filter);
    }
    return assemble(parts);
  }

  ResultSet assemble(List<LivePartition> parts) {
    ResultSet r = groupByClustering >= 0 ? assembleGroups(parts) : assembleRows(parts);
    return json ? SelectJson.toJsonRows(r) : r;
  }

  private List<LiveRow> ordered(LivePartition lp) {
    List<LiveRow> rows = lp.rows();
    if (sortRowsInPartition && rows.size() > 1) {
      rows = new ArrayList<>(rows);
      Comparator<Clustering> cmp = new ClusteringComparator(
          table.clusteringColumns());
      Comparator<LiveRow> byClustering = (a, b) -> cmp.compare(a.clustering(), b.clustering());
      rows.sort(filter.reversed() ? byClustering.reversed() : byClustering);
    }
    return rows;
  }

  /**
   * GROUP BY: rows come in partition and clustering order, so a group is a run of rows with the same partition key
   * and the same first {@code groupByClustering} clustering values. Each group gives one row: the aggregates over
   * it, other selectors from its first row. LIMIT and PER PARTITION LIMIT count groups.
   */
  private ResultSet assembleGroups(List<LivePartition> parts) {
    if (postOrder != null && !distinct) return assembleGroupsPostOrdered(parts);
    Projection.Accumulator acc = projection.startGrouped();
    int groups = 0;
    outer:
    for (LivePartition lp : parts) {
      if (groups >= limit) break;
      List<LiveRow> rows = ordered(lp);
      if (distinct || (rows.isEmpty() && staticRowsWhenEmpty && lp.staticRow() != null)) {
        if (lp.isEmpty()) continue;
        LiveRow any = distinct && !rows.isEmpty() ? rows.get(0) : null;
        if (rowFilter != null && !rowFilter.test(lp, any)) continue;
        acc.add(lp, any);
        acc.endGroup();
        groups++;
        continue;
      }
      int inPartition = 0;
      Clustering current = null;
      for (LiveRow r : rows) {
        if (rowFilter != null && !rowFilter.test(lp, r)) continue;
        Clustering key = prefix(r.clustering());
        boolean starts = current == null || !current.equals(key);
        if (starts) {
          if (current != null) acc.endGroup();
          if (groups >= limit) {
            current = null;
            break outer;
          }
          if (inPartition >= perPartitionLimit) {
            current = null;
            break;
          }
          current = key;
          groups++;
          inPartition++;
          acc.add(lp, r);
        } else if (projection.isAggregate()) {
          acc.add(lp, r);
        }
      }
      if (current != null) acc.endGroup();
    }
    return acc.result();
  }

  /**
   * GROUP BY with ORDER BY over the partitions an IN names: Cassandra builds every group, then sorts the groups' rows
   * by the ORDER BY columns (a group's values are those of its first row as read; a stable sort: ties keep partition
   * order), then applies LIMIT.
   */
  private ResultSet assembleGroupsPostOrdered(List<LivePartition> parts) {
    List<List<Picked>> groups = new ArrayList<>();
    for (LivePartition lp : parts) {
      List<LiveRow> rows = ordered(lp);
      if (rows.isEmpty() && staticRowsWhenEmpty && lp.staticRow() != null) {
        if (rowFilter == null || rowFilter.test(lp, null)) groups.add(List.of(new Picked(lp, null)));
        continue;
      }
      int inPartition = 0;
      Clustering current = null;
      List<Picked> group = null;
      for (LiveRow r : rows) {
        if (rowFilter != null && !rowFilter.test(lp, r)) continue;
        Clustering key = prefix(r.clustering());
        if (current == null || !current.equals(key)) {
          if (inPartition++ >= perPartitionLimit) break;
          current = key;
          group = new ArrayList<>();
          groups.add(group);
        } else if (!projection.isAggregate()) {
          continue;
        }
        group.add(new Picked(lp, r));
      }
    }
    groups.sort((a, b) -> postOrder.compare(a.get(0).row(), b.get(0).row()));
    Projection.Accumulator acc = projection.startGrouped();
    for (List<Picked> group : groups.subList(0, (int) Math.min(groups.size(), (long) limit))) {
      for (Picked p : group) acc.add(p.partition(), p.row());
      acc.endGroup();
    }
    return acc.result();
  }

  private Clustering prefix(Clustering c) {
    int n = Math.min(groupByClustering, c.size());
    byte[][] v = new byte[n][];
    for (int i = 0; i < n; i++) v[i] = c.get(i);
    return Clustering.of(v);
  }

  private ResultSet assembleRows(List<LivePartition> parts) {
    if (postOrder != null && !distinct) return assemblePostOrdered(parts);
    Projection.Accumulator acc = projection.start();
    int emitted = 0;
    outer:
    for (LivePartition lp : parts) {
      int inPartition = 0;
      List<LiveRow> rows = ordered(lp);
      if (distinct) {
        if (lp.isEmpty()) continue;
        LiveRow any = rows.isEmpty() ? null : rows.get(0);
        if (rowFilter != null && !rowFilter.test(lp, any)) continue;
        acc.add(lp, any);
        if (++emitted >= limit && !projection.isAggregate()) break;
        continue;
      }
      if (rows.isEmpty() && staticRowsWhenEmpty && lp.staticRow() != null) {
        if (rowFilter == null || rowFilter.test(lp, null)) {
          acc.add(lp, null);
          if (++emitted >= limit && !projection.isAggregate()) break;
        }
        continue;
      }
      for (LiveRow r : rows) {
        if (rowFilter != null && !rowFilter.test(lp, r)) continue;
        acc.add(lp, r);
        emitted++;
        if (emitted >= limit && !projection.isAggregate()) break outer;
        if (++inPartition >= perPartitionLimit) break;
      }
    }
    return acc.result();
  }

  private record Picked(LivePartition partition, LiveRow row) {}

  private ResultSet assemblePostOrdered(List<LivePartition> parts) {
    List<Picked> picked = new ArrayList<>();
    for (LivePartition lp : parts) {
      List<LiveRow> rows = ordered(lp);
      if (rows.isEmpty() && staticRowsWhenEmpty && lp.staticRow() != null) {
        if (rowFilter == null || rowFilter.test(lp, null)) picked.add(new Picked(lp, null));
        continue;
      }
      int inPartition = 0;
      for (LiveRow r : rows) {
        if (rowFilter != null && !rowFilter.test(lp, r)) continue;
        picked.add(new Picked(lp, r));
        if (++inPartition >= perPartitionLimit) break;
      }
    }
    picked.sort((a, b) -> postOrder.compare(a.row(), b.row()));
    Projection.Accumulator acc = projection.start();
    int emitted = 0;
    for (Picked p : picked) {
      if (emitted >= limit && !projection.isAggregate()) break;
      acc.add(p.partition(), p.row());
      emitted++;
    }
    return acc.result();
  }

  /** The columns of this plan's result (for tools that show empty results). */
  public List<String> columns() {
    return json ? List.of(SelectJson.COLUMN) : projection.names();
  }

  public List<CqlType> types() {
    return json ? List.of(CqlTypes.TEXT) : projection.types();
  }
}
