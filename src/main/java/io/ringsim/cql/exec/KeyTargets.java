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
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys and rows an UPDATE or DELETE targets, from its WHERE clause: the partition keys, then either the rows
 * (full clusterings, or clustering prefixes when {@code prefixOnly}), a range deletion's {@code slices} (one per
 * clustering prefix an IN gives, none when the bounds hold no clustering), or neither (the whole partition, or its
 * static row); {@code slices} is null when the statement is no range deletion.
 */
record KeyTargets(List<byte[]> keys, List<Clustering> rows, List<Slice> slices, boolean prefixOnly) {

  /**
   * An empty IN ({@code a IN ()}, {@code b IN ()}) names no partition or no row: the statement, once Cassandra's
   * checks pass, writes nothing (no rows must not read as "the whole partition").
   */
  private static final KeyTargets NOTHING = new KeyTargets(List.of(), List.of(), null, false);

  /**
   * An UPDATE's targets; {@code writesStatics}: it sets static columns only, so that a clustering restriction is
   * refused (false for an UPDATE whose every value was UNSET, which writes nothing).
   */
  static KeyTargets of(TableMetadata t, List<Relation> where, Values values, boolean onlyStatic,
      boolean isRowDelete, boolean writesStatics) {
    return of(t, where, values, onlyStatic, isRowDelete, false, writesStatics);
  }

  /** {@code isDelete}: a DELETE (of rows or of columns), which Cassandra's messages name. */
  static KeyTargets of(TableMetadata t, List<Relation> where, Values values, boolean onlyStatic,
      boolean isRowDelete, boolean isDelete, boolean writesStatics) {
    boolean columnDelete = isDelete && !isRowDelete;
    Map<String, List<Object>> eq = new LinkedHashMap<>();
    TupleIn tupleIn = null;
    DeletionRange range = new DeletionRange();
    // Cassandra refuses relations on other columns only once the key restrictions are judged.
    List<String> nonKey = new ArrayList<>();
    // An UPDATE's clustering slice is refused once the static-only rule is judged, as Cassandra's
    // StatementRestrictions orders them (processClusteringColumnsRestrictions comes after).
    boolean updateSlice = false;
    for (Relation r : SingleColumnTuples.normalize(t, where)) {
      // Cassandra's StatementRestrictions refuses CONTAINS in a write before it looks at the relation's column.
      if (r instanceof Relation.Contains c)
        throw invalid("Cannot use " + (isDelete ? "DELETE" : "UPDATE") + " with CONTAINS" + (c.key() ? " KEY" : ""));
      BindMarkers.refuseUnbound(r);
      if (r instanceof Relation.Single s) {
        ColumnDef def = t.column(s.column()).orElseThrow(() -> invalid("Undefined column name " + s.column()
            + " in table " + t.qualifiedName()));
        if (!def.isPrimaryKey()) {
          nonKey.add(s.column());
          continue;
        }
        if (s.op() == Relation.Op.NEQ)
          throw invalid("Unsupported \"!=\" relation: " + s.column() + " != " + TermText.of(s.value()));
        if (s.op() == Relation.Op.EQ) {
          if (range.isSet() && range.columns().contains(s.column())) throw invalid("Column \"" + s.column()
              + "\" cannot be restricted by both an equality and an inequality relation");
          if (eq.put(s.column(), List.of(nonNullKey(values.value(s.value(), def.type(), s.column()), def, t))) != null)
            throw invalid(s.column() + " cannot be restricted by more than one relation if it includes an Equal");
        } else if (s.op().isSlice() && def.kind() == ColumnKind.PARTITION_KEY) {
          throw invalid("Only EQ and IN relation are supported on the partition key (unless you use the token() "
              + "function) for " + (isDelete ? "DELETE" : "UPDATE") + " statements");
        } else if (s.op().isSlice() && def.kind() == ColumnKind.CLUSTERING && !isDelete) {
          updateSlice = true;
        } else if (s.op().isSlice() && def.kind() == ColumnKind.CLUSTERING) {
          if (eq.containsKey(s.column()))
            throw invalid(s.column() + " cannot be restricted by more than one relation if it includes an Equal");
          // A DELETE of columns takes the range here; Cassandra refuses it only when it runs (DeletePlanner).
          range.add(t, List.of(s.column()), false, s.op(), Collections.singletonList(
              values.value(s.value(), def.type(), s.column())));
        } else {
          throw invalid("Invalid operator " + s.op().symbol + " for PRIMARY KEY part " + s.column());
        }
      } else if (r instanceof Relation.In in) {
        ColumnDef def = t.column(in.column()).orElseThrow(() -> invalid("Undefined column name " + in.column()
            + " in table " + t.qualifiedName()));
        if (!def.isPrimaryKey()) {
          nonKey.add(in.column());
          continue;
        }
        List<Object> vs = new ArrayList<>();
        for (Term term : in.values()) vs.add(nonNullKey(values.value(term, def.type(), in.column()), def, t));
        eq.put(in.column(), vs);
      } else if (r instanceof Relation.MultiColumn mc) {
        if (mc.op().isSlice() && !isDelete) updateSlice = true;
        else MultiColumnWhere.apply(t, mc, values, eq, range);
      } else if (r instanceof Relation.MultiColumnIn mi && tupleIn == null) {
        tupleIn = tupleIn(t, mi, values, eq);
      } else if (r instanceof Relation.Element e) {
        t.column(e.column()).orElseThrow(() -> invalid("Undefined column name " + e.column() + " in table "
            + t.qualifiedName()));
        nonKey.add(e.column());
      } else if (r instanceof Relation.Token) {
        throw invalid("The token function cannot be used in WHERE clauses for " + (isDelete ? "DELETE" : "UPDATE")
            + " statements");
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
    if (writesStatics && (range.isSet() || updateSlice || cc.stream().anyMatch(c -> eq.containsKey(c.name()))))
      throw invalid("Invalid restrictions on clustering columns since the " + (isDelete ? "DELETE" : "UPDATE")
          + " statement modifies only static columns");
    if (updateSlice)
      throw invalid("Slice restrictions are not supported on the clustering columns in UPDATE statements");
    // An UPDATE names every clustering column (Cassandra's processClusteringColumnsRestrictions, for a type that
    // allows no clustering slices), unless it writes static columns only or is a compact table's UPDATE with some
    // clustering restriction, judged as a DELETE is below.
    if (!isDelete && !onlyStatic && cc.stream().anyMatch(c -> !eq.containsKey(c.name()))
        && !(CompactTables.isCompact(t) && cc.stream().anyMatch(c -> eq.containsKey(c.name())))) {
      throw invalid("Some clustering keys are missing: " + String.join(", ",
          cc.stream().filter(c -> !eq.containsKey(c.name())).map(ColumnDef::name).toList()));
    }
    int prefix = 0;
    while (prefix < cc.size() && eq.containsKey(cc.get(prefix).name())) prefix++;
    for (int i = prefix; i < cc.size(); i++) {
      // Cassandra names a slice on the first unfixed column as what stops the ones after it.
      if (eq.containsKey(cc.get(i).name()) && range.isSet() && range.columns().contains(cc.get(prefix).name()))
        throw invalid("Clustering column \"" + cc.get(i).name() + "\" cannot be restricted (preceding column \""
            + cc.get(prefix).name() + "\" is restricted by a non-EQ relation)");
      if (eq.containsKey(cc.get(i).name())) throw invalid("PRIMARY KEY column \"" + cc.get(i).name()
          + "\" cannot be restricted as preceding column \"" + cc.get(prefix).name() + "\" is not restricted");
    }
    if (!nonKey.isEmpty())
      throw invalid("Non PRIMARY KEY columns found in where clause: " + String.join(", ", nonKey) + " ");
    boolean emptyIn = false;
    for (Map.Entry<String, List<Object>> e : eq.entrySet()) {
      if (!e.getValue().isEmpty()) continue;
      int pos = t.column(e.getKey()).map(ColumnDef::position).orElse(-1);
      boolean tupleColumn = tupleIn != null && t.column(e.getKey()).get().kind() == ColumnKind.CLUSTERING
          && pos >= tupleIn.start() && pos < tupleIn.start() + tupleIn.width();
      if (!tupleColumn) emptyIn = true;
    }
    if (tupleIn != null && tupleIn.prefixes().isEmpty()) emptyIn = true;
    if (range.isSet()) {
      List<String> rangeCols = range.columns();
      if (prefix >= cc.size() || !rangeCols.get(0).equals(cc.get(prefix).name()))
        throw invalid("Range deletions must restrict the clustering columns in order, the slice on the last one");
      if (emptyIn) return NOTHING;
      // One slice under each prefix an IN gives (c1 IN (0, 1) AND c2 >= 3), as Cassandra's createSlices builds them;
      // an empty range (c > 4 AND c < 3) is valid and deletes nothing.
      List<Slice> slices = new ArrayList<>();
      for (List<Object> combo : clusterings(cc.subList(0, prefix), eq, tupleIn)) {
        Slice slice = range.slice(t, combo);
        if (slice != null) slices.add(slice);
      }
      return new KeyTargets(keys, List.of(), slices, false);
    }
    if (onlyStatic) return emptyIn ? NOTHING : new KeyTargets(keys, List.of(), null, false);
    if (prefix < cc.size()) {
      if (columnDelete) throw invalid("Range deletions are not supported for specific columns");
      // A compact table's UPDATE writes one row under the clustering prefix; a DELETE removes every row under it.
      boolean compactPrefix = !isDelete && prefix > 0 && CompactTables.allowsClusteringPrefix(t, cc.size() - prefix);
      if (!isRowDelete && !compactPrefix) {
        List<String> missing = new ArrayList<>();
        for (int i = prefix; i < cc.size(); i++) missing.add(cc.get(i).name());
        throw invalid("Some clustering keys are missing: " + String.join(", ", missing));
      }
      if (prefix == 0) return emptyIn ? NOTHING : new KeyTargets(keys, List.of(), null, false);
      List<Clustering> rows = new ArrayList<>();
      for (List<Object> combo : clusterings(cc.subList(0, prefix), eq, tupleIn))
        rows.add(Clustering.of(Keys.clustering(t, combo)));
      return emptyIn ? NOTHING : new KeyTargets(keys, rows, null, !compactPrefix);
    }
    List<Clustering> rows = new ArrayList<>();
    if (cc.isEmpty()) rows.add(Clustering.EMPTY);
    else for (List<Object> combo : clusterings(cc, eq, tupleIn)) {
      byte[][] ck = Keys.clustering(t, combo);
      if (!isDelete) WriteBinder.checkClusteringSize(ck);
      if (!isDelete) CompactTables.checkClustering(t, ck);
      rows.add(Clustering.of(ck));
    }
    return emptyIn ? NOTHING : new KeyTargets(keys, rows, null, false);
  }

  /** {@code (c1, c2) IN ((1, 2), (3, 4))} on consecutive clustering columns: the listed values, as they are. */
  private record TupleIn(int start, int width, List<List<Object>> prefixes) {}

  private static TupleIn tupleIn(TableMetadata t, Relation.MultiColumnIn mi, Values values,
      Map<String, List<Object>> eq) {
    List<ColumnDef> cc = t.clusteringColumns();
    List<ColumnDef> defs = new ArrayList<>();
    for (int i = 0; i < mi.columns().size(); i++) {
      String n = mi.columns().get(i);
      ColumnDef def = t.column(n).orElseThrow(() -> invalid("Undefined column name " + n));
      if (def.kind() != ColumnKind.CLUSTERING) throw invalid("Multi-column relations can only be applied to "
          + "clustering columns but was applied to: " + n);
      if (i > 0 && def.position() != defs.get(i - 1).position() + 1) throw invalid("Clustering columns must appear"
          + " in the PRIMARY KEY order in multi-column relations: " + relationText(mi));
      if (eq.containsKey(n)) throw invalid(n + " cannot be restricted by more than one relation if it includes a IN");
      defs.add(def);
    }
    List<List<Object>> prefixes = new ArrayList<>();
    for (List<Term> tuple : mi.tuples()) {
      if (tuple.size() != defs.size()) throw invalid("Expected " + defs.size() + " elements in value tuple, but got "
          + tuple.size() + ": " + tuple);
      List<Object> p = new ArrayList<>();
      for (int i = 0; i < defs.size(); i++) {
        p.add(nonNullKey(values.value(tuple.get(i), defs.get(i).type(), defs.get(i).name()), defs.get(i), t));
      }
      if (!prefixes.contains(p)) prefixes.add(p);
    }
    // The tuple's columns count as restricted for the checks that follow (a tuple after an unrestricted column is
    // refused there, as Cassandra refuses it); clusterings() expands them.
    for (ColumnDef d : defs) eq.put(d.name(), List.of());
    return new TupleIn(defs.get(0).position(), defs.size(), prefixes);
  }

  /** The relation as Cassandra prints it in its messages: {@code (b, d) IN ((0, 0), (1, 1))}. */
  private static String relationText(Relation.MultiColumnIn mi) {
    List<String> tuples = new ArrayList<>();
    for (List<Term> tuple : mi.tuples()) {
      List<String> vs = new ArrayList<>();
      for (Term term : tuple) vs.add(TermText.of(term));
      tuples.add("(" + String.join(", ", vs) + ")");
    }
    return "(" + String.join(", ", mi.columns()) + ") IN (" + String.join(", ", tuples) + ")";
  }

  /** Every clustering (prefix) {@code cols} takes: each EQ/IN value of the other columns, the tuple IN's values. */
  private static List<List<Object>> clusterings(List<ColumnDef> cols, Map<String, List<Object>> eq, TupleIn in) {
    if (in == null || cols.size() < in.start() + in.width()) return cartesian(cols, eq);
    List<List<Object>> out = new ArrayList<>();
    List<List<Object>> rests = cartesian(cols.subList(in.start() + in.width(), cols.size()), eq);
    for (List<Object> before : cartesian(cols.subList(0, in.start()), eq)) {
      for (List<Object> p : in.prefixes()) {
        for (List<Object> rest : rests) {
          List<Object> combo = new ArrayList<>(before);
          combo.addAll(p);
          combo.addAll(rest);
          out.add(combo);
        }
      }
    }
    return out;
  }
}
