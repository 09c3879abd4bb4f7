package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The faults in force as the live view shows them next to each node: partitions accumulate until healed. */
class FaultStateTest {
  @Test
  void partitionsAccumulateAndHealClearsThem() {
    FaultState f = new FaultState();
    f.partition(Set.of("n1"), Set.of("n2", "n3"), false);
    f.partition(Set.of("n4"), Set.of("n3"), true);
    FaultState.Snapshot s = f.snapshot();
    assertThat(s.cutFrom("n1")).containsExactly("n2", "n3");
    assertThat(s.cutFrom("n3")).containsExactly("n1", "n4");
    assertThat(s.cutFrom("n5")).isEmpty();
    assertThat(s.cuts().get(1).oneWay()).isTrue();
    f.heal();
    assertThat(f.snapshot().cutFrom("n1")).isEmpty();
    assertThat(s.cutFrom("n1")).as("an earlier snapshot is a copy").containsExactly("n2", "n3");
  }

  @Test
  void zeroClearsASlowNodeOrASkewedClock() {
    FaultState f = new FaultState();
    f.slow("n2", 50);
    f.skew("n3", -2000);
    f.loss(0.05);
    assertThat(f.snapshot().slowMillis()).containsEntry("n2", 50L);
    assertThat(f.snapshot().skewMillis()).containsEntry("n3", -2000L);
    assertThat(f.snapshot().loss()).isEqualTo(0.05);
    f.slow("n2", 0);
    f.skew("n3", 0);
    assertThat(f.snapshot().slowMillis()).isEmpty();
    assertThat(f.snapshot().skewMillis()).isEmpty();
  }
}
