package io.ringsim.sim;

import io.ringsim.cluster.ConsistencyLevel;
import java.util.Map;

/**
 * One workload of a scenario: which table, how keys and values are drawn, the operation mix, the consistency
 * levels, the target rate (operations per simulated second), the concurrency cap and when it runs.
 *
 * @param generators value generators by column; columns without one get text or numbers of the column's type
 */
public record WorkloadSpec(
    String name,
    String table,
    Map<String, ValueGen> generators,
    double writeFraction,
    double readFraction,
    double deleteFraction,
    double lwtFraction,
    ConsistencyLevel writeConsistency,
    ConsistencyLevel readConsistency,
    double rate,
    int concurrency,
    long startMillis,
    long endMillis,
    int ttlSeconds,
    CellOps cellOps) {

  /**
   * The operations that write part of a row or delete more or less than one, the reads of part of a partition, and
   * where write timestamps come from:
   * a workload using any of them is judged cell by cell (with every workload of its table).
   *
   * @param update UPDATE of some regular columns (a collection gains elements) without the row marker
   * @param deleteCell DELETE of one regular column of a row
   * @param deleteRange DELETE of a clustering range of a partition (a range tombstone)
   * @param deletePartition DELETE of a whole partition
   * @param clientTimestamps writes carry USING TIMESTAMP from the client's own clock, not the coordinator's
   * @param readSlice SELECT of a clustering range of a partition ({@code c >= ? AND c <= ?})
   * @param readIn SELECT of two rows of a partition by their clustering values ({@code c IN (?, ?)})
   * @param readLimit SELECT of the first rows of a partition ({@code LIMIT n}, n from 1 to 3)
   * @param readColumns SELECT of some regular columns of one row
   * @param increment on a counter table, {@code UPDATE t SET n = n + ? WHERE <primary key>} of some of its counters
   *     (judged as sums of increments)
   */
  public record CellOps(double update, double deleteCell, double deleteRange, double deletePartition,
      boolean clientTimestamps, double readSlice, double readIn, double readLimit, double readColumns,
      double increment) {
    public static final CellOps NONE = new CellOps(0, 0, 0, 0, false);

    /** No increments. */
    public CellOps(double update, double deleteCell, double deleteRange, double deletePartition,
        boolean clientTimestamps, double readSlice, double readIn, double readLimit, double readColumns) {
      this(update, deleteCell, deleteRange, deletePartition, clientTimestamps, readSlice, readIn, readLimit,
          readColumns, 0);
    }

    /** Partial writes and deletions only. */
    public CellOps(double update, double deleteCell, double deleteRange, double deletePartition,
        boolean clientTimestamps) {
      this(update, deleteCell, deleteRange, deletePartition, clientTimestamps, 0, 0, 0, 0);
    }

    public double sum() {
      return update + deleteCell + deleteRange + deletePartition + readSlice + readIn + readLimit + readColumns
          + increment;
    }

    /**
     * The columns an {@code update} writes: each value column with probability 1/2 (at least one), from
     * {@code fresh}. One draw for the workload and for {@code model}, which must consume {@code rng} alike.
     */
    public static java.util.Map<String, Object> updatedColumns(java.util.SplittableRandom rng,
        java.util.List<io.ringsim.schema.ColumnDef> valueColumns, java.util.Map<String, Object> fresh) {
      java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
      for (io.ringsim.schema.ColumnDef c : valueColumns) if (rng.nextBoolean()) out.put(c.name(), fresh.get(c.name()));
      if (out.isEmpty()) {
        io.ringsim.schema.ColumnDef c = valueColumns.get(rng.nextInt(valueColumns.size()));
        out.put(c.name(), fresh.get(c.name()));
      }
      return out;
    }

    /** Whether the per-row checker cannot judge this workload. */
    public boolean any() {
      return sum() > 0 || clientTimestamps;
    }
  }

  /** A workload of whole-row writes, row deletes, row reads and IF NOT EXISTS inserts. */
  public WorkloadSpec(String name, String table, Map<String, ValueGen> generators, double writeFraction,
      double readFraction, double deleteFraction, double lwtFraction, ConsistencyLevel writeConsistency,
      ConsistencyLevel readConsistency, double rate, int concurrency, long startMillis, long endMillis,
      int ttlSeconds) {
    this(name, table, generators, writeFraction, readFraction, deleteFraction, lwtFraction, writeConsistency,
        readConsistency, rate, concurrency, startMillis, endMillis, ttlSeconds, CellOps.NONE);
  }

  public WorkloadSpec {
    generators = Map.copyOf(generators);
    if (cellOps == null) cellOps = CellOps.NONE;
    double sum = writeFraction + readFraction + deleteFraction + lwtFraction + cellOps.sum();
    if (Math.abs(sum - 1.0) > 1e-6)
      throw new IllegalArgumentException("workload " + name + ": the operation mix must add up to 100%, got "
          + Math.round(sum * 100) + "%");
    if (rate <= 0) throw new IllegalArgumentException("workload " + name + ": rate must be positive");
    if (concurrency <= 0) throw new IllegalArgumentException("workload " + name + ": concurrency must be positive");
    if (endMillis <= startMillis) throw new IllegalArgumentException("workload " + name + ": ends before it starts");
  }

  public WorkloadSpec withRate(double newRate) {
    return new WorkloadSpec(name, table, generators, writeFraction, readFraction, deleteFraction, lwtFraction,
        writeConsistency, readConsistency, newRate, concurrency, startMillis, endMillis, ttlSeconds, cellOps);
  }

  /** The same consistency level for writes and reads. */
  public WorkloadSpec withConsistency(ConsistencyLevel cl) {
    return new WorkloadSpec(name, table, generators, writeFraction, readFraction, deleteFraction, lwtFraction, cl, cl,
        rate, concurrency, startMillis, endMillis, ttlSeconds, cellOps);
  }

  public WorkloadSpec withEnd(long newEndMillis) {
    return new WorkloadSpec(name, table, generators, writeFraction, readFraction, deleteFraction, lwtFraction,
        writeConsistency, readConsistency, rate, concurrency, startMillis, newEndMillis, ttlSeconds, cellOps);
  }
}
