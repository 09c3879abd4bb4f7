package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.types.CqlTypes;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * sum() and avg() of decimals add exactly, as Cassandra 4.1's do, while the exact result stays within a million
 * digits; a sum that would have more (1e500000000 + 1: Cassandra computes it for minutes and never answers in time)
 * is refused at once, never rounded into an answer Cassandra would not give.
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
  void sumsWithinAMillionDigitsAreExact() {
    BigDecimal exact = new BigDecimal("1e10000").add(BigDecimal.ONE).add(new BigDecimal("0.5"));
    assertThat(sum("1e10000", "1", "0.5")).isEqualTo(exact);
    // As Cassandra's, the sum starts from a zero of scale 0: 1e100000 becomes an integer of 100,001 digits.
    BigDecimal big = (BigDecimal) sum("1e100000", "5e99990");
    assertThat(big.scale()).isZero();
    assertThat(big.precision()).isEqualTo(100001);
  }

  @Test
  void aSumOrAverageOfHalfABillionDigitsIsRefusedAtOnce() {
    for (Runnable r : new Runnable[] {() -> sum("1e500000000", "1"), () -> avg("1e500000000", "1")}) {
      assertThatThrownBy(r::run).isInstanceOfSatisfying(CqlException.class, e -> {
        assertThat(e.errorClass()).isEqualTo(CqlErrorClass.InvalidRequest);
        assertThat(e.getMessage()).contains("more than 1000000 digits");
      });
    }
  }
}
