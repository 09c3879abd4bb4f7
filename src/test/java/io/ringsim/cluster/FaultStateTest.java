package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The faults in force as the wire reads them and the live view shows them: partitions accumulate until healed. */
class FaultStateTest {
  @Test
  void partitionsAccumulateAndHealClearsThem() {
    FaultState f = new FaultState();
    f.partition(Set.of("n1"), Set.of("n2", "n3"), false);
    f.partition(Set.of("n4"), Set.of("n3"), true);
    assertThat(f.isCut("n1", "n3")).isTrue();
    assertThat(f.isCut("n3", "n4")).as("one way: only from n4 to n3").isFalse();
    assertThat(f.isCut("n4", "n3")).isTrue();
    FaultState.Snapshot s = f.snapshot();
    assertThat(s.cutFrom("n1")).containsExactly("n2", "n3");
    assertThat(s.cutFrom("n3")).containsExactly("n1", "n4");
    assertThat(s.cutFrom("n5")).isEmpty();
    assertThat(s.cuts().get(1).oneWay()).isTrue();
    f.heal();
    assertThat(f.isCut("n1", "n3")).isFalse();
    assertThat(f.snapshot().cutFrom("n1")).isEmpty();
    assertThat(s.cutFrom("n1")).as("an earlier snapshot is a copy").containsExactly("n2", "n3");
  }

  @Test
  void zeroClearsASlowNodeOrASkewedClock() {
    FaultState f = new FaultState();
    f.slow("n2", 50_000_000);
    f.skew("n3", -2_000_000);
    f.setLoss(0.05);
    assertThat(f.node("n2").slowNanos()).as("what the wire adds to n2's messages").isEqualTo(50_000_000);
    assertThat(f.node("n3").skewMicros()).as("what n3's clock adds").isEqualTo(-2_000_000);
    assertThat(f.snapshot().slowMillis()).containsEntry("n2", 50L);
    assertThat(f.snapshot().skewMillis()).containsEntry("n3", -2000L);
    assertThat(f.snapshot().loss()).isEqualTo(0.05);
    f.slow("n2", 0);
    f.skew("n3", 0);
    assertThat(f.snapshot().slowMillis()).isEmpty();
    assertThat(f.snapshot().skewMillis()).isEmpty();
  }

  @Test
  void lossOutsideZeroToOneIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new FaultState().setLoss(1.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1]");
  }
}
