package io.ringsim.sim.model;

import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WorkloadWrites;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.sim.model.ModelContext.Plan;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One workload's operations as the statements its run sends, operation by operation: the kind drawn from the mix in
 * the order the workload draws it, and the row each kind names, as the workload picks it. An operation on an existing
 * row (a read, an update, a delete of any kind) takes one of the rows the workload wrote when a key column comes from
 * the written rows (a column without a generator, or uuid, sequential, now, timebucket: the workload keeps up to
 * 10,000 of them, a new one replacing a random one once full), otherwise a fresh draw; with no row written yet it
 * writes instead. Each operation has its own random source, so any one can be drawn again.
 */
final class OpStream {
  enum Kind { WRITE, READ, DELETE_ROW, UPDATE, DELETE_CELL, DELETE_RANGE, DELETE_PARTITION }

  /** An operation drawn: its kind, the row it names (key columns at least), and the update it applies (null: a read). */
  record Op(Kind kind, Map<String, Object> row, WritePlanner.UpdateFactory update) {}

  static final int RECENT = 10_000;

  private final Plan p;
  private final TableMetadata t;
  private final TableSchema schema;
  private final long seed;
  private final Loader.Draws draws;
  private final Values values;
  private final boolean fromWritten;
  private final List<ColumnDef> valueColumns;
  private final List<Long> recent = new ArrayList<>();
  private final double perTick;

  OpStream(Plan p, TableMetadata t, TableSchema schema, long seed, Loader.Draws draws, Values values) {
    this.p = p;
    this.t = t;
    this.schema = schema;
    this.seed = seed;
    this.draws = draws;
    this.values = values;
    this.fromWritten = fromWritten(p.w(), t);
    this.valueColumns = WorkloadWrites.valueColumns(t);
    this.perTick = p.w().rate() * Dist.TICK_MILLIS / 1000.0;
  }

  /** As the workload decides it: a key column whose values only the written rows know. */
  static boolean fromWritten(WorkloadSpec w, TableMetadata t) {
    List<ColumnDef> keys = new ArrayList<>(t.partitionKey());
    keys.addAll(t.clusteringColumns());
    for (ColumnDef c : keys) {
      ValueGen g = w.generators().get(c.name());
      if (g == null || g instanceof ValueGen.RandomUuid || g instanceof ValueGen.Sequential
          || g instanceof ValueGen.Now || g instanceof ValueGen.TimeBucket) return true;
    }
    return false;
  }

  /** The kind of an operation whose draw is {@code x}, in the order the workload's mix is drawn. */
  static Kind kind(WorkloadSpec w, double x) {
    double c = w.writeFraction();
    if (x < c) return Kind.WRITE;
    if (x < (c += w.readFraction())) return Kind.READ;
    if (x < (c += w.deleteFraction())) return Kind.DELETE_ROW;
    WorkloadSpec.CellOps o = w.cellOps();
    // WorkloadActor's order; the reads of part of a partition come last and write nothing.
    double[] shares = {w.lwtFraction(), o.update(), o.deleteCell(), o.deleteRange(), o.deletePartition(),
        o.readSlice(), o.readIn(), o.readLimit(), o.readColumns(), o.increment()};
    Kind[] kinds = {Kind.WRITE, Kind.UPDATE, Kind.DELETE_CELL, Kind.DELETE_RANGE, Kind.DELETE_PARTITION, Kind.READ,
        Kind.READ, Kind.READ, Kind.READ, Kind.UPDATE};
    Kind last = Kind.WRITE;
    for (int i = 0; i < shares.length; i++) {
      if (shares[i] <= 0) continue;
      last = kinds[i];
      if (x < (c += shares[i])) return last;
    }
    return last;
  }

  long now(long n) {
    return p.startMillis() + ((long) Math.ceil((n + 1) / perTick) - 1) * Dist.TICK_MILLIS;
  }

  /** Operation {@code n}; null for a read (nothing to apply) or an operation whose row cannot be found. */
  Op op(long n) {
    SplittableRandom rng = Loader.rng(seed, p.index(), n);
    Kind kind = kind(p.w(), rng.nextDouble());
    if (kind == Kind.READ) return null;
    long now = now(n);
    Map<String, Object> row;
    if (kind == Kind.WRITE) {
      row = draw(rng, n, now);
      remember(n, rng);
    } else if (fromWritten) {
      if (recent.isEmpty()) {
        kind = Kind.WRITE;
        row = draw(rng, n, now);
        remember(n, rng);
      } else {
        long m = recent.get(rng.nextInt(recent.size()));
        SplittableRandom r = Loader.rng(seed, p.index(), m);
        r.nextDouble();
        row = draw(r, m, now(m));
      }
    } else {
      row = draw(rng, n, now);
    }
    int ttl = p.ttlSeconds();
    WritePlanner.RowWrite w = WritePlanner.rowInsert(t, schema, row, ttl, values);
    byte[] key = w.key();
    Clustering clustering = w.clustering();
    WritePlanner.UpdateFactory update = switch (kind) {
      case WRITE -> w.update();
      case DELETE_ROW -> WritePlanner.rowDelete(schema, key, clustering);
      case UPDATE -> WorkloadWrites.update(t, schema, key, clustering, someColumns(rng, n, now), ttl, values);
      case DELETE_CELL -> WorkloadWrites.deleteColumn(t, schema, key, clustering,
          valueColumns.get(rng.nextInt(valueColumns.size())).name());
      case DELETE_RANGE -> {
        ColumnDef first = t.clusteringColumns().get(0);
        ClusteringComparator cmp = schema.clustering();
        byte[] a = first.type().serialize(row.get(first.name()));
        byte[] b = first.type().serialize(draw(rng, n, now).get(first.name()));
        boolean ordered = cmp.type(0).compare(a, b) <= 0;
        yield WorkloadWrites.deleteRange(schema, key, ordered ? a : b, ordered ? b : a);
      }
      case DELETE_PARTITION -> WorkloadWrites.deletePartition(schema, key);
      case READ -> throw new IllegalStateException("a read applies nothing");
    };
    return new Op(kind, row, update);
  }

  private void remember(long n, SplittableRandom rng) {
    if (!fromWritten) return;
    if (recent.size() < RECENT) recent.add(n);
    else recent.set(rng.nextInt(recent.size()), n);
  }

  /** A row's columns as the workload draws them at operation {@code n}. */
  private Map<String, Object> draw(SplittableRandom rng, long n, long now) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (ColumnDef c : t.partitionKey()) row.put(c.name(), draws.next(p.gens().get(c.name()), rng, n, now, c.type()));
    for (ColumnDef c : t.columns()) {
      if (c.kind() == ColumnKind.PARTITION_KEY) continue;
      row.put(c.name(), draws.next(p.gens().get(c.name()), rng, n, now, c.type()));
    }
    return row;
  }

  /** As the workload's UPDATE: each value column with probability 1/2 (at least one), fresh values. */
  private Map<String, Object> someColumns(SplittableRandom rng, long n, long now) {
    Map<String, Object> fresh = draw(rng, n, now);
    return WorkloadSpec.CellOps.updatedColumns(rng, valueColumns, fresh);
  }
}
