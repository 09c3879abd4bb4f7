package io.ringsim.cluster.gossip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ArrivalWindowsTest {
  private static final long S = 1_000_000_000L;

  /** The intervals a window should hold, kept the plain way. */
  static final class Reference {
    final ArrayDeque<Long> intervals = new ArrayDeque<>();
    long last = -1;

    void add(long now, int window) {
      long interval = last < 0 ? 2 * S : now - last;
      if (last < 0 || interval <= 2 * S) intervals.addLast(interval);
      if (intervals.size() > window) intervals.removeFirst();
      last = now;
    }

    double phi(long now) {
      double mean = intervals.stream().mapToLong(Long::longValue).sum() / (double) intervals.size();
      return (now - last) / mean / Math.log(10);
    }
  }

  @Test
  void slotsFilledInAnyOrderKeepTheirOwnMeanWhileTheTableGrowsAndIsRearranged() {
    for (int window : new int[] {1, 5, 8, 9, 100}) {
      SplittableRandom rng = new SplittableRandom(window);
      int slots = 5;
      ArrivalWindows w = new ArrivalWindows(slots, 2 * S, 2 * S, window);
      List<Reference> refs = new ArrayList<>();
      for (int i = 0; i < slots; i++) refs.add(new Reference());
      long t = 0;
      for (int beat = 0; beat < 3000; beat++) {
        t += rng.nextLong(S);
        int slot = rng.nextInt(slots - 1); // the last slot is never heard of
        w.add(slot, t);
        refs.get(slot).add(t, window);
        if (beat == 1500) {
          // Slots 0 and 1 swap, 2 is dropped, and a new empty one comes in its place.
          w = w.rearranged(new int[] {1, 0, -1, 3, 4});
          refs = new ArrayList<>(List.of(refs.get(1), refs.get(0), new Reference(), refs.get(3), refs.get(4)));
        }
        for (int s = 0; s < slots; s++) {
          Reference r = refs.get(s);
          assertThat(w.heard(s)).isEqualTo(r.last >= 0);
          if (r.last >= 0) {
            assertThat(w.phi(s, t + S)).as("window %d, beat %d, slot %d", window, beat, s)
                .isCloseTo(r.phi(t + S), within(1e-9));
          } else {
            assertThat(w.phi(s, t + S)).isZero();
            assertThat(w.isAvailable(s, t, 8)).as("never heard of: not available").isFalse();
          }
        }
      }
    }
  }
}
