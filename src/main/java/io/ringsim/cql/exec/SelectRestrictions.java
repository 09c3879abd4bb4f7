package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A SELECT's WHERE clause, checked as Cassandra's StatementRestrictions checks it: the restrictions grouped by column
 * (plus the token range and the multi-column ones), what they fix of the partition key and of the clustering, the
 * secondary index they use, and whether the query needs ALLOW FILTERING. {@link SelectPlanner} turns them into a
 * read.
 */
final class SelectRestrictions {
  static final String FILTERING = "Cannot execute this query as it might involve data filtering and thus may have "
      + "unpredictable performance. If you want to execute this query despite the performance unpredictability, "
      + "use ALLOW FILTERING";

  final TableMetadata table;
  final boolean allowFiltering;
  final Map<String, ColumnRestriction> byColumn = new LinkedHashMap<>();
  TokenRestriction token;
  final TupleSlice tuple = new TupleSlice();
  /** {@code (a, b) IN (...)}: the exact clustering prefixes, or null. */
  List<byte[][]> inTuples;
  /** The secondary index the read uses, or null. */
  String usedIndex;
  /** The table's indexes; whether one serves some restriction; whether the read goes through one. */
  List<IndexMetadata> indexes = List.of();
  boolean hasQueriableIndex;
  boolean usesIndex;
  /** Every partition key column restricted by EQ or IN: the keys are known, no range scan. */
  boolean keysKnown;
  /** How many leading clustering columns are fixed by EQ or IN, and the slice on the next one, if any. */
  int prefixEq;
  ColumnRestriction sliceOn;
  boolean clusteringNeedsFiltering;
  boolean regularNeedsFiltering;

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  SelectRestrictions(TableMetadata t, List<Relation> where, boolean allowFiltering, Catalog catalog, Values values) {
    this.table = t;
    this.allowFiltering = allowFiltering;
    List<Relation.MultiColumn> multi = new ArrayList<>();
    List<Relation.MultiColumnIn> multiIn = new ArrayList<>();
    for (Relation r : where) {
      BindMarkers.refuseUnbound(r);
      if (r instanceof Relation.Token tk) addToken(tk);
      else if (r instanceof Relation.MultiColumn mc) multi.add(mc);
      else if (r instanceof Relation.MultiColumnIn mi) multiIn.add(mi);
      else addSingle(r, values);
    }
    for (Relation.MultiColumn mc : multi) MultiColumnSelect.apply(t, mc, byColumn, values, tuple);
    if (tuple.isSet()) {
      for (ColumnDef c : t.clusteringColumns()) {
        if (byColumn.containsKey(c.name())) throw invalid("Mixing single column relations and multi column relations "
            + "on clustering columns is not allowed");
      }
    }
    inTuples = multiIn.isEmpty() ? null : MultiColumnSelect.inTuples(t, multiIn, byColumn, tuple, values);
    checkPartitionKey(catalog);
    checkClustering();
    checkRegularColumns();
  }

  boolean rangeScan() {
    return !keysKnown;
  }

  /** Clustering columns the read's slices serve (the EQ prefix and the slice on the next column). */
  int usableClustering() {
    return prefixEq + (sliceOn != null ? 1 : 0);
  }

  private void addToken(Relation.Token tk) {
    List<String> pkNames = table.partitionKey().stream().map(ColumnDef::name).toList();
    for (String c : tk.columns()) Projection.column(table, c);
    if (tk.columns().size() != pkNames.size() || !pkNames.containsAll(tk.columns()))
      throw invalid("The token() function must be applied to all partition key components or none of them");
    if (!tk.columns().equals(pkNames)) throw invalid("The token function arguments must be in the partition key "
        + "order: " + String.join(", ", pkNames));
    if (token == null) token = new TokenRestriction(table);
    token.add(tk);
  }

  private void addSingle(Relation r, Values values) {
    String name = r instanceof Relation.Single x ? x.column() : r instanceof Relation.In x ? x.column()
        : r instanceof Relation.Contains x ? x.column() : ((Relation.Like) r).column();
    ColumnDef def = Projection.column(table, name);
    if (def.type() instanceof io.ringsim.schema.collection.UserType u && !u.frozen())
      throw invalid("Non-frozen UDT column '" + name + "' (" + u.cqlName() + ") cannot be restricted by any relation");
    ColumnRestriction cr = byColumn.computeIfAbsent(name, n -> new ColumnRestriction(def));
    if (r instanceof Relation.Single x) {
      if (x.op() != Relation.Op.EQ && x.op() != Relation.Op.NEQ && SchemaOps.containsDuration(def.type()))
        throw invalid("Slice restrictions are not supported on " + durationsIn(def.type()));
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
          cr.others.add(new ColumnRestriction.Filter(x.op(), v));
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
      Object v = values.value(x.value(), elem, name);
      if (v == null) throw invalid("Unsupported null value for column " + name);
      cr.contains.add(new ColumnRestriction.Contains(x.key(), v));
    } else {
      throw invalid("LIKE restrictions are only supported on properly indexed columns (SASI), not by this "
          + "simulator");
    }
  }

  /** What holds durations, as Cassandra's messages name it. */
  static String durationsIn(CqlType t) {
    return t instanceof ListType || t instanceof SetType || t instanceof MapType ? "collections containing durations"
        : t instanceof io.ringsim.schema.collection.TupleType ? "tuples containing durations"
        : t instanceof io.ringsim.schema.collection.UserType ? "UDTs containing durations" : "duration columns";
  }

  private static Object nonNull(Object v, String column) {
    if (v == null) throw invalid("Invalid null value in condition for column " + column);
    return v;
  }

  /** Token and key restrictions together, the index an EQ restriction uses, and a partly restricted key. */
  private void checkPartitionKey(Catalog catalog) {
    List<ColumnDef> pk = table.partitionKey();
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
    indexes = catalog.indexesOn(table.keyspace(), table.name());
    for (ColumnRestriction cr : byColumn.values()) if (IndexSupport.supported(indexes, cr)) hasQueriableIndex = true;
    keysKnown = pkRestricted == pk.size() && !pkNonEq;
    boolean partialPk = pkRestricted > 0 && !keysKnown;
    if (partialPk && !allowFiltering && !hasQueriableIndex) throw invalid(FILTERING);
    if (token == null && !keysKnown && hasQueriableIndex) usesIndex = true;
  }

  /** The clustering columns restricted in order (or filtering allowed), the EQ prefix and the slice after it. */
  private void checkClustering() {
    List<ColumnDef> cc = table.clusteringColumns();
    ColumnDef lastRestricted = null;
    int lastPos = -1;
    for (ColumnDef c : cc) {
      ColumnRestriction cr = byColumn.get(c.name());
      if (cr == null) continue;
      if (!allowFiltering && !IndexSupport.supported(indexes, cr) && lastRestricted != null
          && byColumn.get(lastRestricted.name()).isSlice())
        throw invalid("Clustering column \"" + c.name() + "\" cannot be restricted (preceding column \""
            + lastRestricted.name() + "\" is restricted by a non-EQ relation)");
      if (!allowFiltering && !hasQueriableIndex) {
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
    int usable = usableClustering();
    for (ColumnDef c : cc) {
      if (c.position() >= usable && byColumn.containsKey(c.name())) clusteringNeedsFiltering = true;
    }
    // An index on a clustering column serves a range of partitions; one on any column serves unordered clustering.
    if (hasQueriableIndex && clusteringNeedsFiltering) usesIndex = true;
    if (rangeScan() && token == null) {
      for (ColumnDef c : cc) {
        ColumnRestriction cr = byColumn.get(c.name());
        if (cr != null && IndexSupport.supported(indexes, cr)) usesIndex = true;
      }
    }
  }

  /**
   * Restrictions on regular and static columns: served by an index, or filtering. With an index, every restriction
   * the keys and slices leave must be served by that one index, or the query filters (Cassandra's needFiltering).
   */
  private void checkRegularColumns() {
    for (ColumnRestriction cr : byColumn.values()) if (!cr.def.isPrimaryKey()) regularNeedsFiltering = true;
    if (regularNeedsFiltering) {
      if (hasQueriableIndex) usesIndex = true;
      else if (!allowFiltering) throw invalid(FILTERING);
    }
    if (usesIndex) {
      for (ColumnDef c : table.partitionKey()) {
        ColumnRestriction cr = byColumn.get(c.name());
        if (cr != null && cr.isIn) throw invalid("Select on indexed columns and with IN clause for the PRIMARY KEY are"
            + " not supported");
      }
      // A range of partitions read through an index filters every clustering restriction too.
      List<ColumnRestriction> toFilter = postFilters();
      if (rangeScan()) {
        for (ColumnRestriction cr : byColumn.values())
          if (cr.def.kind() == ColumnKind.CLUSTERING && !toFilter.contains(cr)) toFilter.add(cr);
      }
      IndexMetadata serving = IndexSupport.servingAll(indexes, toFilter);
      if (serving == null && !allowFiltering) throw invalid(FILTERING);
      if (serving == null) serving = IndexSupport.first(indexes, byColumn.values());
      usedIndex = serving.name();
    } else if (!allowFiltering && rangeScan() && byColumn.values().stream()
        .anyMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING)) {
      throw invalid(FILTERING);
    }
  }

  /** A multi-column restriction on a range scan needs ALLOW FILTERING (or an index), as Cassandra says. */
  void checkMultiColumnFiltering() {
    if (rangeScan() && !allowFiltering && usedIndex == null) throw invalid(FILTERING);
  }

  /** The restrictions the read's keys and slices do not already apply, for the row filter. */
  List<ColumnRestriction> postFilters() {
    int usable = usableClustering();
    List<ColumnRestriction> post = new ArrayList<>();
    for (ColumnRestriction cr : byColumn.values()) {
      boolean handled = cr.def.kind() == ColumnKind.PARTITION_KEY ? keysKnown
          : cr.def.kind() == ColumnKind.CLUSTERING && cr.def.position() < usable && cr.others.isEmpty();
      if (!handled) post.add(cr);
    }
    return post;
  }

  /** Whether any EQ/IN prefix column uses IN (rows then come back sorted by the coordinator). */
  boolean prefixHasIn() {
    List<ColumnDef> cc = table.clusteringColumns();
    boolean in = false;
    for (int i = 0; i < prefixEq; i++) if (byColumn.get(cc.get(i).name()).isIn) in = true;
    return in;
  }
}
