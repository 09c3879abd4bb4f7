package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClusteringTest {
  private static byte[] b(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) out[i] = (byte) v[i];
    return out;
  }

  @Test
  void equalityAndHashFollowTheValuesWhateverTheirCount() {
    assertThat(Clustering.of(b(1, 2))).isEqualTo(Clustering.of(b(1, 2))).hasSameHashCodeAs(Clustering.of(b(1, 2)));
    assertThat(Clustering.of(b(1, 2))).isNotEqualTo(Clustering.of(b(1, 3)));
    assertThat(Clustering.of(b(1), b(2))).isEqualTo(Clustering.of(b(1), b(2)))
        .hasSameHashCodeAs(Clustering.of(b(1), b(2)));
    assertThat(Clustering.of(b(1))).isNotEqualTo(Clustering.of(b(1), b(2)));
    assertThat(Clustering.of(b(1), b(2))).isNotEqualTo(Clustering.of(b(1)));
    assertThat(Clustering.of()).isSameAs(Clustering.EMPTY).isNotEqualTo(Clustering.STATIC);
  }

  @Test
  void componentsReadBackInOrder() {
    Clustering one = Clustering.of(b(7));
    assertThat(one.size()).isEqualTo(1);
    assertThat(one.get(0)).containsExactly(7);
    assertThatThrownBy(() -> one.get(1)).isInstanceOf(IndexOutOfBoundsException.class);
    Clustering two = Clustering.of(b(7), b(8, 9));
    assertThat(two.size()).isEqualTo(2);
    assertThat(two.get(1)).containsExactly(8, 9);
    assertThat(two.dataSize()).isEqualTo(1 + 2 + 2 + 2);
    assertThat(one.toString()).isEqualTo("(0x07)");
    assertThat(Clustering.STATIC.size()).isZero();
  }
}
