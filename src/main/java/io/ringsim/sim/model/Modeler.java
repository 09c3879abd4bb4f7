package io.ringsim.sim.model;

import static io.ringsim.sim.Say.EN;

import io.ringsim.report.ModelReport;
import io.ringsim.report.ModelReport.Bin;
import io.ringsim.report.ModelReport.Figures;
import io.ringsim.report.ModelReport.Finding;
import io.ringsim.report.ModelReport.Spread;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.model.Loader.Measurement;
import io.ringsim.sim.model.Loader.PartitionFigures;
import io.ringsim.sim.model.Predictor.Prediction;
import io.ringsim.sim.script.ModelLimits;
import io.ringsim.sim.script.QuerySpec;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.storage.TableStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ringsim model}: predicts each table's partitions from the scenario's workloads, measures them by loading
 * the generated data into ringsim's storage engine, judges both and the queries, and suggests verified fixes.
 */
public final class Modeler {
  private Modeler() {}

  /**
   * @param scale the figures are for this many times the scenario's duration
   * @param budget the most writes loaded per table before the measurement samples
   */
  public record Options(double scale, long budget, ModelLimits limits) {
    public static final long DEFAULT_BUDGET = 400_000;
  }

  /** Everything one model run found, before it becomes a report. */
  record Result(ModelContext ctx, Map<String, Prediction> predictions, Map<String, Measurement> measurements,
      List<QueryAnalyzer.Analysis> queries, List<Finding> findings, List<ModelReport.Table> tables,
      List<ModelReport.Query> queryRows) {}

  public static ModelReport model(ScenarioReader.Model m, Options o) {
    Result r = analyze(m.spec(), m.queries(), o, true);
    List<ModelReport.Suggestion> suggestions = Suggester.suggest(r, m.queries(), o);
    RunSpec s = m.spec();
    ModelLimits l = o.limits();
    return new ModelReport(s.name(), m.file(), o.scale(),
        r.ctx().durationMillis(), new ModelReport.Cluster(s.nodeCount(), s.vnodes(), s.partitioner(), s.allocator()),
        new ModelReport.Limits(l.partitionBytes(), l.partitionRows(), l.tombstones(), l.tombstoneFailure(),
            l.hotRatio(), l.skew()),
        r.tables(), r.queryRows(), r.findings(), suggestions);
  }

  static Result analyze(RunSpec spec, List<QuerySpec> queries, Options o, boolean measure) {
    ModelContext ctx = new ModelContext(spec, o.scale());
    List<QueryAnalyzer.Analysis> analyses = new ArrayList<>();
    for (QuerySpec q : queries) analyses.add(QueryAnalyzer.analyze(q, ctx.catalog, ctx));
    Map<String, Prediction> predictions = new LinkedHashMap<>();
    Map<String, Measurement> measurements = new LinkedHashMap<>();
    List<Finding> findings = new ArrayList<>();
    List<ModelReport.Table> tables = new ArrayList<>();
    for (TableMetadata t : ctx.catalog.allTables()) {
      List<ModelContext.Plan> plans = ctx.plansByTable.get(t.qualifiedName());
      boolean queried = analyses.stream().anyMatch(a -> a.table().qualifiedName().equals(t.qualifiedName()));
      if (plans.isEmpty() && !queried) continue;
      Prediction p = Predictor.predict(ctx, t);
      predictions.put(t.qualifiedName(), p);
      Measurement m = measure ? Loader.measure(ctx, t, p.partitions(), p.writes(), o.budget()) : null;
      if (m != null) measurements.put(t.qualifiedName(), m);
      findings.addAll(Findings.table(ctx, t, p, m, o.limits(), analyses));
      tables.add(table(ctx, t, plans, p, m));
    }
    List<ModelReport.Query> rows = new ArrayList<>();
    for (QueryAnalyzer.Analysis a : analyses) {
      Prediction p = predictions.get(a.table().qualifiedName());
      double partitions = p == null ? 0 : p.partitions();
      findings.addAll(Findings.query(ctx, a, partitions, p == null ? 0 : p.rowsQ()[2]));
      String access = a.index() != null ? EN.f("say.model.access.index", a.index()) : a.rangeScan()
          ? EN.get("say.model.access.scan") : a.keys() == 1 ? EN.get("say.model.access.single")
          : EN.f("say.model.access.in", a.keys());
      long touched = a.index() != null && p != null ? Math.round(IndexReach.partitions(ctx, a, p))
          : a.index() != null || a.rangeScan() ? Math.round(partitions) : a.keys();
      rows.add(new ModelReport.Query(a.spec().cql(), a.spec().file() + ":" + a.spec().line() + ":" + a.spec().col(),
          a.table().qualifiedName(), access, a.needsFiltering(), a.index(), touched, null));
    }
    return new Result(ctx, predictions, measurements, analyses, findings, tables, rows);
  }

  private static String oneDecimal(double d) {
    return String.format(java.util.Locale.ROOT, "%.1f", d);
  }

  private static ModelReport.Table table(ModelContext ctx, TableMetadata t, List<ModelContext.Plan> plans,
      Prediction p, Measurement m) {
    Predictor.SizeModel s = p.size();
    // The size formula's words come from a say.* label, so a reader of another language sees them in theirs.
    String formula = String.format(java.util.Locale.ROOT, "Nv = Nr x (Nc %d - Npk %d - Ns %d) + Ns %d; ",
        t.columns().size(), t.partitionKey().size() + t.clusteringColumns().size(), t.staticColumns().size(),
        t.staticColumns().size())
        + EN.f("say.model.formula.size", Predictor.SizeModel.PARTITION_HEADER, oneDecimal(s.keyBytes()),
            oneDecimal(s.staticBytes()), Predictor.SizeModel.ROW_HEADER, oneDecimal(s.clusteringBytes()),
            oneDecimal(s.regularBytes()), s.regularCells(), Predictor.SizeModel.CELL_META)
        + MixModel.formula(t, MixModel.sharedPartitions(plans, t));
    Figures predicted = new Figures(Math.round(p.partitions()), Math.round(p.rows()), Math.round(p.bytes()),
        spread(p.rowsQ()), spread(p.cellsQ()), spread(p.bytesQ()), Math.round(p.maxTombstones()),
        new ModelReport.Tombstones(spread(p.tombstones().total()), spread(p.tombstones().cell()),
            spread(p.tombstones().expired()), spread(p.tombstones().row()), spread(p.tombstones().range()),
            spread(p.tombstones().partition())));
    Figures measured = null;
    ModelReport.Sampling sampling = null;
    List<ModelReport.Partition> hottest = new ArrayList<>();
    List<ModelReport.Node> nodes = new ArrayList<>();
    List<Bin> bins = new ArrayList<>();
    double skew = 0;
    if (m != null) {
      double w = m.sampling() == Loader.Sampling.PARTITIONS ? 1 / m.fraction() : 1;
      List<PartitionFigures> ps = m.partitions();
      long rows = 0, bytes = 0;
      for (PartitionFigures f : ps) {
        rows += f.rows();
        bytes += f.bytes();
      }
      measured = new Figures(Math.round(ps.size() * w), Math.round(rows * w), Math.round(bytes * w),
          spread(ps, PartitionFigures::rows), spread(ps, PartitionFigures::cells), spread(ps, PartitionFigures::bytes),
          Findings.maxOf(m, PartitionFigures::tombstones), new ModelReport.Tombstones(
              spread(ps, PartitionFigures::tombstones), spread(ps, f -> f.kinds().cell()),
              spread(ps, f -> f.kinds().expired()), spread(ps, f -> f.kinds().row()),
              spread(ps, f -> f.kinds().range()), spread(ps, f -> f.kinds().partition())));
      sampling = sampling(m);
      ps.stream().sorted(Comparator.comparingLong(PartitionFigures::writes).reversed()
          .thenComparing(Comparator.comparingLong(PartitionFigures::bytes).reversed())).limit(5)
          .forEach(f -> hottest.add(new ModelReport.Partition(f.key(), f.rows(), f.bytes(), f.writes(),
              m.writesGenerated() == 0 ? 0 : (double) f.writes() / m.writesGenerated(), names(ctx, f.replicas()))));
      double mean = Findings.mean(m.nodeBytes());
      for (int i = 0; i < m.nodeBytes().length; i++) {
        nodes.add(new ModelReport.Node(ctx.ring.node(i).name(), m.ownership()[i], Math.round(m.nodeBytes()[i]),
            mean == 0 ? 0 : m.nodeBytes()[i] / mean));
      }
      skew = Findings.skew(m.nodeBytes());
      bins = histogram(ps, w);
    }
    List<String> workloads = plans.stream().map(x -> x.w().name()).toList();
    return new ModelReport.Table(t.qualifiedName(), primaryKey(t), ctx.replicationFactor(t), workloads, formula,
        predicted, measured, sampling, hottest, nodes, skew, bins);
  }

  private static ModelReport.Sampling sampling(Measurement m) {
    String note = switch (m.sampling()) {
      case NONE -> EN.get("say.model.sample.none");
      case PARTITIONS -> EN.f("say.model.sample.partitions", switch (m.by()) {
            case WRITES_OF_UNIQUE_KEYS -> EN.f("say.model.sample.unique", Fmt.pct(m.fraction()));
            case TIME_BUCKETS -> EN.f("say.model.sample.buckets", Fmt.pct(m.fraction()));
            default -> EN.f("say.model.sample.hash", Fmt.pct(m.fraction()));
          }, Fmt.count(m.loadedRows()), Fmt.count(m.writesGenerated()));
      case WRITES -> EN.f("say.model.sample.writes", Fmt.pct(m.fraction()), Fmt.count(m.loadedRows()),
          Fmt.count(m.writesGenerated()));
    };
    return new ModelReport.Sampling(m.sampling().name().toLowerCase(java.util.Locale.ROOT), m.fraction(),
        m.writesGenerated(), m.loadedRows(), m.loadedPartitions(), note);
  }

  private static List<String> names(ModelContext ctx, int[] replicas) {
    List<String> out = new ArrayList<>();
    for (int r : replicas) out.add(ctx.ring.node(r).name());
    return out;
  }

  /** Partitions per power-of-two size bucket (counts extrapolated when whole partitions were sampled). */
  private static List<Bin> histogram(List<PartitionFigures> ps, double weight) {
    Map<Integer, Long> byBucket = new java.util.TreeMap<>();
    for (PartitionFigures f : ps) byBucket.merge(63 - Long.numberOfLeadingZeros(Math.max(1, f.bytes())), 1L, Long::sum);
    List<Bin> out = new ArrayList<>();
    byBucket.forEach((b, n) -> out.add(new Bin(1L << b, 1L << (b + 1), Math.round(n * weight))));
    return out;
  }

  static Spread spread(double[] q) {
    return new Spread(Math.round(q[0]), Math.round(q[1]), Math.round(q[2]));
  }

  private static Spread spread(List<PartitionFigures> ps, java.util.function.ToLongFunction<PartitionFigures> f) {
    long[] v = ps.stream().mapToLong(f).toArray();
    TableStats.Percentiles pc = TableStats.Percentiles.of(v);
    return new Spread(pc.p50(), pc.p99(), pc.max());
  }

  static String primaryKey(TableMetadata t) {
    StringBuilder sb = new StringBuilder("PRIMARY KEY ((");
    sb.append(String.join(", ", t.partitionKey().stream().map(ColumnDef::name).toList())).append(")");
    for (ColumnDef c : t.clusteringColumns()) sb.append(", ").append(c.name());
    return sb.append(")").toString();
  }
}
