package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Random histories of writes, deletes of every kind, TTLs, time steps, flushes, compactions, crashes and replays,
 * applied both to a node's storage engine and to {@link ReferenceModel}; every kind of read must agree.
 */
class StorageModelProperties {
  static final int PKS = 3;
  static final int CKS = 6;

  sealed interface Op permits Insert, Update, DelCell, DelRow, DelRange, DelPartition, Static, Advance, Flush,
      Compact, CrashRestart, Read {}

  record Insert(int pk, int ck, int v, long ts, int ttl) implements Op {}

  record Update(int pk, int ck, boolean v2, int v, long ts, int ttl) implements Op {}

  record DelCell(int pk, int ck, boolean v2, long ts) implements Op {}

  record DelRow(int pk, int ck, long ts) implements Op {}

  record DelRange(int pk, int lo, int hi, long ts) implements Op {}

  record DelPartition(int pk, long ts) implements Op {}

  record Static(int pk, int v, long ts) implements Op {}

  record Advance(int seconds) implements Op {}

  record Flush() implements Op {}

  record Compact() implements Op {}

  record CrashRestart() implements Op {}

  record Read() implements Op {}

  /** Timestamps drawn from a small range, so ties and out-of-order writes are common; tombstones never purged. */
  @Property(tries = 1000)
  void anyTimestampsNoPurge(@ForAll("ops") @Size(max = 60) List<Op> ops, @ForAll boolean descending,
      @ForAll boolean leveled) {
    run(ops, descending, leveled, 864_000, false);
  }

  /**
   * Client timestamps that follow the clock (as drivers assign them), a short gc_grace_seconds and plenty of time
   * steps, so compaction really purges tombstones; reads must still agree (no data resurrected).
   */
  @Property(tries = 1000)
  void monotonicTimestampsWithPurge(@ForAll("ops") @Size(max = 60) List<Op> ops, @ForAll boolean descending,
      @ForAll boolean leveled) {
    run(ops, descending, leveled, 2, true);
  }

  private void run(List<Op> ops, boolean descending, boolean leveled, int gcGrace, boolean monotonic) {
    Map<String, String> compaction = leveled
        ? Map.of("class", "LeveledCompactionStrategy", "sstable_size_in_mb", "0.0005")
        : Map.of("class", "SizeTieredCompactionStrategy", "min_threshold", "2");
    TestTable tt = new TestTable(descending ? ClusteringOrder.DESC : ClusteringOrder.ASC, gcGrace, compaction);
    ManualClock clock = new ManualClock(1_000);
    NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS.withMemtableFlushBytes(400)
        .withCommitLog(CommitLogSync.BATCH, 0), clock);
    node.createTable(tt.schema);
    String table = tt.schema.name();
    ReferenceModel model = new ReferenceModel();
    long seq = 0;
    for (Op op : ops) {
      int now = clock.nowInSec();
      long ts = 0;
      if (monotonic) ts = clock.nowMicros() + (++seq);
      if (op instanceof Insert o) {
        long t = monotonic ? ts : o.ts();
        node.apply(table, tt.insert(o.pk(), o.ck(), o.v(), t, o.ttl(), now));
        model.insert(o.pk(), o.ck(), o.v(), t, o.ttl(), now);
      } else if (op instanceof Update o) {
        long t = monotonic ? ts : o.ts();
        byte[] value = o.v2() ? TestTable.t("s" + o.v()) : TestTable.i(o.v());
        String col = o.v2() ? "v2" : "v1";
        node.apply(table, tt.update(o.pk(), o.ck(), col, value, t, o.ttl(), now));
        model.update(o.pk(), o.ck(), col, value, t, o.ttl(), now);
      } else if (op instanceof DelCell o) {
        long t = monotonic ? ts : o.ts();
        String col = o.v2() ? "v2" : "v1";
        node.apply(table, tt.deleteCell(o.pk(), o.ck(), col, t, now));
        model.deleteCell(o.pk(), o.ck(), col, t);
      } else if (op instanceof DelRow o) {
        long t = monotonic ? ts : o.ts();
        node.apply(table, tt.deleteRow(o.pk(), o.ck(), t, now));
        model.deleteRow(o.pk(), o.ck(), t);
      } else if (op instanceof DelRange o) {
        long t = monotonic ? ts : o.ts();
        int lo = Math.min(o.lo(), o.hi()), hi = Math.max(o.lo(), o.hi());
        // Slices are in clustering order: for a DESC column the larger value comes first.
        node.apply(table, descending ? tt.deleteRange(o.pk(), hi, lo, t, now) : tt.deleteRange(o.pk(), lo, hi, t, now));
        model.deleteRange(o.pk(), lo, hi, t);
      } else if (op instanceof DelPartition o) {
        long t = monotonic ? ts : o.ts();
        node.apply(table, tt.deletePartition(o.pk(), t, now));
        model.deletePartition(o.pk(), t);
      } else if (op instanceof Static o) {
        long t = monotonic ? ts : o.ts();
        node.apply(table, tt.writeStatic(o.pk(), o.v(), t, now));
        model.writeStatic(o.pk(), o.v(), t);
      } else if (op instanceof Advance o) {
        clock.advanceSeconds(o.seconds());
      } else if (op instanceof Flush o) {
        node.flush(table);
      } else if (op instanceof Compact o) {
        node.compactAll();
      } else if (op instanceof CrashRestart o) {
        node.crash();
        ReplayReport r = node.restart();
        assertThat(r.corrupt()).isEmpty();
      } else if (op instanceof Read o) {
        checkReads(node.table(table).orElseThrow(), tt, model, clock.nowInSec(), descending);
      }
    }
    checkReads(node.table(table).orElseThrow(), tt, model, clock.nowInSec(), descending);
    node.flushAll();
    node.compactAll();
    checkReads(node.table(table).orElseThrow(), tt, model, clock.nowInSec(), descending);
  }

  private static void checkReads(TableStore store, TestTable tt, ReferenceModel model, int now, boolean desc) {
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < CKS; c++) order.add(c);
    if (desc) Collections.reverse(order);
    List<Integer> reversed = new ArrayList<>(order);
    Collections.reverse(reversed);
    List<ReferenceModel.ExpectedRow> scanned = new ArrayList<>();
    List<DecoratedKey> keys = new ArrayList<>();
    for (int pk = 0; pk < PKS; pk++) keys.add(tt.key(pk));
    keys.sort(null);
    for (int pk = 0; pk < PKS; pk++) {
      DecoratedKey key = tt.key(pk);
      List<ReferenceModel.ExpectedRow> expected = model.rows(pk, now, order);
      LivePartition all = store.read(key, ReadFilter.ALL).live();
      assertThat(actual(all, now)).as("partition %d, forward", pk).isEqualTo(expected);
      assertThat(all.staticRow() == null ? null : (Integer) CqlTypes.INT.deserialize(
          all.staticRow().cells().get("s").value())).as("static of %d", pk).isEqualTo(model.staticValue(pk, now));

      List<ReferenceModel.ExpectedRow> rev = model.rows(pk, now, reversed);
      LivePartition last2 = store.read(key, new ReadFilter(List.of(Slice.ALL), true, 2)).live();
      assertThat(actual(last2, now)).as("partition %d, reversed limit 2", pk)
          .isEqualTo(rev.subList(0, Math.min(2, rev.size())));

      // Rows named by their key (a workload's row read, c = ? or c IN (...)), which may stop before older SSTables
      // (NamedRowsRead): the same rows and static row as the whole partition's read gives.
      for (int[] cks : new int[][] {{0}, {1}, {2}, {3}, {4}, {5}, {1, 4}}) {
        List<Slice> named = new ArrayList<>();
        for (int ck : cks) {
          named.add(new Slice(ClusteringBound.inclusive(TestTable.i(ck)), ClusteringBound.inclusive(TestTable.i(ck))));
        }
        if (desc) Collections.reverse(named);
        LivePartition rows = store.read(key, ReadFilter.slices(named).named(true)).live();
        List<Integer> wanted = java.util.Arrays.stream(cks).boxed().toList();
        assertThat(actual(rows, now)).as("partition %d, rows %s named", pk, wanted)
            .isEqualTo(expected.stream().filter(r -> wanted.contains(r.ck())).toList());
        assertThat(rows.staticRow() == null ? null : rows.staticRow().cells().get("s").value())
            .as("static of %d, rows %s named", pk, wanted)
            .isEqualTo(all.staticRow() == null ? null : all.staticRow().cells().get("s").value());
      }

      // ck in [1, 3] (for DESC the slice runs from 3 down to 1)
      Slice s = desc ? new Slice(ClusteringBound.inclusive(TestTable.i(3)), ClusteringBound.inclusive(TestTable.i(1)))
          : new Slice(ClusteringBound.inclusive(TestTable.i(1)), ClusteringBound.inclusive(TestTable.i(3)));
      LivePartition slice = store.read(key, ReadFilter.slices(List.of(s))).live();
      assertThat(actual(slice, now)).as("partition %d, slice 1..3", pk)
          .isEqualTo(expected.stream().filter(r -> r.ck() >= 1 && r.ck() <= 3).toList());
    }
    // A full scan visits partitions in token order.
    for (DecoratedKey k : store.keysInRange(null, null, Integer.MAX_VALUE)) {
      scanned.addAll(actual(store.read(k, ReadFilter.ALL).live(), now));
    }
    List<ReferenceModel.ExpectedRow> expectedScan = new ArrayList<>();
    for (DecoratedKey k : keys) {
      int pk = (Integer) CqlTypes.INT.deserialize(k.key());
      expectedScan.addAll(model.rows(pk, now, order));
    }
    assertThat(scanned).as("full scan in token order").isEqualTo(expectedScan);
  }

  private static List<ReferenceModel.ExpectedRow> actual(LivePartition p, int now) {
    List<ReferenceModel.ExpectedRow> out = new ArrayList<>();
    for (LiveRow r : p.rows()) {
      Cell v1 = r.cells().get("v1");
      Cell v2 = r.cells().get("v2");
      out.add(new ReferenceModel.ExpectedRow((Integer) CqlTypes.INT.deserialize(r.clustering().get(0)),
          v1 == null ? null : (Integer) CqlTypes.INT.deserialize(v1.value()),
          v2 == null ? null : (String) CqlTypes.TEXT.deserialize(v2.value()),
          v1 == null ? null : v1.timestamp(),
          v1 == null ? null : v1.remainingTtl(now)));
    }
    return out;
  }

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<Integer> pk = Arbitraries.integers().between(0, PKS - 1);
    Arbitrary<Integer> ck = Arbitraries.integers().between(0, CKS - 1);
    Arbitrary<Integer> v = Arbitraries.integers().between(-3, 3);
    Arbitrary<Long> ts = Arbitraries.longs().between(1, 12);
    Arbitrary<Integer> ttl = Arbitraries.of(0, 0, 0, 3, 8);
    Arbitrary<Op> op = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(8, Combinators.combine(pk, ck, v, ts, ttl).as(Insert::new)),
        net.jqwik.api.Tuple.of(6, Combinators.combine(pk, ck, Arbitraries.of(true, false), v, ts, ttl)
            .as(Update::new)),
        net.jqwik.api.Tuple.of(2, Combinators.combine(pk, ck, Arbitraries.of(true, false), ts).as(DelCell::new)),
        net.jqwik.api.Tuple.of(2, Combinators.combine(pk, ck, ts).as(DelRow::new)),
        net.jqwik.api.Tuple.of(2, Combinators.combine(pk, ck, ck, ts).as(DelRange::new)),
        net.jqwik.api.Tuple.of(1, Combinators.combine(pk, ts).as(DelPartition::new)),
        net.jqwik.api.Tuple.of(2, Combinators.combine(pk, v, ts).as(Static::new)),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, 6).map(Advance::new)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(new Flush())),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(new Compact())),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(new CrashRestart())),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(new Read())));
    return op.list().ofMaxSize(60);
  }
}
