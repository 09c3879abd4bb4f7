package io.ringsim.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The headline figures, derived from the rest of the report by {@link #of(RunReport)}: skew of ownership and of each
 * kind of load across nodes, totals per consistency level, anomalies and checks.
 */
public record Summary(
    Skew ownership,
    Skew partitions,
    Skew rows,
    Skew bytes,
    Skew coordinatedOps,
    Skew replicaOps,
    List<LevelTotal> levels,
    long ops,
    long failed,
    Map<String, Long> anomaliesByKind,
    int checksPassed,
    int checksFailed,
    int checksNotApplicable,
    long largestPartitionBytes,
    String largestPartition) {
  public Summary {
    levels = Lists.copy(levels);
    anomaliesByKind = Lists.sorted(anomaliesByKind);
    largestPartition = Lists.text(largestPartition);
  }

  /** The same summary with the anomalies past the listed ones counted in (the list is capped, the counts not). */
  public Summary withUnlisted(Map<String, Long> unlisted) {
    TreeMap<String, Long> all = new TreeMap<>(anomaliesByKind);
    unlisted.forEach((k, v) -> all.merge(k, v, Long::sum));
    return new Summary(ownership, partitions, rows, bytes, coordinatedOps, replicaOps, levels, ops, failed, all,
        checksPassed, checksFailed, checksNotApplicable, largestPartitionBytes, largestPartition);
  }

  /** Every anomaly the checker found, listed or not. */
  public long anomalies() {
    return anomaliesByKind.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * All the operations at one consistency level over the run. {@code latency} is reduced from the per-bucket figures
   * (count-weighted means of p50/p95/p99, max of max) unless the runner gives the whole-run histogram's figures.
   */
  /** {@code throttled}: operations never sent (a client's concurrency cap), which availability counts as failed. */
  public record LevelTotal(String consistency, long ops, long ok, Map<String, Long> failures, Latency latency,
      long throttled) {
    public LevelTotal {
      consistency = Lists.text(consistency);
      failures = Lists.sorted(failures);
      if (latency == null) latency = Latency.NONE;
    }

    public long failed() {
      return failures.values().stream().mapToLong(Long::longValue).sum();
    }

    public double errorRate() {
      return ops == 0 ? 0 : (double) failed() / ops;
    }

    /** The share of operations that succeeded, throttled ones counted as not available (0 when there were none). */
    public double availability() {
      return ops + throttled == 0 ? 0 : (double) ok / (ops + throttled);
    }
  }

  /** One consistency level's buckets added up: counts, failures by class, and count-weighted latency sums. */
  private static final class LevelSums {
    long ops, ok, throttled, count;
    double p50, p95, p99, max;
    final TreeMap<String, Long> failures = new TreeMap<>();

    void add(TimeSeries.LevelPoint p) {
      ops += p.ops();
      ok += p.ok();
      throttled += p.throttled();
      p.failures().forEach((k, v) -> failures.merge(k, v, Long::sum));
      Latency l = p.latency();
      p50 += l.p50Ms() * l.count();
      p95 += l.p95Ms() * l.count();
      p99 += l.p99Ms() * l.count();
      max = Math.max(max, l.maxMs());
      count += l.count();
    }

    Latency latency() {
      return count == 0 ? Latency.NONE : new Latency(count, p50 / count, p95 / count, p99 / count, max);
    }
  }

  /** Computes the summary from a report's nodes, loads, time series, anomalies and checks. */
  public static Summary of(RunReport r) {
    return of(r, Map.of());
  }

  /**
   * As {@link #of(RunReport)}, but with whole-run latency per consistency level (exact percentiles from the runner's
   * full histograms) taking precedence over the per-bucket reduction.
   */
  public static Summary of(RunReport r, Map<String, Latency> wholeRunLatency) {
    List<ClusterInfo.NodeInfo> nodes = r.cluster().nodes();
    double[] own = nodes.stream().mapToDouble(ClusterInfo.NodeInfo::ownership).toArray();
    List<NodeLoad> load = r.load();
    Skew parts = Skew.of(load.stream().mapToDouble(NodeLoad::partitions).toArray());
    Skew rows = Skew.of(load.stream().mapToDouble(NodeLoad::rows).toArray());
    Skew bytes = Skew.of(load.stream().mapToDouble(NodeLoad::bytes).toArray());
    Skew coord = Skew.of(load.stream().mapToDouble(NodeLoad::coordinatedOps).toArray());
    Skew replica = Skew.of(load.stream().mapToDouble(NodeLoad::replicaOps).toArray());

    Map<String, LevelSums> sums = new LinkedHashMap<>();
    for (TimeSeries.LevelPoint p : r.timeSeries().levels()) sums.computeIfAbsent(p.consistency(), k -> new LevelSums()).add(p);
    List<LevelTotal> levels = new ArrayList<>();
    long ops = 0, failed = 0;
    for (var e : sums.entrySet()) {
      String cl = e.getKey();
      LevelSums x = e.getValue();
      Latency l = wholeRunLatency.get(cl);
      if (l == null) l = x.latency();
      LevelTotal t = new LevelTotal(cl, x.ops, x.ok, x.failures.isEmpty() ? null : x.failures, l, x.throttled);
      levels.add(t);
      ops += t.ops();
      failed += t.failed();
    }
    levels.sort((a, b) -> a.consistency().compareTo(b.consistency()));

    TreeMap<String, Long> anomalies = new TreeMap<>();
    for (Anomaly a : r.anomalies()) anomalies.merge(a.kind(), 1L, Long::sum);
    int passed = (int) r.checks().stream().filter(Check::passed).count();
    int notApplicable = (int) r.checks().stream().filter(c -> c.verdict() == Check.Verdict.NOT_APPLICABLE).count();

    long largest = 0;
    String largestName = "";
    for (PartitionSizeReport ps : r.partitionSizes()) {
      for (PartitionSizeReport.PartitionStat s : ps.largest()) {
        if (s.bytes() > largest) {
          largest = s.bytes();
          largestName = ps.qualifiedTable() + " " + s.key();
        }
      }
      if (ps.maxBytes() > largest) {
        largest = ps.maxBytes();
        largestName = ps.qualifiedTable();
      }
    }
    return new Summary(
        Skew.of(own), parts, rows, bytes, coord, replica, levels, ops, failed, anomalies, passed,
        r.checks().size() - passed - notApplicable, notApplicable, largest, largestName);
  }
}
