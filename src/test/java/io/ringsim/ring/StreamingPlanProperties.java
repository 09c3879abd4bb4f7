package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The streaming plan (one merge of both rings' tokens) against the first, quadratic version kept here as the
 * reference: for every range of the ring with more tokens, cut it at every token of the other ring that falls inside,
 * and compare the replicas of each piece.
 */
class StreamingPlanProperties {

  @Property(tries = 300)
  void sameTransfersAsTheQuadraticReference(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 2, max = 12) int nodes,
      @ForAll @IntRange(min = 1, max = 8) int vnodes,
      @ForAll @IntRange(min = 1, max = 3) int racks,
      @ForAll @IntRange(min = 1, max = 3) int rf,
      @ForAll boolean nts,
      @ForAll boolean murmur3,
      @ForAll @IntRange(min = -2, max = 2) int change) {
    Partitioner p = murmur3 ? Murmur3Partitioner.INSTANCE : RandomPartitioner.INSTANCE;
    ReplicationStrategy strategy = nts ? new NetworkTopologyStrategy(Map.of("dc1", rf)) : new SimpleStrategy(rf);
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 0; i < nodes; i++) specs.add(new NodeSpec("n" + i, "dc1", "r" + (i % racks), vnodes));
    Ring before = new Ring(p, new RandomAllocator(seed).allocate(p, List.of(), specs));
    Ring after;
    if (change > 0) {
      List<NodeSpec> more = new ArrayList<>();
      for (int i = 0; i < change; i++) more.add(new NodeSpec("x" + i, "dc1", "r" + (i % racks), vnodes));
      List<Node> all = new ArrayList<>(before.nodes());
      all.addAll(new RandomAllocator(seed + 1).allocate(p, before.nodes(), more));
      after = new Ring(p, all);
    } else if (change < 0) {
      after = before.without("n" + (int) (seed % nodes));
    } else {
      after = before;
    }

    StreamingPlan plan = StreamingPlan.between(before, after, strategy);
    StreamingPlan reference = quadratic(before, after, strategy);

    assertThat(plan.transfers()).isEqualTo(reference.transfers());
    assertThat(plan.fractionMoved()).isCloseTo(reference.fractionMoved(), org.assertj.core.data.Offset.offset(1e-12));
    if (change == 0) assertThat(plan.transfers()).isEmpty();
  }

  /** The first implementation, O(T^2): kept only as the reference. */
  static StreamingPlan quadratic(Ring before, Ring after, ReplicationStrategy strategy) {
    ReplicaMap b = new ReplicaMap(before, strategy);
    ReplicaMap a = new ReplicaMap(after, strategy);
    List<StreamingPlan.Transfer> out = new ArrayList<>();
    double moved = 0;
    double total = 0;
    Ring finer = after.size() >= before.size() ? after : before;
    Ring other = finer == after ? before : after;
    Partitioner p = finer.partitioner();
    for (int i = 0; i < finer.size(); i++) {
      Token right = finer.token(i);
      Token left = finer.token((i - 1 + finer.size()) % finer.size());
      List<Token> cuts = new ArrayList<>();
      cuts.add(left);
      for (int k = 0; k < other.size(); k++) {
        Token t = other.token(k);
        if (!t.equals(left) && !t.equals(right) && p.size(left, t) < p.size(left, right)) cuts.add(t);
      }
      cuts.sort((x, y) -> Double.compare(p.size(left, x), p.size(left, y)));
      cuts.add(right);
      for (int c = 1; c < cuts.size(); c++) {
        Token l = cuts.get(c - 1);
        Token r = cuts.get(c);
        if (l.equals(r)) continue;
        double size = p.size(l, r);
        List<String> oldSet = names(before, b.replicaIndices(r));
        List<String> newSet = names(after, a.replicaIndices(r));
        total += size * newSet.size();
        for (String n : newSet) {
          if (oldSet.contains(n)) continue;
          String from = oldSet.stream().filter(o -> !newSet.contains(o)).findFirst().orElse(oldSet.get(0));
          out.add(new StreamingPlan.Transfer(l, r, from, n, size));
          moved += size;
        }
      }
    }
    return new StreamingPlan(out, total == 0 ? 0 : moved / total);
  }

  private static List<String> names(Ring ring, int[] idx) {
    List<String> out = new ArrayList<>();
    for (int i : idx) out.add(ring.node(i).name());
    return out;
  }
}
