package io.ringsim.sim.model;

import static io.ringsim.sim.Say.EN;

import io.ringsim.cql.exec.WorkloadWrites;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.sim.model.Dist.Group;
import io.ringsim.sim.model.ModelContext.Plan;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.TableSchema;
import java.util.SplittableRandom;

/**
 * What a partition holds at the end of a workload's mix of operations, from how many of each kind reach it: the
 * stored rows, the live cells, the tombstones by kind, and the bytes. Each (row, column) ends as its last event makes
 * it: a write of the column (an INSERT, or an UPDATE naming it: each column with probability
 * {@code pi = 1/2 + 2^-m / m} of the m value columns), a DELETE of the column, or a deletion of its row, of a range
 * covering it, or of the partition. Events reach a row in random order, so the last one is of a kind with that kind's
 * share of the rates: with rates per row u (updates), c (cell deletes), d (row deletes), a (inserts), and per
 * partition Q (partition deletes) and G phi (range deletes, each covering a share phi of the rows):
 * <ul>
 * <li>rows written before (a key column from the written rows): a row is inserted, then its events follow; with
 * Lambda = (a - 1) + u pi + c/m + d + Q + G phi, a cell is live with probability (a + u pi) / (1 + Lambda), a cell
 * tombstone with (c/m) / (1 + Lambda), and a row has a row tombstone with probability d / (1 + d). (The workload
 * picks any row it wrote so far, or of its 10,000 kept: a row's events then number Poisson(Lambda x), x with mean 1
 * and P(none) = 1 / (1 + Lambda).)
 * <li>fresh draws (every key column bounded): a clustering value drawn with probability p by each of n operations
 * holds a row when one of them drew it, 1 - (1 - p)^n; with the rates counted in draws, a cell is live with
 * probability (w / Lambda) (1 - (1 - p)^Lambda), w = inserts + updates x pi, and likewise for the other kinds.
 * </ul>
 * A live cell whose last write is older than the TTL (the workload's, or the table's default_time_to_live) at the end
 * has expired: a tombstone (see {@link #expiredShare}: a cell that survived its row's events was mostly written
 * late). Nothing is compacted, so every tombstone is still held (gc_grace_seconds only says when a
 * compaction may purge one) and shadowed cells still take their bytes; a row deletion drops its row's older cells.
 */
final class MixModel {
  private MixModel() {}

  /** One partition's expected figures; {@code partition}: the probability it has a partition deletion. */
  record Part(double rows, double live, double cell, double expired, double row, double range, double partition,
      double bytes) {
    double tombstones() {
      return cell + expired + row + range + partition;
    }
  }

  /** The per-workload constants of the formulas. */
  record Shares(double write, double update, double deleteRow, double deleteCell, double deleteRange,
      double deletePartition, boolean fromWritten, int valueColumns, double pi, double phi) {
    double nonRead() {
      return write + update + deleteRow + deleteCell + deleteRange + deletePartition;
    }

    boolean any() {
      return update + deleteRow + deleteCell + deleteRange + deletePartition > 0;
    }

    static Shares of(Plan p, TableMetadata t) {
      WorkloadSpec w = p.w();
      WorkloadSpec.CellOps o = w.cellOps();
      int m = WorkloadWrites.valueColumns(t).size();
      double pi = m == 0 ? 0 : 0.5 + Math.pow(0.5, m) / m;
      boolean fromWritten = OpStream.fromWritten(w, t);
      double phi = o.deleteRange() > 0 && !t.clusteringColumns().isEmpty() ? coverage(p, t, fromWritten) : 0;
      double write = w.writeFraction() + w.lwtFraction();
      double u = o.update(), d = w.deleteFraction(), c = o.deleteCell(), g = o.deleteRange(), q = o.deletePartition();
      if (fromWritten && write == 0) {
        // Nothing written to pick from: every operation writes instead.
        write = u + d + c + g + q;
        u = d = c = g = q = 0;
      }
      return new Shares(write, u, d, c, g, q, fromWritten, Math.max(1, m), pi, phi);
    }
  }

  /**
   * phi: the share of a partition's rows one range deletion covers, estimated from 1,024 draws: a row written at a
   * random earlier operation, the range from a row's value (written before, or a fresh draw) to a fresh draw.
   */
  static double coverage(Plan p, TableMetadata t, boolean fromWritten) {
    ColumnDef first = t.clusteringColumns().get(0);
    ClusteringComparator cmp = TableSchema.of(t, io.ringsim.ring.Partitioners.byName("Murmur3Partitioner"))
        .clustering();
    SplittableRandom rng = new SplittableRandom(first.name().hashCode() * 31L + p.index());
    long ops = Math.max(2, p.ops());
    double per = Math.max(1e-9, p.w().rate() * Dist.TICK_MILLIS / 1000.0);
    int covered = 0, n = 1024;
    for (int i = 0; i < n; i++) {
      long k = 1 + rng.nextLong(ops - 1);
      long rowOp = rng.nextLong(k), fromOp = fromWritten ? rng.nextLong(k) : k;
      byte[] r = value(p, first, rng, rowOp, per), a = value(p, first, rng, fromOp, per), b = value(p, first, rng, k, per);
      boolean ordered = cmp.type(0).compare(a, b) <= 0;
      byte[] lo = ordered ? a : b, hi = ordered ? b : a;
      if (cmp.type(0).compare(lo, r) <= 0 && cmp.type(0).compare(r, hi) <= 0) covered++;
    }
    return (double) covered / n;
  }

  private static byte[] value(Plan p, ColumnDef c, SplittableRandom rng, long op, double perTick) {
    long now = p.startMillis() + ((long) Math.ceil((op + 1) / perTick) - 1) * Dist.TICK_MILLIS;
    return c.type().serialize(p.gens().get(c.name()).next(rng, op, now, c.type()));
  }

  /**
   * A partition whose rows were written before its other operations pick them: {@code rows} rows from {@code w}
   * inserts, and the other kinds in proportion; {@code expired} the share of live cells past their TTL.
   */
  static Part picked(Shares s, Predictor.SizeModel size, double rows, double w, boolean uniqueKey, double expired,
      double rangeBytes) {
    if (rows <= 0) return new Part(0, 0, 0, 0, 0, 0, 0, size.bytes(0));
    double per = w / s.write();
    double a = Math.max(1, w / rows), u = per * s.update() / rows, d = per * s.deleteRow() / rows;
    double c = per * s.deleteCell() / rows / s.valueColumns();
    double q = per * s.deletePartition(), g = per * s.deleteRange();
    double lambdaStored = (a - 1) + u * s.pi() + c + d;
    double lambda = lambdaStored + q + g * s.phi();
    double m = size.regularCells();
    double live = rows * m * (a + u * s.pi()) / (1 + lambda);
    double cellTomb = rows * m * c / (1 + lambda);
    double storedValues = rows * m * (a + u * s.pi()) / (1 + lambdaStored);
    double storedTombs = rows * m * c / (1 + lambdaStored);
    double rowTomb = rows * d / (1 + d);
    double partition = uniqueKey ? q / (1 + q) : -Math.expm1(-q);
    double gone = live * expiredShare(expired, lambda);
    return part(size, rows, live - gone, gone, cellTomb, rowTomb, g, partition, storedValues, storedTombs, rangeBytes);
  }

  /**
   * A partition whose operations draw their rows afresh: {@code ops} of its non-read operations, spread over the
   * clustering values {@code ck} (null: one row).
   */
  static Part fresh(Shares s, Predictor.SizeModel size, Dist.Key ck, double ops, double expired, double rangeBytes) {
    double per = ops / s.nonRead();
    double wN = per * s.write(), uN = per * s.update(), dN = per * s.deleteRow(), cN = per * s.deleteCell();
    double q = per * s.deletePartition(), g = per * s.deleteRange();
    double omega = wN + uN * s.pi(), c = cN / s.valueColumns();
    double lambdaStored = omega + c + dN;
    double m = size.regularCells();
    double rows = 0, live = 0, gone = 0, cellTomb = 0, rowTomb = 0, storedValues = 0, storedTombs = 0;
    Iterable<Group> groups = ck == null ? java.util.List.of(new Group(1, 1.0)) : ck.finite().groups();
    for (Group gr : groups) {
      double p = gr.p();
      double lambda = lambdaStored + (p >= 1 ? q + g * s.phi() : (q + g * s.phi()) / p);
      rows += gr.count() * any(wN + uN + dN + cN, p);
      if (lambda > 0) {
        double l = gr.count() * m * omega / lambda * any(lambda, p);
        double x = expiredShare(expired, lambda * Math.min(1, p));
        live += l * (1 - x);
        gone += l * x;
        cellTomb += gr.count() * m * c / lambda * any(lambda, p);
      }
      if (lambdaStored > 0) {
        storedValues += gr.count() * m * omega / lambdaStored * any(lambdaStored, p);
        storedTombs += gr.count() * m * c / lambdaStored * any(lambdaStored, p);
      }
      rowTomb += gr.count() * any(dN, p);
    }
    return part(size, rows, live, gone, cellTomb, rowTomb, g, -Math.expm1(-q), storedValues, storedTombs, rangeBytes);
  }

  /** The probability that n draws, each with probability p, take a value at least once: 1 - (1 - p)^n. */
  private static double any(double n, double p) {
    if (p >= 1) return n >= 1 ? 1 : n;
    return -Math.expm1(n * Math.log1p(-p));
  }

  /**
   * The share of the live cells whose last write is older than the TTL at the end, when {@code before} of the
   * partition's lifetime lies before that cutoff and each row sees {@code k} events over it (spread evenly): a cell
   * still live had no event after its last write, so its last write is late more often than not, with density
   * proportional to e^-k(1 - t): the share is (e^-k(1 - before) - e^-k) / (1 - e^-k); without events, {@code before}.
   */
  static double expiredShare(double before, double k) {
    if (before <= 0 || before >= 1 || k < 1e-6) return Math.max(0, Math.min(1, before));
    return (Math.exp(-k * (1 - before)) - Math.exp(-k)) / -Math.expm1(-k);
  }

  private static Part part(Predictor.SizeModel size, double rows, double live, double expired, double cellTomb,
      double rowTomb, double range, double partition, double storedValues, double storedTombs, double rangeBytes) {
    double m = Math.max(1, size.regularCells());
    double valueCell = size.cellMeta() + size.regularBytes() / m;
    double tombCell = size.cellMeta() + size.regularNames() / m;
    double bytes = Predictor.SizeModel.PARTITION_HEADER + size.keyBytes() + size.staticBytes()
        + rows * (Predictor.SizeModel.ROW_HEADER + size.clusteringBytes()) + storedValues * valueCell
        + storedTombs * tombCell + range * rangeBytes;
    return new Part(rows, live, cellTomb, expired, rowTomb, range, partition, bytes);
  }

  /**
   * The workloads of a table that draw their keys from the same bounded generators (no uuid, sequence or time in the
   * key, the same TTL) write the same partitions and rows: they are predicted as one workload with all their
   * operations (each kind's share of the sum) over the span of their windows, their order within it not modelled
   * (range-tombstones: inserts, then range deletes, then inserts). Other workloads are taken as writing partitions of
   * their own.
   */
  static java.util.List<Plan> sharedPartitions(java.util.List<Plan> plans, TableMetadata t) {
    java.util.List<java.util.List<Plan>> groups = new java.util.ArrayList<>();
    for (Plan p : plans) {
      java.util.List<Plan> into = null;
      if (bounded(p, t)) {
        for (java.util.List<Plan> g : groups) if (sameKeys(g.get(0), p, t)) into = g;
      }
      if (into == null) groups.add(into = new java.util.ArrayList<>());
      into.add(p);
    }
    java.util.List<Plan> out = new java.util.ArrayList<>();
    for (java.util.List<Plan> g : groups) out.add(g.size() == 1 ? g.get(0) : merged(g));
    return out;
  }

  private static java.util.List<ColumnDef> keyColumns(TableMetadata t) {
    java.util.List<ColumnDef> keys = new java.util.ArrayList<>(t.partitionKey());
    keys.addAll(t.clusteringColumns());
    return keys;
  }

  private static boolean bounded(Plan p, TableMetadata t) {
    if (OpStream.fromWritten(p.w(), t)) return false;
    for (ColumnDef c : keyColumns(t)) {
      Dist d = Dist.of(p.gens().get(c.name()), c);
      if (!(d instanceof Dist.Finite)) return false;
    }
    return true;
  }

  private static boolean sameKeys(Plan a, Plan b, TableMetadata t) {
    if (a.ttlSeconds() != b.ttlSeconds()) return false;
    for (ColumnDef c : keyColumns(t)) if (!a.gens().get(c.name()).equals(b.gens().get(c.name()))) return false;
    return true;
  }

  private static Plan merged(java.util.List<Plan> g) {
    double ops = 0, write = 0, read = 0, delete = 0, lwt = 0, update = 0, cell = 0, range = 0, partition = 0;
    long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
    java.util.List<String> names = new java.util.ArrayList<>();
    for (Plan p : g) {
      WorkloadSpec w = p.w();
      double n = p.ops();
      ops += n;
      write += n * w.writeFraction();
      // Reads of part of a partition (slice, IN, LIMIT, some columns) write nothing: to the model they are reads.
      WorkloadSpec.CellOps c = w.cellOps();
      read += n * (w.readFraction() + c.readSlice() + c.readIn() + c.readLimit() + c.readColumns());
      delete += n * w.deleteFraction();
      lwt += n * w.lwtFraction();
      update += n * w.cellOps().update();
      cell += n * w.cellOps().deleteCell();
      range += n * w.cellOps().deleteRange();
      partition += n * w.cellOps().deletePartition();
      start = Math.min(start, p.startMillis());
      end = Math.max(end, p.endMillis());
      names.add(w.name());
    }
    Plan first = g.get(0);
    WorkloadSpec f = first.w();
    double total = Math.max(1, ops);
    WorkloadSpec w = new WorkloadSpec(String.join("+", names), f.table(), f.generators(), write / total, read / total,
        delete / total, lwt / total, f.writeConsistency(), f.readConsistency(),
        Math.max(1e-9, ops * 1000.0 / Math.max(1, end - start)), f.concurrency(), start, end, first.ttlSeconds(),
        new WorkloadSpec.CellOps(update / total, cell / total, range / total, partition / total,
            f.cellOps().clientTimestamps()));
    return new Plan(w, first.index(), first.table(), first.gens(), start, end, Math.round(ops), first.ttlSeconds());
  }

  /**
   * The formulas for live cells and tombstones with each workload's figures, for the output; empty when no workload
   * of the table updates, deletes or sets a TTL (the cells are then Nv).
   */
  static String formula(TableMetadata t, java.util.List<Plan> plans) {
    StringBuilder sb = new StringBuilder();
    for (Plan p : plans) {
      Shares s = Shares.of(p, t);
      if (!s.any() && p.ttlSeconds() <= 0) continue;
      double per = s.write() > 0 ? s.write() : s.nonRead();
      // the words come from say.model.mix.* labels, so a reader of another language sees them in theirs
      String key = "say.model.mix.workload." + (s.write() > 0 ? "insert" : "operation") + (p.ttlSeconds() > 0 ? ".ttl" : "");
      java.util.List<Object> args = new java.util.ArrayList<>(java.util.List.of(p.w().name(),
          EN.get(s.fromWritten() ? "say.model.mix.picked" : "say.model.mix.afresh"), s.valueColumns(), f3(s.pi()),
          f3(s.phi())));
      if (p.ttlSeconds() > 0) args.add(p.ttlSeconds());
      args.addAll(java.util.List.of(f3(s.update() / per), f3(s.deleteRow() / per), f3(s.deleteCell() / per),
          f3(s.deleteRange() / per), f3(s.deletePartition() / per)));
      sb.append("; ").append(EN.f(key, args.toArray()));
    }
    if (sb.length() == 0) return "";
    return "; " + String.join("; ", EN.get("say.model.mix.head"), EN.get("say.model.mix.picked-rows"),
        EN.get("say.model.mix.fresh"), EN.get("say.model.mix.range"), EN.get("say.model.mix.partition"),
        EN.get("say.model.mix.expired")) + sb;
  }

  private static String f3(double d) {
    return String.format(java.util.Locale.ROOT, "%.3f", d);
  }

}
