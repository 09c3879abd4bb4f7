package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Relation;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.storage.Cell;
import io.ringsim.storage.CounterShards;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;

/** Reads column values out of live rows. */
public final class RowValues {
  private RowValues() {}

  /** The columns of SELECT *: partition key, clustering, then static and regular columns by name. */
  public static List<ColumnDef> starColumns(TableMetadata t) {
    List<ColumnDef> out = new ArrayList<>(t.partitionKey());
    out.addAll(t.clusteringColumns());
    List<ColumnDef> st = new ArrayList<>(t.staticColumns());
    st.sort(Comparator.comparing(ColumnDef::name));
    out.addAll(st);
    List<ColumnDef> reg = new ArrayList<>(t.regularColumns());
    reg.sort(Comparator.comparing(ColumnDef::name));
    out.addAll(reg);
    return out;
  }

  /** The value of {@code def} in row {@code r} of partition {@code lp} (r may be null for a static-only row). */
  public static Object columnValue(TableMetadata t, LivePartition lp, LiveRow r, ColumnDef def) {
    switch (def.kind()) {
      case PARTITION_KEY -> {
        return Keys.partitionValues(t, lp.key().key()).get(def.position());
      }
      case CLUSTERING -> {
        if (r == null || r.clustering().size() <= def.position()) return null;
        return def.type().deserialize(r.clustering().get(def.position()));
      }
      case STATIC -> {
        return cellValue(def, lp.staticRow());
      }
      default -> {
        return cellValue(def, r);
      }
    }
  }

  public static Cell cell(ColumnDef def, LivePartition lp, LiveRow r) {
    LiveRow row = def.kind() == ColumnKind.STATIC ? lp.staticRow() : r;
    return row == null ? null : row.cells().get(def.name());
  }

  private static Object cellValue(ColumnDef def, LiveRow row) {
    if (row == null) return null;
    CqlType type = def.type();
    if (CounterShards.isCounter(type)) return CounterShards.sum(row.collections().get(def.name()));
    if (TableSchema.isComplex(type)) {
      NavigableMap<byte[], Cell> cells = row.collections().get(def.name());
      if (cells == null || cells.isEmpty()) return null;
      if (type instanceof io.ringsim.schema.collection.UserType ut) return userTypeValue(ut, cells);
      if (type instanceof ListType lt) {
        List<Object> out = new ArrayList<>();
        for (Cell c : cells.values()) out.add(lt.element().deserialize(c.value()));
        return Collections.unmodifiableList(out);
      }
      if (type instanceof SetType st) {
        NavigableSet<Object> out = st.newSet();
        for (byte[] p : cells.keySet()) out.add(st.element().deserialize(p));
        return Collections.unmodifiableNavigableSet(out);
      }
      MapType mt = (MapType) type;
      NavigableMap<Object, Object> out = mt.newMap();
      for (Map.Entry<byte[], Cell> e : cells.entrySet()) {
        out.put(mt.key().deserialize(e.getKey()), mt.value().deserialize(e.getValue().value()));
      }
      return Collections.unmodifiableNavigableMap(out);
    }
    Cell c = row.cells().get(def.name());
    if (c == null) return null;
    Object v = type.deserialize(c.value());
    return v; // an empty frozen collection is a value, as Cassandra returns it (not a null)
  }

  /** A non-frozen UDT from its cells, one per field that has a value (a field added later has none). */
  private static Object userTypeValue(io.ringsim.schema.collection.UserType ut, NavigableMap<byte[], Cell> cells) {
    Object[] out = new Object[ut.size()];
    for (Map.Entry<byte[], Cell> e : cells.entrySet()) {
      int i = io.ringsim.schema.collection.UserType.fieldOfPath(e.getKey());
      if (i < out.length) out[i] = ut.fieldTypes().get(i).deserialize(e.getValue().value());
    }
    return Collections.unmodifiableList(java.util.Arrays.asList(out));
  }

  /** {@code current op expected} with the type's order; null compares only with = and != . */
  public static boolean compare(CqlType type, Object current, Relation.Op op, Object expected) {
    if (current == null || expected == null) {
      return switch (op) {
        case EQ -> current == expected;
        case NEQ -> current != expected;
        default -> false;
      };
    }
    int c = io.ringsim.schema.EmptyValue.compare(type, type.serialize(current), type.serialize(expected));
    return switch (op) {
      case EQ -> c == 0;
      case NEQ -> c != 0;
      case LT -> c < 0;
      case LTE -> c <= 0;
      case GT -> c > 0;
      case GTE -> c >= 0;
    };
  }
}
