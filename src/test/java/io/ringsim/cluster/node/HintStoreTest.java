package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HintStoreTest {
  private static final long H = 3600L * 1_000_000_000L;
  private static final int TEN_DAYS = 864_000;

  @Test
  void hintsReplayInWriteOrderAndOnlyOnce() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    hs.store("n2", "w1", 10, 0, TEN_DAYS);
    hs.store("n3", "x", 11, 0, TEN_DAYS);
    hs.store("n2", "w2", 12, 0, TEN_DAYS);
    assertThat(hs.pending()).containsEntry("n2", 2).containsEntry("n3", 1);
    assertThat(hs.drain("n2", 0)).extracting(HintStore.Hint::mutation).containsExactly("w1", "w2");
    assertThat(hs.drain("n2", 0)).isEmpty();
    assertThat(hs.handedOff()).isEqualTo(2);
  }

  @Test
  void aNodeDownLongerThanTheHintWindowGetsNoNewHints() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    assertThat(hs.store("n2", "early", 2 * H, 0, TEN_DAYS)).isTrue();
    assertThat(hs.store("n2", "late", 3 * H + 1, 0, TEN_DAYS)).isFalse();
    assertThat(hs.refusedPastWindow()).isEqualTo(1);
    assertThat(hs.drain("n2", 0)).extracting(HintStore.Hint::mutation).containsExactly("early");
  }

  @Test
  void failedReplaysGoBackInFrontOfNewerHints() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    hs.store("n2", "a", 1, 0, TEN_DAYS);
    hs.store("n2", "b", 2, 0, TEN_DAYS);
    List<HintStore.Hint<String>> taken = hs.drain("n2", 0);
    hs.store("n2", "c", 3, 0, TEN_DAYS);
    hs.requeue(taken);
    assertThat(hs.drain("n2", 0)).extracting(HintStore.Hint::mutation).containsExactly("a", "b", "c");
  }

  @Test
  void aHintOlderThanGcGraceIsDroppedNotReplayed() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    long s = 1_000_000_000L;
    hs.store("n2", "old", 0, 0, 60);
    hs.store("n2", "young", 30 * s, 0, 60);
    assertThat(hs.drain("n2", 60 * s)).extracting(HintStore.Hint::mutation).containsExactly("young");
    assertThat(hs.expired()).isEqualTo(1);
    assertThat(hs.handedOff()).isEqualTo(1);
  }

  /** What the report's "hints pending" shows: a hint stays pending until its replay is acknowledged. */
  @Test
  void aHintBeingReplayedIsPendingUntilAcknowledged() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    java.util.Map<String, Integer> gauge = new java.util.TreeMap<>();
    hs.observe((target, delta) -> gauge.merge(target, delta, Integer::sum));
    hs.store("n2", "a", 1, 0, TEN_DAYS);
    hs.store("n2", "b", 2, 0, TEN_DAYS);
    hs.store("n2", "c", 3, 0, TEN_DAYS);
    List<HintStore.Hint<String>> taken = hs.drain("n2", 0);
    assertThat(hs.pending()).containsEntry("n2", 3);
    assertThat(gauge).containsEntry("n2", 3);
    hs.replayed("n2");
    assertThat(hs.pending()).containsEntry("n2", 2);
    assertThat(gauge).containsEntry("n2", 2);
    hs.requeue(taken.subList(1, 3)); // the replay timed out before b and c were acknowledged
    assertThat(hs.pending()).containsEntry("n2", 2);
    assertThat(gauge).containsEntry("n2", 2);
    assertThat(hs.waitingTargets()).containsExactly("n2");
    assertThat(hs.drain("n2", 0)).extracting(HintStore.Hint::mutation).containsExactly("b", "c");
    hs.replayed("n2");
    hs.replayed("n2");
    assertThat(hs.pending()).doesNotContainKey("n2");
    assertThat(gauge).containsEntry("n2", 0);
  }
}
