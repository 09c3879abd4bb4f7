package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PartitionersTest {
  @Test
  void murmur3RangeSizesWrapAroundTheRing() {
    Murmur3Partitioner p = Murmur3Partitioner.INSTANCE;
    assertThat(p.size(new LongToken(0), new LongToken(0))).isEqualTo(1.0);
    assertThat(p.size(new LongToken(Long.MIN_VALUE), new LongToken(0))).isEqualTo(0.5);
    assertThat(p.size(new LongToken(Long.MAX_VALUE / 2), new LongToken(Long.MIN_VALUE / 2)))
        .isCloseTo(0.5, within(1e-15));
    Token mid = p.tokenAt(new LongToken(Long.MAX_VALUE - 9), new LongToken(Long.MIN_VALUE + 11), 0.5);
    assertThat(((LongToken) mid).value()).isEqualTo(Long.MIN_VALUE + 1);
  }

  @Test
  void randomPartitionerIsMd5AbsInto0To2Pow127() {
    RandomPartitioner p = RandomPartitioner.INSTANCE;
    BigInteger t = ((BigIntegerToken) p.token("abc".getBytes(StandardCharsets.UTF_8))).value();
    // MD5("abc") = 900150983cd24fb0d6963f7d28e17f72, negative as a signed integer, so its absolute value.
    assertThat(t).isEqualTo(new BigInteger("900150983cd24fb0d6963f7d28e17f72", 16).subtract(BigInteger.TWO.pow(128)).abs());
    assertThat(t.compareTo(RandomPartitioner.MAXIMUM)).isLessThanOrEqualTo(0);
    assertThat(p.size(p.parseToken("0"), p.parseToken(RandomPartitioner.MAXIMUM.shiftRight(1).toString())))
        .isCloseTo(0.5, within(1e-12));
    SplittableRandom rng = new SplittableRandom(1);
    for (int i = 0; i < 100; i++) assertThat(((BigIntegerToken) p.random(rng)).value().signum()).isNotNegative();
  }

  @Test
  void byteOrderedKeepsKeyOrder() {
    ByteOrderedPartitioner p = ByteOrderedPartitioner.INSTANCE;
    Token a = p.token("apple".getBytes(StandardCharsets.UTF_8));
    Token b = p.token("banana".getBytes(StandardCharsets.UTF_8));
    assertThat(a.compareTo(b)).isNegative();
    assertThat(p.hashes()).isFalse();
    // Lower-case ASCII keys all start with 0x61..0x7a: a tiny slice of the ring, hence skew.
    assertThat(p.size(p.parseToken("61"), p.parseToken("7b"))).isCloseTo(26.0 / 256, within(1e-12));
  }

  @Test
  void namesIncludingCassandraClassNames() {
    assertThat(Partitioners.byName("org.apache.cassandra.dht.Murmur3Partitioner")).isSameAs(Murmur3Partitioner.INSTANCE);
    assertThat(Partitioners.byName("RANDOM")).isSameAs(RandomPartitioner.INSTANCE);
    assertThatThrownBy(() -> Partitioners.byName("md5"))
        .hasMessage("unknown partitioner 'md5' (expected murmur3, random or byteordered)");
    assertThatThrownBy(() -> Murmur3Partitioner.INSTANCE.parseToken("12x")).hasMessageContaining("'12x'");
  }
}
