package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiPredicate;

/** Checks a SELECT against Cassandra's rules and plans it. */
public final class SelectPlanner {
  private SelectPlanner() {}

  static final String FILTERING = "Cannot execute this query as it might involve data filtering and thus may have "
      + "unpredictable performance. If you want to execute this query despite the performance unpredictability, "
      + "use ALLOW FILTERING";

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  /** Restrictions on one column. */
  private static final class ColumnRestriction {
    final ColumnDef def;
    List<Object> eq; // EQ (one value) or IN (several)
    boolean isIn;
    Relation.Op lowerOp, upperOp;
    Object lower, upper;
    List<Object[]> others = new ArrayList<>(); // {op, value} for != and filtering-only operators
    List<Object[]> contains = new ArrayList<>(); // {key?, value}

    ColumnRestriction(ColumnDef def) {
      this.def = def;
    }

    boolean isSlice() {
      return lowerOp != null || upperOp != null;
    }

    boolean isEqOrIn() {
      return eq != null;
    }
  }

  public static ReadPlan plan(Statement.Select s, Catalog catalog, String session, Values values,
      Partitioner partitioner, int nowInSec) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    TableMetadata t = SchemaOps.table(catalog, ks, s.table());
    boolean allowFiltering = s.allowFiltering();

    // 1. The selection (unknown columns are reported first, as Cassandra prepares the selection first).
    Projection projection = new Projection(t, s.selectors(), nowInSec, values);
    if (s.distinct()) {
      for (Selector sel : s.selectors()) {
        Selector x = sel instanceof Selector.Aliased a ? a.selector() : sel;
        if (x instanceof Selector.Column c) {
          ColumnDef d = Projection.column(t, c.name());
          if (d.kind() != ColumnKind.PARTITION_KEY && d.kind() != ColumnKind.STATIC)
            throw invalid("SELECT DISTINCT queries must only request partition key columns and/or static columns"
                + " (not " + d.name() + ")");
        }
      }
      if (s.selectors().isEmpty()) throw invalid("SELECT DISTINCT queries must request all the partition key"
          + " columns (missing " + t.partitionKey().get(0).name() + ")");
    }

    // 2. Restrictions, grouped by column.
    Map<String, ColumnRestriction> byColumn = new LinkedHashMap<>();
    TokenRestriction token = null;
    List<Relation.MultiColumn> multi = new ArrayList<>();
    List<Relation.MultiColumnIn> multiIn = new ArrayList<>();
    for (Relation r : s.where()) {
      BindMarkers.refuseUnbound(r);
      if (r instanceof Relation.Token tk) {
        List<String> pkNames = t.partitionKey().stream().map(ColumnDef::name).toList();
        for (String c : tk.columns()) Projection.column(t, c);
        if (tk.columns().size() != pkNames.size() || !pkNames.containsAll(tk.columns()))
          throw invalid("The token() function must be applied to all partition key components or none of them");
        if (!tk.columns().equals(pkNames)) throw invalid("The token function arguments must be in the partition key "
            + "order: " + String.join(", ", pkNames));
        if (token == null) token = new TokenRestriction(t);
        token.add(tk);
        continue;
      }
      if (r instanceof Relation.MultiColumn mc) {
        multi.add(mc);
        continue;
      }
      if (r instanceof Relation.MultiColumnIn mi) {
        multiIn.add(mi);
        continue;
      }
      String name = r instanceof Relation.Single x ? x.column() : r instanceof Relation.In x ? x.column()
          : r instanceof Relation.Contains x ? x.column() : ((Relation.Like) r).column();
      ColumnDef def = Projection.column(t, name);
      ColumnRestriction cr = byColumn.computeIfAbsent(name, n -> new ColumnRestriction(def));
      if (r instanceof Relation.Single x) {
        Object v = values.value(x.value(), def.type(), name);
        switch (x.op()) {
          case EQ -> {
            if (cr.eq != null || cr.isSlice())
              throw invalid(name + " cannot be restricted by more than one relation if it includes an Equal");
            cr.eq = List.of(nonNull(v, name));
          }
          case GT, GTE -> {
            if (cr.eq != null) throw invalid(name + " cannot be restricted by more than one relation if it includes an"
                + " Equal");
            if (cr.lowerOp != null) throw invalid("More than one restriction was found for the start bound on "
                + name);
            cr.lowerOp = x.op();
            cr.lower = nonNull(v, name);
          }
          case LT, LTE -> {
            if (cr.eq != null) throw invalid(name + " cannot be restricted by more than one relation if it includes an"
                + " Equal");
            if (cr.upperOp != null) throw invalid("More than one restriction was found for the end bound on " + name);
            cr.upperOp = x.op();
            cr.upper = nonNull(v, name);
          }
          case NEQ -> {
            if (def.isPrimaryKey()) throw invalid("Unsupported \"!=\" relation: " + name + " != ...");
            cr.others.add(new Object[] {x.op(), v});
          }
        }
      } else if (r instanceof Relation.In x) {
        if (cr.eq != null) throw invalid(name + " cannot be restricted by more than one relation if it includes a IN");
        List<Object> vs = new ArrayList<>();
        for (Term term : x.values()) {
          Object v = nonNull(values.value(term, def.type(), name), name);
          if (!vs.contains(v)) vs.add(v);
        }
        cr.eq = vs;
        cr.isIn = true;
      } else if (r instanceof Relation.Contains x) {
        CqlType type = def.type();
        CqlType elem;
        if (x.key()) {
          if (!(type instanceof MapType mt)) throw invalid("Cannot use CONTAINS KEY on non-map column " + name);
          elem = mt.key();
        } else if (type instanceof ListType lt) {
          elem = lt.element();
        } else if (type instanceof SetType st) {
          elem = st.element();
        } else if (type instanceof MapType mt) {
          elem = mt.value();
        } else {
          throw invalid("Cannot use CONTAINS on non-collection column " + name);
        }
        cr.contains.add(new Object[] {x.key(), values.value(x.value(), elem, name)});
      } else {
        throw invalid("LIKE restrictions are only supported on properly indexed columns (SASI), not by this "
            + "simulator");
      }
    }
    TupleSlice tuple = new TupleSlice();
    for (Relation.MultiColumn mc : multi) applyMulti(t, mc, byColumn, values, tuple);
    if (tuple.isSet()) {
      for (ColumnDef c : t.clusteringColumns()) {
        if (byColumn.containsKey(c.name())) throw invalid("Mixing single column relations and multi column relations "
            + "on clustering columns is not allowed");
      }
    }
    List<byte[][]> inTuples = multiIn.isEmpty() ? null : inTuples(t, multiIn, byColumn, tuple, values);

    // 3. Partition key.
    List<ColumnDef> pk = t.partitionKey();
    int pkRestricted = 0;
    boolean pkNonEq = false;
    for (ColumnDef c : pk) {
      ColumnRestriction cr = byColumn.get(c.name());
      if (cr == null) continue;
      pkRestricted++;
      if (!cr.isEqOrIn() || !cr.others.isEmpty()) pkNonEq = true;
    }
    if (token != null && pkRestricted > 0) throw invalid("Columns \"" + pk.get(0).name() + "\" cannot be restricted by"
        + " both a normal relation and a token relation");
    List<IndexMetadata> indexes = catalog.indexesOn(t.keyspace(), t.name());
    String usedIndex = null;
    for (ColumnRestriction cr : byColumn.values()) {
      if (cr.def.isPrimaryKey() || cr.eq == null || cr.isIn) continue;
      for (IndexMetadata i : indexes) if (i.column().equals(cr.def.name())) usedIndex = i.name();
    }
    boolean keysKnown = pkRestricted == pk.size() && !pkNonEq;
    boolean partialPk = pkRestricted > 0 && !keysKnown;
    if (partialPk && !allowFiltering && usedIndex == null) throw invalid(FILTERING);

    // 4. Clustering columns.
    List<ColumnDef> cc = t.clusteringColumns();
    int prefixEq = 0;
    ColumnRestriction sliceOn = null;
    boolean clusteringNeedsFiltering = false;
    ColumnDef lastRestricted = null;
    int lastPos = -1;
    for (ColumnDef c : cc) {
      ColumnRestriction cr = byColumn.get(c.name());
      if (cr == null) continue;
      if (!allowFiltering && usedIndex == null) {
        if (lastRestricted != null && byColumn.get(lastRestricted.name()).isSlice())
          throw invalid("Clustering column \"" + c.name() + "\" cannot be restricted (preceding column \""
              + lastRestricted.name() + "\" is restricted by a non-EQ relation)");
        if (c.position() > lastPos + 1) throw invalid("PRIMARY KEY column \"" + c.name() + "\" cannot be restricted as"
            + " preceding column \"" + cc.get(lastPos + 1).name() + "\" is not restricted");
      }
      if (!cr.others.isEmpty() || !cr.contains.isEmpty()) clusteringNeedsFiltering = true;
      lastRestricted = c;
      lastPos = c.position();
    }
    for (ColumnDef c : cc) {
      ColumnRestriction cr = byColumn.get(c.name());
      if (cr == null || sliceOn != null) break;
      if (cr.isEqOrIn() && cr.others.isEmpty()) prefixEq++;
      else if (cr.isSlice() && cr.others.isEmpty()) sliceOn = cr;
      else break;
    }
    int usable = prefixEq + (sliceOn != null ? 1 : 0);
    for (ColumnDef c : cc) {
      if (c.position() >= usable && byColumn.containsKey(c.name())) clusteringNeedsFiltering = true;
    }

    // 5. Regular and static columns.
    boolean regularNeedsFiltering = false;
    for (ColumnRestriction cr : byColumn.values()) {
      if (cr.def.isPrimaryKey()) continue;
      boolean indexed = usedIndex != null && catalog.index(t.keyspace(), usedIndex).orElseThrow().column()
          .equals(cr.def.name()) && cr.others.isEmpty() && cr.contains.isEmpty() && !cr.isSlice();
      if (!indexed) regularNeedsFiltering = true;
    }
    boolean rangeScan = !keysKnown;
    String indexCol = usedIndex == null ? null : indexColumn(catalog, t, usedIndex);
    if (!allowFiltering) {
      if (regularNeedsFiltering && (usedIndex == null || byColumn.values().stream().anyMatch(cr ->
          !cr.def.isPrimaryKey() && !cr.def.name().equals(indexCol)))) {
        throw invalid(FILTERING);
      }
      if (rangeScan && usedIndex == null && (!byColumn.isEmpty() && byColumn.values().stream()
          .anyMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING))) {
        throw invalid(FILTERING);
      }
    }

    // 6. ORDER BY.
    boolean reversed = false;
    if (!s.orderBy().isEmpty()) {
      if (usedIndex != null) throw invalid("ORDER BY with 2ndary indexes is not supported.");
      if (rangeScan) throw invalid("ORDER BY is only supported when the partition key is restricted by an EQ or an IN.");
      Boolean rev = null;
      int i = 0;
      for (Statement.Ordering o : s.orderBy()) {
        ColumnDef d = Projection.column(t, o.column());
        if (d.kind() != ColumnKind.CLUSTERING) throw invalid("Order by is currently only supported on the clustered "
            + "columns of the PRIMARY KEY, got " + d.name());
        if (d.position() != i++) throw invalid("Order by currently only supports the ordering of columns following "
            + "their declared order in the PRIMARY KEY");
        boolean thisRev = o.descending() != (d.order() == ClusteringOrder.DESC);
        if (rev != null && rev != thisRev) throw invalid("Unsupported order by relation");
        rev = thisRev;
      }
      reversed = rev;
    }

    // 7. Limits.
    int limit = Integer.MAX_VALUE;
    if (s.limit() != null) {
      long l = Values.integer(s.limit(), "LIMIT");
      if (l <= 0) throw invalid("LIMIT must be strictly positive");
      limit = (int) Math.min(Integer.MAX_VALUE, l);
    }
    int perPartition = Integer.MAX_VALUE;
    if (s.perPartitionLimit() != null) {
      long l = Values.integer(s.perPartitionLimit(), "PER PARTITION LIMIT");
      if (l <= 0) throw invalid("PER PARTITION LIMIT must be strictly positive");
      perPartition = (int) Math.min(Integer.MAX_VALUE, l);
    }

    // 8. Keys, slices, filters.
    List<byte[]> keys = null;
    Comparator<byte[]> keyOrder = null;
    if (keysKnown) {
      Map<String, List<Object>> eq = new LinkedHashMap<>();
      boolean anyIn = false;
      for (ColumnDef c : pk) {
        ColumnRestriction cr = byColumn.get(c.name());
        eq.put(c.name(), cr.eq);
        anyIn |= cr.isIn;
      }
      keys = new ArrayList<>();
      for (List<Object> combo : WriteBinder.cartesian(pk, eq)) keys.add(Keys.partitionKey(t, combo));
      if (anyIn) keyOrder = keyValueOrder(t);
    }
    List<Slice> slices = slices(t, byColumn, prefixEq, sliceOn);
    if (tuple.isSet()) {
      ClusteringBound lo = tuple.lowerOp == null ? ClusteringBound.UNBOUNDED
          : new ClusteringBound(tuple.lower, tuple.lowerOp == Relation.Op.GTE);
      ClusteringBound hi = tuple.upperOp == null ? ClusteringBound.UNBOUNDED
          : new ClusteringBound(tuple.upper, tuple.upperOp == Relation.Op.LTE);
      boolean desc = tuple.columns.get(0).order() == ClusteringOrder.DESC;
      if (tuple.mixedOrders()) slices = List.of(Slice.ALL); // rows are picked by tuple.matches below
      else slices = List.of(desc ? new Slice(hi, lo) : new Slice(lo, hi));
      if (rangeScan && !allowFiltering && usedIndex == null) throw invalid(FILTERING);
    }
    boolean sortRows = false;
    for (int i = 0; i < prefixEq; i++) if (byColumn.get(cc.get(i).name()).isIn) sortRows = true;
    if (inTuples != null) {
      // One exact clustering prefix per tuple; rows come back sorted in clustering order, as with single-column IN.
      List<Slice> exact = new ArrayList<>();
      for (byte[][] v : inTuples) exact.add(new Slice(ClusteringBound.inclusive(v), ClusteringBound.inclusive(v)));
      slices = exact;
      sortRows = true;
      if (rangeScan && !allowFiltering && usedIndex == null) throw invalid(FILTERING);
    }
    int groupBy = groupByClustering(t, s, byColumn);
    int fetchLimit = perPartition == Integer.MAX_VALUE && !clusteringNeedsFiltering && !regularNeedsFiltering
        && usedIndex == null && !projection.isAggregate() && !sortRows && groupBy < 0 ? limit : Integer.MAX_VALUE;
    ReadFilter filter = new ReadFilter(slices, reversed, fetchLimit);

    List<ColumnRestriction> post = new ArrayList<>();
    for (ColumnRestriction cr : byColumn.values()) {
      boolean handled = cr.def.kind() == ColumnKind.PARTITION_KEY ? keysKnown
          : cr.def.kind() == ColumnKind.CLUSTERING && cr.def.position() < usable && cr.others.isEmpty();
      if (!handled) post.add(cr);
    }
    boolean tupleFilter = tuple.isSet() && tuple.mixedOrders();
    BiPredicate<LivePartition, LiveRow> rowFilter = post.isEmpty() && !tupleFilter ? null : (lp, r) -> {
      if (tupleFilter && !tuple.matches(r)) return false;
      for (ColumnRestriction cr : post) if (!matches(t, cr, lp, r)) return false;
      return true;
    };
    String start = null, end = null;
    if (token != null) {
      String[] b = token.range(t, values, partitioner);
      start = b[0];
      end = b[1];
    }
    boolean staticWhenEmpty = byColumn.values().stream().noneMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING);
    return new ReadPlan(t, keys, keyOrder, start, end, filter, sortRows, rowFilter, projection, limit, perPartition,
        s.distinct(), usedIndex, staticWhenEmpty, groupBy, s.json());
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
    java.util.Iterator<ColumnDef> pk = key.iterator();
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

  private static String indexColumn(Catalog c, TableMetadata t, String index) {
    return c.index(t.keyspace(), index).map(IndexMetadata::column).orElse(null);
  }

  private static Object nonNull(Object v, String column) {
    if (v == null) throw invalid("Invalid null value in condition for column " + column);
    return v;
  }

  /** A multi-column slice such as (a, b) > (1, 2): lexicographic bounds on a prefix of the clustering columns. */
  private static final class TupleSlice {
    List<ColumnDef> columns;
    Relation.Op lowerOp, upperOp;
    byte[][] lower, upper;

    boolean isSet() {
      return columns != null;
    }

    /**
     * Whether the columns mix ASC and DESC clustering order: the tuple's bounds compare values, not storage order,
     * so the rows it keeps are not one contiguous slice (Cassandra splits it into several), and are filtered instead.
     */
    boolean mixedOrders() {
      return columns.stream().map(ColumnDef::order).distinct().count() > 1;
    }

    /** (c1, c2) against the bounds, lexicographically by each column's natural order of values. */
    boolean matches(LiveRow r) {
      if (lowerOp != null) {
        int c = compare(r, lower);
        if (c < 0 || (c == 0 && lowerOp == Relation.Op.GT)) return false;
      }
      if (upperOp != null) {
        int c = compare(r, upper);
        if (c > 0 || (c == 0 && upperOp == Relation.Op.LT)) return false;
      }
      return true;
    }

    private int compare(LiveRow r, byte[][] bound) {
      for (int i = 0; i < bound.length; i++) {
        int c = columns.get(i).type().compare(r.clustering().get(i), bound[i]);
        if (c != 0) return c;
      }
      return 0;
    }
  }

  private static void applyMulti(TableMetadata t, Relation.MultiColumn mc, Map<String, ColumnRestriction> byColumn,
      Values values, TupleSlice tuple) {
    List<ColumnDef> cc = t.clusteringColumns();
    for (int i = 0; i < mc.columns().size(); i++) {
      ColumnDef d = Projection.column(t, mc.columns().get(i));
      if (d.kind() != ColumnKind.CLUSTERING) throw invalid("Multi-column relations can only be applied to clustering"
          + " columns but was applied to: " + d.name());
      if (d.position() != i) throw invalid("Clustering columns must appear in the PRIMARY KEY order in multi-column "
          + "relations: (" + String.join(", ", mc.columns()) + ")");
    }
    if (mc.values().size() != mc.columns().size()) throw invalid("Expected " + mc.columns().size()
        + " elements in value tuple, but got " + mc.values().size());
    if (mc.op() == Relation.Op.EQ) {
      for (int i = 0; i < mc.columns().size(); i++) {
        ColumnDef d = cc.get(i);
        ColumnRestriction cr = byColumn.computeIfAbsent(d.name(), n -> new ColumnRestriction(d));
        cr.eq = List.of(values.value(mc.values().get(i), d.type(), d.name()));
      }
      return;
    }
    if (!mc.op().isSlice()) throw invalid("Unsupported \"" + mc.op().symbol + "\" relation: (" + String.join(", ",
        mc.columns()) + ")");
    List<ColumnDef> cols = cc.subList(0, mc.columns().size());
    if (tuple.isSet() && !tuple.columns.equals(cols)) throw invalid("Multi-column relations must all be on the same "
        + "columns: (" + String.join(", ", mc.columns()) + ")");
    tuple.columns = cols;
    byte[][] v = new byte[cols.size()][];
    for (int i = 0; i < cols.size(); i++) {
      Object x = values.value(mc.values().get(i), cols.get(i).type(), cols.get(i).name());
      if (x == null) throw invalid("Invalid null value for column " + cols.get(i).name());
      v[i] = cols.get(i).type().serialize(x);
    }
    if (mc.op() == Relation.Op.GT || mc.op() == Relation.Op.GTE) {
      if (tuple.lowerOp != null) throw invalid("More than one restriction was found for the start bound on "
          + String.join(", ", mc.columns()));
      tuple.lowerOp = mc.op();
      tuple.lower = v;
    } else {
      if (tuple.upperOp != null) throw invalid("More than one restriction was found for the end bound on "
          + String.join(", ", mc.columns()));
      tuple.upperOp = mc.op();
      tuple.upper = v;
    }
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

  /** {@code (a, b) IN ((1, 2), (3, 4))}: the tuples, checked as Cassandra checks them, without repeats. */
  private static List<byte[][]> inTuples(TableMetadata t, List<Relation.MultiColumnIn> multiIn,
      Map<String, ColumnRestriction> byColumn, TupleSlice tuple, Values values) {
    Relation.MultiColumnIn mi = multiIn.get(0);
    if (multiIn.size() > 1 || tuple.isSet()) throw invalid("Clustering columns cannot be restricted by more than one"
        + " relation if it includes an IN: (" + String.join(", ", mi.columns()) + ")");
    List<ColumnDef> cols = new ArrayList<>();
    for (int i = 0; i < mi.columns().size(); i++) {
      ColumnDef d = Projection.column(t, mi.columns().get(i));
      if (d.kind() != ColumnKind.CLUSTERING) throw invalid("Multi-column relations can only be applied to clustering"
          + " columns but was applied to: " + d.name());
      if (d.position() != i) throw invalid("Clustering columns must appear in the PRIMARY KEY order in multi-column "
          + "relations: (" + String.join(", ", mi.columns()) + ")");
      cols.add(d);
    }
    for (ColumnDef c : t.clusteringColumns()) {
      if (byColumn.containsKey(c.name())) throw invalid("Mixing single column relations and multi column relations "
          + "on clustering columns is not allowed");
    }
    List<byte[][]> out = new ArrayList<>();
    for (List<Term> tupleValues : mi.tuples()) {
      if (tupleValues.size() != cols.size()) throw invalid("Expected " + cols.size() + " elements in value tuple, but"
          + " got " + tupleValues.size());
      byte[][] v = new byte[cols.size()][];
      for (int i = 0; i < cols.size(); i++) {
        Object x = values.value(tupleValues.get(i), cols.get(i).type(), cols.get(i).name());
        if (x == null) throw invalid("Invalid null value in condition for column " + cols.get(i).name());
        v[i] = cols.get(i).type().serialize(x);
      }
      boolean seen = false;
      for (byte[][] o : out) seen |= java.util.Arrays.deepEquals(o, v);
      if (!seen) out.add(v);
    }
    return out;
  }

  private static byte[][] append(byte[][] pre, byte[] v) {
    byte[][] out = java.util.Arrays.copyOf(pre, pre.length + 1);
    out[pre.length] = v;
    return out;
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

  private static boolean matches(TableMetadata t, ColumnRestriction cr, LivePartition lp, LiveRow r) {
    if (r == null && (cr.def.kind() == ColumnKind.CLUSTERING || cr.def.kind() == ColumnKind.REGULAR)) return false;
    Object v = RowValues.columnValue(t, lp, r, cr.def);
    CqlType type = cr.def.type();
    if (cr.eq != null && cr.eq.stream().noneMatch(e -> RowValues.compare(type, v, Relation.Op.EQ, e))) return false;
    if (cr.lowerOp != null && !RowValues.compare(type, v, cr.lowerOp, cr.lower)) return false;
    if (cr.upperOp != null && !RowValues.compare(type, v, cr.upperOp, cr.upper)) return false;
    for (Object[] o : cr.others) if (!RowValues.compare(type, v, (Relation.Op) o[0], o[1])) return false;
    for (Object[] c : cr.contains) {
      if (v == null) return false;
      boolean key = (Boolean) c[0];
      if (v instanceof Map<?, ?> m) {
        if (key ? !m.containsKey(c[1]) : !m.containsValue(c[1])) return false;
      } else if (!((Collection<?>) v).contains(c[1])) {
        return false;
      }
    }
    return true;
  }

  static boolean same(Object a, Object b) {
    return Objects.equals(a, b);
  }
}
