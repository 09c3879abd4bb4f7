package io.ringsim.cql.exec;

import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.CqlType;
import io.ringsim.storage.IndexQuery;
import io.ringsim.storage.TableSchema;

/**
 * Cassandra's built-in secondary index as a query sees it: which restriction an index serves (= on the indexed value,
 * CONTAINS on a collection's values, CONTAINS KEY on a map's keys, an entry's value by its key), and the value each
 * replica then looks up in its own index.
 */
final class BuiltInIndexes {
  private BuiltInIndexes() {}

  /** Whether Cassandra's built-in index {@code i} serves {@code cr} (false for a SASI index). */
  static boolean supports(IndexMetadata i, ColumnRestriction cr) {
    if (!i.column().equals(cr.def.name()) || i.isSasi()) return false;
    CqlType type = cr.def.type();
    boolean multiCell = type instanceof ListType l ? !l.frozen() : type instanceof SetType st ? !st.frozen()
        : type instanceof MapType m && !m.frozen();
    boolean eq = cr.eq != null && !cr.isIn;
    return switch (i.kind()) {
      case "keys" -> cr.contains.stream().anyMatch(ColumnRestriction.Contains::key);
      case "values" -> multiCell ? cr.contains.stream().anyMatch(c -> !c.key()) : eq;
      case "full" -> eq;
      case "entries" -> !cr.entries.isEmpty();
      default -> false;
    };
  }

  /**
   * What each replica looks up in its own index for this query ({@link io.ringsim.storage.LocalIndex}): the used
   * built-in index's value from the restriction {@code cr} it serves. Null for no index, a SASI index (read by scanning, and
   * filtered as before), or a value that cannot be serialized; the read then scans, as it did before replicas kept
   * indexes.
   */
  static IndexQuery query(IndexMetadata used, ColumnRestriction cr) {
    if (cr == null || !supports(used, cr)) return null;
    CqlType type = cr.def.type();
    try {
      switch (used.kind()) {
        case "keys" -> {
          Object k = cr.contains.stream().filter(ColumnRestriction.Contains::key).findFirst().orElseThrow().value();
          return query(used, ((MapType) type).key().serialize(k), null);
        }
        case "entries" -> {
          ColumnRestriction.Entry e = cr.entries.get(0);
          MapType m = (MapType) type;
          return query(used, m.key().serialize(e.key()), m.value().serialize(e.value()));
        }
        case "values" -> {
          if (!TableSchema.isComplex(type)) return query(used, type.serialize(cr.eq.get(0)), null);
          Object v = cr.contains.stream().filter(c -> !c.key()).findFirst().orElseThrow().value();
          CqlType element = type instanceof ListType l ? l.element() : type instanceof SetType st ? st.element()
              : ((MapType) type).value();
          return query(used, element.serialize(v), null);
        }
        case "full" -> {
          return query(used, type.serialize(cr.eq.get(0)), null);
        }
        default -> {
          return null;
        }
      }
    } catch (RuntimeException e) {
      return null; // a value storage cannot compare by bytes: the read scans and the row filter judges
    }
  }

  private static IndexQuery query(IndexMetadata i, byte[] value, byte[] entryValue) {
    if (value == null) throw new IllegalArgumentException("no value");
    return new IndexQuery(i.name(), i.column(), i.kind(), value, entryValue);
  }
}
