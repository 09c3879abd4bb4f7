package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Relation;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** A SELECT's restrictions on one column, gathered from its WHERE clause (Cassandra's SingleColumnRestriction). */
final class ColumnRestriction {
  /** {@code CONTAINS value}, or {@code CONTAINS KEY value} when {@code key}. */
  record Contains(boolean key, Object value) {}

  /** {@code m[key] = value}: the map holds that entry. */
  record Entry(Object key, Object value) {}

  /** {@code LIKE 'pattern'}: SASI's operation and the term without its % wildcards. */
  record Like(io.ringsim.schema.SasiOptions.Op op, String term) {}

  final ColumnDef def;
  /** The LIKE restriction, or null. */
  Like like;
  /** EQ (one value) or IN (several); null when neither. */
  List<Object> eq;
  boolean isIn;
  /** How many values the IN lists as written (Cassandra takes an IN of one value for an equality). */
  int inTerms;
  Relation.Op lowerOp, upperOp;
  Object lower, upper;
  final List<Contains> contains = new ArrayList<>();
  final List<Entry> entries = new ArrayList<>();

  ColumnRestriction(ColumnDef def) {
    this.def = def;
  }

  boolean isSlice() {
    return lowerOp != null || upperOp != null;
  }

  boolean isEqOrIn() {
    return eq != null;
  }

  /** Whether the row (or the partition's static row, for a static column) satisfies every restriction here. */
  boolean matches(TableMetadata t, LivePartition lp, LiveRow r) {
    if (r == null && (def.kind() == ColumnKind.CLUSTERING || def.kind() == ColumnKind.REGULAR)) return false;
    Object v = RowValues.columnValue(t, lp, r, def);
    CqlType type = def.type();
    if (eq != null && eq.stream().noneMatch(e -> RowValues.compare(type, v, Relation.Op.EQ, e))) return false;
    if (lowerOp != null && !RowValues.compare(type, v, lowerOp, lower)) return false;
    if (upperOp != null && !RowValues.compare(type, v, upperOp, upper)) return false;
    if (like != null && !(v instanceof String s && SasiRowFilter.matches(like, s))) return false;
    for (Contains c : contains) {
      if (v == null) return false;
      if (v instanceof Map<?, ?> m) {
        if (c.key() ? !m.containsKey(c.value()) : !m.containsValue(c.value())) return false;
      } else if (!((Collection<?>) v).contains(c.value())) {
        return false;
      }
    }
    for (Entry e : entries) {
      if (!(v instanceof Map<?, ?> m) || !m.containsKey(e.key())) return false;
      if (!RowValues.compare(((io.ringsim.schema.collection.MapType) type).value(), m.get(e.key()), Relation.Op.EQ,
          e.value())) return false;
    }
    return true;
  }

  /** Cassandra's ContainsRestriction counts CONTAINS, CONTAINS KEY and map entries together. */
  int containsCount() {
    return contains.size() + entries.size();
  }
}
