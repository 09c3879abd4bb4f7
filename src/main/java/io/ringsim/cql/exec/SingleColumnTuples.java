package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;

/**
 * A multi-column relation on one clustering column, {@code (c) > (1)} or {@code (c) IN ((1), (2))}, restricts that
 * column as {@code c > 1} or {@code c IN (1, 2)} would: Cassandra merges it with the column's other restrictions
 * ({@code (c) > (?) AND c < ?}) and checks it by the same rules. A {@code !=}, a marker for the whole tuple, and a
 * tuple on a column that is not a clustering column keep their multi-column form (and Cassandra's refusals).
 */
final class SingleColumnTuples {
  private SingleColumnTuples() {}

  static List<Relation> normalize(TableMetadata t, List<Relation> where) {
    List<Relation> out = new ArrayList<>(where.size());
    for (Relation r : where) out.add(normalize(t, r));
    return out;
  }

  private static Relation normalize(TableMetadata t, Relation r) {
    if (r instanceof Relation.MultiColumn mc && mc.columns().size() == 1 && mc.values().size() == 1
        && mc.op() != Relation.Op.NEQ && isClustering(t, mc.columns().get(0))) {
      return new Relation.Single(mc.columns().get(0), mc.op(), mc.values().get(0), mc.line(), mc.col());
    }
    if (r instanceof Relation.MultiColumnIn mi && mi.columns().size() == 1 && isClustering(t, mi.columns().get(0))
        && mi.tuples().stream().allMatch(v -> v.size() == 1)) {
      List<Term> values = new ArrayList<>();
      for (List<Term> v : mi.tuples()) values.add(v.get(0));
      return new Relation.In(mi.columns().get(0), values, mi.line(), mi.col());
    }
    return r;
  }

  private static boolean isClustering(TableMetadata t, String column) {
    return t.column(column).map(ColumnDef::kind).orElse(null) == ColumnKind.CLUSTERING;
  }
}
