package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.cartesian;
import static io.ringsim.cql.exec.WriteBinder.invalid;
import static io.ringsim.cql.exec.WriteBinder.nonNullKey;

import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys and rows an UPDATE or DELETE targets, from its WHERE clause: the partition keys, then either the rows
 * (full clusterings, or clustering prefixes when {@code prefixOnly}), a range deletion's {@code slice}, or neither
 * (the whole partition, or its static row).
 */
record KeyTargets(List<byte[]> keys, List<Clustering> rows, Slice slice, boolean prefixOnly) {

  /** Marks a range deletion whose bounds hold no clustering: the statement is valid and writes nothing. */
  static final Slice EMPTY_RANGE = new Slice(ClusteringBound.exclusive(), ClusteringBound.exclusive());

  static KeyTargets of(TableMetadata t, List<Relation> where, Values values, boolean onlyStatic,
      boolean isRowDelete) {
    return of(t, where, values, onlyStatic, isRowDelete, false);
  }

  /** {@code isDelete}: a DELETE (of rows or of columns), which Cassandra's messages name. */
  static KeyTargets of(TableMetadata t, List<Relation> where, Values values, boolean onlyStatic,
      boolean isRowDelete, boolean isDelete) {
    boolean columnDelete = isDelete && !isRowDelete;
    Map<String, List<Object>> eq = new LinkedHashMap<>();
    DeletionRange range = new DeletionRange();
    for (Relation r : where) {
      BindMarkers.refuseUnbound(r);
      if (r instanceof Relation.Single s) {
        ColumnDef def = t.column(s.column()).orElseThrow(() -> invalid("Undefined column name " + s.column()
            + " in table " + t.qualifiedName()));
        if (!def.isPrimaryKey()) throw invalid("Non PRIMARY KEY columns found in where clause: " + s.column() + " ");
        if (s.op() == Relation.Op.EQ) {
          if (eq.put(s.column(), List.of(nonNullKey(values.value(s.value(), def.type(), s.column()), def))) != null)
            throw invalid(s.column() + " cannot be restricted by more than one relation if it includes an Equal");
        } else if (s.op().isSlice() && def.kind() == ColumnKind.PARTITION_KEY && isDelete) {
          throw invalid("Only EQ and IN relation are supported on the partition key (unless you use the token() "
              + "function) for DELETE statements");
        } else if (s.op().isSlice() && def.kind() == ColumnKind.CLUSTERING && columnDelete) {
          throw invalid("Range deletions are not supported for specific columns");
        } else if (s.op().isSlice() && def.kind() == ColumnKind.CLUSTERING && isRowDelete) {
          range.add(List.of(s.column()), false, s.op(), Collections.singletonList(
              values.value(s.value(), def.type(), s.column())));
        } else {
          throw invalid("Invalid operator " + s.op().symbol + " for PRIMARY KEY part " + s.column());
        }
      } else if (r instanceof Relation.In in) {
        ColumnDef def = t.column(in.column()).orElseThrow(() -> invalid("Undefined column name " + in.column()
            + " in table " + t.qualifiedName()));
        if (!def.isPrimaryKey()) throw invalid("Non PRIMARY KEY columns found in where clause: " + in.column() + " ");
        List<Object> vs = new ArrayList<>();
        for (Term term : in.values()) vs.add(nonNullKey(values.value(term, def.type(), in.column()), def));
        eq.put(in.column(), vs);
      } else if (r instanceof Relation.MultiColumn mc) {
        MultiColumnWhere.apply(t, mc, values, eq, range, isRowDelete);
      } else if (r instanceof Relation.Token && isDelete) {
        throw invalid("The token function cannot be used in WHERE clauses for DELETE statements");
      } else {
        throw invalid("Unsupported restriction in the WHERE clause of a modification statement");
      }
    }
    List<String> missingPk = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) if (!eq.containsKey(c.name())) missingPk.add(c.name());
    if (!missingPk.isEmpty()) throw invalid("Some partition key parts are missing: " + String.join(", ", missingPk));
    List<byte[]> keys = new ArrayList<>();
    for (List<Object> combo : cartesian(t.partitionKey(), eq)) keys.add(Keys.partitionKey(t, combo));
    List<ColumnDef> cc = t.clusteringColumns();
    int prefix = 0;
    while (prefix < cc.size() && eq.containsKey(cc.get(prefix).name())) prefix++;
    for (int i = prefix; i < cc.size(); i++) {
      if (eq.containsKey(cc.get(i).name())) throw invalid("PRIMARY KEY column \"" + cc.get(i).name()
          + "\" cannot be restricted as preceding column \"" + cc.get(prefix).name() + "\" is not restricted");
    }
    if (range.isSet()) {
      List<String> rangeCols = range.columns();
      if (prefix >= cc.size() || !rangeCols.get(0).equals(cc.get(prefix).name()))
        throw invalid("Range deletions must restrict the clustering columns in order, the slice on the last one");
      List<List<Object>> combos = cartesian(cc.subList(0, prefix), eq);
      if (combos.size() != 1) throw invalid("IN is not supported with a range deletion");
      // An empty range (c > 4 AND c < 3) is valid and deletes nothing, as in Cassandra.
      Slice slice = range.slice(t, combos.get(0));
      return new KeyTargets(keys, List.of(), slice == null ? EMPTY_RANGE : slice, false);
    }
    if (onlyStatic) return new KeyTargets(keys, List.of(), null, false);
    if (prefix < cc.size()) {
      if (columnDelete) throw invalid("Range deletions are not supported for specific columns");
      // A compact table's UPDATE writes one row under the clustering prefix; a DELETE removes every row under it.
      boolean compactPrefix = !isDelete && prefix > 0 && CompactTables.allowsClusteringPrefix(t, cc.size() - prefix);
      if (!isRowDelete && !compactPrefix) {
        List<String> missing = new ArrayList<>();
        for (int i = prefix; i < cc.size(); i++) missing.add(cc.get(i).name());
        throw invalid("Some clustering keys are missing: " + String.join(", ", missing));
      }
      if (prefix == 0) return new KeyTargets(keys, List.of(), null, false);
      List<Clustering> rows = new ArrayList<>();
      for (List<Object> combo : cartesian(cc.subList(0, prefix), eq))
        rows.add(Clustering.of(Keys.clustering(t, combo)));
      return new KeyTargets(keys, rows, null, !compactPrefix);
    }
    List<Clustering> rows = new ArrayList<>();
    if (cc.isEmpty()) rows.add(Clustering.EMPTY);
    else for (List<Object> combo : cartesian(cc, eq)) {
      byte[][] ck = Keys.clustering(t, combo);
      if (!isDelete) CompactTables.checkClustering(t, ck);
      rows.add(Clustering.of(ck));
    }
    return new KeyTargets(keys, rows, null, false);
  }
}
