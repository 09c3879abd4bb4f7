package io.ringsim.cql.exec;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import java.util.Collection;
import java.util.List;

/**
 * Which restriction a secondary index serves, as Cassandra's CassandraIndex and its variants decide
 * (supportsExpression): a plain index on a partition key component, clustering, static or regular column, or a full()
 * index on a frozen collection, serves {@code =}; values() of a list or map serves CONTAINS; values() of a set and
 * keys() of a map serve CONTAINS (set) and CONTAINS KEY (map). An index serves nothing else: slices, IN and
 * {@code !=} on an indexed column are filtered.
 */
final class IndexSupport {
  private IndexSupport() {}

  /** Whether {@code index} serves every restriction {@code cr} holds (one of them, at least). */
  static boolean serves(IndexMetadata index, ColumnRestriction cr) {
    if (!index.column().equals(cr.def.name())) return false;
    if (!cr.others.isEmpty() || cr.isSlice() || cr.isIn) return false;
    if (cr.eq == null && cr.contains.isEmpty()) return false;
    CqlType type = cr.def.type();
    String kind = index.kind() == null ? "values" : index.kind();
    boolean multiCell = type instanceof ListType l ? !l.frozen() : type instanceof SetType s ? !s.frozen()
        : type instanceof MapType m && !m.frozen();
    if (!multiCell) return cr.contains.isEmpty() && cr.eq != null;
    if (cr.eq != null) return false;
    for (ColumnRestriction.Contains c : cr.contains) {
      boolean ok = switch (kind) {
        case "keys" -> c.key();
        case "values" -> type instanceof SetType || !c.key();
        default -> false;
      };
      if (!ok) return false;
    }
    return true;
  }

  /** Whether some index on the table serves {@code cr}. */
  static boolean supported(List<IndexMetadata> indexes, ColumnRestriction cr) {
    for (IndexMetadata i : indexes) if (serves(i, cr)) return true;
    return false;
  }

  /**
   * The one index that serves every restriction the read must filter, or null when none does (the query then
   * filters, which needs ALLOW FILTERING). Several CONTAINS on one collection are filtered: a legacy index reads one.
   */
  static IndexMetadata servingAll(List<IndexMetadata> indexes, Collection<ColumnRestriction> toFilter) {
    for (IndexMetadata i : indexes) {
      boolean all = true;
      for (ColumnRestriction cr : toFilter) {
        if (!serves(i, cr) || cr.contains.size() > 1) all = false;
      }
      if (all) return i;
    }
    return null;
  }

  /** The first index serving one of {@code restricted}, in the order given; null if none. */
  static IndexMetadata first(List<IndexMetadata> indexes, Collection<ColumnRestriction> restricted) {
    for (ColumnRestriction cr : restricted) {
      for (IndexMetadata i : indexes) if (serves(i, cr)) return i;
    }
    return null;
  }
}
