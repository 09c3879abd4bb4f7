package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.UserType;

/**
 * What CREATE INDEX may target, as Cassandra 4.1's CreateIndexStatement checks it (its messages kept word for word),
 * and the name it gives an index created without one.
 */
final class IndexTargets {
  private IndexTargets() {}

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  private static boolean frozenCollection(CqlType t) {
    return t instanceof ListType l ? l.frozen() : t instanceof SetType s ? s.frozen()
        : t instanceof MapType m && m.frozen();
  }

  private static boolean collection(CqlType t) {
    return t instanceof ListType || t instanceof SetType || t instanceof MapType;
  }

  /** A bare column ("simple") indexes its value, or a collection's values. */
  static String kind(String parsed) {
    return parsed == null || parsed.equals("simple") ? "values" : parsed;
  }

  /** {@code kind}: "simple" (a bare column), "values", "keys", "entries" or "full", as parsed. */
  static void validate(ColumnDef col, String kind) {
    CqlType t = col.type();
    String k = kind == null ? "simple" : kind;
    if (frozenCollection(t) && !k.equals("full"))
      throw invalid("Cannot create " + kind(k) + "() index on frozen column " + col.name() + ". Frozen collections are "
          + "immutable and must be fully indexed by using the 'full(" + col.name() + ")' modifier");
    if (!frozenCollection(t) && k.equals("full"))
      throw invalid("full() indexes can only be created on frozen collections");
    if (!collection(t) && !k.equals("simple"))
      throw invalid("Cannot create " + k + "() index on " + col.name() + ". Non-collection columns only support "
          + "simple indexes");
    if (!(t instanceof MapType m && !m.frozen()) && (k.equals("keys") || k.equals("entries")))
      throw invalid("Cannot create index on " + k + " of column " + col.name() + " with non-map type");
    if (t instanceof UserType u && !u.frozen()) throw invalid("Cannot create index on non-frozen UDT column "
        + col.name());
  }

  /** {@code table_column_idx}, or with _1, _2... appended when an index of the keyspace has that name. */
  static String availableName(Catalog c, String keyspace, String table, String column) {
    String base = (table + "_" + column + "_idx").replaceAll("\\W", "");
    String name = base;
    for (int i = 1; c.index(keyspace, name).isPresent(); i++) name = base + "_" + i;
    return name;
  }
}
