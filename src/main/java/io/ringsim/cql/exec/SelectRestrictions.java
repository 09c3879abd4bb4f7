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
  /** The position of the first column of {@code (b, c) IN (...)}. */
  int inFirst, inLast;
  /** The relations in the order written, which Cassandra's messages about clustering order follow. */
  private final List<Relation> whereOrder;
  /** The secondary index the query reads by (Cassandra's usesSecondaryIndexing), or null. */
  String usedIndex;
  /** Some restriction has an index that serves it (Cassandra's hasQueriableIndex). */
  private boolean queriableIndex;
  private boolean usesIndex;
  /** Whether the partition key's, and the clustering's, restrictions are filters (counted by checkNeedsFiltering). */
  private boolean pkFiltered, ckFiltered;
  /** Every partition key column restricted by EQ or IN: the keys are known, no range scan. */
  boolean keysKnown;
  /** How many leading clustering columns are fixed by EQ or IN, and the slice on the next one, if any. */
  int prefixEq;
  ColumnRestriction sliceOn;
  boolean clusteringNeedsFiltering;
  /** The multi-column slice or IN does not follow the EQ prefix: Cassandra would need it as a row filter. */
  boolean tupleFilters, inTuplesFilter;
  /** The multi-column slice follows the EQ prefix: the read's slices can start and end at its bounds. */
  boolean tupleReadAsSlice;
  boolean regularNeedsFiltering;

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  SelectRestrictions(TableMetadata t, List<Relation> where, boolean allowFiltering, Catalog catalog, Values values) {
    this.table = t;
    this.allowFiltering = allowFiltering;
    indexes = catalog.indexesOn(t.keyspace(), t.name());
    List<Relation.MultiColumn> multi = new ArrayList<>();
    whereOrder = SingleColumnTuples.normalize(t, where);
    List<Relation.MultiColumnIn> multiIn = new ArrayList<>();
    for (Relation r : whereOrder) {
      BindMarkers.refuseUnbound(r);
      if (r instanceof Relation.Token tk) addToken(tk);
      else if (r instanceof Relation.MultiColumn mc) multi.add(mc);
      else if (r instanceof Relation.MultiColumnIn mi && mi.tuples().size() == 1 && multiIn.isEmpty())
        multi.add(new Relation.MultiColumn(mi.columns(), Relation.Op.EQ, mi.tuples().get(0), mi.line(), mi.col()));
      else if (r instanceof Relation.MultiColumnIn mi) multiIn.add(mi);
      else addSingle(r, values);
    }
    for (Relation.MultiColumn mc : multi) MultiColumnSelect.apply(t, mc, byColumn, values, tuple, whereOrder);
    if (tuple.isSet() && !allowFiltering) ClusteringParts.checkBeforeTuple(t, byColumn, whereOrder);
    ClusteringParts.mergeSingleSlices(byColumn, tuple);
    inTuples = multiIn.isEmpty() ? null : MultiColumnSelect.inTuples(t, multiIn, byColumn, tuple, values);
    if (inTuples != null) {
      inFirst = Projection.column(t, multiIn.get(0).columns().get(0)).position();
      inLast = inFirst + multiIn.get(0).columns().size() - 1;
    }
    queriableIndex = byColumn.values().stream().anyMatch(cr -> supportingIndex(cr, indexes) != null);
    // Clustering relations out of order are refused as they merge (ClusteringColumnRestrictions.mergeWith), before
    // the partition key is looked at.
    if (!allowFiltering) ClusteringParts.checkSequence(t.clusteringColumns(), ClusteringParts.of(t, byColumn, tuple,
        inTuples, inFirst, inLast, whereOrder));
    checkPartitionKey(catalog);
    checkClustering();
    checkRegularColumns(catalog);
    if (usesIndex) {
      // Cassandra prefers a SASI index to a built-in one (SASIIndex.getEstimatedResultRows is Long.MIN_VALUE).
      IndexMetadata used = byColumn.values().stream().map(cr -> supportingIndex(cr, indexes)).filter(i -> i != null)
          .min(java.util.Comparator.comparing(i -> !i.isSasi())).orElse(null);
      usedIndex = used == null ? null : used.name();
      if (used != null && used.isSasi()) sasiIndexes = SasiRowFilter.managerOrder(indexes);
      if (keyIsIn()) throw invalid("Select on indexed columns and with IN clause for the PRIMARY KEY are not supported");
    }
    checkNeedsFiltering();
    // Cassandra's row filter takes neither (MultiColumnRestriction.addRowFilterTo).
    if (tupleFilters) throw invalid("Multi-column slice restrictions cannot be used for filtering.");
    if (inTuplesFilter) throw invalid("Multicolumn IN filters are not supported");
    if (keyValueError != null) throw keyValueRefusal();
    if (rowFilterError != null) throw rowFilterError;
    checkIndexValueSize();
  }

  /**
   * Cassandra's built-in index validates the read it serves (CassandraIndex.validate): the value it looks up is an
   * index partition key, so one over 65535 bytes is refused ({@code (b, c) = (<65536 bytes>, 1)} on an indexed b).
   */
  private void checkIndexValueSize() {
    io.ringsim.storage.IndexQuery q = indexQuery();
    if (q != null && q.entryValue() == null && q.value().length > 65535)
      throw invalid("Index expression values may not be larger than 64K");
  }

  /**
   * Whether an index serves this column's restriction, as Cassandra's built-in index does: = on the indexed value (a
   * whole frozen collection with a FULL index), CONTAINS on a collection's values, CONTAINS KEY on a map's keys. An
   * IN or a slice never uses an index.
   */
  private static IndexMetadata supportingIndex(ColumnRestriction cr, List<IndexMetadata> indexes) {
    IndexMetadata sasi = SasiRowFilter.supportingIndex(cr, indexes);
    if (sasi != null) return sasi;
    for (IndexMetadata i : indexes) if (builtInSupports(i, cr)) return i;
    return null;
  }

  /** Whether Cassandra's built-in index {@code i} serves {@code cr} (false for a SASI index). */
  static boolean builtInSupports(IndexMetadata i, ColumnRestriction cr) {
    return BuiltInIndexes.supports(i, cr);
  }

  /**
   * What each replica looks up in its own index for this query ({@link io.ringsim.storage.LocalIndex}), or null for
   * none (no index, a SASI index, a value storage cannot compare by bytes): the read then scans.
   */
  io.ringsim.storage.IndexQuery indexQuery() {
    if (usedIndex == null) return null;
    IndexMetadata used = indexes.stream().filter(i -> i.name().equals(usedIndex)).findFirst().orElse(null);
    if (used == null || used.isSasi()) return null;
    io.ringsim.storage.IndexQuery q = BuiltInIndexes.query(used, byColumn.get(used.column()));
    IndexedValueSizes.checkLookup(q);
    return q;
  }

  /** An IN on the partition key (Cassandra's keyIsInRelation). */
  private boolean keyIsIn() {
    return table.partitionKey().stream().anyMatch(c -> byColumn.containsKey(c.name()) && byColumn.get(c.name()).isIn);
  }

  /**
   * Cassandra's checkNeedsFiltering: a range scan or an index query without ALLOW FILTERING may filter on nothing but
   * the one restriction it reads by; any second restriction, a clustering restriction with nothing else, or two
   * CONTAINS on one column, needs ALLOW FILTERING.
   */
  private void checkNeedsFiltering() {
    if (allowFiltering || !(rangeScan() || usesIndex)) return;
    int n = 0;
    for (ColumnRestriction cr : byColumn.values()) {
      ColumnKind k = cr.def.kind();
      if (k == ColumnKind.PARTITION_KEY ? pkFiltered : k == ColumnKind.CLUSTERING ? ckFiltered : true) n++;
    }
    if (ckFiltered && tuple.isSet()) n += tuple.columns.size();
    if (ckFiltered && inTuples != null) n++;
    boolean clusteringRestricted = byColumn.values().stream().anyMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING)
        || tuple.isSet() || inTuples != null;
    boolean multipleContains = byColumn.values().stream().anyMatch(cr -> !cr.def.isPrimaryKey()
        && cr.containsCount() > 1);
    if (n > 1 || (n == 0 && clusteringRestricted) || (n != 0 && multipleContains)) throw invalid(FILTERING);
  }

  boolean rangeScan() {
    return !keysKnown;
  }

  /** Clustering columns the read's slices serve (the EQ prefix and the slice on the next column). */
  int usableClustering() {
    return prefixEq + (sliceOn != null ? 1 : 0);
  }

  /** Cassandra's TokenRelation.toReceivers: the columns of token(...) are the partition key's, in its order. */
  private void addToken(Relation.Token tk) {
    List<String> pkNames = table.partitionKey().stream().map(ColumnDef::name).toList();
    List<String> cols = tk.columns().stream().map(c -> Projection.column(table, c).name()).toList();
    if (!cols.equals(pkNames)) {
      if (!cols.containsAll(pkNames))
        throw invalid("The token() function must be applied to all partition key components or none of them");
      if (cols.stream().distinct().count() != cols.size())
        throw invalid("The token() function contains duplicate partition key components");
      if (!pkNames.containsAll(cols))
        throw invalid("The token() function must contains only partition key components");
      throw invalid("The token function arguments must be in the partition key order: " + String.join(", ", pkNames));
    }
    if (token == null) token = new TokenRestriction(table);
    token.add(tk);
  }

  private void addSingle(Relation r, Values values) {
    String name = r instanceof Relation.Single x ? x.column() : r instanceof Relation.In x ? x.column()
        : r instanceof Relation.Contains x ? x.column() : r instanceof Relation.Element x ? x.column()
        : ((Relation.Like) r).column();
    // Cassandra 4.1 takes no "!=" in a WHERE clause (Relation.toRestriction), before it looks at the column.
    if (r instanceof Relation.Single x && x.op() == Relation.Op.NEQ)
      throw invalid("Unsupported \"!=\" relation: " + name + " != " + TermText.of(x.value()));
    ColumnDef def = Projection.column(table, name);
    if (r instanceof Relation.Single x && x.op() != Relation.Op.EQ && SchemaOps.containsDuration(def.type()))
      throw invalid("Slice restrictions are not supported on " + durationsIn(def.type()));
    // The receiver's checks, in SingleColumnRelation.toReceivers' order.
    if (r instanceof Relation.Contains x) {
      if (x.key() && !(def.type() instanceof MapType)) throw invalid("Cannot use CONTAINS KEY on non-map column " + name);
      if (!(def.type() instanceof ListType || def.type() instanceof SetType || def.type() instanceof MapType))
        throw invalid("Cannot use CONTAINS on non-collection column " + name);
    }
    if (def.type() instanceof io.ringsim.schema.collection.UserType u && !u.frozen())
      throw invalid("Non-frozen UDT column '" + name + "' (" + u.cqlName() + ") cannot be restricted by any relation");
    String op = r instanceof Relation.Single x ? x.op().symbol : r instanceof Relation.In ? "IN" : null;
    if (op != null && nonFrozenCollection(def.type())) throw invalid("Collection column '" + name + "' ("
        + def.type().name() + ") cannot be restricted by a '" + op + "' relation");
    ColumnRestriction cr = byColumn.computeIfAbsent(name, n -> new ColumnRestriction(def));
    if (r instanceof Relation.Single x) {
      // A regular column's UNSET is refused as its row filter's value, with RowFilter's words.
      // A counter takes no null literal (Cassandra's Constants.NULL_LITERAL, prepared for a counter).
      if (x.value() instanceof Term.Literal l && l.kind() == Term.Kind.NULL
          && io.ringsim.storage.CounterShards.isCounter(def.type()))
        throw invalid("Invalid null value for counter increment/decrement");
      boolean unset = x.value() instanceof Term.Unset && def.kind() != ColumnKind.CLUSTERING;
      if (unset) nullOrUnset(def, "unset");
      Object v = unset ? null : values.value(x.value(), def.type(), name);
      checkMerge(cr, x.op().isSlice(), false);
      switch (x.op()) {
        case EQ -> cr.eq = java.util.Collections.singletonList(nonNull(v, def));
        case GT, GTE -> {
          if (cr.lowerOp != null) throw invalid("More than one restriction was found for the start bound on "
              + name);
          cr.lowerOp = x.op();
          cr.lower = nonNull(v, def);
        }
        case LT, LTE -> {
          if (cr.upperOp != null) throw invalid("More than one restriction was found for the end bound on " + name);
          cr.upperOp = x.op();
          cr.upper = nonNull(v, def);
        }
        default -> throw new IllegalStateException("NEQ is refused above");
      }
    } else if (r instanceof Relation.In x) {
      checkMerge(cr, false, false);
      List<Object> vs = new ArrayList<>();
      for (Term term : x.values()) {
        Object v = nonNull(values.value(term, def.type(), name), name);
        if (!vs.contains(v)) vs.add(v);
      }
      cr.eq = vs;
      cr.isIn = true;
      cr.inTerms = x.values().size();
    } else if (r instanceof Relation.Contains x) {
      CqlType type = def.type();
      CqlType elem = x.key() ? ((MapType) type).key() : type instanceof ListType lt ? lt.element()
          : type instanceof SetType st ? st.element() : ((MapType) type).value();
      // Cassandra checks a CONTAINS value as a row filter's (or an index expression's), once the restrictions pass
      // their checks (ALLOW FILTERING first), with its own words.
      boolean unset = x.value() instanceof Term.Unset;
      Object v = unset ? null : values.value(x.value(), elem, name);
      if (unset || v == null) rowFilterError(invalid("Unsupported " + (unset ? "unset" : "null") + " value for column "
          + name));
      checkMerge(cr, false, true);
      cr.contains.add(new ColumnRestriction.Contains(x.key(), v));
    } else if (r instanceof Relation.Element x) {
      CqlException e = ElementRelation.add(def, cr, x, values);
      if (rowFilterError == null) rowFilterError = e;
    } else {
      Relation.Like like = (Relation.Like) r;
      Object pattern = values.value(like.pattern(), def.type(), name); // a pattern the column cannot hold: first
      // Only a SASI index on a literal column serves LIKE (Cassandra's StatementRestrictions, as each relation is
      // added).
      if (indexes.stream().noneMatch(i -> i.isSasi() && i.column().equals(name) && i.sasi().literal()))
        throw invalid("LIKE restriction is only supported on properly indexed columns. " + name + " LIKE "
            + TermText.of(like.pattern()) + " is not valid.");
      checkMerge(cr, false, false);
      if (pattern == null) {
        rowFilterError(invalid("Unsupported null value for column " + name));
        return;
      }
      ColumnRestriction.Like l = SasiRowFilter.like((String) pattern);
      if (l == null) {
        // Still a LIKE the index serves; the empty term is refused as the row filter is built.
        cr.like = new ColumnRestriction.Like(io.ringsim.schema.SasiOptions.Op.MATCH, "");
        rowFilterError(invalid("LIKE value can't be empty."));
        return;
      }
      cr.like = l;
      // Which LIKE the index's mode serves is known once the pattern is, when the row filter is built.
      if (indexes.stream().noneMatch(i -> i.isSasi() && i.column().equals(name) && i.sasi().supports(l.op())))
        rowFilterError(invalid(name + " " + SasiRowFilter.operatorText(l.op()) + " " + l.term()
            + " is only supported on properly indexed columns"));
    }
  }

  /**
   * A second relation on a column, refused as the first one's restriction refuses to merge with it in Cassandra
   * (SingleColumnRestriction's doMergeWith): only two slices, or several CONTAINS, combine.
   */
  private static void checkMerge(ColumnRestriction cr, boolean slice, boolean contains) {
    String name = cr.def.name();
    if (cr.like != null) throw invalid(name + " cannot be restricted by more than one relation if it includes a LIKE");
    // An IN of one value is an equality to Cassandra (SingleColumnRelation.newINRestriction).
    if (cr.isIn && cr.inTerms > 1)
      throw invalid(name + " cannot be restricted by more than one relation if it includes a IN");
    if (cr.eq != null) throw invalid(name + " cannot be restricted by more than one relation if it includes an Equal");
    if (cr.isSlice() && !slice) throw invalid("Column \"" + name + "\" cannot be restricted by both an equality and an"
        + " inequality relation");
    if (cr.containsCount() > 0 && !contains) throw invalid("Collection column " + name + " can only be restricted by "
        + "CONTAINS, CONTAINS KEY, or map-entry equality");
  }

  private static boolean nonFrozenCollection(CqlType type) {
    return type instanceof ListType l ? !l.frozen() : type instanceof SetType st ? !st.frozen()
        : type instanceof MapType m && !m.frozen();
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

  /**
   * A null (or UNSET) value: Cassandra refuses it when the statement runs, after every check of the restrictions.
   * A clustering column's where its bound is built; a partition key column's where its keys are built, or, when the
   * key is filtered, with a regular column's in the row filter ({@link #rowFilterError}).
   */
  private Object nonNull(Object v, ColumnDef def) {
    if (v != null) return v;
    if (def.kind() == ColumnKind.CLUSTERING) return nonNull(v, def.name());
    nullOrUnset(def, "null");
    return null;
  }

  private void nullOrUnset(ColumnDef def, String what) {
    if (def.kind() == ColumnKind.PARTITION_KEY) {
      if (keyValueError == null) keyValueError = new KeyValueError(def.name(), what);
    } else {
      rowFilterError(invalid("Unsupported " + what + " value for column " + def.name()));
    }
  }

  private void rowFilterError(CqlException e) {
    if (rowFilterError == null) rowFilterError = e;
  }

  /** A null or UNSET value for a regular column or a map entry: refused once the restrictions pass their checks. */
  private CqlException rowFilterError;
  /** A partition key column's null or unset value, of which no key can be built. */
  private record KeyValueError(String column, String what) {}

  private KeyValueError keyValueError;

  /** The refusal of {@link #keyValueError}, worded as the keys' builder or the row filter words it. */
  private CqlException keyValueRefusal() {
    String c = keyValueError.column(), what = keyValueError.what();
    if (!keysKnown) return invalid("Unsupported " + what + " value for column " + c);
    return invalid(what.equals("null") ? "Invalid null value in condition for column " + c
        : "Invalid unset value for column " + c);
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
      if (!cr.isEqOrIn()) pkNonEq = true;
    }
    // With token() too, Cassandra's TokenFilter: keys that are all known are read, those outside the token range
    // dropped; otherwise the token range is scanned and the key columns' restrictions filter its rows.
    keysKnown = pkRestricted == pk.size() && !pkNonEq;
    boolean partialPk = pkRestricted > 0 && !keysKnown;
    if (partialPk && !allowFiltering && !queriableIndex) throw invalid(FILTERING);
    if ((token == null || partialPk) && !keysKnown) usesIndex = queriableIndex;
    pkFiltered = usesIndex || partialPk;
  }

  /** The clustering columns restricted in order (or filtering allowed), the EQ prefix and the slice after it. */
  private void checkClustering() {
    List<ColumnDef> cc = table.clusteringColumns();
    boolean contains = byColumn.values().stream().anyMatch(cr -> cr.def.kind() == ColumnKind.CLUSTERING
        && cr.containsCount() > 0);
    if (contains && !queriableIndex && !allowFiltering)
      throw invalid("Clustering columns can only be restricted with CONTAINS with a secondary index or filtering");
    List<ClusteringParts.Part> parts = ClusteringParts.of(table, byColumn, tuple, inTuples,
        inFirst, inLast, whereOrder);
    if (!allowFiltering) ClusteringParts.checkOrder(cc, parts, queriableIndex);
    if (tuple.isSet() && tuple.disjointFirst != null) {
      if (!allowFiltering) throw invalid("Clustering column \"" + tuple.disjointFirst.name() + "\" cannot be "
          + "restricted (preceding column \"" + tuple.columns.get(0).name() + "\" is restricted by a non-EQ relation)");
      tupleFilters = true;
    }
    for (ColumnRestriction cr : byColumn.values()) {
      if (cr.def.kind() == ColumnKind.CLUSTERING && cr.containsCount() > 0) clusteringNeedsFiltering = true;
    }
    // Cassandra's ClusteringColumnRestrictions.addRowFilterTo: the parts from the first column on, EQ/IN ones in a
    // row and at most one slice after them, make the read's slices; every other part is a row filter.
    boolean open = true;
    for (ClusteringParts.Part p : parts) {
      boolean usable = open && p.first() == prefixEq;
      if (!usable) {
        if (p.kind() == ClusteringParts.Kind.TUPLE_SLICE) tupleFilters = true;
        if (p.kind() == ClusteringParts.Kind.TUPLE_IN) inTuplesFilter = true;
        open = false;
        continue;
      }
      if (p.kind() != ClusteringParts.Kind.SINGLE) {
        tupleReadAsSlice = p.kind() == ClusteringParts.Kind.TUPLE_SLICE;
        open = false;
        continue;
      }
      ColumnRestriction cr = byColumn.get(cc.get(p.first()).name());
      if (cr.isEqOrIn()) prefixEq++;
      else {
        if (cr.isSlice()) sliceOn = cr;
        open = false;
      }
    }
    int usable = usableClustering();
    for (ColumnDef c : cc) {
      if (c.position() >= usable && byColumn.containsKey(c.name())) clusteringNeedsFiltering = true;
    }
    if (clusteringNeedsFiltering && queriableIndex) usesIndex = true;
    // An index on a clustering column serves a range scan (Cassandra: "covers indexes on the first clustering column").
    if (rangeScan() && cc.stream().anyMatch(c -> byColumn.containsKey(c.name())
        && supportingIndexOf(byColumn.get(c.name())) != null)) usesIndex = true;
    ckFiltered = usesIndex || clusteringNeedsFiltering;
  }

  private List<IndexMetadata> indexes = List.of();
  /**
   * The table's indexes, in the order Cassandra's index manager lists them, when the query reads by a SASI index:
   * SASI then evaluates every restriction itself, each with the first index that serves it.
   */
  List<IndexMetadata> sasiIndexes;

  private IndexMetadata supportingIndexOf(ColumnRestriction cr) {
    return supportingIndex(cr, indexes);
  }

  /** Restrictions on regular and static columns: an index query if some restriction has an index, else filtering. */
  private void checkRegularColumns(Catalog catalog) {
    boolean any = false;
    for (ColumnRestriction cr : byColumn.values()) {
      if (cr.def.isPrimaryKey()) continue;
      any = true;
      if (supportingIndexOf(cr) == null || cr.containsCount() > 1 || cr.isSlice())
        regularNeedsFiltering = true;
    }
    if (!any) return;
    if (queriableIndex) usesIndex = true;
    else if (!allowFiltering) throw invalid(FILTERING);
  }

  /** A multi-column restriction on a range scan needs ALLOW FILTERING (or an index), as Cassandra says. */
  void checkMultiColumnFiltering() {
    if (rangeScan() && !allowFiltering && !usesIndex) throw invalid(FILTERING);
  }

  /** The restrictions the read's keys and slices do not already apply, for the row filter. */
  List<ColumnRestriction> postFilters() {
    int usable = usableClustering();
    List<ColumnRestriction> post = new ArrayList<>();
    for (ColumnRestriction cr : byColumn.values()) {
      boolean handled = cr.def.kind() == ColumnKind.PARTITION_KEY ? keysKnown
          : cr.def.kind() == ColumnKind.CLUSTERING && cr.def.position() < usable;
      if (!handled) post.add(cr);
    }
    return post;
  }

  /** Cassandra's isColumnRestrictedByEq: = on the column (an IN of one value is one too). */
  boolean restrictedByEq(ColumnDef c) {
    ColumnRestriction cr = byColumn.get(c.name());
    return cr != null && cr.eq != null && (!cr.isIn || cr.inTerms == 1);
  }

  /** Whether any EQ/IN prefix column uses IN (rows then come back sorted by the coordinator). */
  boolean prefixHasIn() {
    List<ColumnDef> cc = table.clusteringColumns();
    boolean in = false;
    for (int i = 0; i < prefixEq; i++) if (byColumn.get(cc.get(i).name()).isIn) in = true;
    return in;
  }
}
