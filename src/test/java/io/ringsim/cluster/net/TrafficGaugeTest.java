package io.ringsim.cluster.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.HintsGauge;
import org.junit.jupiter.api.Test;

class TrafficGaugeTest {
  static final long S = 1_000_000_000L;

  @Test
  void countsEachSecondsMessagesAndSpreadsTheirTimeOnTheWire() {
    TrafficGauge g = new TrafficGauge();
    g.sent(0, S / 2);                 // half a second on the wire in second 0
    g.sent(S / 2, S / 2 + S);         // half in second 0, half in second 1
    g.sent(3 * S + 1, 3 * S + 1);     // delivered at once: counted, never in flight
    assertThat(g.sentPerSecond()).containsExactly(2, 0, 0, 1);
    assertThat(g.inFlightPerSecond()).containsExactly(1.0, 0.5, 0.0, 0.0);
    assertThat(g.droppedPerSecond()).containsExactly(0, 0, 0, 0);
  }

  @Test
  void aDropInALaterSecondThanAnySendIsCounted() {
    // the first version grew its arrays after indexing one of them and threw here, which restarted the network actor
    TrafficGauge g = new TrafficGauge();
    g.sent(0, 1);
    g.dropped(500 * S);
    g.dropped(500 * S + 7);
    assertThat(g.droppedPerSecond()).hasSize(501).endsWith(2);
    assertThat(g.sentPerSecond()).hasSize(501).startsWith(1);
  }

  @Test
  void aRealTimeClockIsNotCountedAsSimulatedSeconds() {
    // real-time mode's clock is nanoseconds since 1970: counting its "second" asked for 1.8 billion slots and ran a
    // verify's test JVM out of heap (RealClusterTest)
    TrafficGauge g = new TrafficGauge();
    long wall = 1_795_000_000L * S;
    g.sent(wall, wall + 1_000_000);
    g.dropped(wall);
    assertThat(g.sentPerSecond()).isEmpty();
    assertThat(g.droppedPerSecond()).isEmpty();
    HintsGauge h = new HintsGauge();
    h.change("n1", 1, wall);
    assertThat(h.perSecond(3)).isEmpty();
  }
}
