package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.types.CqlTypes;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * sum() and avg() of decimals add exactly, as Cassandra 4.1's do, while the exact result stays within a million
 * digits; a sum that would have more (1e500000000 + 1: Cassandra computes it for minutes) keeps the 10,000 digits
 * Cassandra's decimal operators keep, rounded half up, and is answered at once.
 */
class DecimalAggregateTest {
  private static Object sum(String... values) {
    NumericAggregate s = NumericAggregate.sum(CqlTypes.DECIMAL);
    for (String v : values) s.add(new BigDecimal(v));
    return s.result();
  }

  private static Object avg(String... values) {
    NumericAggregate a = NumericAggregate.avg(CqlTypes.DECIMAL);
    for (String v : values) a.add(new BigDecimal(v));
    return a.result();
  }

  @Test
  void sumsOfAFewThousandDigitsAreExact() {
    BigDecimal exact = new BigDecimal("1e10000").add(BigDecimal.ONE).add(new BigDecimal("0.5"));
    assertThat(sum("1e10000", "1", "0.5")).isEqualTo(exact);
    assertThat(((BigDecimal) sum("1e10000", "1", "0.5")).precision()).isEqualTo(10002);
    // Exact while within a million digits, wherever the sum started.
    assertThat(((BigDecimal) sum("1e10000000", "5e9990000")).precision()).isEqualTo(10001);
  }

  @Test
  void aSumOfHalfABillionDigitsKeepsTenThousand() {
    BigDecimal s = (BigDecimal) sum("1e500000000", "1");
    assertThat(s.compareTo(new BigDecimal("1e500000000"))).isZero();
    assertThat(s.precision()).isEqualTo(1); // 1E+500000000, which any driver can read
    assertThat(((BigDecimal) sum("1e500000000", "1e500000000")).compareTo(new BigDecimal("2e500000000"))).isZero();
  }

  @Test
  void anAverageOfHalfABillionDigitsIsAnsweredToo() {
    BigDecimal a = (BigDecimal) avg("1e500000000", "1");
    assertThat(a.compareTo(new BigDecimal("5e499999999"))).isZero();
    assertThat(a.precision()).isEqualTo(1);
  }
}
