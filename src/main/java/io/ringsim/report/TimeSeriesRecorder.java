package io.ringsim.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * Collects operations one at a time as the simulation completes them and reduces them to a {@link TimeSeries}: counts
 * per bucket, failures by error class, and latency percentiles from an HdrHistogram per bucket and consistency level
 * (plus one per level for the whole run, so the run's p99 is exact rather than an average of bucket p99s).
 *
 * <p>Latencies are recorded in microseconds of simulated time, capped at one hour: per-bucket percentiles to 2
 * significant digits (within 1%), whole-run percentiles to 3 (within 0.1%).
 */
public final class TimeSeriesRecorder {
  private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

  private final long bucketMillis;
  private final TreeMap<Long, TreeMap<String, Long>> nodeOps = new TreeMap<>();
  private final TreeMap<Long, TreeMap<String, Cell>> levels = new TreeMap<>();
  private final Map<String, Histogram> whole = new TreeMap<>();

  private static final class Cell {
    long ops, ok, throttled;
    final TreeMap<String, Long> failures = new TreeMap<>();
    // auto-resizing and 2 significant digits: a few KB per bucket, so long runs with 1 s buckets stay small
    final IntCountsHistogram latency = new IntCountsHistogram(2);
  }

  public TimeSeriesRecorder(long bucketMillis) {
    if (bucketMillis <= 0) throw new IllegalArgumentException("bucket width must be positive, got " + bucketMillis);
    this.bucketMillis = bucketMillis;
  }

  /**
   * One client operation.
   *
   * @param completedAtMillis simulated time the coordinator answered the client
   * @param coordinator the node that coordinated it
   * @param consistency e.g. QUORUM
   * @param errorClass null when it succeeded, else the error class (Unavailable, WriteTimeout, ...)
   * @param latencyMicros simulated latency seen by the client
   */
  public void record(long completedAtMillis, String coordinator, String consistency, String errorClass, long latencyMicros) {
    long bucket = Math.floorDiv(completedAtMillis, bucketMillis) * bucketMillis;
    nodeOps.computeIfAbsent(bucket, b -> new TreeMap<>()).merge(coordinator, 1L, Long::sum);
    Cell c = levels.computeIfAbsent(bucket, b -> new TreeMap<>()).computeIfAbsent(consistency, k -> new Cell());
    c.ops++;
    if (errorClass == null) c.ok++;
    else c.failures.merge(errorClass, 1L, Long::sum);
    long v = Math.max(0, Math.min(latencyMicros, HIGHEST_MICROS));
    c.latency.recordValue(v);
    whole.computeIfAbsent(consistency, k -> new Histogram(HIGHEST_MICROS, 3)).recordValue(v);
  }

  /**
   * Operations not sent in the bucket starting at {@code atMillis}: a client had its concurrency cap in flight.
   * {@code consistency} may name several levels ("QUORUM or SERIAL") for a workload that uses several.
   */
  public void throttled(long atMillis, String consistency, long operations) {
    long bucket = Math.floorDiv(atMillis, bucketMillis) * bucketMillis;
    levels.computeIfAbsent(bucket, b -> new TreeMap<>()).computeIfAbsent(consistency, k -> new Cell()).throttled +=
        operations;
  }

  /** Buckets in time order; empty buckets between the first and last are filled with zeros so charts show gaps. */
  public TimeSeries toTimeSeries() {
    List<TimeSeries.NodeOps> n = new ArrayList<>();
    List<TimeSeries.LevelPoint> l = new ArrayList<>();
    if (!levels.isEmpty()) {
      java.util.SortedSet<String> allNodes = new java.util.TreeSet<>();
      nodeOps.values().forEach(m -> allNodes.addAll(m.keySet()));
      java.util.SortedSet<String> allLevels = new java.util.TreeSet<>(whole.keySet());
      levels.values().forEach(m -> allLevels.addAll(m.keySet()));
      for (long t = levels.firstKey(); t <= levels.lastKey(); t += bucketMillis) {
        Map<String, Long> no = nodeOps.getOrDefault(t, new TreeMap<>());
        for (String node : allNodes) n.add(new TimeSeries.NodeOps(t, node, no.getOrDefault(node, 0L)));
        Map<String, Cell> lv = levels.getOrDefault(t, new TreeMap<>());
        for (String cl : allLevels) {
          Cell c = lv.get(cl);
          l.add(c == null
              ? new TimeSeries.LevelPoint(t, cl, 0, 0, Map.of(), Latency.NONE)
              : new TimeSeries.LevelPoint(t, cl, c.ops, c.ok, c.failures,
                  c.ops == 0 ? Latency.NONE : Latency.of(c.latency, TimeUnit.MICROSECONDS), c.throttled));
        }
      }
    }
    return new TimeSeries(bucketMillis, n, l);
  }

  /** Exact whole-run latency per consistency level. */
  public Map<String, Latency> wholeRunLatency() {
    Map<String, Latency> m = new LinkedHashMap<>();
    whole.forEach((k, h) -> m.put(k, Latency.of(h, TimeUnit.MICROSECONDS)));
    return m;
  }
}
