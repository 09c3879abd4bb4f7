package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlDuration;
import io.ringsim.schema.types.CqlTypes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/**
 * Cassandra 4.1's arithmetic operators (OperationFcts): which operation function an operator with its operands
 * resolves to (FunctionResolver's rules, literals typed by their use), its result type, and its value, computed as
 * Cassandra's NumberType, TemporalType and StringType do (fixed-size integers wrap, decimals divide to at least 32
 * digits, a timestamp moves by a duration on the UTC calendar).
 */
final class Arithmetic {
  private Arithmetic() {}

  /** The symbol of unary minus among the operators: Cassandra's {@code _negate}. */
  static final char NEGATE = 'n';

  /** One operation function: {@code right} is null for negation. */
  record Fn(char op, CqlType left, CqlType right, CqlType returns) {
    boolean unary() {
      return op == NEGATE;
    }

    /** Cassandra's name for the function: system._add, system._substract, ..., system._negate. */
    String functionName() {
      return "system._" + switch (op) {
        case '+' -> "add";
        case '-' -> "substract";
        case '*' -> "multiply";
        case '/' -> "divide";
        case '%' -> "modulo";
        default -> "negate";
      };
    }

    /** "int / bigint", as Cassandra names the operation in a failure. */
    String signature() {
      return left.name() + " " + op + " " + right.name();
    }
  }

  /** How an operand fits a parameter type (Cassandra's AssignmentTestable.TestResult). */
  enum Fit { EXACT, WEAK, NONE }

  /** An operand as FunctionResolver sees it: how it fits a parameter, how Cassandra writes it, whether a marker. */
  interface Operand {
    Fit fit(CqlType param);

    String text();

    default boolean marker() {
      return false;
    }
  }

  /** The numeric types in the order OperationFcts declares them. */
  private static final List<CqlType> NUMBERS = List.of(CqlTypes.TINYINT, CqlTypes.SMALLINT, CqlTypes.INT,
      CqlTypes.BIGINT, CqlTypes.FLOAT, CqlTypes.DOUBLE, CqlTypes.DECIMAL, CqlTypes.VARINT, CqlTypes.COUNTER);

  /** The order Cassandra 4.1 lists _negate's signatures in its "none of its type signatures match" message. */
  // Cassandra takes them from a hash of its function objects, so two runs of the same node may list them in
  // different orders; this is the order of the run that answered conformance script 28.
  private static final List<CqlType> NEGATION_LISTED = List.of(CqlTypes.BIGINT, CqlTypes.DECIMAL, CqlTypes.VARINT,
      CqlTypes.DOUBLE, CqlTypes.FLOAT, CqlTypes.INT, CqlTypes.TINYINT, CqlTypes.SMALLINT, CqlTypes.COUNTER);

  private static final MathContext MAX_PRECISION = new MathContext(10000);

  static List<Fn> candidates(char op) {
    List<Fn> out = new ArrayList<>();
    if (op == NEGATE) {
      for (CqlType t : NUMBERS) out.add(new Fn(op, t, null, t));
      return out;
    }
    for (CqlType l : NUMBERS) for (CqlType r : NUMBERS) out.add(new Fn(op, l, r, returnType(l, r)));
    if (op == '+' || op == '-') {
      out.add(new Fn(op, CqlTypes.TIMESTAMP, CqlTypes.DURATION, CqlTypes.TIMESTAMP));
      out.add(new Fn(op, CqlTypes.DATE, CqlTypes.DURATION, CqlTypes.DATE));
    }
    if (op == '+') {
      out.add(new Fn(op, CqlTypes.TEXT, CqlTypes.TEXT, CqlTypes.TEXT));
      out.add(new Fn(op, CqlTypes.ASCII, CqlTypes.ASCII, CqlTypes.ASCII));
      out.add(new Fn(op, CqlTypes.ASCII, CqlTypes.TEXT, CqlTypes.TEXT));
      out.add(new Fn(op, CqlTypes.TEXT, CqlTypes.ASCII, CqlTypes.TEXT));
    }
    return out;
  }

  /** Floating point if either operand is, of the larger size (a counter counts as 8 bytes, varint and decimal as unbounded). */
  static CqlType returnType(CqlType l, CqlType r) {
    boolean floating = floating(l) || floating(r);
    int size = Math.max(size(l), size(r));
    return switch (size) {
      case 1 -> CqlTypes.TINYINT;
      case 2 -> CqlTypes.SMALLINT;
      case 4 -> floating ? CqlTypes.FLOAT : CqlTypes.INT;
      case 8 -> floating ? CqlTypes.DOUBLE : CqlTypes.BIGINT;
      default -> floating ? CqlTypes.DECIMAL : CqlTypes.VARINT;
    };
  }

  private static boolean floating(CqlType t) {
    String n = t.name();
    return n.equals("float") || n.equals("double") || n.equals("decimal");
  }

  private static int size(CqlType t) {
    return switch (t.name()) {
      case "tinyint" -> 1;
      case "smallint" -> 2;
      case "int", "float" -> 4;
      case "bigint", "double", "counter" -> 8;
      default -> Integer.MAX_VALUE;
    };
  }

  /**
   * The function for {@code op} applied to {@code args}, for a value received as {@code receiver} (null in a
   * selection), as FunctionResolver.pickBestMatch picks it.
   */
  static Fn resolve(char op, List<? extends Operand> args, CqlType receiver) {
    List<Fn> compatible = new ArrayList<>();
    for (Fn f : candidates(op)) {
      if (receiver != null && !sameType(f.returns(), receiver) && !compatible(receiver, f.returns())) continue;
      Fit fit = Fit.EXACT;
      for (int i = 0; i < args.size() && fit != Fit.NONE; i++) {
        Fit a = args.get(i).fit(i == 0 ? f.left() : f.right());
        if (a != Fit.EXACT) fit = a;
      }
      if (fit == Fit.EXACT) return f;
      if (fit == Fit.WEAK) compatible.add(f);
    }
    if (compatible.isEmpty()) {
      if (op == NEGATE) {
        List<String> sigs = new ArrayList<>();
        for (CqlType t : NEGATION_LISTED) sigs.add("system.\"_negate\" : (" + t.name() + ") -> " + t.name());
        throw invalid("Invalid call to function system._negate, none of its type signatures match (known type "
            + "signatures: " + String.join(", ", sigs) + ")");
      }
      throw invalid("the '" + op + "' operation is not supported between " + args.get(0).text() + " and "
          + args.get(1).text());
    }
    if (compatible.size() == 1) return compatible.get(0);
    if (op == NEGATE) throw invalid("Ambiguous negation: use type casts to disambiguate");
    if (receiver != null && args.stream().noneMatch(Operand::marker)) {
      for (Fn f : compatible) if (sameType(f.left(), receiver) && sameType(f.right(), receiver)) return f;
    }
    throw invalid("Ambiguous '" + op + "' operation with args " + args.get(0).text() + " and " + args.get(1).text()
        + ": use type hint to disambiguate, example '(int) ?'");
  }

  /** How a value of type {@code have} fits a parameter of type {@code param} (AbstractType.testAssignment). */
  static Fit fitOfType(CqlType have, CqlType param) {
    if (sameType(have, param)) return Fit.EXACT;
    return compatible(param, have) ? Fit.WEAK : Fit.NONE;
  }

  static boolean sameType(CqlType a, CqlType b) {
    return a.name().equals(b.name());
  }

  /** Whether {@code receiver} reads the bytes of a {@code type} value (Cassandra's isValueCompatibleWith). */
  static boolean compatible(CqlType receiver, CqlType type) {
    String t = type.name();
    if (receiver.name().equals(t)) return true;
    return switch (receiver.name()) {
      case "bigint" -> t.equals("timestamp");
      case "timestamp" -> t.equals("bigint");
      case "varint" -> t.equals("int") || t.equals("bigint") || t.equals("timestamp");
      case "date" -> t.equals("int");
      case "text" -> t.equals("ascii");
      case "uuid" -> t.equals("timeuuid");
      case "blob" -> true;
      default -> false;
    };
  }

  /** A value of {@code from} as {@code to} reads its bytes, when {@code to} is value-compatible with {@code from}. */
  static Object convert(Object v, CqlType from, CqlType to) {
    if (v == null || sameType(from, to)) return v;
    return to.deserialize(from.serialize(v));
  }

  /** The operation's value; null when an operand is null. A failure is Cassandra's FunctionFailure. */
  static Object apply(Fn f, Object l, Object r) {
    if (f.unary()) {
      // NumericNegationFunction reads an empty value's bytes as a number, and fails: Cassandra's server error.
      if (io.ringsim.schema.EmptyValue.is(l))
        throw new CqlException(CqlErrorClass.ServerError, "java.nio.BufferUnderflowException");
      return l == null ? null : negate(f.left(), l);
    }
    if (l == null || r == null || isEmpty(l) || isEmpty(r)) return null;
    try {
      String ret = f.returns().name();
      if (ret.equals("timestamp") || ret.equals("date")) return temporal(f, l, (CqlDuration) r);
      if (l instanceof String ls) return ls + r;
      return numeric(f.op(), ret, (Number) l, (Number) r);
    } catch (RuntimeException e) {
      throw new CqlException(CqlErrorClass.FunctionFailure, "the operation '" + f.signature() + "' failed: "
          + e.getMessage());
    }
  }

  private static boolean isEmpty(Object v) {
    return v instanceof ByteBuffer b && !b.hasRemaining() || io.ringsim.schema.EmptyValue.is(v)
        || v instanceof String s && s.isEmpty();
  }

  private static Object numeric(char op, String ret, Number l, Number r) {
    return switch (ret) {
      case "tinyint" -> (byte) ints(op, l.byteValue(), r.byteValue());
      case "smallint" -> (short) ints(op, l.shortValue(), r.shortValue());
      case "int" -> ints(op, l.intValue(), r.intValue());
      case "bigint" -> longs(op, l.longValue(), r.longValue());
      case "float" -> floats(op, l.floatValue(), r.floatValue());
      case "double" -> doubles(op, l.doubleValue(), r.doubleValue());
      case "varint" -> varints(op, bigInteger(l), bigInteger(r));
      default -> decimals(op, bigDecimal(l), bigDecimal(r));
    };
  }

  private static int ints(char op, int a, int b) {
    return switch (op) {
      case '+' -> a + b;
      case '-' -> a - b;
      case '*' -> a * b;
      case '/' -> a / b;
      default -> a % b;
    };
  }

  private static long longs(char op, long a, long b) {
    return switch (op) {
      case '+' -> a + b;
      case '-' -> a - b;
      case '*' -> a * b;
      case '/' -> a / b;
      default -> a % b;
    };
  }

  private static float floats(char op, float a, float b) {
    return switch (op) {
      case '+' -> a + b;
      case '-' -> a - b;
      case '*' -> a * b;
      case '/' -> a / b;
      default -> a % b;
    };
  }

  private static double doubles(char op, double a, double b) {
    return switch (op) {
      case '+' -> a + b;
      case '-' -> a - b;
      case '*' -> a * b;
      case '/' -> a / b;
      default -> a % b;
    };
  }

  private static BigInteger varints(char op, BigInteger a, BigInteger b) {
    return switch (op) {
      case '+' -> a.add(b);
      case '-' -> a.subtract(b);
      case '*' -> a.multiply(b);
      case '/' -> a.divide(b);
      default -> a.remainder(b);
    };
  }

  /** DecimalType's arithmetic: a quotient keeps at least 32 digits after its first one, trailing zeros stripped. */
  private static BigDecimal decimals(char op, BigDecimal a, BigDecimal b) {
    return switch (op) {
      case '+' -> a.add(b, MAX_PRECISION);
      case '-' -> a.subtract(b, MAX_PRECISION);
      case '*' -> a.multiply(b, MAX_PRECISION);
      case '/' -> {
        int firstDigit = a.precision() - a.scale() - (b.precision() - b.scale());
        int scale = Math.max(Math.max(32 - firstDigit, a.scale()), b.scale());
        scale = Math.min(Math.max(scale, 32), 1000);
        yield a.divide(b, scale, RoundingMode.HALF_UP).stripTrailingZeros();
      }
      default -> a.remainder(b);
    };
  }

  private static BigInteger bigInteger(Number n) {
    return n instanceof BigInteger b ? io.ringsim.schema.types.CqlTypes.plainVarint(b) : BigInteger.valueOf(n.longValue());
  }

  /** NumberType.toBigDecimal: a fixed-size number goes through its double value, as Cassandra converts it. */
  private static BigDecimal bigDecimal(Number n) {
    if (n instanceof BigDecimal d) return d;
    if (n instanceof BigInteger b) return new BigDecimal(b);
    double d = n.doubleValue();
    if (Double.isNaN(d)) throw new NumberFormatException("A NaN cannot be converted into a decimal");
    if (Double.isInfinite(d)) throw new NumberFormatException("An infinite number cannot be converted into a decimal");
    return BigDecimal.valueOf(d);
  }

  private static Object negate(CqlType t, Object v) {
    return switch (t.name()) {
      case "tinyint" -> (byte) -(Byte) v;
      case "smallint" -> (short) -(Short) v;
      case "int" -> -(Integer) v;
      case "bigint", "counter" -> -(Long) v;
      case "float" -> -(Float) v;
      case "double" -> -(Double) v;
      case "varint" -> ((BigInteger) v).negate();
      default -> ((BigDecimal) v).negate();
    };
  }

  /** TemporalType.addDuration / substractDuration on the value's time in milliseconds. */
  private static Object temporal(Fn f, Object temporal, CqlDuration d) {
    boolean date = f.returns().name().equals("date");
    if (date && d.nanoseconds() != 0) {
      throw invalid("The duration must have a day precision. Was: " + d);
    }
    if (!date && d.nanoseconds() % 1_000_000L != 0) {
      throw invalid("The duration must have a millisecond precision. Was: " + d);
    }
    long millis = date ? ((LocalDate) temporal).toEpochDay() * 86_400_000L : ((Instant) temporal).toEpochMilli();
    int sign = f.op() == '+' ? 1 : -1;
    long result = add(millis, sign * d.months(), sign * d.days(), sign * d.nanoseconds());
    if (!date) return Instant.ofEpochMilli(result);
    // SimpleDateSerializer.timeInMillisToDay: whole days toward zero, kept in the type's 32 unsigned bits.
    int raw = (int) (java.time.Duration.ofMillis(result).toDays() + 2147483648L);
    return CqlTypes.DATE.deserialize(ByteBuffer.allocate(4).putInt(raw).array());
  }

  /** Cassandra's Duration.add: months move on the (Julian before 1582) UTC calendar, then days, then milliseconds. */
  private static long add(long millis, int months, int days, long nanos) {
    if (months == 0) return millis + days * 86_400_000L + nanos / 1_000_000L;
    Calendar c = Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.US);
    c.setTimeInMillis(millis);
    c.add(Calendar.MONTH, months);
    c.add(Calendar.DAY_OF_MONTH, days);
    c.add(Calendar.MILLISECOND, (int) (nanos / 1_000_000L));
    return c.getTimeInMillis();
  }

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
