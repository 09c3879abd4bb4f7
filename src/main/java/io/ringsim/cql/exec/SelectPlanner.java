package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SelectRestrictions.invalid;

import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Plans a SELECT: its selection, its WHERE clause as {@link SelectRestrictions}, ORDER BY, LIMIT and GROUP BY, then
 * the read: the partition keys or token range, the clustering slices, and the row filter for what those leave over.
 * Errors come in Cassandra's order: selection, restrictions, ordering, limits.
 */
public final class SelectPlanner {
  private SelectPlanner() {}

  public static ReadPlan plan(Statement.Select s, Catalog catalog, String session, Values values,
      Partitioner partitioner, int nowInSec) {
    Checked checked = checkStatement(s, catalog, session, values, nowInSec);
    TableMetadata t = checked.table();
    Projection projection = checked.projection();
    SelectRestrictions where = checked.where();
    boolean reversed = checked.reversed();
    int groupBy = checked.groupBy();
    int limit = limit(s.limit(), "LIMIT");
    int perPartition = limit(s.perPartitionLimit(), "PER PARTITION LIMIT");

    List<byte[]> keys = null;
    Comparator<byte[]> keyOrder = null;
    if (where.keysKnown) {
      Map<String, List<Object>> eq = new LinkedHashMap<>();
      boolean anyIn = false;
      for (ColumnDef c : t.partitionKey()) {
        ColumnRestriction cr = where.byColumn.get(c.name());
        eq.put(c.name(), cr.eq);
        anyIn |= cr.isIn;
      }
      keys = new ArrayList<>();
      for (List<Object> combo : WriteBinder.cartesian(t.partitionKey(), eq)) {
        byte[] key = Keys.partitionKey(t, combo);
        // Cassandra validates a read's key as a write's: a zero-length one ('' or 0x) is no partition key, and one
        // over 64 KiB is refused by its length.
        if (key.length == 0) throw WriteBinder.invalid("Key may not be empty");
        WriteBinder.checkKeySize(key);
        keys.add(key);
      }
      if (where.token != null) keys = where.token.keep(keys, t, values, partitioner);
      if (anyIn) keyOrder = keyValueOrder(t);
    }
    List<Slice> slices = slices(t, where.byColumn, where.prefixEq, where.sliceOn);
    TupleSlice tuple = where.tuple;
    if (tuple.isSet()) {
      // The EQ prefix before it is read as slices; the tuple's bounds (of different lengths, over columns of mixed
      // orders) keep their rows by value, which is the order-independent meaning Cassandra's split slices give.
      if (where.prefixEq == 0) slices = List.of(Slice.ALL);
      if (where.tupleReadAsSlice && !tuple.mixedOrders()) {
        // Each EQ prefix followed by the tuple's bounds: the rows storage reads are those Cassandra's slice reads.
        boolean desc = tuple.columns.get(0).order() == ClusteringOrder.DESC;
        List<Slice> narrowed = new ArrayList<>();
        for (Slice pre : slices) {
          byte[][] p = pre.start().prefix();
          ClusteringBound lo = tuple.lowerOp == null ? new ClusteringBound(p, true)
              : new ClusteringBound(concat(p, tuple.lower), tuple.lowerOp == Relation.Op.GTE);
          ClusteringBound hi = tuple.upperOp == null ? new ClusteringBound(p, true)
              : new ClusteringBound(concat(p, tuple.upper), tuple.upperOp == Relation.Op.LTE);
          narrowed.add(desc ? new Slice(hi, lo) : new Slice(lo, hi));
        }
        slices = narrowed;
      }
    }
    boolean sortRows = where.prefixHasIn();
    if (where.inTuples != null) {
      // One exact clustering prefix per EQ prefix and tuple; rows come back sorted in clustering order, as with
      // single-column IN.
      List<Slice> exact = new ArrayList<>();
      List<Slice> prefixes = where.prefixEq == 0 ? List.of(Slice.ALL) : slices;
      for (Slice pre : prefixes) {
        for (byte[][] v : where.inTuples) {
          byte[][] key = v;
          if (where.prefixEq > 0) {
            byte[][] p = pre.start().prefix();
            key = Arrays.copyOf(p, p.length + v.length);
            System.arraycopy(v, 0, key, p.length, v.length);
          }
          exact.add(new Slice(ClusteringBound.inclusive(key), ClusteringBound.inclusive(key)));
        }
      }
      slices = exact;
      sortRows = true;
    }
    int fetchLimit = perPartition == Integer.MAX_VALUE && !where.clusteringNeedsFiltering && !tuple.isSet()
        && !where.regularNeedsFiltering && where.usedIndex == null && !projection.isAggregate() && !sortRows
        && groupBy < 0 ? limit : Integer.MAX_VALUE;
    ReadFilter filter = new ReadFilter(slices, reversed, fetchLimit).named(namesRows(t, s, where))
        .indexed(where.indexQuery());

    List<ColumnRestriction> post = where.postFilters();
    boolean tupleFilter = tuple.isSet();
    List<io.ringsim.schema.IndexMetadata> sasi = where.sasiIndexes;
    if (sasi != null) SasiRowFilter.checkEvaluable(post, sasi);
    BiPredicate<LivePartition, LiveRow> rowFilter = post.isEmpty() && !tupleFilter ? null : (lp, r) -> {
      if (tupleFilter && !tuple.matches(r)) return false;
      for (ColumnRestriction cr : post) {
        if (!(sasi != null ? SasiRowFilter.matches(t, lp, r, cr, sasi) : cr.matches(t, lp, r))) return false;
      }
      return true;
    };
    String start = null, end = null;
    if (where.token != null && !where.keysKnown) {
      TokenRestriction.Range b = where.token.range(t, values, partitioner);
      start = b.startExclusive();
      end = b.endInclusive();
    }
    // A partition with only static cells is a row of the result only when no clustering column is restricted, by
    // one column or several ((c1, c2) > (...), (c1, c2) IN (...)): Cassandra's queriesFullPartitions.
    boolean staticWhenEmpty = where.byColumn.values().stream().noneMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING)
        && !tuple.isSet() && where.inTuples == null;
    Comparator<LiveRow> postOrder = keyOrder != null && !s.orderBy().isEmpty() ? postOrder(t, s) : null;
    if (postOrder != null && fetchLimit != Integer.MAX_VALUE)
      filter = new ReadFilter(slices, reversed, Integer.MAX_VALUE).named(filter.named()).indexed(filter.index());
    return new ReadPlan(t, keys, keyOrder, start, end, filter, sortRows, rowFilter, projection, limit, perPartition,
        s.distinct(), where.usedIndex, staticWhenEmpty, groupBy, s.json(), postOrder);
  }

  /** What the checks of a SELECT found: the table, the selection, the restrictions, the order and the groups. */
  record Checked(TableMetadata table, Projection projection, SelectRestrictions where, boolean reversed,
      int groupBy) {}

  /**
   * Every check of a SELECT that Cassandra makes when it prepares the statement, in its order (SelectStatement's
   * RawStatement.prepare): the selection and the restrictions, DISTINCT, GROUP BY, PER PARTITION LIMIT with an
   * aggregate, ORDER BY, then the filtering a multi-column restriction needs. LIMIT values are checked later, as
   * Cassandra checks them when the statement is executed.
   */
  static Checked checkStatement(Statement.Select s, Catalog catalog, String session, Values values, int nowInSec) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = SchemaOps.table(catalog, ks, s.table());
    values.useFunctions(catalog, ks); // unqualified function names resolve in the table's keyspace, as Cassandra's
    // The restrictions' errors (unknown or mistyped columns in WHERE, filtering) come before the selection's, as
    // Cassandra 4.1.10 reports them.
    SelectRestrictions where = new SelectRestrictions(t, s.where(), s.allowFiltering(), catalog, values);
    Projection projection = new Projection(t, s.selectors(), nowInSec, values);
    if (s.distinct()) checkDistinct(t, s, where);
    StaticOnlySelection.check(t, s.selectors(), where);
    int groupBy = groupByClustering(t, s, where.byColumn);
    if (groupBy < 0 && projection.isAggregate() && s.perPartitionLimit() != null)
      throw invalid("PER PARTITION LIMIT is not allowed with aggregate queries.");
    boolean reversed = reversed(t, s, where);
    if (where.tuple.isSet() || where.inTuples != null) where.checkMultiColumnFiltering();
    return new Checked(t, projection, where, reversed, groupBy);
  }

  /** Cassandra's validateDistinctSelection, after its restrictions are built (their errors come first). */
  private static void checkDistinct(TableMetadata t, Statement.Select s, SelectRestrictions where) {
    if (s.perPartitionLimit() != null) throw invalid("PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries");
    boolean clustering = where.byColumn.values().stream().anyMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING)
        || where.tuple.isSet() || where.inTuples != null;
    boolean nonStatic = where.byColumn.values().stream().anyMatch(cr -> cr.def.kind() == ColumnKind.REGULAR);
    if (clustering || nonStatic) throw invalid("SELECT DISTINCT with WHERE clause only supports restriction by "
        + "partition key and/or static columns.");
    List<String> requested = new ArrayList<>();
    boolean onlyColumns = true;
    for (Selector sel : s.selectors()) {
      Selector x = sel instanceof Selector.Aliased a ? a.selector() : sel;
      if (x instanceof Selector.Column c) {
        ColumnDef d = Projection.column(t, c.name());
        if (d.kind() != ColumnKind.PARTITION_KEY && d.kind() != ColumnKind.STATIC)
          throw invalid("SELECT DISTINCT queries must only request partition key columns and/or static columns"
              + " (not " + d.name() + ")");
        requested.add(d.name());
      } else {
        onlyColumns = false; // a function's arguments count as requested too: not checked here
      }
    }
    if (s.selectors().isEmpty()) throw invalid("SELECT DISTINCT queries must request all the partition key"
        + " columns (missing " + t.partitionKey().get(0).name() + ")");
    // A range scan must select the whole partition key (Cassandra then needs no grouping after the query).
    if (!where.rangeScan() || !onlyColumns) return;
    for (ColumnDef pk : t.partitionKey()) {
      if (!requested.contains(pk.name())) throw invalid("SELECT DISTINCT queries must request all the partition key"
          + " columns (missing " + pk.name() + ")");
    }
  }

  /** ORDER BY: whether the rows come in reverse clustering order. */
  private static boolean reversed(TableMetadata t, Statement.Select s, SelectRestrictions where) {
    if (s.orderBy().isEmpty()) return false;
    if (where.usedIndex != null) throw invalid("ORDER BY with 2ndary indexes is not supported.");
    if (where.rangeScan())
      throw invalid("ORDER BY is only supported when the partition key is restricted by an EQ or an IN.");
    Boolean rev = null;
    int i = 0;
    String order = "Order by currently only supports the ordering of columns following their declared order in the "
        + "PRIMARY KEY";
    for (Statement.Ordering o : s.orderBy()) {
      ColumnDef d = Projection.column(t, o.column());
      if (d.kind() != ColumnKind.CLUSTERING) throw invalid("Order by is currently only supported on the clustered "
          + "columns of the PRIMARY KEY, got " + d.name());
      // A column fixed by = may be left out (Cassandra's isReversed).
      if (d.position() < i) throw invalid(order);
      while (i != d.position()) if (!where.restrictedByEq(t.clusteringColumns().get(i++))) throw invalid(order);
      i++;
      boolean thisRev = o.descending() != (d.order() == ClusteringOrder.DESC);
      if (rev != null && rev != thisRev) throw invalid("Unsupported order by relation");
      rev = thisRev;
    }
    return rev;
  }

  /** LIMIT or PER PARTITION LIMIT (Integer.MAX_VALUE when absent). */
  private static int limit(Term term, String what) {
    if (term == null) return Integer.MAX_VALUE;
    long l = Values.integer(term, what);
    // Cassandra reads LIMIT as an int.
    if (l > Integer.MAX_VALUE && term instanceof Term.Literal lit)
      throw invalid("Unable to make int from '" + lit.text() + "'");
    if (l <= 0) throw invalid("LIMIT must be strictly positive"); // PER PARTITION LIMIT too, as Cassandra words it
    return (int) Math.min(Integer.MAX_VALUE, l);
  }

  /**
   * GROUP BY, checked as Cassandra checks it: primary key columns in their declared order, where a column may be left
   * out only if the WHERE clause fixes it with =, and never part of the partition key alone. The answer is how many
   * clustering columns the groups use (-1: no GROUP BY).
   */
  private static int groupByClustering(TableMetadata t, Statement.Select s, Map<String, ColumnRestriction> byColumn) {
    if (s.groupBy().isEmpty()) return -1;
    String order = "Group by currently only support groups of columns following their declared order in the PRIMARY"
        + " KEY";
    List<ColumnDef> key = new ArrayList<>(t.partitionKey());
    key.addAll(t.clusteringColumns());
    Iterator<ColumnDef> pk = key.iterator();
    int clustering = 0;
    for (String g : s.groupBy()) {
      ColumnDef def = Projection.column(t, g);
      if (!def.isPrimaryKey()) throw invalid("Group by is currently only supported on the columns of the PRIMARY KEY,"
          + " got " + def.name());
      while (true) {
        if (!pk.hasNext()) throw invalid(order);
        ColumnDef next = pk.next();
        if (next.kind() == ColumnKind.CLUSTERING) clustering++;
        if (next.equals(def)) break;
        ColumnRestriction cr = byColumn.get(next.name());
        if (cr == null || cr.eq == null || cr.isIn || cr.eq.size() != 1) throw invalid(order);
      }
    }
    if (pk.hasNext() && pk.next().kind() == ColumnKind.PARTITION_KEY)
      throw invalid("Group by is not supported on only a part of the partition key");
    if (clustering > 0 && s.distinct())
      throw invalid("Grouping on clustering columns is not allowed for SELECT DISTINCT queries");
    return clustering;
  }

  /**
   * Whether the read names each row by its whole primary key, as Cassandra's names filter does (which replicas read in
   * timestamp order): partition keys given (no range scan, no index), and = or IN on every clustering column, or a
   * table without any. A range, even one from a value to itself, a tuple slice or SELECT DISTINCT reads a slice.
   */
  private static boolean namesRows(TableMetadata t, Statement.Select s, SelectRestrictions where) {
    if (!where.keysKnown || where.usedIndex != null || s.distinct()) return false;
    int clustering = t.clusteringColumns().size();
    if (where.inTuples != null) {
      for (byte[][] v : where.inTuples) if (where.prefixEq + v.length != clustering) return false;
      return true;
    }
    return !where.tuple.isSet() && where.sliceOn == null && where.prefixEq == clustering;
  }

  private static List<Slice> slices(TableMetadata t, Map<String, ColumnRestriction> byColumn, int prefixEq,
      ColumnRestriction sliceOn) {
    List<ColumnDef> cc = t.clusteringColumns();
    if (prefixEq == 0 && sliceOn == null) return List.of(Slice.ALL);
    Map<String, List<Object>> eq = new LinkedHashMap<>();
    for (int i = 0; i < prefixEq; i++) eq.put(cc.get(i).name(), byColumn.get(cc.get(i).name()).eq);
    List<Slice> out = new ArrayList<>();
    for (List<Object> prefix : WriteBinder.cartesian(cc.subList(0, prefixEq), eq)) {
      byte[][] pre = Keys.clustering(t, prefix);
      if (sliceOn == null) {
        out.add(new Slice(ClusteringBound.inclusive(pre), ClusteringBound.inclusive(pre)));
        continue;
      }
      ColumnDef d = sliceOn.def;
      ClusteringBound lo = new ClusteringBound(pre, true), hi = new ClusteringBound(pre, true);
      if (sliceOn.lowerOp != null) {
        lo = new ClusteringBound(append(pre, d.type().serialize(sliceOn.lower)), sliceOn.lowerOp == Relation.Op.GTE);
      }
      if (sliceOn.upperOp != null) {
        hi = new ClusteringBound(append(pre, d.type().serialize(sliceOn.upper)), sliceOn.upperOp == Relation.Op.LTE);
      }
      // In clustering order a DESC column runs from its largest value: the value bounds swap ends.
      out.add(d.order() == ClusteringOrder.DESC ? new Slice(hi, lo) : new Slice(lo, hi));
    }
    return out;
  }

  private static byte[][] concat(byte[][] a, byte[][] b) {
    byte[][] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static byte[][] append(byte[][] pre, byte[] v) {
    byte[][] out = Arrays.copyOf(pre, pre.length + 1);
    out[pre.length] = v;
    return out;
  }

  /**
   * ORDER BY across the partitions an IN names: each ORDER BY column's values in the direction the query asks, a row
   * without clustering values (a static-only row) first, as Cassandra's ordering comparator puts a null.
   */
  private static Comparator<LiveRow> postOrder(TableMetadata t, Statement.Select s) {
    List<Statement.Ordering> by = s.orderBy();
    return (a, b) -> {
      for (Statement.Ordering o : by) {
        ColumnDef d = Projection.column(t, o.column());
        byte[] va = a == null || a.clustering().size() <= d.position() ? null : a.clustering().get(d.position());
        byte[] vb = b == null || b.clustering().size() <= d.position() ? null : b.clustering().get(d.position());
        int c;
        if (va == null || vb == null) c = va == null ? (vb == null ? 0 : -1) : 1;
        else c = io.ringsim.schema.EmptyValue.compare(d.type(), va, vb);
        if (o.descending()) c = -c;
        if (c != 0) return c;
      }
      return 0;
    };
  }

  private static Comparator<byte[]> keyValueOrder(TableMetadata t) {
    List<ColumnDef> pk = t.partitionKey();
    return (a, b) -> {
      List<Object> va = Keys.partitionValues(t, a), vb = Keys.partitionValues(t, b);
      for (int i = 0; i < pk.size(); i++) {
        CqlType type = pk.get(i).type();
        int c = type.compare(type.serialize(va.get(i)), type.serialize(vb.get(i)));
        if (c != 0) return c;
      }
      return 0;
    };
  }
}
