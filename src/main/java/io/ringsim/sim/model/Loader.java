package io.ringsim.sim.model;

import io.ringsim.cql.exec.Values;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.model.ModelContext.Plan;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Measures a table by generating its workloads' writes, updates and deletes of every kind ({@link OpStream}),
 * operation by operation with the workloads' generators at their rates (each operation at its 10 ms tick of simulated
 * time), and applying them to ringsim's storage engine as one node holds the table (a {@link TableStore}: the memtable
 * merges a partition's updates, and flushes into SSTables at the scenario's memtable size; nothing is compacted, so
 * every tombstone and every shadowed cell is still held, as before a compaction past gc_grace_seconds). Each
 * partition, merged from the memtable and the SSTables, is then measured: its serialized form (PartitionCodec), its
 * live cells and tombstones by kind at the end of the scenario ({@link Tombstones}); its bytes are added to the nodes
 * the ring makes its replicas.
 *
 * <p>When the table's writes exceed the budget, a sample is loaded. Whole partitions when it can: each write of a
 * unique key with probability f (the others skipped without drawing), whole time buckets of a bucketed key, or the
 * partitions whose key hashes below f (every operation's key drawn; up to 20 million operations): each loaded
 * partition is complete, so the per-partition figures are unbiased, and totals and node loads are divided by f.
 * Otherwise (few partitions, or too many operations to draw) the writes of a fraction f of the workload's 10 ms
 * ticks, each partition's figures divided by f: a row written again in another tick then counts twice.
 */
final class Loader {
  private Loader() {}

  enum Sampling { NONE, PARTITIONS, WRITES }

  /** Above this many operations a sample is not found by drawing every operation's key, but by skipping. */
  static final long DRAW_ALL_LIMIT = 20_000_000L;

  /** One partition measured; {@code cells} are its live cells, {@code tombstones} what a read of it crosses. */
  record PartitionFigures(String key, long rows, long cells, long bytes, Tombstones.Counts kinds, long writes,
      int[] replicas) {
    long tombstones() {
      return kinds.total();
    }
  }

  /** What a sample was drawn by: partition key hashes, single-write partitions, whole time buckets, whole ticks. */
  enum SampledBy { KEYS, WRITES_OF_UNIQUE_KEYS, TIME_BUCKETS, TICKS }

  record Measurement(Sampling sampling, SampledBy by, double fraction, long loadedPartitions, long loadedRows,
      long writesGenerated,
      List<PartitionFigures> partitions, double[] nodeBytes, double[] ownership, Partition worst, int nowSec) {}

  static Measurement measure(ModelContext ctx, TableMetadata t, double predictedPartitions, double predictedWrites,
      long budget) {
    List<Plan> plans = ctx.plansByTable.get(t.qualifiedName());
    TableSchema schema = TableSchema.of(t, ctx.partitioner);
    Sampling mode = predictedWrites <= budget ? Sampling.NONE : Sampling.PARTITIONS;
    boolean partial = false; // some workload's writes were sampled by tick: partitions are not whole
    double f = mode == Sampling.NONE ? 1.0 : Math.max(1e-9, budget / predictedWrites);
    long writers = plans.stream().filter(x -> x.writes() > 0).count();
    long threshold = f >= 1 ? Long.MAX_VALUE : (long) (f * Long.MAX_VALUE);
    long totalOps = plans.stream().mapToLong(Plan::ops).sum();
    long endMillis = plans.stream().mapToLong(Plan::endMillis).max().orElse(0);
    // A node's storage: the memtable flushed into SSTables at the scenario's memtable size; nothing compacted.
    TableStore store = new TableStore(schema, ctx.spec.storage(), () -> endMillis * 1000);
    Map<DecoratedKey, long[]> writesByKey = new HashMap<>();
    Map<DecoratedKey, String> display = new HashMap<>();
    Values values = new Values(0, ctx.spec.seed());
    Draws draws = new Draws();
    double generated = 0;
    SampledBy by = SampledBy.KEYS;
    long loadedRows = 0;
    long end = 0;
    for (Plan p : plans) {
      end = Math.max(end, p.endMillis());
      double perTick = p.w().rate() * Dist.TICK_MILLIS / 1000.0;
      Dist.Key key = Dist.combine(Predictor.dists(p, t.partitionKey()));
      // How the sample is found. Whole partitions when it can: each write of a unique key (skipping the others),
      // whole time buckets of a bucketed key (when enough buckets are kept to measure), or every operation's key
      // drawn and hashed (when that is not too many draws). Otherwise whole 10 ms ticks, the writes of one tick
      // (which share a timestamp and may overwrite each other) together, each partition's figures then scaled up.
      OpWalk walk;
      Sampling how = Sampling.NONE;
      long buckets = key.bucketMillis() > 0 ? (p.windowMillis() + key.bucketMillis() - 1) / key.bucketMillis() : 0;
      if (mode == Sampling.NONE) {
        walk = OpWalk.all(p.ops());
      } else if (key.unique()) {
        walk = OpWalk.skipping(p.ops(), f, ctx.spec.seed() ^ p.index());
        by = SampledBy.WRITES_OF_UNIQUE_KEYS;
      } else if (key.bucketMillis() > 0 && writers == 1 && fullBuckets(p, key.bucketMillis()) > 0
          && Math.max(1, Math.round(fullBuckets(p, key.bucketMillis()) * f)) * p.writes() / buckets <= 4.0 * budget) {
        // K whole buckets, evenly spaced over the window (at least one): f becomes K / buckets.
        long k = Math.max(1, Math.round(fullBuckets(p, key.bucketMillis()) * f));
        walk = OpWalk.spacedBuckets(p, key.bucketMillis(), k, perTick);
        f = (double) k / buckets;
        by = SampledBy.TIME_BUCKETS;
      } else if (predictedPartitions >= 1000 && totalOps <= DRAW_ALL_LIMIT) {
        walk = OpWalk.all(p.ops());
        how = Sampling.PARTITIONS;
        by = SampledBy.KEYS;
      } else {
        walk = OpWalk.buckets(p, Dist.TICK_MILLIS, f, perTick);
        by = SampledBy.TICKS;
        partial = true;
      }
      // A write visited stands for 1/f writes when the walk skips operations.
      double visitWeight = walk instanceof OpWalk.All ? 1 : 1 / f;
      OpStream ops = new OpStream(p, t, schema, ctx.spec.seed(), draws, values);
      for (long n = walk.next(); n >= 0; n = walk.next()) {
        OpStream.Op op = ops.op(n);
        if (op == null) continue;
        boolean write = op.kind() == OpStream.Kind.WRITE;
        if (write) generated += visitWeight;
        if (how == Sampling.PARTITIONS) {
          int identity = 1;
          for (ColumnDef c : t.partitionKey()) identity = 31 * identity + op.row().get(c.name()).hashCode();
          if (mix(identity) >= threshold) continue;
        }
        long now = ops.now(n);
        Partition update = op.update().build(now * 1000 + (n % 1000), (int) (now / 1000));
        if (store.apply(update)) store.flush();
        if (write) {
          loadedRows++;
          writesByKey.computeIfAbsent(update.key(), k -> new long[1])[0]++;
          display.computeIfAbsent(update.key(), k -> keyText(t, op.row()));
        }
      }
    }
    if (partial) mode = Sampling.WRITES;
    ReplicaMap replicas = ctx.replicas(t);
    double[] nodeBytes = new double[ctx.ring.nodes().size()];
    int nowSec = (int) (end / 1000);
    List<PartitionFigures> figures = new ArrayList<>();
    double scaleUp = mode == Sampling.WRITES ? 1 / f : 1;
    double weight = mode == Sampling.PARTITIONS ? 1 / f : 1;
    Partition[] worst = {null};
    long[] worstTotal = {-1};
    store.forEachPartition(part -> {
      long bytes = PartitionCodec.encode(part).length;
      long rows = part.rowCount();
      Tombstones.Counts counts = Tombstones.of(part, nowSec, t);
      if (counts.total() > worstTotal[0]) {
        worstTotal[0] = counts.total();
        worst[0] = part;
      }
      long header = Predictor.SizeModel.PARTITION_HEADER + part.key().key().length;
      if (scaleUp != 1) {
        rows = Math.round(rows * scaleUp);
        counts = counts.scaled(scaleUp);
        bytes = header + Math.round((bytes - header) * scaleUp);
      }
      int[] reps = replicas.replicaIndices(part.key().token());
      for (int r : reps) nodeBytes[r] += bytes * weight;
      long[] wr = writesByKey.get(part.key());
      figures.add(new PartitionFigures(display.getOrDefault(part.key(), "?"), rows, counts.liveCells(), bytes,
          counts, wr == null ? 0 : Math.round(wr[0] * scaleUp), reps));
    });
    double[] own = io.ringsim.ring.Ownership.effective(replicas);
    return new Measurement(mode, by, f, figures.size(), loadedRows, Math.round(generated), figures, nodeBytes, own,
        worst[0], nowSec);
  }

  /** The operations a sample visits, in order; -1 at the end. */
  interface OpWalk {
    long next();

    static OpWalk all(long ops) {
      return new All(ops);
    }

    final class All implements OpWalk {
      private final long ops;
      private long n;

      All(long ops) {
        this.ops = ops;
      }

      public long next() {
        return n < ops ? n++ : -1;
      }
    }

    /** Each operation with probability f, by geometric jumps (nothing is drawn for the skipped ones). */
    static OpWalk skipping(long ops, double f, long seed) {
      SplittableRandom r = new SplittableRandom(seed);
      long[] n = {-1};
      return () -> {
        double u = 1 - r.nextDouble();
        long jump = f >= 1 ? 1 : 1 + (long) Math.floor(Math.log(u) / Math.log1p(-f));
        n[0] = n[0] + Math.max(1, jump);
        return n[0] < ops ? n[0] : -1;
      };
    }

    /** Every operation of {@code k} whole buckets evenly spaced over the window: their partitions are whole. */
    static OpWalk spacedBuckets(Plan p, long bucket, long k, double perTick) {
      long first = Math.floorDiv(p.startMillis() + bucket - 1, bucket);
      double stride = (double) fullBuckets(p, bucket) / k;
      long[] i = {-1}, n = {0}, end = {0};
      return () -> {
        while (n[0] >= end[0]) {
          i[0]++;
          if (i[0] >= k) return -1;
          long b = first + (long) Math.floor((i[0] + 0.5) * stride);
          n[0] = opsBefore(p, b * bucket, perTick);
          end[0] = Math.min(p.ops(), opsBefore(p, (b + 1) * bucket, perTick));
        }
        return n[0]++;
      };
    }

    /** Every operation of the time buckets whose index hashes below f: those buckets' partitions are whole. */
    static OpWalk buckets(Plan p, long bucket, double f, double perTick) {
      long first = Math.floorDiv(p.startMillis(), bucket), last = Math.floorDiv(p.endMillis() - 1, bucket);
      long threshold = (long) (f * Long.MAX_VALUE);
      long[] b = {first - 1}, n = {0}, end = {0};
      return () -> {
        while (n[0] >= end[0]) {
          do {
            b[0]++;
            if (b[0] > last) return -1;
          } while (mix(b[0] * 0x9E3779B97F4A7C15L + 17) >= threshold);
          n[0] = opsBefore(p, b[0] * bucket, perTick);
          end[0] = Math.min(p.ops(), opsBefore(p, (b[0] + 1) * bucket, perTick));
        }
        return n[0]++;
      };
    }
  }

  /** The buckets wholly inside the workload's window. */
  static long fullBuckets(Plan p, long bucket) {
    long first = Math.floorDiv(p.startMillis() + bucket - 1, bucket), last = Math.floorDiv(p.endMillis(), bucket);
    return Math.max(0, last - first);
  }

  /** How many of the workload's operations are issued before simulated time {@code t}. */
  static long opsBefore(Plan p, long t, double perTick) {
    if (t <= p.startMillis()) return 0;
    long ticks = (t - p.startMillis() + Dist.TICK_MILLIS - 1) / Dist.TICK_MILLIS;
    return Math.min(p.ops(), (long) Math.floor(ticks * perTick + 1e-9));
  }

  private static String keyText(TableMetadata t, Map<String, Object> row) {
    List<String> parts = new ArrayList<>();
    for (ColumnDef c : t.partitionKey()) parts.add(c.type().format(row.get(c.name())));
    return String.join(", ", parts);
  }

  /** Each operation's own random source: any operation can be drawn again (a delete finds the row it deletes). */
  static SplittableRandom rng(long seed, int workload, long op) {
    return new SplittableRandom(mix(seed * 0x9E3779B97F4A7C15L + workload * 0xC2B2AE3D27D4EB4FL + op));
  }

  /** A non-negative 63-bit mix (SplitMix64's finaliser). */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (z ^ (z >>> 31)) >>> 1;
  }

  /** Generator draws, with values(...) parsed once per value rather than once per draw. */
  static final class Draws {
    private final Map<ValueGen, Map<String, Object[]>> choices = new IdentityHashMap<>();

    Object next(ValueGen g, SplittableRandom rng, long n, long now, CqlType type) {
      if (g instanceof ValueGen.Choice ch) {
        Object[] vs = choices.computeIfAbsent(g, k -> new HashMap<>()).computeIfAbsent(type.name(), k -> {
          Object[] out = new Object[ch.values().size()];
          for (int i = 0; i < out.length; i++) out[i] = type.parseLiteral(ch.values().get(i));
          return out;
        });
        return vs[rng.nextInt(vs.length)];
      }
      return g.next(rng, n, now, type);
    }
  }
}
