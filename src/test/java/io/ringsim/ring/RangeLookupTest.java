package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The range holding a token, on rings big enough for the bucketed lookup, agrees with a plain binary search over all
 * tokens: for random tokens, every token of the ring, its neighbours, and the ends of the token space.
 */
class RangeLookupTest {

  static int reference(long[] sorted, long token) {
    int i = Arrays.binarySearch(sorted, token);
    if (i < 0) i = -i - 1;
    return i == sorted.length ? 0 : i;
  }

  @Test
  void bucketedLookupAgreesWithBinarySearch() {
    for (int[] shape : new int[][] {{8, 128}, {64, 16}, {1000, 256}, {3, 400}}) {
      List<NodeSpec> specs = new ArrayList<>();
      for (int i = 1; i <= shape[0]; i++) specs.add(new NodeSpec("n" + i, "dc1", "rack1", shape[1]));
      Ring ring = new Ring(Murmur3Partitioner.INSTANCE,
          new RandomAllocator(shape[0]).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs));
      long[] sorted = new long[ring.size()];
      for (int i = 0; i < ring.size(); i++) sorted[i] = ((LongToken) ring.token(i)).value();
      List<Long> probes = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L,
          Long.MAX_VALUE - 1, Long.MAX_VALUE));
      for (long t : sorted) {
        probes.add(t);
        probes.add(t - 1);
        probes.add(t + 1);
      }
      SplittableRandom rng = new SplittableRandom(shape[0]);
      for (int i = 0; i < 100_000; i++) probes.add(rng.nextLong());
      for (long t : probes) {
        assertThat(ring.rangeIndexOf(t)).as("token %d on %d x %d", t, shape[0], shape[1])
            .isEqualTo(reference(sorted, t));
      }
    }
  }
}
