package io.ringsim.report;

import java.util.List;
import java.util.Map;

/**
 * The run in fixed buckets of simulated time. Each point is labelled by the start of its bucket.
 *
 * @param nodeOps operations each node coordinated in each bucket
 * @param levels per consistency level and bucket: operations, successes, failures by error class, latency
 */
public record TimeSeries(long bucketMillis, List<NodeOps> nodeOps, List<LevelPoint> levels) {
  public TimeSeries {
    if (bucketMillis <= 0) bucketMillis = 1000;
    nodeOps = Lists.copy(nodeOps);
    levels = Lists.copy(levels);
  }

  public static TimeSeries empty() {
    return new TimeSeries(1000, List.of(), List.of());
  }

  /** Operations node {@code node} coordinated in the bucket starting at {@code atMillis}. */
  public record NodeOps(long atMillis, String node, long ops) {
    public NodeOps {
      node = Lists.text(node);
    }
  }

  /**
   * One consistency level in one bucket.
   *
   * @param failures failed operations by error class (Unavailable, WriteTimeout, ReadTimeout, ...)
   */
  public record LevelPoint(
      long atMillis, String consistency, long ops, long ok, Map<String, Long> failures, Latency latency) {
    public LevelPoint {
      consistency = Lists.text(consistency);
      failures = Lists.sorted(failures);
      if (latency == null) latency = Latency.NONE;
    }

    public long failed() {
      return failures.values().stream().mapToLong(Long::longValue).sum();
    }
  }
}
