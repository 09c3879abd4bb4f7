package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Three racks at RF 3 with more than one token per node: {@link RackStaircase} and its {@link ReliefPlan}. */
class RackStaircaseTest {

  private static final ReplicationStrategy NTS = new NetworkTopologyStrategy(Map.of("dc1", 3));

  @ParameterizedTest
  @ValueSource(ints = {2, 4, 8, 16, 32, 64})
  void everySizeStaysUnderTheLongRunLevel(int vnodes) {
    List<Node> all = allocate(96, vnodes);
    assertThat(all).allSatisfy(n -> assertThat(n.tokens()).hasSize(vnodes));
    // Where max/mean of the relief plan tends as racks grow (1.233, 1.120, 1.061, 1.031, 1.016, 1.008); it is
    // reached from below.
    double level = 1 / (vnodes * Math.log(1 + 1.0 / vnodes));
    // Sizes with racks of equal size: otherwise the smaller rack's nodes own more than the mean by construction.
    for (int n = 6; n <= 96; n += 3) {
      double skew = skew(all, n);
      // Before the staircase the worst sizes were 1.356 (2 tokens, 39 nodes), 1.195 (4, 18) and 1.103 (8, 30); with
      // an even spread of the loads 1.243, 1.121 and 1.061.
      assertThat(skew).as("%d nodes x %d vnodes", n, vnodes).isLessThanOrEqualTo(level);
    }
  }

  @Test
  void racksOfHalfToAllOfTheTokenCountStayUnderTheLongRunLevelToo() {
    // Between v/2 and v nodes per rack a donor must give from two of its ranges and a node has too few tokens for
    // every donation: leaving a donor out kept it at 1.027 (64 tokens, 105 nodes) before donations were capped.
    List<Node> all = allocate(192, 64);
    double level = 1 / (64 * Math.log(1 + 1.0 / 64));
    for (int n = 99; n <= 192; n += 3) assertThat(skew(all, n)).as("%d nodes x 64 vnodes", n).isLessThanOrEqualTo(level);
  }

  @Test
  void sixteenTokensStayWithinOnePointSixPercentAtEverySize() {
    List<Node> all = allocate(96, 16);
    for (int n = 6; n <= 96; n += 3) {
      double skew = skew(all, n);
      // Before the relief plan: 1.0508 at 54 nodes (general placement), 1.0337 at 96 (even spread of the loads);
      // Cassandra's allocator reaches 1.0303-1.0309.
      assertThat(skew).as("%d nodes x 16 vnodes", n).isLessThanOrEqualTo(1.016);
      // Up to 16 nodes per rack every node gives at every join: the rack stays even but for what a donor's ranges
      // cannot give (39 nodes: 1.0021).
      if (n <= 48) assertThat(skew).as("%d nodes x 16 vnodes", n).isLessThanOrEqualTo(1.005);
    }
  }

  @Test
  void aSmallRackIsSplitEvenly() {
    double[] target = ReliefPlan.targets(new double[0], new double[3], 4, 8);
    assertThat(target).containsOnly(0.25);
  }

  @Test
  void everyPlannedLoadCanWaitForItsRelief() {
    // 20 nodes after the join, 8 tokens: the 11 most loaded give, 8 keep their loads.
    double[] kept = {0.0525, 0.052, 0.051, 0.05, 0.05, 0.049, 0.048, 0.047};
    double left = 1 - sum(kept);
    double[] floor = new double[8];
    java.util.Arrays.fill(floor, 0.03);
    double[] target = ReliefPlan.targets(kept, floor, 20, 8);
    assertThat(sum(target)).isCloseTo(left, within(1e-9));
    double[] loads = new double[20];
    System.arraycopy(kept, 0, loads, 0, 8);
    System.arraycopy(target, 0, loads, 8, 9);
    java.util.Arrays.sort(loads);
    double bound = 20 * loads[19];
    for (int r = 0; r < 20; r++) {
      // Rank r from the top is relieved only after r / 8 more joins: by then it must still be within the bound.
      double later = loads[19 - r] * (20 + r / 8);
      assertThat(later).as("rank %d", r).isLessThanOrEqualTo(bound * (1 + 1e-9));
    }
    for (int i = 0; i < 8; i++) assertThat(target[i]).isGreaterThanOrEqualTo(floor[i] * (1 - 1e-9));
  }

  @Test
  void aJoiningNodeTakesOnlyFromItsOwnRack() {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 0; i < 30; i++) specs.add(new NodeSpec("n" + i, "dc1", "rack" + (i % 3), 4));
    List<Node> all = new BalancedAllocator(7, NTS).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
    double[] before = Ownership.effective(new Ring(Murmur3Partitioner.INSTANCE, all.subList(0, 29)), NTS);
    double[] after = Ownership.effective(new Ring(Murmur3Partitioner.INSTANCE, all), NTS);
    // n29 joins rack2: nodes of rack0 and rack1 keep exactly what they had; at most 4 of rack2 give.
    int donors = 0;
    for (int i = 0; i < 29; i++) {
      if (!all.get(i).rack().equals("rack2")) assertThat(after[i]).as(all.get(i).name()).isCloseTo(before[i], within(1e-12));
      else if (after[i] < before[i] - 1e-12) donors++;
    }
    assertThat(donors).isBetween(1, 4);
  }

  private static List<Node> allocate(int nodes, int vnodes) {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 0; i < nodes; i++) specs.add(new NodeSpec("n" + i, "dc1", "rack" + (i % 3), vnodes));
    return new BalancedAllocator(7, NTS).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
  }

  private static double skew(List<Node> all, int n) {
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, all.subList(0, n));
    return SkewStats.of(Ownership.effective(ring, NTS)).maxOverMean();
  }

  private static double sum(double[] a) {
    double s = 0;
    for (double x : a) s += x;
    return s;
  }
}
