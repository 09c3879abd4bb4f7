package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void readsEveryUnitAndTheirSums() {
    assertThat(Durations.parse("500ms")).isEqualTo(500);
    assertThat(Durations.parse("2m30s")).isEqualTo(150_000);
    assertThat(Durations.parse("1h")).isEqualTo(3_600_000);
    assertThat(Durations.parseSigned("-2s")).isEqualTo(-2000);
  }

  @Test
  void theMaximumIsAcceptedAndOneMillisecondMoreIsNot() {
    assertThat(Durations.parse("8760h")).isEqualTo(Durations.MAX_MILLIS);
    assertThatThrownBy(() -> Durations.parse("8760h1ms")).isInstanceOf(Durations.BadDuration.class)
        .hasMessageContaining("'8760h1ms' is longer than the longest duration allowed, 8760h");
  }

  @Test
  void numbersThatWouldOverflowALongAreRefusedNotWrapped() {
    // 2562047788016h is Long.MAX_VALUE ms / 3,600,000 + 1: it used to wrap to a negative duration.
    for (String huge : new String[] {"2562047788016h", "99999999999999999999h", "9223372036854775807ms",
        "9223372036854775807h9223372036854775807h", "-99999999999999999999s"}) {
      assertThatThrownBy(() -> Durations.parseSigned(huge)).as(huge).isInstanceOf(Durations.BadDuration.class)
          .hasMessageContaining("longer than the longest duration allowed");
    }
  }

  @Test
  void malformedTextIsNamedInTheMessage() {
    for (String bad : new String[] {"", "10", "10x", "1h-2m", "ten seconds", "١٠s"}) {
      assertThatThrownBy(() -> Durations.parseSigned(bad)).as(bad).isInstanceOf(Durations.BadDuration.class)
          .hasMessageContaining("'" + bad + "' is not a duration");
    }
    assertThatThrownBy(() -> Durations.parse("-1s")).hasMessageContaining("'-1s' is negative");
  }
}
