package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HintStoreTest {
  private static final long H = 3600L * 1_000_000_000L;

  @Test
  void hintsReplayInWriteOrderAndOnlyOnce() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    hs.store("n2", "w1", 10, 0);
    hs.store("n3", "x", 11, 0);
    hs.store("n2", "w2", 12, 0);
    assertThat(hs.pending()).containsEntry("n2", 2).containsEntry("n3", 1);
    assertThat(hs.drain("n2")).extracting(HintStore.Hint::mutation).containsExactly("w1", "w2");
    assertThat(hs.drain("n2")).isEmpty();
    assertThat(hs.handedOff()).isEqualTo(2);
  }

  @Test
  void aNodeDownLongerThanTheHintWindowGetsNoNewHints() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    assertThat(hs.store("n2", "early", 2 * H, 0)).isTrue();
    assertThat(hs.store("n2", "late", 3 * H + 1, 0)).isFalse();
    assertThat(hs.refusedPastWindow()).isEqualTo(1);
    assertThat(hs.drain("n2")).extracting(HintStore.Hint::mutation).containsExactly("early");
  }

  @Test
  void failedReplaysGoBackInFrontOfNewerHints() {
    HintStore<String> hs = HintStore.withDefaultWindow();
    hs.store("n2", "a", 1, 0);
    hs.store("n2", "b", 2, 0);
    List<HintStore.Hint<String>> taken = hs.drain("n2");
    hs.store("n2", "c", 3, 0);
    hs.requeue(taken);
    assertThat(hs.drain("n2")).extracting(HintStore.Hint::mutation).containsExactly("a", "b", "c");
  }
}
