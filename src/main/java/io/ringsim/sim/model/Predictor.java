package io.ringsim.sim.model;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.model.Dist.Group;
import io.ringsim.sim.model.ModelContext.Plan;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Predicts a table's partitions from its workloads' generators, rates and windows, without loading anything.
 *
 * <p>Each workload's writes fall into classes of partitions: a unique key makes one partition per write; a finite
 * key (values, uniform, zipf, hot) makes each value's partition receive a binomial number of the writes; a time
 * bucket repeats that per bucket. A partition's rows follow from its writes and the clustering generators (unique
 * clustering: one row per write; finite or time-valued clustering: the distinct values its writes draw; none: one
 * row). Then, as the data-modelling formula: cells Nv = Nr (Nc - Npk - Ns) + Ns, and bytes
 * St = key + static row + Nr x (row header + clustering + Σ regular cells) + Nv x per-cell metadata, with the
 * sizes of ringsim's serialized partition (PartitionCodec): see {@link SizeModel}. Updates, deletes and TTL change
 * each partition's live cells, tombstones and bytes: see {@link MixModel}. Workloads writing one table are taken as
 * writing different partitions, unless they draw the same bounded keys ({@link MixModel#sharedPartitions}).
 */
final class Predictor {
  private Predictor() {}

  /** What the prediction gives for one table; {@code tombstones} per kind (see {@link Kinds}). */
  record Prediction(double partitions, double rows, double bytes, double[] rowsQ, double[] cellsQ, double[] bytesQ,
      Kinds tombstones, double hottestShare, double concurrentPartitions, boolean growsWithTime,
      boolean bucketed, double writes, SizeModel size) {
    double maxTombstones() {
      return tombstones.total()[2];
    }
  }

  /** p50, p99 and max per partition of the tombstones a read of the whole partition crosses, in all and by kind. */
  record Kinds(double[] total, double[] cell, double[] expired, double[] row, double[] range, double[] partition) {}

  /** The per-partition distributions the prediction adds points to, each point weighted by its expected partitions. */
  private static final class Dists {
    final Quantiles rows = new Quantiles(), cells = new Quantiles(), bytes = new Quantiles(), total = new Quantiles(),
        cell = new Quantiles(), expired = new Quantiles(), row = new Quantiles(), range = new Quantiles(),
        partition = new Quantiles();

    void add(MixModel.Part p, double weight, int staticCells) {
      rows.add(p.rows(), weight);
      cells.add(p.live() + staticCells, weight);
      bytes.add(p.bytes(), weight);
      cell.add(p.cell(), weight);
      expired.add(p.expired(), weight);
      row.add(p.row(), weight);
      range.add(p.range(), weight);
      // A partition has a partition deletion or not: the expected share of them has one.
      partition.add(1, weight * p.partition());
      partition.add(0, weight * (1 - p.partition()));
      total.add(p.tombstones() - p.partition(), weight * (1 - p.partition()));
      total.add(p.tombstones() - p.partition() + 1, weight * p.partition());
    }
  }

  static Prediction predict(ModelContext ctx, TableMetadata t) {
    List<Plan> plans = MixModel.sharedPartitions(ctx.plansByTable.get(t.qualifiedName()), t);
    SizeModel size = SizeModel.of(t, plans);
    Dists d = new Dists();
    double hottest = 0, concurrent = 0, writes = 0;
    boolean grows = false, bucketed = false;
    long end = plans.stream().mapToLong(Plan::endMillis).max().orElse(0);
    double rangeBytes = t.clusteringColumns().isEmpty() ? 0
        : 30 + 2 * SizeModel.valueBytes(plans.isEmpty() ? null : plans.get(0), t.clusteringColumns().get(0));
    for (Plan p : plans) {
      MixModel.Shares s = MixModel.Shares.of(p, t);
      double w = p.writes();
      writes += w;
      // The operations that place partitions: the inserts; without any, the fresh draws of every other kind.
      double drivers = s.write() > 0 ? p.ops() * s.write() : s.fromWritten() ? 0 : p.ops() * s.nonRead();
      double driverShare = s.write() > 0 ? s.write() : s.nonRead();
      if (drivers <= 0) continue;
      Dist.Key key = Dist.combine(dists(p, t.partitionKey()));
      List<ColumnDef> ckCols = t.clusteringColumns();
      Dist.Key ck = ckCols.isEmpty() ? null : Dist.combine(dists(p, ckCols));
      long window = Math.max(1, p.windowMillis());
      boolean freshRows = !s.fromWritten() && (ck == null || (!ck.unique() && ck.bucketMillis() == 0));
      if (key.unique()) {
        // One insert, one partition, one row (and its own updates and deletes).
        double expired = expiredShare(p, end, p.startMillis(), p.endMillis());
        d.add(MixModel.picked(s, size, 1, 1, true, expired, rangeBytes), drivers, size.staticCells());
        concurrent = Math.max(concurrent, drivers);
        continue;
      }
      // {partitions multiplier, drivers in the lifetime, lifetime ms, lifetime start}
      List<double[]> lifetimes = new ArrayList<>();
      if (key.bucketMillis() > 0) {
        bucketed = true;
        long b = key.bucketMillis();
        long full = window / b;
        long rem = window - full * b;
        // Buckets whose every cell's TTL has passed by the end, and the others.
        long gone = p.ttlSeconds() > 0 ? Math.min(full, Math.max(0, (end - p.ttlSeconds() * 1000L - p.startMillis()) / b))
            : 0;
        if (gone > 0) lifetimes.add(new double[] {gone, drivers * b / window, b, p.startMillis()});
        if (full - gone > 0) lifetimes.add(new double[] {full - gone, drivers * b / window, b, p.startMillis() + gone * b});
        if (rem > 0) lifetimes.add(new double[] {1, drivers * rem / window, rem, p.startMillis() + full * b});
      } else {
        lifetimes.add(new double[] {1, drivers, window, p.startMillis()});
      }
      double lifetimeWrites = lifetimes.get(0)[1];
      double distinctNow = 0;
      for (Group g : key.finite().groups()) distinctNow += g.count() * (1 - Math.pow(1 - g.p(), lifetimeWrites));
      concurrent = Math.max(concurrent, distinctNow);
      hottest = Math.max(hottest, key.finite().maxP());
      boolean rowsGrow = ck != null && (ck.unique() || ck.bucketMillis() > 0);
      if (rowsGrow && key.bucketMillis() == 0) grows = true;
      for (double[] life : lifetimes) {
        long from = (long) life[3];
        double expired = expiredShare(p, end, from, from + (long) life[2]);
        for (Group g : key.finite().groups()) {
          for (double[] pt : binomial(life[1], g.p())) {
            double here = pt[0];
            MixModel.Part part;
            if (freshRows) {
              part = MixModel.fresh(s, size, ck, here / driverShare * s.nonRead(), expired, rangeBytes);
            } else {
              double rows = rows(ck, here, life[1], life[2]);
              part = MixModel.picked(s, size, rows, here, false, expired, rangeBytes);
            }
            d.add(part, pt[1] * g.count() * life[0], size.staticCells());
          }
        }
      }
    }
    double[] rq = spread(d.rows);
    double partitions = d.rows.total();
    Kinds kinds = new Kinds(spread(d.total), spread(d.cell), spread(d.expired), spread(d.row), spread(d.range),
        spread(d.partition));
    return new Prediction(partitions, d.rows.sum(), d.bytes.sum(), rq, spread(d.cells), spread(d.bytes), kinds,
        hottest, concurrent, grows, bucketed, writes, size);
  }

  /** p50, p99 and max as TableStats counts them: of fewer than 100 partitions, the p99 is the largest. */
  private static double[] spread(Quantiles q) {
    double max = Math.max(q.max(), q.quantile(0.50));
    double p99 = q.total() < 100 ? max : q.quantile(0.99);
    return new double[] {q.quantile(0.50), p99, Math.max(max, p99)};
  }

  /**
   * The share of the cells written from {@code from} to {@code to} (evenly) whose TTL has passed at {@code end}: the
   * model assumes a cell's last write is spread like its writes.
   */
  static double expiredShare(Plan p, long end, long from, long to) {
    if (p.ttlSeconds() <= 0) return 0;
    long cutoff = end - p.ttlSeconds() * 1000L;
    if (to <= from) return cutoff >= to ? 1 : 0;
    return Math.max(0, Math.min(1, (double) (cutoff - from) / (to - from)));
  }

  static List<Dist> dists(Plan p, List<ColumnDef> cols) {
    List<Dist> out = new ArrayList<>();
    for (ColumnDef c : cols) out.add(Dist.of(p.gens().get(c.name()), c));
    return out;
  }

  /**
   * The expected rows of a partition that received {@code w} of the {@code lifetimeWrites} writes made while it was
   * written ({@code lifetime} ms): the distinct clustering values those writes drew.
   */
  static double rows(Dist.Key ck, double w, double lifetimeWrites, double lifetime) {
    if (ck == null) return 1;
    if (ck.unique()) return w;
    double slots = 1;
    if (ck.bucketMillis() > 0) {
      // A time-valued clustering column takes one value per tick (or bucket) in which the workload wrote.
      double ticks = Math.max(1, lifetime / ck.bucketMillis());
      double busy = Math.min(ticks, Math.max(1, lifetimeWrites * Math.min(1.0, Dist.TICK_MILLIS / (double) ck.bucketMillis())
          * ck.bucketMillis() / Dist.TICK_MILLIS));
      slots = Math.min(ticks, busy);
    }
    // Each slot holds the workload's k = lifetimeWrites / slots writes; each lands on this partition with probability
    // pi = w / lifetimeWrites and draws a clustering value of group g with probability p: a value of a slot holds a
    // row when at least one of the k does, 1 - (1 - pi p)^k.
    double k = lifetimeWrites / slots;
    double pi = Math.min(1, w / Math.max(w, lifetimeWrites));
    double rows = 0;
    if (ck.bucketMillis() == 0) {
      // No time in the clustering: of the partition's w writes, the distinct values drawn, 1 - (1 - p)^w each.
      for (Group g : ck.finite().groups()) rows += g.count() * -Math.expm1(w * Math.log1p(-g.p()));
    } else {
      for (Group g : ck.finite().groups()) rows += slots * g.count() * -Math.expm1(k * Math.log1p(-pi * g.p()));
    }
    return Math.min(w, rows);
  }

  /**
   * Points {writes, probability} of Binomial(n, p) for 1 write and more (an absent partition is none): exact for a
   * small mean, a normal grid for a large one, and the certain value for p = 1.
   */
  static List<double[]> binomial(double n, double p) {
    List<double[]> out = new ArrayList<>();
    if (p >= 1 - 1e-12) {
      if (n >= 1) out.add(new double[] {n, 1});
      return out;
    }
    double mean = n * p;
    double sd = Math.sqrt(n * p * (1 - p));
    if (mean > 300) {
      int steps = 400;
      double lo = Math.max(1, mean - 8 * sd), hi = mean + 8 * sd, step = (hi - lo) / steps;
      double total = 0;
      List<double[]> grid = new ArrayList<>();
      for (int i = 0; i <= steps; i++) {
        double x = lo + i * step;
        double d = Math.exp(-0.5 * Math.pow((x - mean) / sd, 2));
        grid.add(new double[] {Math.round(x), d});
        total += d;
      }
      for (double[] g : grid) out.add(new double[] {g[0], g[1] / total});
      return out;
    }
    // pmf(k+1) = pmf(k) (n-k)/(k+1) p/(1-p), from pmf(0) = (1-p)^n.
    double pmf = Math.exp(n * Math.log1p(-p));
    long hi = (long) Math.ceil(mean + 10 * sd + 10);
    for (long k = 0; k < hi && k < n; k++) {
      pmf = pmf * (n - k) / (k + 1) * p / (1 - p);
      if (pmf > 1e-15) out.add(new double[] {k + 1, pmf});
    }
    return out;
  }

  /**
   * Sizes of ringsim's serialized partition (PartitionCodec), which the measurement reads back: a partition header of
   * 25 bytes plus its key, a row header of 40 bytes plus 4 per clustering value, a cell of 22 bytes of metadata
   * (timestamp 8, ttl 4, local deletion time 4, value length 4, name length 2) plus its name and value. Value sizes
   * are the mean serialized size of 256 values drawn from the column's generator.
   */
  record SizeModel(double keyBytes, double staticBytes, double clusteringBytes, double regularBytes, int regularCells,
      int staticCells, double cellMeta, double regularNames) {
    static final int PARTITION_HEADER = 25, ROW_HEADER = 40, CELL_META = 22, VALUE_LENGTH = 4, NAME_LENGTH = 2;

    /** A row's bytes when every one of its cells is written (an INSERT). */
    double rowBytes() {
      return ROW_HEADER + clusteringBytes + regularBytes + regularCells * cellMeta;
    }

    double bytes(double rows) {
      return PARTITION_HEADER + keyBytes + staticBytes + rows * rowBytes();
    }

    double cells(double rows) {
      return rows * regularCells + staticCells;
    }

    static SizeModel of(TableMetadata t, List<Plan> plans) {
      Plan p = plans.stream().filter(x -> x.writes() > 0).findFirst().orElse(plans.isEmpty() ? null : plans.get(0));
      double key = 0;
      boolean composite = t.partitionKey().size() > 1;
      for (ColumnDef c : t.partitionKey()) key += valueBytes(p, c) + (composite ? 3 : 0);
      double ck = 0;
      for (ColumnDef c : t.clusteringColumns()) ck += VALUE_LENGTH + valueBytes(p, c);
      double regular = 0, names = 0;
      for (ColumnDef c : t.regularColumns()) {
        regular += name(c) + valueBytes(p, c);
        names += name(c);
      }
      double stat = 0;
      for (ColumnDef c : t.staticColumns()) stat += CELL_META + name(c) + valueBytes(p, c);
      if (!t.staticColumns().isEmpty()) stat += ROW_HEADER;
      return new SizeModel(key, stat, ck, regular, t.regularColumns().size(), t.staticColumns().size(), CELL_META,
          names);
    }

    private static int name(ColumnDef c) {
      return c.name().getBytes(StandardCharsets.UTF_8).length;
    }

    /** The mean serialized size of the column's values, from 256 draws spread over the workload's window. */
    static double valueBytes(Plan p, ColumnDef c) {
      ValueGen g = p == null ? ValueGen.defaultFor(c) : p.gens().get(c.name());
      SplittableRandom rng = new SplittableRandom(c.name().hashCode());
      long ops = p == null ? 1 : Math.max(1, p.ops());
      long start = p == null ? 0 : p.startMillis(), window = p == null ? 1 : Math.max(1, p.windowMillis());
      double total = 0;
      int n = 256;
      for (int i = 0; i < n; i++) {
        long op = ops * i / n;
        long now = start + window * i / n;
        try {
          total += c.type().serialize(g.next(rng, op, now, c.type())).length;
        } catch (RuntimeException e) {
          return 0; // a type no generator draws (collections): counted as empty
        }
      }
      return total / n;
    }
  }
}
