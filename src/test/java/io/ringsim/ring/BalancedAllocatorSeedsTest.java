package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Regression: with some seeds the third node's interleaved tokens landed on the first node's (seed 42). */
class BalancedAllocatorSeedsTest {
  @Test
  void everySeedGivesDistinctTokensAndEvenOwnership() {
    SimpleStrategy rf3 = new SimpleStrategy(3);
    for (long seed = 1; seed <= 60; seed++) {
      List<NodeSpec> specs = new ArrayList<>();
      for (int i = 1; i <= 6; i++) specs.add(new NodeSpec("n" + i, "dc1", "rack1", 16));
      List<Node> nodes = new BalancedAllocator(seed, rf3).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
      Set<Token> seen = new HashSet<>();
      for (Node n : nodes) for (Token t : n.tokens()) assertThat(seen.add(t)).as("seed %d token %s", seed, t).isTrue();
      double[] own = Ownership.effective(new Ring(Murmur3Partitioner.INSTANCE, nodes), rf3);
      assertThat(SkewStats.of(own).maxOverMean()).as("seed %d", seed).isLessThan(1.05);
    }
  }
}
