package io.ringsim.sim.model;

import static io.ringsim.sim.Say.EN;

import io.ringsim.report.ModelReport.Finding;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.model.Loader.Measurement;
import io.ringsim.sim.model.Loader.PartitionFigures;
import io.ringsim.sim.model.Predictor.Prediction;
import io.ringsim.sim.script.ModelLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The rules that turn a table's figures, and a query's plan, into findings with their evidence and threshold. */
final class Findings {
  private Findings() {}

  enum Code {
    LARGE_PARTITION, UNBOUNDED_GROWTH, HOT_PARTITION, LOW_CARDINALITY_KEY, SKEWED_LOAD, TOMBSTONE_RISK,
    FILTERING_QUERY, INDEX_QUERY, MULTI_PARTITION_QUERY
  }

  /** Partition key column names that usually take few values (the seeds' "bad keys": zip code, time zone). */
  static final Set<String> LOW_CARDINALITY_NAMES = Set.of("zip", "zipcode", "zip_code", "postcode", "postal_code",
      "country", "country_code", "state", "province", "region", "mainland", "continent", "city", "timezone",
      "time_zone", "tz", "gender", "status", "type", "category", "env", "environment", "level", "severity");

  static final long DAY = 86_400_000L, YEAR = 365 * DAY;

  static List<Finding> table(ModelContext ctx, TableMetadata t, Prediction p, Measurement m, ModelLimits lim,
      List<QueryAnalyzer.Analysis> queries) {
    List<Finding> out = new ArrayList<>();
    String subject = t.qualifiedName();
    long maxRows = Math.max(Math.round(p.rowsQ()[2]), m == null ? 0 : maxOf(m, PartitionFigures::rows));
    long maxBytes = Math.max(Math.round(p.bytesQ()[2]), m == null ? 0 : maxOf(m, PartitionFigures::bytes));
    if (maxBytes > lim.partitionBytes() || maxRows > lim.partitionRows()) {
      out.add(new Finding(Code.LARGE_PARTITION.name(), subject, m == null
          ? EN.f("say.model.large", Fmt.count(p.rowsQ()[2]), Fmt.bytes(p.bytesQ()[2]))
          : EN.f("say.model.large.measured", Fmt.count(p.rowsQ()[2]), Fmt.bytes(p.bytesQ()[2]),
              Fmt.count(maxOf(m, PartitionFigures::rows)), Fmt.bytes(maxOf(m, PartitionFigures::bytes))),
          EN.f("say.model.large.threshold", Fmt.bytes(lim.partitionBytes()), Fmt.count(lim.partitionRows()))));
    }
    boolean allExpire = ctx.plansByTable.get(t.qualifiedName()).stream().filter(x -> x.writes() > 0)
        .allMatch(x -> x.ttlSeconds() > 0);
    if (p.growsWithTime() && p.rowsQ()[2] > 1 && !allExpire) {
      long dur = Math.max(1, ctx.durationMillis());
      double perDay = p.rowsQ()[2] * DAY / dur;
      double yearRows = p.rowsQ()[2] * (double) YEAR / dur;
      out.add(new Finding(Code.UNBOUNDED_GROWTH.name(), subject, EN.f("say.model.growth", keyNames(t),
          Fmt.count(perDay), Fmt.count(p.rowsQ()[2]), Fmt.duration(dur), Fmt.count(yearRows),
          Fmt.bytes(p.size().bytes(yearRows))), EN.get("say.model.growth.threshold")));
    }
    int rf = Math.min(ctx.replicationFactor(t), ctx.ring.nodes().size());
    double ratio = p.hottestShare() * p.concurrentPartitions();
    boolean single = p.concurrentPartitions() < 1.5 && p.writes() > 1 && ctx.ring.nodes().size() > rf;
    if (ratio >= lim.hotRatio() || single) {
      String measured = "";
      if (m != null && !m.partitions().isEmpty() && m.writesGenerated() > 0) {
        PartitionFigures top = m.partitions().stream().max((a, b) -> Long.compare(a.writes(), b.writes())).get();
        measured = EN.f("say.model.hot.measured", top.key(), Fmt.pct((double) top.writes() / m.writesGenerated()));
      }
      out.add(new Finding(Code.HOT_PARTITION.name(), subject, single
          ? EN.f(p.bucketed() ? "say.model.hot.single.bucket" : "say.model.hot.single", rf, ctx.ring.nodes().size(),
              measured)
          : EN.f("say.model.hot", Fmt.pct(p.hottestShare()), Fmt.pct(1 / p.concurrentPartitions()),
              Fmt.ratio(ratio), measured),
          EN.f("say.model.hot.threshold", Fmt.ratio(lim.hotRatio()))));
    }
    int tokens = ctx.ring.size();
    String lowName = lowCardinalityName(t);
    boolean unique = p.partitions() >= p.writes() * 0.99;
    if (!unique && (p.partitions() < tokens || lowName != null)) {
      out.add(new Finding(Code.LOW_CARDINALITY_KEY.name(), subject, (p.partitions() < tokens
          ? EN.f("say.model.low.few", keyNames(t), Fmt.count(p.partitions()), tokens, ctx.ring.nodes().size(),
              ctx.spec.vnodes())
          : EN.f("say.model.low.name", lowName, Fmt.count(p.partitions()))),
          EN.get("say.model.low.threshold")));
    }
    if (m != null) {
      double skew = skew(m.nodeBytes());
      if (skew >= lim.skew()) {
        int maxI = 0;
        for (int i = 0; i < m.nodeBytes().length; i++) if (m.nodeBytes()[i] > m.nodeBytes()[maxI]) maxI = i;
        double mean = mean(m.nodeBytes());
        out.add(new Finding(Code.SKEWED_LOAD.name(), subject, EN.f("say.model.skew", ctx.ring.node(maxI).name(),
            Fmt.bytes(m.nodeBytes()[maxI]), Fmt.bytes(mean), Fmt.ratio(skew), Fmt.pct(m.ownership()[maxI])),
            EN.f("say.model.skew.threshold", Fmt.ratio(lim.skew()))));
      }
    }
    Finding tomb = tombstoneRisk(ctx, t, p, m, lim, queries);
    if (tomb != null) out.add(tomb);
    return out;
  }

  /**
   * TOMBSTONE_RISK: the worst partition, predicted or measured, makes a read of it cross more tombstones than
   * tombstone_warn_threshold (Cassandra logs a warning per read) or tombstone_failure_threshold (the read fails). The
   * evidence names the partition, its tombstones by kind, and what each single-partition query of the table would
   * cross on it (its slice and limit, counted by ringsim's read path).
   */
  static Finding tombstoneRisk(ModelContext ctx, TableMetadata t, Prediction p, Measurement m, ModelLimits lim,
      List<QueryAnalyzer.Analysis> queries) {
    PartitionFigures worst = null;
    if (m != null) {
      for (PartitionFigures f : m.partitions()) if (worst == null || f.tombstones() > worst.tombstones()) worst = f;
    }
    long measured = worst == null ? 0 : worst.tombstones();
    double most = Math.max(p.maxTombstones(), measured);
    if (most <= lim.tombstones()) return null;
    long failure = Math.max(lim.tombstoneFailure(), lim.tombstones());
    StringBuilder e = new StringBuilder(EN.f(most > failure ? "say.model.tomb.fail" : "say.model.tomb.warn",
        Fmt.count(p.maxTombstones()), m == null ? "" : EN.f("say.model.tomb.measured", Fmt.count(measured)),
        t.params().gcGraceSeconds())).append("; ")
        .append(EN.f("say.model.tomb.predicted", kinds(p.tombstones())));
    if (worst != null) {
      Tombstones.Counts k = worst.kinds();
      e.append("; ").append(EN.f("say.model.tomb.worst", worst.key(), k.cell(), k.expired(), k.row(), k.range(),
          k.partition(), Fmt.count(worst.cells())));
      for (QueryAnalyzer.Analysis a : queries) {
        if (!a.table().qualifiedName().equals(t.qualifiedName()) || a.rangeScan() || a.index() != null
            || m.worst() == null) continue;
        long n = Tombstones.crossed(m.worst(), a.plan().filter(), m.nowSec(), t);
        // The ticks sampled hold that share of the partition's operations.
        if (m.sampling() == Loader.Sampling.WRITES) n = Math.round(n / m.fraction());
        e.append("; ").append(EN.f(n > failure ? "say.model.tomb.query.fails" : n > lim.tombstones()
            ? "say.model.tomb.query.logged" : "say.model.tomb.query", a.spec().file() + ":" + a.spec().line() + ":"
            + a.spec().col(), Fmt.count(n)));
      }
    }
    e.append(" ").append(EN.get("say.model.tomb.note"));
    return new Finding(Code.TOMBSTONE_RISK.name(), t.qualifiedName(), e.toString(), EN.f("say.model.tomb.threshold",
        most > failure ? "tombstone_failure_threshold " + Fmt.count(failure)
            : "tombstone_warn_threshold " + Fmt.count(lim.tombstones())));
  }

  private static String kinds(Predictor.Kinds k) {
    return EN.f("say.model.tomb.kinds", Fmt.count(k.cell()[2]), Fmt.count(k.expired()[2]), Fmt.count(k.row()[2]),
        Fmt.count(k.range()[2]), Fmt.count(k.partition()[2]));
  }

  static List<Finding> query(ModelContext ctx, QueryAnalyzer.Analysis a, double partitions, double maxRows) {
    List<Finding> out = new ArrayList<>();
    String subject = EN.f("say.model.query-at", a.spec().file() + ":" + a.spec().line() + ":" + a.spec().col());
    if (a.needsFiltering()) {
      out.add(new Finding(Code.FILTERING_QUERY.name(), subject, a.rangeScan()
          ? EN.f("say.model.filtering.scan", a.refusal(), Fmt.count(partitions), a.table().qualifiedName())
          : EN.f("say.model.filtering.partition", a.refusal(), Fmt.count(maxRows)),
          EN.get("say.model.filtering.threshold")));
    }
    if (a.index() != null) {
      out.add(new Finding(Code.INDEX_QUERY.name(), subject, EN.f("say.model.index", a.index(),
          ctx.ring.nodes().size()), EN.get("say.model.index.threshold")));
    } else if (a.rangeScan() || a.keys() > 1) {
      long touched = a.rangeScan() ? Math.round(partitions) : a.keys();
      out.add(new Finding(Code.MULTI_PARTITION_QUERY.name(), subject, EN.f(a.rangeScan() ? "say.model.multi.scan"
          : "say.model.multi.in", Fmt.count(touched)), EN.get("say.model.multi.threshold")));
    }
    return out;
  }

  static String lowCardinalityName(TableMetadata t) {
    for (ColumnDef c : t.partitionKey()) {
      if (!LOW_CARDINALITY_NAMES.contains(c.name().toLowerCase(Locale.ROOT))) return null;
    }
    return keyNames(t);
  }

  static String keyNames(TableMetadata t) {
    return String.join(", ", t.partitionKey().stream().map(ColumnDef::name).toList());
  }

  static long maxOf(Measurement m, java.util.function.ToLongFunction<PartitionFigures> f) {
    long x = 0;
    for (PartitionFigures p : m.partitions()) x = Math.max(x, f.applyAsLong(p));
    return x;
  }

  static double mean(double[] v) {
    double s = 0;
    for (double x : v) s += x;
    return v.length == 0 ? 0 : s / v.length;
  }

  static double skew(double[] v) {
    double mean = mean(v), max = 0;
    for (double x : v) max = Math.max(max, x);
    return mean == 0 ? 1 : max / mean;
  }
}
