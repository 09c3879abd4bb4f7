package io.ringsim.cluster.gossip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PhiAccrualDetectorTest {
  private static final long S = 1_000_000_000L;

  @Test
  void regularOneSecondHeartbeatsConvictAfterAboutEighteenSecondsOfSilence() {
    PhiAccrualDetector fd = PhiAccrualDetector.cassandraDefaults();
    long t = 0;
    for (int i = 0; i < 100; i++) {
      fd.heartbeat("n2", t);
      t += S;
    }
    long last = t - S;
    // Mean interval is ~1 s (99 one-second intervals plus the 2 s initial one).
    double mean = (99.0 * S + 2.0 * S) / 100;
    long convictAfter = (long) Math.ceil(8.0 * Math.log(10) * mean);
    assertThat(fd.isAvailable("n2", last + convictAfter - S / 10)).isTrue();
    assertThat(fd.isAvailable("n2", last + convictAfter + S / 10)).isFalse();
    assertThat(convictAfter).isBetween(18 * S, 19 * S);
  }

  @Test
  void phiFollowsCassandrasExponentialFormula() {
    PhiAccrualDetector fd = PhiAccrualDetector.cassandraDefaults();
    fd.heartbeat("n", 0);
    fd.heartbeat("n", S);
    // intervals: 2 s (initial), 1 s -> mean 1.5 s
    assertThat(fd.phi("n", S + 3 * S)).isCloseTo(3.0 / 1.5 / Math.log(10), within(1e-12));
  }

  @Test
  void anOutageIsNotLearntAsANormalInterval() {
    PhiAccrualDetector fd = PhiAccrualDetector.cassandraDefaults();
    long t = 0;
    for (int i = 0; i < 10; i++, t += S) fd.heartbeat("n", t);
    long lastBeat = t - S;
    double before = fd.phi("n", lastBeat + 5 * S);
    long back = lastBeat + 60 * S; // back after a minute: that 60 s gap must not enter the mean
    fd.heartbeat("n", back);
    assertThat(fd.phi("n", back + 5 * S)).isCloseTo(before, within(1e-9));
  }

  @Test
  void unknownNodesAreNotAvailableAndHaveZeroPhi() {
    PhiAccrualDetector fd = PhiAccrualDetector.cassandraDefaults();
    assertThat(fd.isAvailable("ghost", 10 * S)).isFalse();
    assertThat(fd.phi("ghost", 10 * S)).isZero();
  }

  @Test
  void theMeanIsOverTheLastWindowOfIntervalsOnly() {
    PhiAccrualDetector fd = new PhiAccrualDetector(8.0, 2 * S, 4 * S, 10);
    long t = 0;
    for (int i = 0; i < 30; i++, t += 3 * S) fd.heartbeat("n", t); // 3 s apart
    for (int i = 0; i < 11; i++, t += S) fd.heartbeat("n", t); // then the last 10 intervals are 1 s
    long last = t - S;
    assertThat(fd.phi("n", last + 2 * S)).isCloseTo(2.0 / 1.0 / Math.log(10), within(1e-12));
  }

  @Test
  void bigSimulatedClustersAverageOverFewerIntervalsSoTheirDetectorsFitInMemory() {
    assertThat(GossipSettings.windowFor(2)).isEqualTo(1000);
    assertThat(GossipSettings.windowFor(299)).isEqualTo(1000);
    assertThat(GossipSettings.windowFor(499)).isEqualTo(400);
    assertThat(GossipSettings.windowFor(999)).isEqualTo(100);
    assertThat(GossipSettings.windowFor(4999)).isEqualTo(100);
    for (int nodes : new int[] {2, 100, 316, 317, 500, 999, 1000}) {
      long longs = (long) nodes * (nodes - 1) * GossipSettings.windowFor(nodes - 1);
      assertThat(longs).as("%d nodes", nodes).isLessThanOrEqualTo(GossipSettings.CLUSTER_INTERVAL_BUDGET);
    }
  }

  @Test
  void theMeanAgreesWithAPlainListOfTheLatestIntervalsWhileTheWindowGrowsAndSlides() {
    for (int window : new int[] {1, 7, 8, 10, 100, 1000}) {
      PhiAccrualDetector fd = new PhiAccrualDetector(8.0, 2 * S, 2 * S, window);
      java.util.ArrayDeque<Long> reference = new java.util.ArrayDeque<>();
      java.util.SplittableRandom rng = new java.util.SplittableRandom(window);
      long t = 0;
      for (int beat = 0; beat < 2500; beat++) {
        long interval = beat == 0 ? 2 * S : S / 2 + rng.nextLong(S * 3 / 2);
        t += beat == 0 ? 0 : interval;
        fd.heartbeat("n", t);
        reference.addLast(interval);
        if (reference.size() > window) reference.removeFirst();
        double mean = reference.stream().mapToLong(Long::longValue).sum() / (double) reference.size();
        assertThat(fd.phi("n", t + S)).as("window %d, beat %d", window, beat)
            .isCloseTo(1.0 * S / mean / Math.log(10), within(1e-9));
      }
    }
  }
}
