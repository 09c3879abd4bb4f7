package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SelectRestrictions.invalid;

import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;

/**
 * {@code m[key] = value} in a SELECT's WHERE: a map entry restriction, as Cassandra 4.1's SingleColumnRelation with a
 * map key checks it (lists, non-map columns, frozen maps and operators other than = are refused, in that order) and
 * RowFilter's map equality validates its values. An ENTRIES index serves it; otherwise it needs ALLOW FILTERING.
 */
final class ElementRelation {
  private ElementRelation() {}

  /**
   * Checks the relation and adds its entry to the column's restrictions; returns the refusal of a null or UNSET key
   * or value (the caller raises it after the checks of the whole WHERE clause, as Cassandra's row filter), or null.
   */
  static io.ringsim.cql.CqlException add(ColumnDef def, ColumnRestriction cr, Relation.Element e, Values values) {
    String name = def.name();
    if (e.op() == Relation.Op.NEQ) throw invalid("Unsupported \"!=\" relation: " + name + "[" + TermText.of(e.key())
        + "] != " + TermText.of(e.value()));
    if (def.type() instanceof ListType)
      throw invalid("Indexes on list entries (" + name + "[index] = value) are not currently supported.");
    if (!(def.type() instanceof MapType mt)) throw invalid("Column " + name + " cannot be used as a map");
    if (mt.frozen())
      throw invalid("Map-entry equality predicates on frozen map column " + name + " are not supported");
    if (e.op() != Relation.Op.EQ) throw invalid("Only EQ relations are supported on map entries");
    Object key = side(e.key(), mt, true, name, values);
    Object value = side(e.value(), mt, false, name, values);
    cr.entries.add(new ColumnRestriction.Entry(key, value));
    for (int i = 0; i < 2; i++) {
      Term t = i == 0 ? e.key() : e.value();
      Object v = i == 0 ? key : value;
      String what = i == 0 ? "key" : "value";
      if (t instanceof Term.Unset) return invalid("Unsupported unset map " + what + " for column " + name);
      if (v == null) return invalid("Unsupported null map " + what + " for column " + name);
    }
    return null;
  }

  private static Object side(Term t, MapType mt, boolean isKey, String name, Values values) {
    if (t instanceof Term.Unset) return null;
    return values.value(t, isKey ? mt.key() : mt.value(), (isKey ? "key(" : "value(") + name + ")");
  }
}
