package io.ringsim.schema.types;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Durations survive their two encodings: the bytes Cassandra stores and sends (three zig-zag variable-length
 * integers, 1 to 9 bytes each) and the text Cassandra prints, which its own parser reads back to the same value.
 * The values Cassandra gives for particular literals are in the conformance script 20_duration.
 */
class DurationProperties {
  @Provide
  Arbitrary<CqlDuration> durations() {
    Arbitrary<Integer> months = Arbitraries.oneOf(Arbitraries.integers().between(0, 30),
        Arbitraries.integers().between(0, Integer.MAX_VALUE));
    Arbitrary<Integer> days = Arbitraries.oneOf(Arbitraries.integers().between(0, 60),
        Arbitraries.integers().between(0, Integer.MAX_VALUE));
    Arbitrary<Long> nanos = Arbitraries.oneOf(Arbitraries.longs().between(0, 1L << 20),
        Arbitraries.longs().between(0, Long.MAX_VALUE));
    return Combinators.combine(months, days, nanos, Arbitraries.of(true, false))
        .as((m, d, n, negative) -> negative ? new CqlDuration(-m, -d, -n) : new CqlDuration(m, d, n));
  }

  @Property(tries = 500)
  void bytesRoundTrip(@ForAll("durations") CqlDuration d) {
    byte[] b = CqlTypes.DURATION.serialize(d);
    assertThat(b.length).isBetween(3, 27);
    assertThat(CqlTypes.DURATION.deserialize(b)).isEqualTo(d);
  }

  @Property(tries = 500)
  void cassandrasTextReadsBack(@ForAll("durations") CqlDuration d) {
    String text = d.toString();
    // The zero duration prints as nothing; "0s" is one way to write it back.
    assertThat(CqlDuration.parse(text.isEmpty() || text.equals("-") ? "0s" : text)).isEqualTo(d);
  }

  @Property(tries = 200)
  void unitsOutOfOrderAreRefused(@ForAll("durations") CqlDuration d) {
    if (d.nanoseconds() == 0 || d.months() == 0) return;
    String text = d.toString();
    String swapped = text.substring(text.indexOf('d') + 1) + text.substring(0, text.indexOf('d') + 1);
    if (swapped.startsWith("-") || text.startsWith("-") || !text.contains("d")) return;
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> CqlDuration.parse(swapped))
        .isInstanceOf(CqlDuration.Invalid.class).hasMessageContaining("should be after");
  }
}
