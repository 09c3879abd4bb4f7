package io.ringsim.bench;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import io.ringsim.storage.StorageClock;
import io.ringsim.storage.TableSchema;
import java.util.List;
import java.util.Map;

/**
 * The small-row table the storage benchmarks write: t (pk int, ck int, v1 int, v2 text, PRIMARY KEY (pk, ck)), and
 * the mutation an {@code INSERT INTO t (pk, ck, v1, v2) VALUES (...)} becomes (row marker plus two cells).
 */
final class SmallRows {
  static final String V2 = "row-value"; // a short text value (9 bytes)

  private SmallRows() {}

  static TableSchema schema(Map<String, String> compaction) {
    TableMetadata md = new TableMetadata("ks", "t", List.of(
        ColumnDef.partitionKey("pk", CqlTypes.INT, 0),
        ColumnDef.clustering("ck", CqlTypes.INT, 0, ClusteringOrder.ASC),
        ColumnDef.regular("v1", CqlTypes.INT),
        ColumnDef.regular("v2", CqlTypes.TEXT)),
        TableParams.DEFAULTS.withCompaction(compaction));
    return TableSchema.of(md, Murmur3Partitioner.INSTANCE);
  }

  static TableSchema schema() {
    return schema(Map.of("class", "SizeTieredCompactionStrategy"));
  }

  static byte[] i(int v) {
    return CqlTypes.INT.serialize(v);
  }

  static byte[] t(String v) {
    return CqlTypes.TEXT.serialize(v);
  }

  /** A fresh update for one row, built as the CQL layer builds it (values already serialized). */
  static Partition insert(TableSchema schema, byte[] pk, byte[] ck, byte[] v1, byte[] v2, long ts) {
    return schema.newPartition(pk).add(Row.builder(Clustering.of(ck))
        .marker(LivenessInfo.of(ts, 0, 0))
        .cell("v1", Cell.live(ts, v1))
        .cell("v2", Cell.live(ts, v2))
        .build());
  }

  /** A clock that moves on by a fixed step each time the caller says a write happened (virtual time). */
  static final class SteppingClock implements StorageClock {
    private final long stepMicros;
    private long micros = 1_000_000_000_000L;

    SteppingClock(long stepMicros) {
      this.stepMicros = stepMicros;
    }

    void step() {
      micros += stepMicros;
    }

    @Override
    public long nowMicros() {
      return micros;
    }
  }
}
