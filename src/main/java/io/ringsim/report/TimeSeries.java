package io.ringsim.report;

import java.util.List;
import java.util.Map;

/**
 * The run in fixed buckets of simulated time. Each point is labelled by the start of its bucket.
 *
 * @param nodeOps operations each node coordinated in each bucket
 * @param levels per consistency level and bucket: operations, successes, failures by error class, latency
 * @param other scenario-specific series (hints pending, out-of-sync partitions...), sampled at any times
 */
public record TimeSeries(long bucketMillis, List<NodeOps> nodeOps, List<LevelPoint> levels, List<Point> other) {
  public TimeSeries {
    if (bucketMillis <= 0) bucketMillis = 1000;
    nodeOps = Lists.copy(nodeOps);
    levels = Lists.copy(levels);
    other = Lists.copy(other);
  }

  public TimeSeries(long bucketMillis, List<NodeOps> nodeOps, List<LevelPoint> levels) {
    this(bucketMillis, nodeOps, levels, List.of());
  }

  public static TimeSeries empty() {
    return new TimeSeries(1000, List.of(), List.of(), List.of());
  }

  /**
   * A sample of a scenario-specific series at a simulated time: hints pending, partitions out of sync between
   * replicas, live tombstones, SSTable count... Points with the same {@code series} are drawn as one line.
   */
  public record Point(String series, long atMillis, double value) {
    public Point {
      series = Lists.text(series);
    }
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
   * @param ops operations sent and answered (ok or failed)
   * @param failures failed operations by error class (Unavailable, WriteTimeout, ReadTimeout, ...)
   * @param throttled operations a client did not send (its concurrency cap was in flight): not available
   */
  public record LevelPoint(long atMillis, String consistency, long ops, long ok, Map<String, Long> failures,
      Latency latency, long throttled) {
    public LevelPoint {
      consistency = Lists.text(consistency);
      failures = Lists.sorted(failures);
      if (latency == null) latency = Latency.NONE;
    }

    public LevelPoint(long atMillis, String consistency, long ops, long ok, Map<String, Long> failures,
        Latency latency) {
      this(atMillis, consistency, ops, ok, failures, latency, 0);
    }

    public long failed() {
      return failures.values().stream().mapToLong(Long::longValue).sum();
    }
  }
}
