package io.ringsim.sim.model;

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
      out.add(new Finding(Code.LARGE_PARTITION.name(), subject, "largest partition: predicted "
          + Fmt.count(p.rowsQ()[2]) + " rows, " + Fmt.bytes(p.bytesQ()[2]) + (m == null ? "" : "; measured "
          + Fmt.count(maxOf(m, PartitionFigures::rows)) + " rows, " + Fmt.bytes(maxOf(m, PartitionFigures::bytes))),
          Fmt.bytes(lim.partitionBytes()) + " (compaction_large_partition_warning_threshold) or "
          + Fmt.count(lim.partitionRows()) + " rows per partition"));
    }
    boolean allExpire = ctx.plansByTable.get(t.qualifiedName()).stream().filter(x -> x.writes() > 0)
        .allMatch(x -> x.ttlSeconds() > 0);
    if (p.growsWithTime() && p.rowsQ()[2] > 1 && !allExpire) {
      long dur = Math.max(1, ctx.durationMillis());
      double perDay = p.rowsQ()[2] * DAY / dur;
      double yearRows = p.rowsQ()[2] * (double) YEAR / dur;
      out.add(new Finding(Code.UNBOUNDED_GROWTH.name(), subject, "partition key (" + keyNames(t)
          + ") has no time bucket and its rows keep coming (a new clustering value with the writes): the largest"
          + " partition gains about "
          + Fmt.count(perDay) + " rows a day (" + Fmt.count(p.rowsQ()[2]) + " rows in " + Fmt.duration(dur)
          + "); after a year: " + Fmt.count(yearRows) + " rows, " + Fmt.bytes(p.size().bytes(yearRows)),
          "a partition must stop growing: bound it with a time bucket in the partition key, or a TTL"));
    }
    int rf = Math.min(ctx.replicationFactor(t), ctx.ring.nodes().size());
    double ratio = p.hottestShare() * p.concurrentPartitions();
    boolean single = p.concurrentPartitions() < 1.5 && p.writes() > 1 && ctx.ring.nodes().size() > rf;
    if (ratio >= lim.hotRatio() || single) {
      String measured = "";
      if (m != null && !m.partitions().isEmpty() && m.writesGenerated() > 0) {
        PartitionFigures top = m.partitions().stream().max((a, b) -> Long.compare(a.writes(), b.writes())).get();
        measured = "; measured: partition (" + top.key() + ") took " + Fmt.pct((double) top.writes()
            / m.writesGenerated()) + " of the writes";
      }
      out.add(new Finding(Code.HOT_PARTITION.name(), subject, single
          ? "every write " + (p.bucketed() ? "of a time bucket " : "") + "goes to one partition at a time, so to "
              + rf + " of " + ctx.ring.nodes().size() + " nodes" + measured
          : "the hottest partition takes " + Fmt.pct(p.hottestShare()) + " of the writes, the mean one "
              + Fmt.pct(1 / p.concurrentPartitions()) + " (" + Fmt.ratio(ratio) + " times the mean)" + measured,
          "a partition taking " + Fmt.ratio(lim.hotRatio()) + " times the mean partition's share of the writes"));
    }
    int tokens = ctx.ring.size();
    String lowName = lowCardinalityName(t);
    boolean unique = p.partitions() >= p.writes() * 0.99;
    if (!unique && (p.partitions() < tokens || lowName != null)) {
      out.add(new Finding(Code.LOW_CARDINALITY_KEY.name(), subject, (p.partitions() < tokens
          ? "the partition key (" + keyNames(t) + ") takes " + Fmt.count(p.partitions()) + " values: fewer partitions"
            + " than the ring's " + tokens + " token ranges (" + ctx.ring.nodes().size() + " nodes x "
            + ctx.spec.vnodes() + " vnodes)"
          : "the partition key is " + lowName + ", a column that takes few values (" + Fmt.count(p.partitions())
            + " partitions predicted)"),
          "at least as many partitions as token ranges (nodes x vnodes), and no key like a zip code or a country"));
    }
    if (m != null) {
      double skew = skew(m.nodeBytes());
      if (skew >= lim.skew()) {
        int maxI = 0;
        for (int i = 0; i < m.nodeBytes().length; i++) if (m.nodeBytes()[i] > m.nodeBytes()[maxI]) maxI = i;
        double mean = mean(m.nodeBytes());
        out.add(new Finding(Code.SKEWED_LOAD.name(), subject, "node " + ctx.ring.node(maxI).name() + " holds "
            + Fmt.bytes(m.nodeBytes()[maxI]) + " of this table, the mean node " + Fmt.bytes(mean) + ": max/mean "
            + Fmt.ratio(skew) + " (its effective ownership: " + Fmt.pct(m.ownership()[maxI]) + ")",
            "node load max/mean " + Fmt.ratio(lim.skew())));
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
    StringBuilder e = new StringBuilder("a read of the worst partition crosses " + Fmt.count(p.maxTombstones())
        + " tombstones predicted" + (m == null ? "" : ", " + Fmt.count(measured) + " measured")
        + " (deletions of cells, rows, ranges and partitions, and cells whose TTL expired, within gc_grace_seconds "
        + t.params().gcGraceSeconds() + ")" + (most > failure
            ? ": such a read fails (TombstoneOverwhelmingException; the client gets a ReadFailure)"
            : ": Cassandra logs a warning for every such read") + "; predicted, the largest of each kind: "
        + kinds(p.tombstones()));
    if (worst != null) {
      Tombstones.Counts k = worst.kinds();
      e.append("; measured, partition (").append(worst.key()).append("): ").append(k.cell()).append(" deleted cells, ")
          .append(k.expired()).append(" expired cells, ").append(k.row()).append(" row deletions, ").append(k.range())
          .append(" range tombstones, ").append(k.partition()).append(" partition deletion, beside ")
          .append(Fmt.count(worst.cells())).append(" live cells");
      for (QueryAnalyzer.Analysis a : queries) {
        if (!a.table().qualifiedName().equals(t.qualifiedName()) || a.rangeScan() || a.index() != null
            || m.worst() == null) continue;
        long n = Tombstones.crossed(m.worst(), a.plan().filter(), m.nowSec(), t);
        // The ticks sampled hold that share of the partition's operations.
        if (m.sampling() == Loader.Sampling.WRITES) n = Math.round(n / m.fraction());
        e.append("; the query at ").append(a.spec().file()).append(":").append(a.spec().line()).append(":")
            .append(a.spec().col()).append(" crosses ").append(Fmt.count(n)).append(" of them there")
            .append(n > failure ? " and fails" : n > lim.tombstones() ? " and is logged" : "");
      }
    }
    e.append(" (the model runs no compaction; one drops a tombstone only once it is older than gc_grace_seconds)");
    return new Finding(Code.TOMBSTONE_RISK.name(), t.qualifiedName(), e.toString(), (most > failure
        ? "tombstone_failure_threshold " + Fmt.count(failure) : "tombstone_warn_threshold " + Fmt.count(lim.tombstones()))
        + " (tombstones a read may cross)");
  }

  private static String kinds(Predictor.Kinds k) {
    return Fmt.count(k.cell()[2]) + " deleted cells, " + Fmt.count(k.expired()[2]) + " expired cells, "
        + Fmt.count(k.row()[2]) + " row deletions, " + Fmt.count(k.range()[2]) + " range tombstones, "
        + Fmt.count(k.partition()[2]) + " partition deletion";
  }

  static List<Finding> query(ModelContext ctx, QueryAnalyzer.Analysis a, double partitions, double maxRows) {
    List<Finding> out = new ArrayList<>();
    String subject = "query at " + a.spec().file() + ":" + a.spec().line() + ":" + a.spec().col();
    if (a.needsFiltering()) {
      out.add(new Finding(Code.FILTERING_QUERY.name(), subject, "Cassandra refuses it without ALLOW FILTERING (\""
          + a.refusal() + "\"); with it, " + (a.rangeScan() ? "it reads all " + Fmt.count(partitions) + " partitions of "
          + a.table().qualifiedName() + " and filters them" : "it reads every row of the partition it names (the"
          + " largest holds " + Fmt.count(maxRows) + " rows) and filters them"),
          "a query served by its partition key and clustering columns, without filtering"));
    }
    if (a.index() != null) {
      out.add(new Finding(Code.INDEX_QUERY.name(), subject, "served by the secondary index " + a.index()
          + ": the coordinator asks every node's index (" + ctx.ring.nodes().size() + " nodes)",
          "a query served by one partition's replicas"));
    } else if (a.rangeScan() || a.keys() > 1) {
      long touched = a.rangeScan() ? Math.round(partitions) : a.keys();
      out.add(new Finding(Code.MULTI_PARTITION_QUERY.name(), subject, "it reads " + Fmt.count(touched)
          + " partitions" + (a.rangeScan() ? " (a range scan over the whole ring)" : " (IN on the partition key)"),
          "one partition per query"));
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
