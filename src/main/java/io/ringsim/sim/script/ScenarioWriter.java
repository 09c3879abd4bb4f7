package io.ringsim.sim.script;

import io.ringsim.cql.CqlFeatures;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import io.ringsim.sim.Action;
import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.TimedAction;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.storage.CommitLogSync;
import io.ringsim.storage.StorageSettings;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes a {@link RunSpec} back as a scenario file that {@link ScenarioReader} reads into an equal spec (the
 * shrinker's output, and each of its tries). Settings left at their defaults are left out, so the file stays as
 * short as what a person would write. Timeline and check lines are written as the user wrote them when the spec
 * came from a file: a partition by group name ({half} {rest}) then still means the same groups in a smaller cluster.
 */
public final class ScenarioWriter {
  private ScenarioWriter() {}

  /** The scenario as .sim text, after {@code headerComments} (each written as a '#' line). */
  public static String write(RunSpec s, List<String> headerComments) {
    return write(s, List.of(), ModelLimits.DEFAULTS, headerComments);
  }

  /**
   * The scenario with what {@code ringsim model} reads besides (its queries section and its model limits), so that a
   * shrunk or rewritten scenario can still be modelled.
   */
  public static String write(ScenarioReader.Model m, List<String> headerComments) {
    return write(m.spec(), m.queries(), m.limits(), headerComments);
  }

  private static String write(RunSpec s, List<QuerySpec> queries, ModelLimits limits, List<String> headerComments) {
    StringBuilder b = new StringBuilder();
    for (String c : headerComments) b.append(c.isEmpty() ? "#" : "# " + oneLine(c)).append('\n');
    if (!headerComments.isEmpty()) b.append('\n');
    b.append("scenario ").append(s.name());
    if (!s.description().isEmpty()) b.append(' ').append(quote(s.description()));
    b.append("\nduration ").append(duration(s.durationMillis())).append("\nseed ").append(s.seed()).append('\n');
    if (!s.recordHistory()) b.append("history off\n");
    cluster(b, s);
    if (!s.cql().isEmpty()) {
      b.append("\ncql {\n");
      for (String stmt : s.cql()) b.append("  ").append(stmt.strip()).append(";\n");
      b.append("}\n");
    }
    Catalog schema = schema(s.cql(), s.datacenters());
    for (WorkloadSpec w : s.workloads()) workload(b, w, s.durationMillis(), schema);
    if (!s.timeline().isEmpty()) {
      b.append("\ntimeline {\n");
      for (TimedAction a : s.timeline()) b.append("  ").append(timelineLine(a)).append('\n');
      b.append("}\n");
    }
    if (!s.checks().isEmpty()) {
      b.append("\ncheck {\n");
      for (CheckSpec c : s.checks()) b.append("  ").append(c.text()).append('\n');
      b.append("}\n");
    }
    if (!queries.isEmpty()) {
      b.append("\nqueries {\n");
      for (QuerySpec q : queries) b.append("  ").append(q.cql().strip()).append(";\n");
      b.append("}\n");
    }
    model(b, limits);
    return b.toString();
  }

  /** The model section's settings that differ from the defaults; none, no section. */
  private static void model(StringBuilder b, ModelLimits l) {
    ModelLimits d = ModelLimits.DEFAULTS;
    StringBuilder items = new StringBuilder();
    if (l.partitionBytes() != d.partitionBytes()) items.append("  partition_size_warn ").append(size(l.partitionBytes()))
        .append('\n');
    if (l.partitionRows() != d.partitionRows()) items.append("  rows_per_partition ").append(l.partitionRows())
        .append('\n');
    if (l.tombstones() != d.tombstones()) items.append("  tombstone_warn ").append(l.tombstones()).append('\n');
    if (l.tombstoneFailure() != d.tombstoneFailure()) items.append("  tombstone_failure ").append(l.tombstoneFailure())
        .append('\n');
    if (l.hotRatio() != d.hotRatio()) items.append("  hot_ratio ").append(decimal(l.hotRatio())).append('\n');
    if (l.skew() != d.skew()) items.append("  skew ").append(decimal(l.skew())).append('\n');
    if (!items.isEmpty()) b.append("\nmodel {\n").append(items).append("}\n");
  }

  private static void cluster(StringBuilder b, RunSpec s) {
    b.append("\ncluster {\n");
    List<ClusterBuilder.Dc> dcs = s.dcs();
    if (dcs.size() == 1 && dcs.get(0).name().equals("datacenter1")) {
      b.append("  nodes ").append(dcs.get(0).nodes()).append('\n');
      if (dcs.get(0).racks() != 1) b.append("  racks ").append(dcs.get(0).racks()).append('\n');
    } else {
      for (ClusterBuilder.Dc dc : dcs) {
        b.append("  dc ").append(dc.name()).append(" nodes ").append(dc.nodes());
        if (dc.racks() != 1) b.append(" racks ").append(dc.racks());
        b.append('\n');
      }
    }
    b.append("  vnodes ").append(s.vnodes()).append('\n');
    if (!s.allocator().equals("balanced")) b.append("  allocator ").append(s.allocator()).append('\n');
    if (!s.partitioner().equals("murmur3")) b.append("  partitioner ").append(s.partitioner()).append('\n');
    if (!s.latency().equals(new LatencyModel.LogNormal(500_000, 5_000_000))) {
      b.append("  latency ").append(latency(s.latency())).append('\n');
    }
    if (s.loss() > 0) b.append("  loss ").append(percent(s.loss())).append('\n');
    StorageSettings st = s.storage(), d = StorageSettings.DEFAULTS;
    if (st.commitLogSync() == CommitLogSync.BATCH) b.append("  commitlog batch\n");
    else if (st.commitLogSyncPeriodMillis() != d.commitLogSyncPeriodMillis()) {
      b.append("  commitlog periodic ").append(duration(st.commitLogSyncPeriodMillis())).append('\n');
    }
    if (st.memtableFlushBytes() != d.memtableFlushBytes()) b.append("  memtable ").append(size(st.memtableFlushBytes()))
        .append('\n');
    if (!s.consistentRangeMovement()) b.append("  consistent_range_movement off\n");
    b.append("}\n");
  }

  private static void workload(StringBuilder b, WorkloadSpec w, long durationMillis,
      Catalog schema) {
    java.util.Set<String> keys = new java.util.HashSet<>();
    schema.table(w.table()).ifPresent(t -> t.partitionKey().forEach(c -> keys.add(c.name())));
    b.append("\nworkload ").append(w.name()).append(" {\n  table ").append(w.table()).append('\n');
    // The generators' map has no order of its own: by column name, so that the same spec is always the same text.
    for (Map.Entry<String, ValueGen> g : new TreeMap<>(w.generators()).entrySet()) {
      b.append(keys.contains(g.getKey()) ? "  key " : "  column ").append(g.getKey()).append(' ')
          .append(generator(g.getValue())).append('\n');
    }
    StringBuilder mix = new StringBuilder();
    mixPart(mix, "write", w.writeFraction());
    mixPart(mix, "read", w.readFraction());
    mixPart(mix, "delete", w.deleteFraction());
    mixPart(mix, "lwt", w.lwtFraction());
    mixPart(mix, "update", w.cellOps().update());
    mixPart(mix, "delete cell", w.cellOps().deleteCell());
    mixPart(mix, "delete range", w.cellOps().deleteRange());
    mixPart(mix, "delete partition", w.cellOps().deletePartition());
    mixPart(mix, "read slice", w.cellOps().readSlice());
    mixPart(mix, "read in", w.cellOps().readIn());
    mixPart(mix, "read limit", w.cellOps().readLimit());
    mixPart(mix, "read columns", w.cellOps().readColumns());
    mixPart(mix, "increment", w.cellOps().increment());
    b.append("  mix").append(mix).append('\n');
    if (w.writeConsistency() == w.readConsistency()) {
      b.append("  consistency ").append(w.writeConsistency()).append('\n');
    } else {
      b.append("  consistency write ").append(w.writeConsistency()).append(" read ").append(w.readConsistency())
          .append('\n');
    }
    if (w.rate() != Math.rint(w.rate())) throw new IllegalArgumentException("workload " + w.name() + ": a rate of "
        + decimal(w.rate()) + "/s is not a whole number, which a scenario file cannot say");
    b.append("  rate ").append((long) w.rate()).append("/s\n");
    if (w.concurrency() != 32) b.append("  concurrency ").append(w.concurrency()).append('\n');
    // A workload that runs from the start to the end needs no window: it then follows the duration.
    if (w.startMillis() != 0 || w.endMillis() != durationMillis) {
      b.append("  from ").append(duration(w.startMillis())).append(" to ").append(duration(w.endMillis())).append('\n');
    }
    if (w.ttlSeconds() > 0) b.append("  ttl ").append(duration(w.ttlSeconds() * 1000L)).append('\n');
    if (w.cellOps().clientTimestamps()) b.append("  timestamps client\n");
    b.append("}\n");
  }

  /**
   * The tables the cql section creates, to write a partition key's generator as {@code key} (the reader takes
   * {@code key} and {@code column} alike; the word is for the person reading). A statement that does not apply
   * leaves the schema as it was: this only chooses words.
   */
  private static Catalog schema(List<String> cql, List<String> datacenters) {
    Catalog catalog = Catalog.EMPTY;
    String keyspace = null;
    for (String text : cql) {
      try {
        Statement st = CqlParser.parse(text);
        if (st instanceof Statement.Use u) keyspace = u.keyspace();
        Catalog next = SchemaOps.apply(catalog, st, keyspace, CqlFeatures.DEFAULTS, datacenters);
        if (next != null) catalog = next;
      } catch (RuntimeException e) {
        // not a schema statement this can apply: no matter
      }
    }
    return catalog;
  }

  private static void mixPart(StringBuilder mix, String op, double fraction) {
    if (fraction > 0) mix.append(' ').append(op).append(' ').append(percent(fraction));
  }

  /** A value generator as the file writes it: uniform(200), zipf(1000, 1.1), values('a', 'b'). */
  public static String generator(ValueGen g) {
    if (g instanceof ValueGen.RandomUuid) return "uuid";
    if (g instanceof ValueGen.Sequential) return "sequential";
    if (g instanceof ValueGen.Uniform u) return "uniform(" + u.count() + ")";
    if (g instanceof ValueGen.Zipf z) return "zipf(" + z.count() + ", " + decimal(z.s()) + ")";
    if (g instanceof ValueGen.Hot h) return "hot(" + decimal(h.p()) + ", " + h.count() + ")";
    if (g instanceof ValueGen.Text t) return "text(" + t.min() + ", " + t.max() + ")";
    if (g instanceof ValueGen.TimeBucket t) return "timebucket(" + duration(t.bucketMillis()) + ")";
    if (g instanceof ValueGen.Now) return "now";
    ValueGen.Choice c = (ValueGen.Choice) g;
    StringBuilder sb = new StringBuilder("values(");
    for (int i = 0; i < c.values().size(); i++) sb.append(i == 0 ? "" : ", ").append(quote(c.values().get(i)));
    return sb.append(')').toString();
  }

  /** A timeline line: as written in the file it came from, else rendered from the action. */
  static String timelineLine(TimedAction a) {
    String t = a.text() == null ? "" : a.text().strip();
    if (t.startsWith("at ") && !t.contains("\n")) return t;
    return "at " + duration(a.atMillis()) + " " + action(a.action());
  }

  private static String action(Action a) {
    if (a instanceof Action.Crash c) return "crash " + c.node();
    if (a instanceof Action.Restart c) return "restart " + c.node();
    if (a instanceof Action.Bootstrap c) return "bootstrap " + c.node();
    if (a instanceof Action.Decommission c) return "decommission " + c.node();
    if (a instanceof Action.Partition p) return p.oneWay() ? "partition oneway " + group(p.side1()) + " -> "
        + group(p.side2()) : "partition " + group(p.side1()) + " " + group(p.side2());
    if (a instanceof Action.Heal) return "heal";
    if (a instanceof Action.Slow s) return "slow " + s.node() + " " + duration(s.extraMillis());
    if (a instanceof Action.Loss l) return "loss " + percent(l.probability());
    if (a instanceof Action.ClockSkew s) return "skew " + s.node() + " " + (s.skewMillis() < 0 ? "-" : "")
        + duration(Math.abs(s.skewMillis()));
    if (a instanceof Action.Flush f) return f.node() == null ? "flush" : "flush " + f.node();
    if (a instanceof Action.Compact f) return f.node() == null ? "compact" : "compact " + f.node();
    if (a instanceof Action.Repair f) return f.node() == null ? "repair" : "repair " + f.node();
    if (a instanceof Action.StopMember m) return "stop member " + m.position();
    throw new IllegalArgumentException("a scenario file has no timeline line for " + a);
  }

  private static String group(Set<String> nodes) {
    return "{" + String.join(" ", new java.util.TreeSet<>(nodes)) + "}";
  }

  /** A duration to the millisecond (Durations.format rounds long ones for reading; this must not lose any). */
  public static String duration(long millis) {
    if (millis == 0) return "0s";
    StringBuilder sb = new StringBuilder();
    long h = millis / 3_600_000, m = millis / 60_000 % 60, s = millis / 1000 % 60, ms = millis % 1000;
    if (h > 0) sb.append(h).append('h');
    if (m > 0) sb.append(m).append('m');
    if (s > 0) sb.append(s).append('s');
    if (ms > 0) sb.append(ms).append("ms");
    return sb.toString();
  }

  private static String latency(LatencyModel l) {
    if (l instanceof LatencyModel.Fixed f) return "fixed " + nanos(f.nanos());
    if (l instanceof LatencyModel.Uniform u) return "uniform " + nanos(u.minNanos()) + " " + nanos(u.maxNanos());
    if (l instanceof LatencyModel.LogNormal n) return "lognormal " + nanos(n.medianNanos()) + " " + nanos(n.p99Nanos());
    return "exponential " + nanos(((LatencyModel.Exponential) l).meanNanos());
  }

  /** The file gives latencies in whole milliseconds; a model from elsewhere with finer ones cannot be written. */
  private static String nanos(long n) {
    if (n % 1_000_000 != 0) throw new IllegalArgumentException("a latency of " + n + " ns is not whole milliseconds,"
        + " which a scenario file cannot say");
    return duration(n / 1_000_000);
  }

  private static String size(long bytes) {
    if (bytes % (1L << 20) == 0) return (bytes >> 20) + "MB";
    if (bytes % (1L << 10) == 0) return (bytes >> 10) + "KB";
    return bytes + "B";
  }

  /**
   * A fraction as the file's N% (read back as N / 100): the shortest decimal that reads back as the very same
   * double, so that 1/3 written and read stays 1/3.
   */
  static String percent(double fraction) {
    double p = fraction * 100;
    for (double candidate : new double[] {p, Math.nextUp(p), Math.nextDown(p)}) {
      String s = decimal(candidate);
      if (Double.parseDouble(s) / 100 == fraction) return s + "%";
    }
    return decimal(p) + "%";
  }

  /** A number as digits with an optional fraction (the file has no exponent notation). */
  static String decimal(double v) {
    String s = new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    return s;
  }

  /** A quoted string: double quotes unless the text holds one (the file has no escapes). */
  private static String quote(String s) {
    String t = oneLine(s);
    if (!t.contains("\"")) return "\"" + t + "\"";
    if (!t.contains("'")) return "'" + t + "'";
    return "\"" + t.replace('"', '\'') + "\"";
  }

  private static String oneLine(String s) {
    return s.replace('\r', ' ').replace('\n', ' ');
  }
}
