package io.ringsim.cql.exec;

import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One page of a SELECT, read from where the previous page stopped (Cassandra's single-partition, multi-partition
 * and range pagers): the reads start strictly after the cursor's row, in the query's order, and ask for a page's
 * rows, so a page costs about a page, not the whole result. Rows written before the cursor between two pages are
 * not seen, rows written after it are.
 *
 * <p>Aggregates, GROUP BY, DISTINCT and PER PARTITION LIMIT are not paged this way ({@link #byCursor}): the
 * caller runs them whole.
 */
public final class ReadPager {
  private ReadPager() {}

  /** A page's rows and where the next page starts (null: this was the last page). */
  public record Page(ResultSet result, PageCursor next) {}

  /**
   * Refuses a cursor (perhaps another statement's, which a client may send) whose row cannot be one of this
   * statement's table: more clustering values than it has clustering columns, or a value its column's type rejects.
   */
  private static void fits(ReadPlan plan, PageCursor from) {
    if (from.atStart() || from.clustering() == null) return;
    List<io.ringsim.schema.ColumnDef> columns = plan.table().clusteringColumns();
    if (from.clustering().length > columns.size()) throw PagingStateException.invalid();
    for (int i = 0; i < from.clustering().length; i++) {
      try {
        columns.get(i).type().deserialize(from.clustering()[i]);
      } catch (RuntimeException e) {
        throw PagingStateException.invalid();
      }
    }
  }

  /** Whether {@code plan} pages by cursor; the others count groups or partitions and are run whole. */
  public static boolean byCursor(ReadPlan plan) {
    return !plan.projection().isAggregate() && plan.groupByClustering() < 0 && !plan.distinct()
        && plan.perPartitionLimit() == Integer.MAX_VALUE;
  }

  public static Page page(ReadPlan plan, ReadPlan.Source source, PageCursor from, int pageSize) {
    fits(plan, from);
    int need = Math.min(pageSize, from.remaining());
    Rows rows = new Rows(plan, need);
    if (plan.keys() != null) pageKeys(plan, source, from, rows);
    else pageScan(plan, source, from, rows);
    Projection.Accumulator acc = plan.projection().start();
    int n = Math.min(need, rows.size());
    for (int i = 0; i < n; i++) acc.add(rows.partitions.get(i), rows.rows.get(i));
    ResultSet r = acc.result();
    if (plan.json()) r = SelectJson.toJsonRows(r);
    // As Cassandra: a full page gets a paging state unless LIMIT is reached, even when no row follows (the
    // client's next page is then empty); a page with fewer rows is the last.
    PageCursor next = null;
    if (rows.size() == need && from.remaining() - need > 0) {
      LiveRow last = rows.rows.get(n - 1);
      // No clustering (a static row alone, or a table without clustering columns): the partition is done.
      boolean done = last == null || last.clustering().size() == 0;
      next = new PageCursor(rows.partitions.get(n - 1).key().key(), done ? null : values(last.clustering()),
          from.remaining() == Integer.MAX_VALUE ? Integer.MAX_VALUE : from.remaining() - need);
    }
    return new Page(r, next);
  }

  /** Partitions named by key (= or IN), one after the other in the statement's order, from the cursor's. */
  private static void pageKeys(ReadPlan plan, ReadPlan.Source source, PageCursor from, Rows out) {
    List<byte[]> keys = new ArrayList<>(plan.keys());
    if (plan.keyOrder() != null) keys.sort(plan.keyOrder());
    int i = 0;
    byte[][] after = null;
    if (!from.atStart()) {
      while (i < keys.size() && !Arrays.equals(keys.get(i), from.partitionKey())) i++;
      if (i == keys.size()) throw PagingStateException.invalid();
      if (from.partitionDone()) i++;
      else after = from.clustering();
    }
    for (; i < keys.size() && !out.full(); i++) {
      partition(plan, source, keys.get(i), after, out);
      after = null;
    }
  }

  /** A token range scan: the rest of the cursor's partition, then the partitions with the tokens after it. */
  private static void pageScan(ReadPlan plan, ReadPlan.Source source, PageCursor from, Rows out) {
    TableMetadata t = plan.table();
    String start = plan.tokenStartExclusive();
    if (!from.atStart()) {
      if (!from.partitionDone()) partition(plan, source, from.partitionKey(), from.clustering(), out);
      start = source.token(t, from.partitionKey());
    }
    ReadFilter filter = plan.filter().page(sorted(plan), out.wanted);
    while (!out.full()) {
      ReadPlan.Chunk chunk = source.scanPage(t, start, plan.tokenEndInclusive(), filter, out.wanted);
      long read = 0;
      LivePartition last = null;
      for (LivePartition lp : chunk.partitions()) {
        last = lp;
        read += lp.rows().size();
        if (lp.rows().isEmpty()) {
          if (plan.staticRowsWhenEmpty() && lp.staticRow() != null && out.add(lp, null)) return;
          continue;
        }
        for (LiveRow r : lp.rows()) if (out.add(lp, r)) return;
      }
      if (last == null || !(chunk.truncated() || read >= out.wanted)) return;
      // The scan stopped at the row limit, perhaps inside its last partition: that partition's rest, then on.
      if (!last.rows().isEmpty() && last.rows().get(0).clustering().size() > 0) {
        partition(plan, source, last.key().key(), values(last.rows().get(last.rows().size() - 1).clustering()), out);
      }
      start = source.token(t, last.key().key());
    }
  }

  /** One partition's rows after {@code after} (null: all of it, its static row alone if it has no rows). */
  private static void partition(ReadPlan plan, ReadPlan.Source source, byte[] key, byte[][] after, Rows out) {
    if (after != null && after.length == 0) return; // a row without clustering is its whole partition
    boolean whole = after == null;
    Clustering resume = after == null ? null : Clustering.of(after);
    int limit = out.wanted;
    while (true) {
      List<Slice> slices = after(plan, resume);
      if (slices.isEmpty()) return;
      ReadPlan.Chunk chunk = source.readPage(plan.table(), key, plan.filter().page(slices, limit));
      if (chunk.partitions().isEmpty()) return;
      LivePartition lp = chunk.partitions().get(0);
      List<LiveRow> rows = lp.rows();
      if (whole && rows.isEmpty()) {
        if (plan.staticRowsWhenEmpty() && lp.staticRow() != null) out.add(lp, null);
        return;
      }
      for (LiveRow r : rows) {
        resume = r.clustering();
        if (out.add(lp, r)) return;
      }
      if (!chunk.truncated() && rows.size() < limit) return;
      // More may follow: filtered rows did not fill the page, or the replicas' answers ended early.
      if (rows.isEmpty()) limit = (int) Math.min(Integer.MAX_VALUE, limit * 4L);
      whole = false;
    }
  }

  /** The plan's slices in clustering order (IN on clustering columns gives them in the statement's order). */
  private static List<Slice> sorted(ReadPlan plan) {
    List<Slice> slices = new ArrayList<>(plan.filter().slices());
    if (slices.size() > 1) {
      ClusteringComparator cmp = new ClusteringComparator(plan.table().clusteringColumns());
      slices.sort((a, b) -> cmp.compare(Clustering.of(a.start().prefix()), Clustering.of(b.start().prefix())));
    }
    return slices;
  }

  /** The slices' parts strictly after {@code resume} in the query's order (reversed for ORDER BY ... DESC). */
  private static List<Slice> after(ReadPlan plan, Clustering resume) {
    List<Slice> slices = sorted(plan);
    if (resume == null) return slices;
    ClusteringComparator cmp = new ClusteringComparator(plan.table().clusteringColumns());
    boolean reversed = plan.filter().reversed();
    List<Slice> out = new ArrayList<>();
    ClusteringBound at = ClusteringBound.exclusive(values(resume));
    for (Slice s : slices) {
      boolean beforeStart = cmp.compareToStart(resume, s.start()) < 0;
      boolean afterEnd = cmp.compareToEnd(resume, s.end()) > 0;
      if (!reversed) {
        if (afterEnd) continue; // all of it was returned
        out.add(beforeStart ? s : new Slice(at, s.end()));
      } else {
        if (beforeStart) continue;
        out.add(afterEnd ? s : new Slice(s.start(), at));
      }
    }
    return out;
  }

  static byte[][] values(Clustering c) {
    byte[][] v = new byte[c.size()][];
    for (int i = 0; i < v.length; i++) v[i] = c.get(i);
    return v;
  }

  /** The page's rows so far, each with its partition (a null row: the partition's static row alone). */
  private static final class Rows {
    final ReadPlan plan;
    final int wanted;
    final List<LivePartition> partitions = new ArrayList<>();
    final List<LiveRow> rows = new ArrayList<>();

    Rows(ReadPlan plan, int wanted) {
      this.plan = plan;
      this.wanted = wanted;
    }

    /** Adds the row if the statement's filter keeps it; true once the page is full. */
    boolean add(LivePartition lp, LiveRow r) {
      if (plan.rowFilter() == null || plan.rowFilter().test(lp, r)) {
        partitions.add(lp);
        rows.add(r);
      }
      return full();
    }

    boolean full() {
      return rows.size() >= wanted;
    }

    int size() {
      return rows.size();
    }
  }
}
