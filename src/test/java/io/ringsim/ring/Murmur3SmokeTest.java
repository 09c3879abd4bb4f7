package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Murmur3SmokeTest {
  @Test
  void textKeysHashLikeCassandra() {
    assertThat(Murmur3Partitioner.tokenValue("a".getBytes(StandardCharsets.UTF_8))).isEqualTo(-8839064797231613815L);
    assertThat(Murmur3Partitioner.tokenValue("abcdefghijklmnop".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(-4266531025627334877L);
    assertThat(Murmur3Partitioner.tokenValue(new byte[0])).isEqualTo(Long.MIN_VALUE);
  }
}
