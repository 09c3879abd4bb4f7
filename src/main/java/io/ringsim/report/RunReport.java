package io.ringsim.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one scenario run measured, as plain immutable data: the runner fills it (usually with {@link #builder}),
 * {@link ReportHtml}, {@link ReportJson} and {@link ReportCsv} render it to report.html, summary.json and CSVs, and
 * {@link ReportJson} reads it back.
 *
 * <p>Times are simulated milliseconds since the start of the run. Sizes are bytes. Ownership is a fraction (0.5 =
 * 50%). {@code wallClock} is the only part that varies between identical runs and may be null.
 */
public record RunReport(
    int formatVersion,
    ScenarioInfo scenario,
    ClusterInfo cluster,
    List<NodeLoad> load,
    List<TableStorage> storage,
    List<PartitionSizeReport> partitionSizes,
    List<HotPartition> hottestPartitions,
    TimeSeries timeSeries,
    List<RunEvent> events,
    List<Anomaly> anomalies,
    List<Check> checks,
    List<Metric> metrics,
    List<QueryStat> queries,
    Summary summary,
    RunTiming wallClock,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
    List<ClientRetries> clientRetries) {

  /** Bumped when a field changes meaning or goes away; readers reject newer versions. */
  public static final int FORMAT_VERSION = 1;

  public RunReport {
    if (scenario == null) scenario = new ScenarioInfo("", "", 0, 0, 1000, "");
    if (cluster == null) cluster = new ClusterInfo("", List.of(), List.of(), List.of());
    load = Lists.copy(load);
    storage = Lists.copy(storage);
    partitionSizes = Lists.copy(partitionSizes);
    hottestPartitions = Lists.copy(hottestPartitions);
    if (timeSeries == null) timeSeries = TimeSeries.empty();
    events = Lists.copy(events);
    anomalies = Lists.copy(anomalies);
    checks = Lists.copy(checks);
    metrics = Lists.copy(metrics);
    queries = Lists.copy(queries);
    clientRetries = Lists.copy(clientRetries);
  }

  /** Whether every check passed (a run with no checks passes). */
  public boolean passed() {
    return checks.stream().allMatch(Check::passed);
  }

  /** The same report without its wall-clock facts, for byte-identical output across identical runs. */
  public RunReport withoutWallClock() {
    return new RunReport(formatVersion, scenario, cluster, load, storage, partitionSizes, hottestPartitions, timeSeries,
        events, anomalies, checks, metrics, queries, summary, null, clientRetries);
  }

  public static Builder builder(String scenarioName) {
    return new Builder(scenarioName);
  }

  /**
   * Collects a run's figures in any order; {@link #build()} sorts the lists that have a natural order (events and
   * anomalies by time, hottest partitions by ops) and computes the {@link Summary}.
   */
  public static final class Builder {
    private final String name;
    private String description = "";
    private long seed;
    private long simulatedMillis;
    private long bucketMillis = 1000;
    private String version = "dev";
    private final List<ClientRetries> clientRetries = new ArrayList<>();
    private String partitioner = "";
    private final List<ClusterInfo.NodeInfo> nodes = new ArrayList<>();
    private final List<ClusterInfo.KeyspaceReplication> keyspaces = new ArrayList<>();
    private final List<RingFigures.Arc> arcs = new ArrayList<>();
    private final List<NodeLoad> load = new ArrayList<>();
    private final List<TableStorage> storage = new ArrayList<>();
    private final List<PartitionSizeReport> sizes = new ArrayList<>();
    private final List<HotPartition> hot = new ArrayList<>();
    private final List<TimeSeries.NodeOps> nodeOps = new ArrayList<>();
    private final List<TimeSeries.LevelPoint> levels = new ArrayList<>();
    private final List<RunEvent> events = new ArrayList<>();
    private final Map<String, Long> unlisted = new java.util.TreeMap<>();
    private final List<Anomaly> anomalies = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    private final List<Metric> metrics = new ArrayList<>();
    private final List<QueryStat> queries = new ArrayList<>();
    private final List<TimeSeries.Point> other = new ArrayList<>();
    private final Map<String, Latency> wholeRunLatency = new LinkedHashMap<>();
    private RunTiming wallClock;

    private Builder(String name) {
      this.name = name;
    }

    public Builder description(String d) { description = d; return this; }
    public Builder seed(long s) { seed = s; return this; }
    public Builder simulatedMillis(long ms) { simulatedMillis = ms; return this; }
    /** Width of the time-series buckets (default 1000 ms of simulated time). */
    public Builder bucketMillis(long ms) { bucketMillis = ms; return this; }
    public Builder version(String v) { version = v; return this; }
    public Builder partitioner(String p) { partitioner = p; return this; }
    public Builder node(ClusterInfo.NodeInfo n) { nodes.add(n); return this; }
    public Builder node(String name, String dc, String rack, List<String> tokens, double ownership, boolean up) {
      return node(new ClusterInfo.NodeInfo(name, dc, rack, tokens, ownership, up));
    }
    public Builder keyspace(String keyspace, String strategy, Map<String, Integer> factors) {
      keyspaces.add(new ClusterInfo.KeyspaceReplication(keyspace, strategy, factors));
      return this;
    }
    /** A ring range [start, end) as fractions of the ring, owned (as primary) by node number {@code node}. */
    public Builder arc(double start, double end, int node) { arcs.add(new RingFigures.Arc(start, end, node)); return this; }
    public Builder load(NodeLoad l) { load.add(l); return this; }
    public Builder load(String node, long partitions, long rows, long bytes, long coordinatedOps, long replicaOps) {
      return load(new NodeLoad(node, partitions, rows, bytes, coordinatedOps, replicaOps));
    }
    public Builder storage(TableStorage s) { storage.add(s); return this; }
    public Builder partitionSizes(PartitionSizeReport p) { sizes.add(p); return this; }
    public Builder hot(HotPartition h) { hot.add(h); return this; }
    public Builder nodeOps(long atMillis, String node, long ops) { nodeOps.add(new TimeSeries.NodeOps(atMillis, node, ops)); return this; }
    public Builder level(TimeSeries.LevelPoint p) { levels.add(p); return this; }
    /** Adds everything a {@link TimeSeriesRecorder} collected, and its whole-run latency per consistency level. */
    public Builder timeSeries(TimeSeriesRecorder rec) {
      TimeSeries ts = rec.toTimeSeries();
      bucketMillis = ts.bucketMillis();
      nodeOps.addAll(ts.nodeOps());
      levels.addAll(ts.levels());
      wholeRunLatency.putAll(rec.wholeRunLatency());
      return this;
    }
    public Builder event(long atMillis, String kind, String node, String text) { events.add(new RunEvent(atMillis, kind, node, text)); return this; }
    public Builder anomaly(Anomaly a) { anomalies.add(a); return this; }
    public Builder check(String name, boolean passed, String detail) {
      return check(name, passed ? Check.Verdict.PASS : Check.Verdict.FAIL, detail);
    }

    public Builder check(String name, Check.Verdict verdict, String detail) {
      checks.add(new Check(name, verdict, detail));
      return this;
    }
    /** A scenario-specific figure, e.g. metric("hints", "hints replayed", 412, "", "after n3 restarted"). */
    public Builder metric(String group, String name, double value, String unit, String detail) {
      metrics.add(new Metric(group, name, value, unit, detail));
      return this;
    }
    public Builder query(QueryStat q) { queries.add(q); return this; }
    /** A sample of a scenario-specific time series (hints pending, out-of-sync partitions...). */
    public Builder sample(String series, long atMillis, double value) { other.add(new TimeSeries.Point(series, atMillis, value)); return this; }
    public Builder wallClock(RunTiming w) { wallClock = w; return this; }
    /** The served clients' requests per level with the driver retries recognised among them (none: no clients). */
    public Builder clientRetries(List<ClientRetries> rows) { clientRetries.addAll(rows); return this; }
    /** Anomalies found past the listed ones, by kind: the summary counts them, the list does not hold them. */
    public Builder unlistedAnomalies(Map<String, Long> byKind) { unlisted.putAll(byKind); return this; }

    public RunReport build() {
      events.sort(Comparator.comparingLong(RunEvent::atMillis));
      anomalies.sort(Comparator.comparingLong(Anomaly::atMillis));
      hot.sort(Comparator.comparingLong(HotPartition::ops).reversed());
      nodeOps.sort(Comparator.comparingLong(TimeSeries.NodeOps::atMillis));
      other.sort(Comparator.comparing(TimeSeries.Point::series).thenComparingLong(TimeSeries.Point::atMillis));
      levels.sort(Comparator.comparingLong(TimeSeries.LevelPoint::atMillis).thenComparing(TimeSeries.LevelPoint::consistency));
      RunReport r = new RunReport(
          FORMAT_VERSION,
          new ScenarioInfo(name, description, seed, simulatedMillis, bucketMillis, version),
          new ClusterInfo(partitioner, nodes, keyspaces, arcs),
          load, storage, sizes, hot, new TimeSeries(bucketMillis, nodeOps, levels, other), events, anomalies, checks,
          metrics, queries, null, wallClock, clientRetries);
      Summary s = Summary.of(r, wholeRunLatency);
      if (!unlisted.isEmpty()) s = s.withUnlisted(unlisted);
      return r.withSummary(s);
    }
  }

  /** This report with its {@link Summary} computed when it has none (one built by hand, not by the builder). */
  public RunReport summarized() {
    return summary != null ? this : withSummary(Summary.of(this));
  }

  RunReport withSummary(Summary s) {
    return new RunReport(formatVersion, scenario, cluster, load, storage, partitionSizes, hottestPartitions, timeSeries,
        events, anomalies, checks, metrics, queries, s, wallClock, clientRetries);
  }
}
