package io.ringsim.storage;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import java.util.List;
import java.util.Map;

/** t (pk int, ck int, s int static, v1 int, v2 text, PRIMARY KEY (pk, ck)) and builders for its mutations. */
final class TestTable {
  final TableSchema schema;

  TestTable(ClusteringOrder order, int gcGraceSeconds, Map<String, String> compaction) {
    TableMetadata md = new TableMetadata("ks", "t", List.of(
        ColumnDef.partitionKey("pk", CqlTypes.INT, 0),
        ColumnDef.clustering("ck", CqlTypes.INT, 0, order),
        ColumnDef.staticColumn("s", CqlTypes.INT),
        ColumnDef.regular("v1", CqlTypes.INT),
        ColumnDef.regular("v2", CqlTypes.TEXT)),
        TableParams.DEFAULTS.withGcGraceSeconds(gcGraceSeconds).withCompaction(compaction));
    schema = TableSchema.of(md, Murmur3Partitioner.INSTANCE);
  }

  TestTable() {
    this(ClusteringOrder.ASC, 864_000, Map.of("class", "SizeTieredCompactionStrategy"));
  }

  static byte[] i(int v) {
    return CqlTypes.INT.serialize(v);
  }

  static byte[] t(String v) {
    return CqlTypes.TEXT.serialize(v);
  }

  DecoratedKey key(int pk) {
    return schema.decorate(i(pk));
  }

  Partition partition(int pk) {
    return schema.newPartition(i(pk));
  }

  static Clustering ck(int ck) {
    return Clustering.of(i(ck));
  }

  /** INSERT INTO t (pk, ck, v1) VALUES (...) USING TIMESTAMP ts AND TTL ttl. */
  Partition insert(int pk, int ck, int v1, long ts, int ttl, int now) {
    return partition(pk).add(Row.builder(ck(ck)).marker(LivenessInfo.of(ts, ttl, now))
        .cell("v1", Cell.expiring(ts, ttl, now, i(v1))).build());
  }

  /** UPDATE t SET col = value ... (no row marker). */
  Partition update(int pk, int ck, String col, byte[] value, long ts, int ttl, int now) {
    return partition(pk).add(Row.builder(ck(ck)).cell(col, Cell.expiring(ts, ttl, now, value)).build());
  }

  Partition deleteCell(int pk, int ck, String col, long ts, int now) {
    return partition(pk).add(Row.builder(ck(ck)).cell(col, Cell.tombstone(ts, now)).build());
  }

  Partition deleteRow(int pk, int ck, long ts, int now) {
    return partition(pk).add(Row.builder(ck(ck)).delete(new DeletionTime(ts, now)).build());
  }

  Partition deleteRange(int pk, int lo, int hi, long ts, int now) {
    Slice s = new Slice(ClusteringBound.inclusive(i(lo)), ClusteringBound.inclusive(i(hi)));
    return partition(pk).addRangeTombstone(new RangeTombstone(s, new DeletionTime(ts, now)));
  }

  Partition deletePartition(int pk, long ts, int now) {
    return partition(pk).delete(new DeletionTime(ts, now));
  }

  Partition writeStatic(int pk, int value, long ts, int now) {
    return partition(pk).add(Row.builder(Clustering.STATIC).cell("s", Cell.live(ts, i(value))).build());
  }
}
