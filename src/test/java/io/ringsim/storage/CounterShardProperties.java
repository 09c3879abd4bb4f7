package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
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
 * Random histories of counter shards as a replica receives them: new shards from three leaders, late or repeated
 * copies of older shards (hints, read repair, streaming), deletes of the counter, flushes, compactions, crashes and
 * commit-log replays. The stored counter must always read as the reference model's: per leader the shard with the
 * highest clock that was delivered, unless a delete at or above its clock shadows it; summed.
 */
class CounterShardProperties {
  static final String[] LEADERS = {"n1", "n2", "n3"};

  sealed interface Op permits NewShard, Redeliver, Delete, Flush, Compact, CrashRestart {}

  record NewShard(int leader, int clockStep, int delta) implements Op {}

  record Redeliver(int leader, int back) implements Op {}

  record Delete(int aboveMaxClockBy) implements Op {}

  record Flush() implements Op {}

  record Compact() implements Op {}

  record CrashRestart() implements Op {}

  @Property(tries = 500)
  void storedCounterAlwaysReadsAsTheModel(@ForAll("ops") @Size(max = 50) List<Op> ops) {
    ManualClock clock = new ManualClock(1_000);
    NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS.withMemtableFlushBytes(200)
        .withCommitLog(CommitLogSync.BATCH, 0), clock);
    node.createTable(CounterShardsTest.SCHEMA);
    String t = CounterShardsTest.SCHEMA.name();
    Map<Integer, List<long[]>> versions = new HashMap<>(); // per leader: {clock, count} in the order it made them
    Map<Integer, long[]> delivered = new HashMap<>(); // per leader: the highest-clock version delivered
    long maxClock = 0;
    long deletedAt = Long.MIN_VALUE;
    for (Op op : ops) {
      if (op instanceof NewShard s) {
        List<long[]> vs = versions.computeIfAbsent(s.leader(), k -> new ArrayList<>());
        long[] last = vs.isEmpty() ? new long[] {0, 0} : vs.get(vs.size() - 1);
        long[] next = {last[0] + s.clockStep(), last[1] + s.delta()};
        vs.add(next);
        maxClock = Math.max(maxClock, next[0]);
        deliver(node, t, s.leader(), next, delivered);
      } else if (op instanceof Redeliver r) {
        List<long[]> vs = versions.get(r.leader());
        if (vs == null) continue;
        deliver(node, t, r.leader(), vs.get(Math.max(0, vs.size() - 1 - r.back())), delivered);
      } else if (op instanceof Delete d) {
        long at = maxClock - d.aboveMaxClockBy();
        node.apply(t, CounterShardsTest.deleteCounter(at, 1_000));
        deletedAt = Math.max(deletedAt, at);
      } else if (op instanceof Flush) {
        node.flush(t);
      } else if (op instanceof Compact) {
        node.compactAll();
      } else {
        node.crash();
        node.restart();
      }
      Long expected = null;
      for (long[] v : delivered.values()) {
        if (v[0] <= deletedAt) continue;
        expected = (expected == null ? 0 : expected) + v[1];
      }
      TableStore ts = node.table(t).orElseThrow();
      Long actual = CounterShardsTest.value(ts.read(CounterShardsTest.SCHEMA.decorate(CounterShardsTest.KEY),
          ReadFilter.ALL).live());
      assertThat(actual).as("after %s", op).isEqualTo(expected);
    }
  }

  private static void deliver(NodeStorage node, String t, int leader, long[] v, Map<Integer, long[]> delivered) {
    node.apply(t, CounterShardsTest.shard(LEADERS[leader], v[0], v[1]));
    delivered.merge(leader, v, (a, b) -> a[0] >= b[0] ? a : b);
  }

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<Integer> leader = Arbitraries.integers().between(0, LEADERS.length - 1);
    Arbitrary<Op> newShard = Combinators.combine(leader, Arbitraries.integers().between(1, 3),
        Arbitraries.integers().between(-5, 5)).as(NewShard::new);
    Arbitrary<Op> redeliver = Combinators.combine(leader, Arbitraries.integers().between(0, 4)).as(Redeliver::new);
    Arbitrary<Op> delete = Arbitraries.integers().between(-2, 4).map(Delete::new);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(8, newShard),
        net.jqwik.api.Tuple.of(4, redeliver),
        net.jqwik.api.Tuple.of(1, delete),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(new Flush())),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(new Compact())),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(new CrashRestart()))).list();
  }
}
