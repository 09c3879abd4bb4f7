package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class PartitionSizeReportProperties {
  @Provide
  Arbitrary<List<PartitionSizeReport.PartitionStat>> partitions() {
    return Combinators.combine(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6),
            Arbitraries.longs().between(0, 50_000_000), Arbitraries.longs().between(0, 1000))
        .as(PartitionSizeReport.PartitionStat::new).list().ofMaxSize(300);
  }

  @Property(tries = 200)
  void figuresMatchASortedReference(@ForAll("partitions") List<PartitionSizeReport.PartitionStat> all) {
    PartitionSizeReport p = PartitionSizeReport.from("ks", "t", all, 5, 1_000_000, "");
    List<Long> sizes = new ArrayList<>(all.stream().map(PartitionSizeReport.PartitionStat::bytes).toList());
    Collections.sort(sizes);
    assertThat(p.partitions()).isEqualTo(all.size());
    if (all.isEmpty()) {
      assertThat(p.histogram()).isEmpty();
      return;
    }
    assertThat(p.maxBytes()).isEqualTo(sizes.get(sizes.size() - 1));
    assertThat(p.p50Bytes()).isEqualTo(sizes.get((int) Math.ceil(0.5 * sizes.size()) - 1));
    assertThat(p.p99Bytes()).isEqualTo(sizes.get((int) Math.ceil(0.99 * sizes.size()) - 1));
    // every partition falls in exactly one contiguous bucket
    long counted = 0;
    for (int i = 0; i < p.histogram().size(); i++) {
      PartitionSizeReport.SizeBucket b = p.histogram().get(i);
      long inside = sizes.stream().filter(s -> s >= b.fromBytes() && s < b.toBytes()).count();
      assertThat(b.partitions()).isEqualTo(inside);
      if (i > 0) assertThat(b.fromBytes()).isEqualTo(p.histogram().get(i - 1).toBytes());
      counted += b.partitions();
    }
    assertThat(counted).isEqualTo(all.size());
    // the largest, largest first, and none left out bigger than the smallest listed
    assertThat(p.largest()).hasSize(Math.min(5, all.size()));
    assertThat(p.largest().get(0).bytes()).isEqualTo(p.maxBytes());
    long smallestListed = p.largest().get(p.largest().size() - 1).bytes();
    assertThat(sizes.stream().filter(s -> s > smallestListed).count()).isLessThan(5);
    // the input order does not matter
    List<PartitionSizeReport.PartitionStat> shuffled = new ArrayList<>(all);
    Collections.reverse(shuffled);
    assertThat(PartitionSizeReport.from("ks", "t", shuffled, 5, 1_000_000, "")).isEqualTo(p);
  }

  @Property(tries = 200)
  void sizesAndEachNodesLargestGiveTheSameFiguresAsEveryPartition(
      @ForAll("partitions") List<PartitionSizeReport.PartitionStat> all, @ForAll @net.jqwik.api.constraints.IntRange(
          min = 1, max = 7) int nodes) {
    // As a run of millions of partitions measures them: each node keeps every size but only its own 5 largest.
    java.util.Comparator<PartitionSizeReport.PartitionStat> larger = java.util.Comparator
        .comparingLong(PartitionSizeReport.PartitionStat::bytes).thenComparing(PartitionSizeReport.PartitionStat::key)
        .thenComparingLong(PartitionSizeReport.PartitionStat::rows);
    long[] bytes = new long[all.size()];
    List<PartitionSizeReport.PartitionStat> candidates = new ArrayList<>();
    for (int node = 0; node < nodes; node++) {
      List<PartitionSizeReport.PartitionStat> own = new ArrayList<>();
      for (int i = node; i < all.size(); i += nodes) {
        own.add(all.get(i));
        bytes[i] = all.get(i).bytes();
      }
      own.sort(larger.reversed());
      candidates.addAll(own.subList(0, Math.min(5, own.size())));
    }
    assertThat(PartitionSizeReport.from("ks", "t", new PartitionSizeReport.Measured(bytes, candidates), 5, 1_000_000, ""))
        .isEqualTo(PartitionSizeReport.from("ks", "t", all, 5, 1_000_000, ""));
  }

  @Test
  void guidelineScalesCassandras100MB() {
    assertThat(PartitionSizeReport.scaledGuideline(1)).isEqualTo(100L * 1024 * 1024);
    assertThat(PartitionSizeReport.scaledGuideline(0.01)).isEqualTo(1_048_576);
    assertThatThrownBy(() -> PartitionSizeReport.scaledGuideline(0)).hasMessageContaining("positive, got 0.0");
  }
}
