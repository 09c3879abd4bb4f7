package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LimitsTest {
  @Test
  void eachSizeHasAnUpperAndALowerBound() {
    assertThatThrownBy(() -> Limits.nodes(0)).hasMessage("nodes must be between 1 and 1000, got 0");
    assertThatThrownBy(() -> Limits.nodes(1001)).hasMessage("nodes must be between 1 and 1000, got 1001");
    assertThatThrownBy(() -> Limits.vnodes(1024)).hasMessage("vnodes must be between 1 and 256, got 1024");
    assertThatThrownBy(() -> Limits.rate(Double.NaN)).hasMessageContaining("got NaN");
    assertThatThrownBy(() -> Limits.duration(Limits.MAX_DURATION_MILLIS + 1)).hasMessageContaining("24h");
    assertThatCode(() -> Limits.ring(1000, 16)).doesNotThrowAnyException();
    assertThatThrownBy(() -> Limits.ring(1000, 32)).hasMessageContaining("1000 nodes x 32 vnodes = 32000 tokens");
  }

  @Test
  void plannedWorkThatWouldNotFitTheHeapIsRefusedWithTheEstimate() {
    long oneGiB = 1L << 30;
    // 4 million operations with the history: about 2.2 GiB, over three quarters of a 1 GiB heap.
    assertThatThrownBy(() -> Limits.plannedWork(6, 16, List.of(4_000_000L), true, oneGiB))
        .hasMessageContaining("needs about 2289 MiB of heap (4000000 operations x 600 B with the history")
        .hasMessageContaining("this JVM has 1024 MiB").hasMessageContaining("history off");
    assertThatCode(() -> Limits.plannedWork(6, 16, List.of(4_000_000L), false, oneGiB)).doesNotThrowAnyException();
    assertThatThrownBy(() -> Limits.plannedWork(6, 16, List.of(15_000_000L, 15_000_000L), false, 64 * oneGiB))
        .hasMessageContaining("plan 30000000 operations");
    // The bench's ten million rows: refused with the history, planned without it (the heap estimate then decides).
    assertThatThrownBy(() -> Limits.plannedWork(12, 16, List.of(10_000_000L), true, 64 * oneGiB))
        .hasMessageContaining("more than the 5000000 a run may have with its history (20000000 with 'history off')");
    assertThatCode(() -> Limits.plannedWork(12, 16, List.of(10_000_000L), false, 4 * oneGiB))
        .doesNotThrowAnyException();
  }
}
