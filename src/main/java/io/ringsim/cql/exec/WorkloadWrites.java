package io.ringsim.cql.exec;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.Partition;
import io.ringsim.storage.RangeTombstone;
import io.ringsim.storage.Row;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableSchema;
import java.util.List;
import java.util.Map;

/**
 * The partial writes and the deletions a scenario workload issues, from values already typed, built as the
 * coordinator builds the CQL statements they stand for (see each method). Whole-row inserts and row deletes are
 * {@link WritePlanner#rowInsert} and {@link WritePlanner#rowDelete}.
 */
public final class WorkloadWrites {
  private WorkloadWrites() {}

  /**
   * {@code UPDATE t SET n = n + ?, ... WHERE <primary key>} on a counter table: one delta per counter (a static one in
   * the static row), as the coordinator builds it for the counter's leader to fold into its shard.
   */
  public static WritePlanner.UpdateFactory increment(TableMetadata t, TableSchema schema, byte[] key,
      Clustering clustering, Map<String, Long> deltas) {
    return (ts, now) -> {
      Partition p = schema.newPartition(key);
      TwoRows rows = new TwoRows(clustering);
      int seq = 0;
      for (Map.Entry<String, Long> e : deltas.entrySet()) {
        ColumnDef def = t.column(e.getKey()).orElseThrow();
        Row.Builder target = rows.of(def);
        ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
        col.cells().put(io.ringsim.storage.CounterShards.deltaPath(seq++), Cell.live(ts,
            io.ringsim.storage.CounterShards.count(e.getValue())));
        target.complex(def.name(), col);
      }
      return rows.addTo(p);
    };
  }

  /** A write's regular row and static row, each begun when a column of it is first written. */
  private static final class TwoRows {
    private final Clustering clustering;
    private Row.Builder row;
    private Row.Builder staticRow;

    TwoRows(Clustering clustering) {
      this.clustering = clustering;
    }

    Row.Builder of(ColumnDef def) {
      if (def.kind() == ColumnKind.STATIC) {
        if (staticRow == null) staticRow = Row.builder(Clustering.STATIC);
        return staticRow;
      }
      if (row == null) row = Row.builder(clustering);
      return row;
    }

    Partition addTo(Partition p) {
      if (row != null) p.add(row.build());
      if (staticRow != null) p.add(staticRow.build());
      return p;
    }
  }

  /**
   * {@code UPDATE t [USING TTL ttl] SET c = ?, s = s + ? ... WHERE <primary key>}: the named columns and no row
   * marker; a non-frozen collection gains the elements (as {@code c = c + ?}, list elements appended) instead of being
   * overwritten.
   */
  public static WritePlanner.UpdateFactory update(TableMetadata t, TableSchema schema, byte[] key,
      Clustering clustering, Map<String, Object> columns, int ttl, Values values) {
    return (ts, now) -> {
      Partition p = schema.newPartition(key);
      TwoRows rows = new TwoRows(clustering);
      for (Map.Entry<String, Object> e : columns.entrySet()) {
        ColumnDef def = t.column(e.getKey()).orElseThrow();
        Row.Builder target = rows.of(def);
        if (TableSchema.isComplex(def.type())) {
          ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
          WriteBinder.addElements(col.cells(), def.type(), e.getValue(), ts, ttl, now, values, false);
          target.complex(def.name(), col);
        } else {
          WriteBinder.writeValue(target, def, e.getValue(), ts, ttl, now, values, schema);
        }
      }
      return rows.addTo(p);
    };
  }

  /** {@code DELETE c FROM t WHERE <primary key>}: a cell tombstone, or a collection's deletion. */
  public static WritePlanner.UpdateFactory deleteColumn(TableMetadata t, TableSchema schema, byte[] key,
      Clustering clustering, String column) {
    ColumnDef def = t.column(column).orElseThrow();
    return (ts, now) -> {
      Partition p = schema.newPartition(key);
      Row.Builder row = Row.builder(def.kind() == ColumnKind.STATIC ? Clustering.STATIC : clustering);
      if (TableSchema.isComplex(def.type())) {
        row.complex(column, ComplexColumn.of(new DeletionTime(ts, now), schema.pathOrder(column)));
      } else {
        row.cell(column, Cell.tombstone(ts, now));
      }
      return p.add(row.build());
    };
  }

  /**
   * {@code DELETE FROM t WHERE <partition key> AND c1 >= ? AND c1 <= ?}: a range tombstone over the first clustering
   * column's values from {@code lo} to {@code hi}, both included.
   */
  public static WritePlanner.UpdateFactory deleteRange(TableSchema schema, byte[] key, byte[] lo, byte[] hi) {
    Slice slice = new Slice(ClusteringBound.inclusive(lo), ClusteringBound.inclusive(hi));
    return (ts, now) -> schema.newPartition(key).addRangeTombstone(new RangeTombstone(slice,
        new DeletionTime(ts, now)));
  }

  /** {@code DELETE FROM t WHERE <partition key>}: a partition deletion. */
  public static WritePlanner.UpdateFactory deletePartition(TableSchema schema, byte[] key) {
    return (ts, now) -> schema.newPartition(key).delete(new DeletionTime(ts, now));
  }

  /** The same write with the client's timestamp ({@code USING TIMESTAMP}) instead of the coordinator's. */
  public static WritePlanner.UpdateFactory at(WritePlanner.UpdateFactory f, long clientTimestampMicros) {
    return (ts, now) -> f.build(clientTimestampMicros, now);
  }

  /** The regular and static columns of {@code t}: what an update or a cell deletion can name. */
  public static List<ColumnDef> valueColumns(TableMetadata t) {
    return t.columns().stream().filter(c -> !c.isPrimaryKey()).toList();
  }
}
