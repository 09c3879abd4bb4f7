package io.ringsim.sim.script;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.sim.Durations;
import io.ringsim.sim.Limits;
import io.ringsim.storage.CommitLogSync;
import io.ringsim.storage.ServiceCosts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --set key=value}: every setting of a scenario's cluster section, and the run's seed, duration, history and
 * each workload's rate and consistency, applied over what the file says. A value is written as in the file
 * ({@code cluster.memtable=64KB}, {@code cluster.commitlog=batch}, {@code cluster.latency=lognormal 5ms 50ms}).
 */
final class SetOverrides {
  private SetOverrides() {}

  static final String KNOWN = "seed, duration, history, cluster.nodes, cluster.dc, cluster.vnodes, cluster.racks, "
      + "cluster.allocator, cluster.partitioner, cluster.latency, cluster.loss, cluster.commitlog, cluster.memtable, "
      + "cluster.consistent_range_movement, cluster.cost.NAME (" + ServiceCosts.Kind.names() + "), workload.NAME.rate, workload.NAME.consistency";

  private static final Pattern SIZE = Pattern.compile("(\\d{1,18})\\s*(B|KB|MB|GB)?", Pattern.CASE_INSENSITIVE);
  private static final Pattern COST = Pattern.compile("(\\d{1,9})\\s*(ms|us|ns)");
  private static final Pattern DC = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*):(\\d{1,6})(?::(\\d{1,6}))?");

  static void apply(ScenarioReader.Builder b) {
    for (Map.Entry<String, String> e : b.overrides.entrySet()) {
      String k = e.getKey(), v = e.getValue();
      try {
        one(b, k, v);
      } catch (NumberFormatException ex) {
        throw new ScenarioException("--set " + k + "=" + v + ": not a number");
      } catch (IllegalArgumentException ex) {
        if (ex instanceof ScenarioException se) throw se;
        throw new ScenarioException("--set " + k + "=" + v + ": " + ex.getMessage());
      }
    }
  }

  private static void one(ScenarioReader.Builder b, String k, String v) {
    switch (k) {
      case "seed" -> b.seed = Long.parseLong(v);
      case "duration" -> {
        b.duration = Limits.duration(Durations.parse(v));
        b.durationSection = null;
      }
      case "history" -> {
        b.recordHistory = b.onOff(null, v);
        b.historyOff = null;
      }
      case "cluster.nodes" -> {
        b.plainNodes = Limits.nodes(Long.parseLong(v));
        b.dcs.clear();
      }
      case "cluster.dc" -> b.dcs = dcs(v);
      case "cluster.vnodes" -> b.vnodes = Limits.vnodes(Long.parseLong(v));
      case "cluster.allocator" -> {
        if (!v.equals("random") && !v.equals("balanced"))
          throw new IllegalArgumentException("unknown allocator (expected random or balanced)");
        b.allocator = v;
      }
      case "cluster.partitioner" -> {
        io.ringsim.ring.Partitioners.byName(v);
        b.partitioner = v;
      }
      case "cluster.racks" -> b.racks = Limits.racks(Long.parseLong(v));
      case "cluster.consistent_range_movement" -> b.consistentRangeMovement =
          b.onOff(null, "consistent_range_movement", k, v);
      case "cluster.memtable" -> b.storage = b.storage.withMemtableFlushBytes(size(v));
      case "cluster.commitlog" -> b.storage = commitLog(b, v);
      case "cluster.latency" -> b.latency = latency(v);
      case "cluster.loss" -> b.loss = loss(v);
      default -> {
        if (k.startsWith("workload.") && k.endsWith(".rate")) {
          String wn = k.substring("workload.".length(), k.length() - ".rate".length());
          int i = b.indexOfWorkload(wn);
          b.workloads.set(i, b.workloads.get(i).withRate(Limits.rate(Double.parseDouble(v))));
        } else if (k.startsWith("workload.") && k.endsWith(".consistency")) {
          String wn = k.substring("workload.".length(), k.length() - ".consistency".length());
          int i = b.indexOfWorkload(wn);
          b.workloads.set(i, b.workloads.get(i).withConsistency(ConsistencyLevel.parse(v)));
        } else if (k.startsWith("cluster.cost.")) {
          ServiceCosts.Kind kind = ServiceCosts.Kind.byKey(k.substring("cluster.cost.".length()));
          b.storage = b.storage.withCost(kind, cost(v));
        } else {
          throw new ScenarioException("--set " + k + ": unknown setting (known: " + KNOWN + ")");
        }
      }
    }
  }

  /** {@code dc1:3:3,dc2:3} — NAME:NODES[:RACKS] per data centre, replacing the file's nodes and dcs. */
  private static List<ClusterBuilder.Dc> dcs(String v) {
    List<ClusterBuilder.Dc> out = new ArrayList<>();
    for (String d : v.split(",")) {
      Matcher m = DC.matcher(d.trim());
      if (!m.matches())
        throw new IllegalArgumentException("expected NAME:NODES[:RACKS] per data centre, comma-separated, e.g. "
            + "dc1:3:3,dc2:3:3");
      int nodes = (int) Limits.nodes(Long.parseLong(m.group(2)));
      int racks = m.group(3) == null ? 1 : (int) Limits.racks(Long.parseLong(m.group(3)));
      for (ClusterBuilder.Dc o : out)
        if (o.name().equals(m.group(1))) throw new IllegalArgumentException("data centre " + o.name() + " is given twice");
      out.add(new ClusterBuilder.Dc(m.group(1), nodes, racks));
    }
    return out;
  }

  /** A cost such as 2ms, 60us or 500ns (what one unit of work takes in simulated time), in nanoseconds. */
  private static long cost(String v) {
    Matcher m = COST.matcher(v.trim());
    if (!m.matches()) throw new IllegalArgumentException("expected a duration such as 2ms, 60us or 500ns");
    long unit = switch (m.group(2)) {
      case "ms" -> 1_000_000L;
      case "us" -> 1_000L;
      default -> 1L;
    };
    return Limits.range("a cost in nanoseconds", Long.parseLong(m.group(1)) * unit, 0, 60_000_000_000L);
  }

  private static long size(String v) {
    Matcher m = SIZE.matcher(v.trim());
    if (!m.matches()) throw new IllegalArgumentException("expected a size such as 64KB, 4MB or 1048576");
    long unit = m.group(2) == null ? 1 : switch (m.group(2).toUpperCase(Locale.ROOT)) {
      case "KB" -> 1L << 10;
      case "MB" -> 1L << 20;
      case "GB" -> 1L << 30;
      default -> 1;
    };
    long n = Long.parseLong(m.group(1));
    long bytes = n > Long.MAX_VALUE / unit ? Long.MAX_VALUE : n * unit;
    return Limits.range("a memtable size in bytes", bytes, 1, 1L << 30);
  }

  private static io.ringsim.storage.StorageSettings commitLog(ScenarioReader.Builder b, String v) {
    String[] w = v.trim().split("\\s+");
    if (w.length == 1 && w[0].equals("batch")) return b.storage.withCommitLog(CommitLogSync.BATCH, 0);
    if (w[0].equals("periodic") && w.length <= 2)
      return b.storage.withCommitLog(CommitLogSync.PERIODIC, w.length == 1 ? 10_000 : Durations.parse(w[1]));
    throw new IllegalArgumentException("expected batch, periodic or 'periodic 10s'");
  }

  private static LatencyModel latency(String v) {
    String[] w = v.trim().split("\\s+");
    List<Long> d = new ArrayList<>();
    for (int i = 1; i < w.length; i++) d.add(Durations.parse(w[i]) * 1_000_000L);
    String need = "expected fixed D, uniform MIN MAX, lognormal MEDIAN P99 or exponential MEAN, e.g. 'lognormal 5ms 50ms'";
    return switch (w[0]) {
      case "fixed" -> {
        if (d.size() != 1) throw new IllegalArgumentException(need);
        yield new LatencyModel.Fixed(d.get(0));
      }
      case "exponential" -> {
        if (d.size() != 1) throw new IllegalArgumentException(need);
        yield new LatencyModel.Exponential(d.get(0));
      }
      case "uniform", "lognormal" -> {
        if (d.size() != 2) throw new IllegalArgumentException(need);
        yield w[0].equals("uniform") ? new LatencyModel.Uniform(d.get(0), d.get(1))
            : new LatencyModel.LogNormal(d.get(0), d.get(1));
      }
      default -> throw new IllegalArgumentException(need);
    };
  }

  private static double loss(String v) {
    String p = v.trim();
    if (!p.endsWith("%")) throw new IllegalArgumentException("expected a percentage such as 5%");
    double x = Double.parseDouble(p.substring(0, p.length() - 1));
    if (!(x >= 0 && x <= 100)) throw new IllegalArgumentException("a percentage must be between 0% and 100%");
    return x / 100;
  }
}
