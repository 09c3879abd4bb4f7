package io.ringsim.cql.exec;

import io.ringsim.schema.CqlType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * sum() or avg() over one column, with Cassandra 4.1's own arithmetic (AggregateFcts), because users notice its
 * quirks: integer sums wrap around in the column's type, integer averages are computed exactly and truncated,
 * floating-point sums are compensated (Kahan) and keep Infinity and NaN, a floating-point average that overflows
 * continues in BigDecimal, and so fails on a later Infinity or NaN as Cassandra does (a NumberFormatException, which
 * the client sees as SERVER_ERROR). A BigDecimal for every type, as before, could not hold Infinity or NaN at all.
 */
sealed interface NumericAggregate {
  /** Adds a non-null value of the column's type. */
  void add(Object value);

  /** The aggregate's value, in the column's type (what is returned when no row had a value too). */
  Object result();

  /**
   * Cassandra's sum() and avg() compose an empty value to null and fail on it: a NullPointerException, which the
   * client sees as SERVER_ERROR (its text as Cassandra 4.1 gave it for int sums, bigint averages, double sums).
   */
  static io.ringsim.cql.CqlException emptyValue(boolean sum, CqlType t) {
    String n = t.name();
    String text;
    if (n.equals("varint") || n.equals("decimal")) {
      text = "java.lang.NullPointerException";
    } else {
      boolean floating = n.equals("double") || n.equals("float");
      boolean local = sum && !floating;
      String method = floating ? "doubleValue" : !sum ? "longValue" : switch (n) {
        case "int" -> "intValue";
        case "smallint" -> "shortValue";
        case "tinyint" -> "byteValue";
        default -> "longValue";
      };
      text = "java.lang.NullPointerException: Cannot invoke \"java.lang.Number." + method + "()\" because "
          + (local ? "\"number\" is null"
              : "the return value of \"org.apache.cassandra.db.marshal.AbstractType.compose(java.nio.ByteBuffer)\" is null");
    }
    return new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.ServerError, text);
  }

  static NumericAggregate sum(CqlType t) {
    return switch (t.name()) {
      case "double", "float" -> new FloatingSum(t.name().equals("float"));
      case "varint" -> new VarintSum();
      case "decimal" -> new DecimalSum();
      default -> new IntegralSum(t.name());
    };
  }

  static NumericAggregate avg(CqlType t) {
    return switch (t.name()) {
      case "double", "float" -> new FloatingAvg(t.name().equals("float"));
      case "varint" -> new VarintAvg();
      case "decimal" -> new DecimalAvg();
      default -> new IntegralAvg(t.name());
    };
  }

  /** A long narrowed to the integral column type, wrapping as Java's casts do (Cassandra sums in the type). */
  private static Object narrow(long v, String type) {
    return switch (type) {
      case "int" -> (int) v;
      case "smallint" -> (short) v;
      case "tinyint" -> (byte) v;
      default -> v; // bigint, counter
    };
  }

  /** tinyint, smallint, int, bigint, counter: the sum wraps around. */
  final class IntegralSum implements NumericAggregate {
    private final String type;
    private long sum;

    IntegralSum(String type) {
      this.type = type;
    }

    @Override
    public void add(Object value) {
      sum += ((Number) value).longValue();
    }

    @Override
    public Object result() {
      return narrow(sum, type);
    }
  }

  /** Cassandra's AvgAggregate: a long sum that moves to BigInteger on overflow; the quotient truncates. */
  final class IntegralAvg implements NumericAggregate {
    private final String type;
    private long sum;
    private int count;
    private BigInteger bigSum;

    IntegralAvg(String type) {
      this.type = type;
    }

    @Override
    public void add(Object value) {
      long n = ((Number) value).longValue();
      count++;
      if (bigSum != null) {
        bigSum = bigSum.add(BigInteger.valueOf(n));
        return;
      }
      long before = sum;
      sum += n;
      if (((before ^ sum) & (n ^ sum)) < 0) bigSum = BigInteger.valueOf(before).add(BigInteger.valueOf(n));
    }

    @Override
    public Object result() {
      long avg = bigSum != null ? bigSum.divide(BigInteger.valueOf(count)).longValue()
          : count == 0 ? 0 : sum / count;
      return narrow(avg, type);
    }
  }

  final class VarintSum implements NumericAggregate {
    private BigInteger sum = BigInteger.ZERO;

    @Override
    public void add(Object value) {
      sum = sum.add(io.ringsim.schema.types.CqlTypes.plainVarint((BigInteger) value));
    }

    @Override
    public Object result() {
      return sum;
    }
  }

  final class VarintAvg implements NumericAggregate {
    private BigInteger sum = BigInteger.ZERO;
    private int count;

    @Override
    public void add(Object value) {
      sum = sum.add(io.ringsim.schema.types.CqlTypes.plainVarint((BigInteger) value));
      count++;
    }

    @Override
    public Object result() {
      return count == 0 ? BigInteger.ZERO : sum.divide(BigInteger.valueOf(count));
    }
  }

  /**
   * How many digits an exact decimal sum or average may reach. Cassandra 4.1's sum() and avg() add exactly
   * (BigDecimal.add, unbounded), so a sum of 1e500000000 and 1 has 500 million digits: asked, it computed for over ten
   * minutes without answering (the client timed out). Within a million digits (about a second) ringsim adds exactly
   * as Cassandra does; beyond, it refuses the read rather than compute for minutes or give a rounded sum that
   * Cassandra would never give.
   */
  long EXACT_DIGITS = 1_000_000;

  /** a + b, exactly; refused when that would need more than {@link #EXACT_DIGITS} digits. */
  static BigDecimal addDecimals(BigDecimal a, BigDecimal b) {
    // The exact sum has the larger scale: the other operand's digits grow by the difference.
    long scale = Math.max(a.scale(), b.scale());
    if (Math.max(digits(a) + scale - a.scale(), digits(b) + scale - b.scale()) + 1 > EXACT_DIGITS) {
      throw new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.InvalidRequest, "ringsim refuses a decimal "
          + "sum or average of more than " + EXACT_DIGITS + " digits: Cassandra 4.1 adds decimals exactly, without a "
          + "bound, and computes such a sum for minutes on end while the client times out");
    }
    return a.add(b);
  }

  /** At least the digits of the unscaled value (from its bit length, cheap for any size). */
  private static long digits(BigDecimal x) {
    return (long) (x.unscaledValue().bitLength() * 0.30103) + 1;
  }

  final class DecimalSum implements NumericAggregate {
    private BigDecimal sum = BigDecimal.ZERO;

    @Override
    public void add(Object value) {
      sum = addDecimals(sum, (BigDecimal) value);
    }

    @Override
    public Object result() {
      return sum;
    }
  }

  /** A running average, rounded half-even at the scale of each step's difference, as Cassandra computes it. */
  final class DecimalAvg implements NumericAggregate {
    private BigDecimal avg = BigDecimal.ZERO;
    private int count;

    @Override
    public void add(Object value) {
      count++;
      BigDecimal v = (BigDecimal) value;
      BigDecimal step = addDecimals(v, avg.negate()).divide(BigDecimal.valueOf(count), RoundingMode.HALF_EVEN);
      avg = addDecimals(avg, step);
    }

    @Override
    public Object result() {
      return avg;
    }
  }

  /**
   * Kahan summation in double (for float columns too, narrowed at the end). A NaN that only comes from adding
   * infinities of the same sign gives way to the plain sum, which is that infinity.
   */
  final class FloatingSum implements NumericAggregate {
    private final boolean isFloat;
    private double sum;
    private double compensation;
    private double simpleSum;

    FloatingSum(boolean isFloat) {
      this.isFloat = isFloat;
    }

    @Override
    public void add(Object value) {
      double n = ((Number) value).doubleValue();
      simpleSum += n;
      double tmp = n - compensation;
      double rounded = sum + tmp;
      compensation = (rounded - sum) - tmp;
      sum = rounded;
    }

    @Override
    public Object result() {
      double total = sum + compensation;
      if (Double.isNaN(total) && Double.isInfinite(simpleSum)) total = simpleSum;
      return isFloat ? (Object) (float) total : (Object) total;
    }
  }

  /**
   * Cassandra's FloatAvgAggregate: Kahan summation until a finite value makes the sum overflow, then an exact
   * BigDecimal sum; BigDecimal.valueOf of a later Infinity or NaN throws NumberFormatException there, and here.
   */
  final class FloatingAvg implements NumericAggregate {
    private final boolean isFloat;
    private double sum;
    private double compensation;
    private double simpleSum;
    private int count;
    private BigDecimal bigSum;

    FloatingAvg(boolean isFloat) {
      this.isFloat = isFloat;
    }

    @Override
    public void add(Object value) {
      double n = ((Number) value).doubleValue();
      count++;
      if (bigSum != null) {
        bigSum = bigSum.add(BigDecimal.valueOf(n));
        return;
      }
      simpleSum += n;
      double before = sum;
      double tmp = n - compensation;
      double rounded = sum + tmp;
      compensation = (rounded - sum) - tmp;
      sum = rounded;
      if (Double.isInfinite(sum) && !Double.isInfinite(n)) bigSum = BigDecimal.valueOf(before).add(BigDecimal.valueOf(n));
    }

    @Override
    public Object result() {
      double avg;
      if (count == 0) avg = 0;
      else if (bigSum != null) avg = bigSum.divide(BigDecimal.valueOf(count), RoundingMode.HALF_EVEN).doubleValue();
      else {
        double total = sum + compensation;
        if (Double.isNaN(total) && Double.isInfinite(simpleSum)) total = simpleSum;
        avg = total / count;
      }
      return isFloat ? (Object) (float) avg : (Object) avg;
    }
  }
}
