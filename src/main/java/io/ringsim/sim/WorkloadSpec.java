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
    int ttlSeconds) {

  public WorkloadSpec {
    generators = Map.copyOf(generators);
    double sum = writeFraction + readFraction + deleteFraction + lwtFraction;
    if (Math.abs(sum - 1.0) > 1e-6)
      throw new IllegalArgumentException("workload " + name + ": the operation mix must add up to 100%, got "
          + Math.round(sum * 100) + "%");
    if (rate <= 0) throw new IllegalArgumentException("workload " + name + ": rate must be positive");
    if (concurrency <= 0) throw new IllegalArgumentException("workload " + name + ": concurrency must be positive");
    if (endMillis <= startMillis) throw new IllegalArgumentException("workload " + name + ": ends before it starts");
  }

  public WorkloadSpec withRate(double newRate) {
    return new WorkloadSpec(name, table, generators, writeFraction, readFraction, deleteFraction, lwtFraction,
        writeConsistency, readConsistency, newRate, concurrency, startMillis, endMillis, ttlSeconds);
  }

  /** The same consistency level for writes and reads. */
  public WorkloadSpec withConsistency(ConsistencyLevel cl) {
    return new WorkloadSpec(name, table, generators, writeFraction, readFraction, deleteFraction, lwtFraction, cl, cl,
        rate, concurrency, startMillis, endMillis, ttlSeconds);
  }

  public WorkloadSpec withEnd(long newEndMillis) {
    return new WorkloadSpec(name, table, generators, writeFraction, readFraction, deleteFraction, lwtFraction,
        writeConsistency, readConsistency, rate, concurrency, startMillis, newEndMillis, ttlSeconds);
  }
}
