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
}
