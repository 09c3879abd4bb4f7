package io.ringsim.cql.exec;

import io.ringsim.cql.CqlException;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.SetType;
import io.ringsim.storage.Cell;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.IndexQuery;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The 64 KiB limit of Cassandra's built-in index, whose index table keys on the indexed value: a write is refused
 * when one of its indexed values is 65535 bytes or more (CassandraIndex.validate, on the built update, so a
 * collection's element, map key or map entry as well, by INSERT or UPDATE), and a query when the value it looks up
 * is over 65535 bytes (CassandraIndex.validate of the read command). SASI checks neither.
 */
final class IndexedValueSizes {
  private static final int MAX = 65535;

  private IndexedValueSizes() {}

  /** {@code f}, refusing when built an update with a value too large for one of the table's built-in indexes. */
  static WritePlanner.UpdateFactory checked(Catalog catalog, TableMetadata t, WritePlanner.UpdateFactory f) {
    List<IndexMetadata> indexes = new ArrayList<>();
    for (IndexMetadata ix : catalog.indexesOn(t.keyspace(), t.name())) {
      ColumnDef c = t.column(ix.column()).orElse(null);
      // A partition key component that large already makes the key too long, refused before any index looks.
      if (!ix.isSasi() && c != null && c.kind() != ColumnKind.PARTITION_KEY) indexes.add(ix);
    }
    if (indexes.isEmpty()) return f;
    return (ts, now) -> {
      Partition p = f.build(ts, now);
      for (IndexMetadata ix : indexes) check(t, ix, t.column(ix.column()).orElseThrow(), p);
      return p;
    };
  }

  private static void check(TableMetadata t, IndexMetadata ix, ColumnDef c, Partition p) {
    List<Row> rows = new ArrayList<>();
    if (c.kind() == ColumnKind.STATIC) {
      if (p.staticRow() != null) rows.add(p.staticRow());
    } else {
      rows.addAll(p.rows().values());
    }
    for (Row row : rows) {
      if (c.kind() == ColumnKind.CLUSTERING) {
        if (c.position() < row.clustering().size()) refuseIfLarge(t, ix, c, row.clustering().get(c.position()).length);
      } else if (TableSchema.isComplex(c.type())) {
        ComplexColumn col = row.complex().get(c.name());
        if (col == null) continue;
        for (Map.Entry<byte[], Cell> e : col.cells().entrySet()) {
          refuseIfLarge(t, ix, c, elementSize(ix, c, e.getKey(), e.getValue().value()));
        }
      } else {
        Cell cell = row.cell(c.name());
        if (cell != null) refuseIfLarge(t, ix, c, cell.value() == null ? 0 : cell.value().length);
      }
    }
  }

  /** What the index keys on for one element: a set's element and a map's key are the cell's path. */
  private static long elementSize(IndexMetadata ix, ColumnDef c, byte[] path, byte[] value) {
    int v = value == null ? 0 : value.length;
    return switch (ix.kind()) {
      case "keys" -> path.length;
      case "entries" -> compositeSize(path.length, v);
      default -> c.type() instanceof SetType ? path.length : v;
    };
  }

  /** A map entry is indexed as CompositeType.build(key, value): each part with its length and end byte. */
  private static long compositeSize(int key, int value) {
    return 2L + key + 1 + 2 + value + 1;
  }

  private static void refuseIfLarge(TableMetadata t, IndexMetadata ix, ColumnDef c, long size) {
    if (size >= MAX) throw WriteBinder.invalid("Cannot index value of size " + size + " for index " + ix.name()
        + " on " + t.qualifiedName() + "(" + c.name() + ") (maximum allowed size=" + MAX + ")");
  }

  /** Refuses a query whose built-in index would look up a value over 64 KiB. */
  static void checkLookup(IndexQuery q) throws CqlException {
    if (q == null) return;
    long size = q.entryValue() == null ? q.value().length : compositeSize(q.value().length, q.entryValue().length);
    if (size > MAX) throw WriteBinder.invalid("Index expression values may not be larger than 64K");
  }
}
