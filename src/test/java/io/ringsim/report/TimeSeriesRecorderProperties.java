package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The recorder against a reference model: plain counting of the same operations. */
class TimeSeriesRecorderProperties {
  record Op(long at, String node, String cl, String error, long latencyMicros) {}

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<Op> op = Combinators.combine(
            Arbitraries.longs().between(0, 20_000),
            Arbitraries.of("n1", "n2", "n3"),
            Arbitraries.of("ONE", "QUORUM", "ALL"),
            Arbitraries.of("Unavailable", "WriteTimeout").injectNull(0.7),
            Arbitraries.longs().between(0, 5_000_000))
        .as(Op::new);
    return op.list().ofMinSize(1).ofMaxSize(200);
  }

  @Property(tries = 100)
  void countsPerBucketMatchTheReference(@ForAll("ops") List<Op> ops, @ForAll @IntRange(min = 1, max = 5000) int bucket) {
    TimeSeriesRecorder rec = new TimeSeriesRecorder(bucket);
    Map<String, long[]> ref = new HashMap<>(); // "bucket cl" -> ops, ok, failed
    Map<String, Long> refNode = new HashMap<>();
    Map<String, Long> maxLatency = new HashMap<>();
    for (Op o : ops) {
      rec.record(o.at(), o.node(), o.cl(), o.error(), o.latencyMicros());
      long b = o.at() / bucket * bucket;
      long[] c = ref.computeIfAbsent(b + " " + o.cl(), k -> new long[3]);
      c[0]++;
      c[o.error() == null ? 1 : 2]++;
      refNode.merge(b + " " + o.node(), 1L, Long::sum);
      maxLatency.merge(b + " " + o.cl(), o.latencyMicros(), Math::max);
    }
    TimeSeries ts = rec.toTimeSeries();
    long total = 0;
    for (TimeSeries.LevelPoint p : ts.levels()) {
      assertThat(p.atMillis() % bucket).isZero();
      long[] c = ref.getOrDefault(p.atMillis() + " " + p.consistency(), new long[3]);
      assertThat(new long[] {p.ops(), p.ok(), p.failed()}).isEqualTo(c);
      assertThat(p.latency().count()).isEqualTo(c[0]);
      if (c[0] > 0) {
        double max = maxLatency.get(p.atMillis() + " " + p.consistency()) / 1000.0;
        assertThat(p.latency().maxMs()).isCloseTo(max, org.assertj.core.api.Assertions.within(max * 0.01 + 0.001));
        assertThat(p.latency().p50Ms()).isLessThanOrEqualTo(p.latency().p99Ms());
      }
      total += p.ops();
    }
    assertThat(total).isEqualTo(ops.size());
    long nodeTotal = 0;
    for (TimeSeries.NodeOps n : ts.nodeOps()) {
      assertThat(n.ops()).isEqualTo(refNode.getOrDefault(n.atMillis() + " " + n.node(), 0L));
      nodeTotal += n.ops();
    }
    assertThat(nodeTotal).isEqualTo(ops.size());
    // buckets are contiguous: a quiet second shows as zero, not as a gap the chart would draw a line across
    List<Long> times = new ArrayList<>(ts.levels().stream().map(TimeSeries.LevelPoint::atMillis).distinct().toList());
    for (int i = 1; i < times.size(); i++) assertThat(times.get(i) - times.get(i - 1)).isEqualTo(bucket);
  }

  @Property(tries = 100)
  void wholeRunLatencyIsExactWithinHdrPrecision(@ForAll("ops") List<Op> ops) {
    TimeSeriesRecorder rec = new TimeSeriesRecorder(1000);
    Map<String, List<Long>> byCl = new HashMap<>();
    for (Op o : ops) {
      rec.record(o.at(), o.node(), o.cl(), o.error(), o.latencyMicros());
      byCl.computeIfAbsent(o.cl(), k -> new ArrayList<>()).add(o.latencyMicros());
    }
    rec.wholeRunLatency().forEach((cl, l) -> {
      List<Long> v = new ArrayList<>(byCl.get(cl));
      v.sort(null);
      long p99 = v.get((int) Math.ceil(0.99 * v.size()) - 1); // nearest-rank, as HdrHistogram does
      assertThat(l.count()).isEqualTo(v.size());
      assertThat(l.p99Ms()).isCloseTo(p99 / 1000.0, org.assertj.core.api.Assertions.within(p99 / 1000.0 * 0.001 + 0.001));
    });
  }

  @Test
  void rejectsANonPositiveBucket() {
    assertThatThrownBy(() -> new TimeSeriesRecorder(0)).hasMessageContaining("bucket width must be positive, got 0");
  }
}
