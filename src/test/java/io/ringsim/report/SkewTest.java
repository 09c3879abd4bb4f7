package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SkewTest {
  @Test
  void maxOverMeanAndPopulationCv() {
    Skew s = Skew.of(new double[] {1, 2, 3, 6});
    assertThat(s.max()).isEqualTo(6);
    assertThat(s.mean()).isEqualTo(3);
    assertThat(s.maxOverMean()).isEqualTo(2);
    assertThat(s.cv()).isCloseTo(Math.sqrt((4 + 1 + 0 + 9) / 4.0) / 3, within(1e-12));
  }

  @Test
  void evenIsOneAndZeroEmptyIsAllZero() {
    assertThat(Skew.of(new double[] {5, 5, 5})).isEqualTo(new Skew(5, 5, 1, 0));
    assertThat(Skew.of(new double[] {})).isEqualTo(new Skew(0, 0, 0, 0));
    assertThat(Skew.of(new double[] {0, 0})).isEqualTo(new Skew(0, 0, 0, 0));
  }
}
