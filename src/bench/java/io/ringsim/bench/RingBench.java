package io.ringsim.bench;

import io.ringsim.ring.BalancedAllocator;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.Ownership;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The ring's targets: replica lookup on 1000 nodes x 256 vnodes at RF 3 (under 200 ns), effective ownership of that
 * ring (under 1 s), balanced allocation of N nodes x 16 vnodes (1000 nodes: under 10 s).
 */
public class RingBench {

  static List<NodeSpec> specs(int nodes, int vnodes) {
    List<NodeSpec> out = new ArrayList<>();
    for (int i = 1; i <= nodes; i++) out.add(new NodeSpec("n" + i, "dc1", "rack" + (i % 3), vnodes));
    return out;
  }

  @State(Scope.Benchmark)
  public static class BigRing {
    Ring ring;
    ReplicaMap map;
    long[] tokens = new long[1 << 16];
    int i;

    @Setup(Level.Trial)
    public void setup() {
      List<Node> nodes = new RandomAllocator(1).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs(1000, 256));
      ring = new Ring(Murmur3Partitioner.INSTANCE, nodes);
      map = new ReplicaMap(ring, new SimpleStrategy(3));
      SplittableRandom r = new SplittableRandom(2);
      for (int k = 0; k < tokens.length; k++) tokens[k] = r.nextLong();
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public int[] replicaLookup1000x256(BigRing s) {
    return s.map.replicaIndices(s.tokens[(s.i++) & (s.tokens.length - 1)]);
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public double[] effectiveOwnership1000x256(BigRing s) {
    return Ownership.effective(s.ring, new SimpleStrategy(3));
  }

  @State(Scope.Benchmark)
  public static class Alloc {
    @Param({"250", "1000"})
    int nodes;
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public List<Node> balancedAllocation16(Alloc a) {
    return new BalancedAllocator(1, new SimpleStrategy(3)).allocate(Murmur3Partitioner.INSTANCE, List.of(),
        specs(a.nodes, 16));
  }
}
