package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.storage.Cell;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.Partition;
import io.ringsim.storage.RangeTombstone;
import io.ringsim.storage.Row;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * What Cassandra 4.1 checks of a batch before it writes it (BatchStatement.verifyBatchSize, then verifyBatchType,
 * read from its bytecode; texts and figures checked against the oracle): a batch over several partitions whose
 * mutations exceed {@code batch_size_warn_threshold} (5 KiB) gets a client warning, over
 * {@code batch_size_fail_threshold} (50 KiB) it is refused; an unlogged batch over more than
 * {@code unlogged_batch_across_partitions_warn_threshold} (10) partitions gets a warning. Conditional batches are
 * not checked, nor a batch on one partition (one mutation).
 */
public final class BatchChecks {
  private BatchChecks() {}

  /** Cassandra's defaults, as the oracle runs with them. */
  public static final long WARN_BYTES = 5 * 1024;
  public static final long FAIL_BYTES = 50 * 1024;
  public static final int UNLOGGED_PARTITIONS_WARN = 10;

  /** One partition's update, with the table it is for ("ks.table"). */
  public record Update(String table, byte[] key, Partition partition) {}

  /** The warnings of a batch of {@code type} (LOGGED, UNLOGGED, COUNTER); throws "Batch too large" past the limit. */
  public static List<String> check(String type, List<Update> updates) {
    List<String> warnings = new ArrayList<>();
    // Cassandra counts mutations (one per partition key of a keyspace, whatever the tables) and partition keys.
    Set<String> keys = new HashSet<>();
    for (Update u : updates) keys.add(HexFormat.of().formatHex(u.key()));
    if (keys.size() <= 1) return warnings;
    long size = 0;
    // A HashSet of table names, as Cassandra's: the warning lists them in its iteration order.
    Set<String> tables = new HashSet<>();
    for (Update u : updates) {
      size += dataSize(u.partition());
      tables.add(u.table());
    }
    if (size > WARN_BYTES) {
      if (size > FAIL_BYTES) throw new CqlException(CqlErrorClass.InvalidRequest, "Batch too large");
      warnings.add("Batch for " + tables + " is of size " + size + ", exceeding specified threshold of " + WARN_BYTES
          + " by " + (size - WARN_BYTES) + ".");
    }
    if (!type.equals("LOGGED") && keys.size() > UNLOGGED_PARTITIONS_WARN) {
      warnings.add("Unlogged batch covering " + keys.size() + " partitions detected against table"
          + (tables.size() == 1 ? "" : "s") + " " + tables
          + ". You should use a logged batch for atomicity, or asynchronous writes for performance.");
    }
    return warnings;
  }

  /**
   * Cassandra's PartitionUpdate.dataSize: each row (the static row too, present or not) counts its clustering
   * values, 8 bytes of primary-key liveness (16 with a TTL), 13 of row deletion and its cells (value, path and 16
   * bytes each; a collection adds 12 for its deletion); the partition's deletion adds 8, a range tombstone its bounds
   * and 12
   * (and the list of them 4).
   */
  static long dataSize(Partition p) {
    long n = (p.staticRow() == null ? EMPTY_ROW : dataSize(p.staticRow())) + 8;
    for (Row r : p.rows().values()) n += dataSize(r);
    if (!p.rangeTombstones().isEmpty()) n += 4;
    for (RangeTombstone rt : p.rangeTombstones()) n += bound(rt.slice().start()) + bound(rt.slice().end()) + 12;
    return n;
  }

  private static final int EMPTY_ROW = 8 + 13;

  private static long dataSize(Row r) {
    long n = 0;
    for (int i = 0; i < r.clustering().size(); i++) {
      byte[] v = r.clustering().get(i);
      n += v == null ? 0 : v.length;
    }
    n += r.liveness().ttl() > 0 ? 16 : 8;
    n += 13;
    for (int i = 0; i < r.cellCount(); i++) n += cell(r.cell(i), 0);
    for (ComplexColumn c : r.complex().values()) {
      n += 12;
      for (var e : c.cells().entrySet()) n += cell(e.getValue(), e.getKey().length);
    }
    return n;
  }

  private static long cell(Cell c, int pathBytes) {
    return 16 + c.value().length + pathBytes;
  }

  private static long bound(ClusteringBound b) {
    long n = 0;
    for (byte[] v : b.prefix()) n += v == null ? 0 : v.length;
    return n;
  }
}
