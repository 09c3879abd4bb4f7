package io.ringsim.cluster;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.List;

/** The cluster tests' one table, ks.kv (k text PRIMARY KEY, v int): the client's requests on it and their answers. */
public final class KvTable {
  private KvTable() {}

  public static final String TABLE = "ks.kv";
  public static final TableMetadata METADATA = new TableMetadata("ks", "kv", List.of(
      ColumnDef.partitionKey("k", CqlTypes.TEXT, 0), ColumnDef.regular("v", CqlTypes.INT)), TableParams.DEFAULTS);
  public static final TableSchema SCHEMA = TableSchema.of(METADATA, Murmur3Partitioner.INSTANCE);

  public static byte[] key(String k) {
    return CqlTypes.TEXT.serialize(k);
  }

  /** Writes {@code v} to key {@code k} (a row with its marker, as an INSERT writes it). */
  public static ClientRequest.Write write(String k, int v, ConsistencyLevel cl) {
    return new ClientRequest.Write(TABLE, key(k), (ts, now) -> {
      Partition p = SCHEMA.newPartition(key(k));
      p.add(Row.builder(Clustering.EMPTY).marker(LivenessInfo.of(ts, 0, now))
          .cell("v", Cell.live(ts, CqlTypes.INT.serialize(v))).build());
      return p;
    }, cl, false);
  }

  public static ClientRequest.Read read(String k, ConsistencyLevel cl) {
    return new ClientRequest.Read(TABLE, key(k), ReadFilter.ALL, cl, false);
  }

  /** The value a read returned, or null when the row is absent; fails on an error response. */
  public static Integer value(ClientResponse r) {
    if (!(r instanceof ClientResponse.ReadDone rd)) throw new AssertionError("read failed: " + r);
    return value(rd.partitions().get(0));
  }

  /** The row's value in {@code p}, or null when it has none. */
  public static Integer value(LivePartition p) {
    if (p.rows().isEmpty()) return null;
    Cell c = p.rows().get(0).cells().get("v");
    return c == null ? null : (Integer) CqlTypes.INT.deserialize(c.value());
  }
}
