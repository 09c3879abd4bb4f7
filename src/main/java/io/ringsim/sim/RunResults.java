package io.ringsim.sim;

import io.ringsim.cluster.node.NodeReport;
import io.ringsim.ring.Ownership;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SkewStats;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.storage.TableStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Turns what a run produced into its {@link RunResult}. */
final class RunResults {
  private RunResults() {}

  static RunResult build(RunSpec spec, Ring ring, Catalog catalog, List<NodeReport> reports, Metrics metrics,
      long operations, Checker.Result checked, List<RunResult.Event> events, long throttled,
      long wallMillis, ReplicationStrategy fallback) {
    // Ownership as nodetool status shows it for the first workload's keyspace (else the first keyspace).
    ReplicationStrategy strategy = fallback;
    RunResult.OwnershipKeyspace used = new RunResult.OwnershipKeyspace(null, null);
    String ks = spec.workloads().isEmpty() ? null : spec.workloads().get(0).table().split("\\.")[0];
    KeyspaceMetadata k = ks == null ? null : catalog.keyspace(ks).orElse(null);
    if (k == null && !catalog.keyspaces().isEmpty()) k = catalog.keyspaces().get(0);
    if (k != null) {
      strategy = ReplicationStrategies.fromCql(k.replication());
      used = new RunResult.OwnershipKeyspace(k.name(), k.replication().toString());
    }
    double[] own = Ownership.effective(ring, strategy);
    Map<String, Long> coordinated = new TreeMap<>();
    for (Map.Entry<String, TreeMap<Long, Long>> e : metrics.byCoordinator().entrySet()) {
      coordinated.put(e.getKey(), e.getValue().values().stream().mapToLong(Long::longValue).sum());
    }
    List<RunResult.NodeRow> nodes = new ArrayList<>();
    List<RunResult.TableRow> tables = new ArrayList<>();
    double[] load = new double[reports.size()];
    for (int i = 0; i < reports.size(); i++) {
      NodeReport r = reports.get(i);
      var node = ring.node(ring.indexOf(r.node()));
      long partitions = 0, rows = 0, bytes = 0;
      int sstables = 0;
      for (TableStats t : r.tables()) {
        partitions += t.partitions();
        rows += t.rows();
        bytes += t.liveBytes();
        sstables += t.sstableCount();
        tables.add(new RunResult.TableRow(r.node(), t.table(), t.liveBytes(), t.partitions(), t.rows(),
            t.sstableCount(), round(t.readAmplification()), t.maxSSTablesPerRead(), round(t.writeAmplification()),
            round(t.bloomFilterFalsePositiveRatio()), t.tombstonesScanned(), t.maxTombstonesPerRead(),
            t.tombstoneWarnings(), t.tombstoneFailures(), t.partitionBytes().p99(), t.partitionBytes().max(),
            t.memtableBytes(), t.sstableBytes().stream().mapToLong(Long::longValue).sum()));
      }
      load[i] = bytes;
      nodes.add(new RunResult.NodeRow(r.node(), node.dc(), node.rack(), node.tokens().size(),
          round(own[ring.indexOf(r.node())]), partitions, rows, bytes, sstables, coordinated.getOrDefault(r.node(), 0L),
          r.replicaWrites(), r.replicaReads(), r.hintsStored(), r.hintsReplayed(), r.readRepairs(), r.running()));
    }
    SkewStats os = rounded(SkewStats.of(own));
    SkewStats ls = rounded(SkewStats.of(load));
    List<RunResult.SeriesRow> series = new ArrayList<>();
    List<RunResult.TimePoint> points = new ArrayList<>();
    for (Map.Entry<String, TreeMap<Long, Metrics.Bucket>> e : metrics.series().entrySet()) {
      long ok = 0;
      Map<String, Long> failures = new TreeMap<>();
      for (Map.Entry<Long, Metrics.Bucket> b : e.getValue().entrySet()) {
        Metrics.Bucket x = b.getValue();
        ok += x.ok;
        x.failures.forEach((kk, v) -> failures.merge(kk, v, Long::sum));
        long failed = x.failures.values().stream().mapToLong(Long::longValue).sum();
        points.add(new RunResult.TimePoint(b.getKey() * metrics.bucketMicros() / 1000, e.getKey(), x.ok, failed,
            ms(x.latencyMicros, 50), ms(x.latencyMicros, 99)));
      }
      long failed = failures.values().stream().mapToLong(Long::longValue).sum();
      Histogram h = metrics.totals().get(e.getKey());
      series.add(new RunResult.SeriesRow(e.getKey(), ok, failures, round(100.0 * ok / Math.max(1, ok + failed)),
          h == null ? 0 : ms(h, 50), h == null ? 0 : ms(h, 95), h == null ? 0 : ms(h, 99),
          h == null ? 0 : round(h.getMaxValue() / 1000.0)));
    }
    List<RunResult.LevelRow> levels = levels(series, metrics.throttled());
    List<RunResult.ThrottledPoint> throttledPoints = new ArrayList<>();
    metrics.throttled().forEach((level, buckets) -> buckets.forEach((b, n) ->
        throttledPoints.add(new RunResult.ThrottledPoint(b * metrics.bucketMicros() / 1000, level, n))));
    throttledPoints.sort(java.util.Comparator.comparingLong(RunResult.ThrottledPoint::startMillis)
        .thenComparing(RunResult.ThrottledPoint::consistency));
    List<RunResult.PartitionOps> hot = new ArrayList<>();
    metrics.byPartition().entrySet().stream()
        .sorted(Map.Entry.<Metrics.TablePartition, Long>comparingByValue().reversed()
            .thenComparing(Map.Entry.comparingByKey()))
        .limit(10).forEach(e -> hot.add(new RunResult.PartitionOps(e.getKey().table(), e.getKey().key(),
            e.getValue())));
    // The list is capped; the counts never are: what is past the cap is counted by kind.
    Map<String, Long> unlisted = new TreeMap<>();
    for (Checker.Anomaly a : checked.anomalies().subList(Math.min(LISTED_ANOMALIES, checked.anomalies().size()),
        checked.anomalies().size())) {
      unlisted.merge(a.kind().label(), 1L, Long::sum);
    }
    Map<String, Long> notJudged = new TreeMap<>();
    checked.notJudged().forEach((why, n) -> notJudged.put(why.key(), n));
    RunResult.AnomalyCounts counts = new RunResult.AnomalyCounts(checked.readsChecked(), checked.keysChecked(),
        checked.staleReads(), checked.rywViolations(), checked.lostWrites(), checked.lwtViolations(), notJudged,
        Math.max(0, checked.anomalies().size() - LISTED_ANOMALIES), unlisted);
    List<RunResult.CheckRow> checks = new ArrayList<>();
    for (CheckSpec c : spec.checks()) checks.add(c.evaluate(counts, levels, spec.recordHistory()));
    List<Checker.Anomaly> anomalies = checked.anomalies().size() > LISTED_ANOMALIES
        ? checked.anomalies().subList(0, LISTED_ANOMALIES) : checked.anomalies();
    return new RunResult(spec.name(), spec.description(), spec.seed(), spec.durationMillis(), operations,
        throttled, used, nodes, os, ls, series, levels, points,
        List.copyOf(throttledPoints), hot,
        tables, counts, List.copyOf(anomalies), checks, List.copyOf(events), spec.recordHistory(), wallMillis,
        metrics.clientRetries());
  }

  /** summary.json and run.json list this many anomalies, the first in time; the counts cover them all. */
  public static final int LISTED_ANOMALIES = 200;

  /** One consistency level's operations: answered, failed, and never sent (throttled). */
  private static final class LevelCounts {
    long ok;
    long failed;
    long throttled;
  }

  /** Per consistency level: the series' replies summed over operation types, and the throttled operations. */
  static List<RunResult.LevelRow> levels(List<RunResult.SeriesRow> series,
      Map<String, TreeMap<Long, Long>> throttled) {
    Map<String, LevelCounts> by = new TreeMap<>();
    for (RunResult.SeriesRow s : series) {
      LevelCounts x = by.computeIfAbsent(s.series().split(" ", 2)[0], k -> new LevelCounts());
      x.ok += s.ok();
      x.failed += s.failures().values().stream().mapToLong(Long::longValue).sum();
    }
    throttled.forEach((level, buckets) -> by.computeIfAbsent(level, k -> new LevelCounts()).throttled +=
        buckets.values().stream().mapToLong(Long::longValue).sum());
    List<RunResult.LevelRow> out = new ArrayList<>();
    by.forEach((level, x) -> {
      long all = x.ok + x.failed + x.throttled;
      boolean single = !level.contains(" ");
      out.add(new RunResult.LevelRow(level, x.ok, x.failed, x.throttled,
          single && all > 0 ? round(100.0 * x.ok / all) : null));
    });
    return out;
  }

  private static SkewStats rounded(SkewStats s) {
    return new SkewStats(round(s.mean()), round(s.max()), round(s.min()), round(s.maxOverMean()),
        round(s.minOverMean()), round(s.cv()));
  }

  private static double ms(Histogram h, double p) {
    if (h.getTotalCount() == 0) return 0;
    return round(h.getValueAtPercentile(p) / 1000.0);
  }

  static double round(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) return 0;
    return Math.round(v * 10000) / 10000.0;
  }

  static Comparator<String> byName() {
    return Comparator.naturalOrder();
  }

  static ReplicationStrategy strategy(KeyspaceMetadata k) {
    return ReplicationStrategies.fromCql(k.replication());
  }
}
