package io.ringsim.cql.exec;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Arithmetic in values (WHERE, INSERT, UPDATE, IF): {@code 2 - 1}, {@code '2020-01-02' - 2d}, {@code (int) ? + 1}.
 * As in Cassandra's FunctionCall.Raw and TypeCast, the receiving column types the operation, and the operation
 * types its operands.
 */
final class ArithmeticTerms {
  private ArithmeticTerms() {}

  static boolean isArithmetic(Term t) {
    return t instanceof Term.Operation || t instanceof Term.Negation || t instanceof Term.TypeHint;
  }

  /** The value of an arithmetic term received as {@code receiver}, named {@code column} in messages. */
  static Object value(Values values, Term t, CqlType receiver, String column) {
    if (t instanceof Term.TypeHint h) {
      CqlType cast = hintType(h);
      if (operand(h.value()).fit(cast) == Arithmetic.Fit.NONE)
        throw Arithmetic.invalid("Cannot cast value " + text(h.value()) + " to type " + h.type());
      if (Arithmetic.fitOfType(cast, receiver) == Arithmetic.Fit.NONE)
        throw Arithmetic.invalid("Cannot assign value " + text(h) + " to " + column + " of type " + receiver.name());
      return values.value(h.value(), receiver, column);
    }
    Arithmetic.Fn f = resolve(t, receiver);
    List<Term> args = operands(t);
    Object left = values.value(args.get(0), f.left(), "arg0(" + f.functionName() + ")");
    Object right = f.unary() ? null : values.value(args.get(1), f.right(), "arg1(" + f.functionName() + ")");
    return Arithmetic.convert(Arithmetic.apply(f, left, right), f.returns(), receiver);
  }

  /** The operation function an operation or negation resolves to for {@code receiver}. */
  static Arithmetic.Fn resolve(Term t, CqlType receiver) {
    char op = t instanceof Term.Operation o ? o.op() : Arithmetic.NEGATE;
    return Arithmetic.resolve(op, operands(t).stream().map(ArithmeticTerms::operand).toList(), receiver);
  }

  static List<Term> operands(Term t) {
    if (t instanceof Term.Operation o) return List.of(o.left(), o.right());
    return List.of(((Term.Negation) t).operand());
  }

  static CqlType hintType(Term.TypeHint h) {
    try {
      return CqlTypes.byName(h.type());
    } catch (IllegalArgumentException e) {
      throw Arithmetic.invalid("Unknown type " + h.type());
    }
  }

  /** A term as an operand: how it fits a parameter type, as each kind of Cassandra's Term.Raw tests it. */
  static Arithmetic.Operand operand(Term t) {
    return new Arithmetic.Operand() {
      @Override
      public Arithmetic.Fit fit(CqlType param) {
        return fitOf(t, param);
      }

      @Override
      public String text() {
        return ArithmeticTerms.text(t);
      }

      @Override
      public boolean marker() {
        return t instanceof Term.BindMarker || t instanceof Term.Bound || t instanceof Term.Unset;
      }
    };
  }

  static Arithmetic.Fit fitOf(Term t, CqlType param) {
    if (t instanceof Term.Literal l) return literalFit(l, param);
    if (t instanceof Term.BindMarker || t instanceof Term.Bound || t instanceof Term.Unset) return Arithmetic.Fit.WEAK;
    if (t instanceof Term.TypeHint h) return Arithmetic.fitOfType(hintType(h), param);
    if (t instanceof Term.Operation || t instanceof Term.Negation) {
      try {
        return Arithmetic.fitOfType(resolve(t, param).returns(), param);
      } catch (CqlException e) {
        return Arithmetic.Fit.WEAK; // FunctionCall.Raw.testAssignment: a call it cannot resolve may still fit
      }
    }
    if (t instanceof Term.FunctionCall f && f.castType() != null) return CastTerms.fit(f, param);
    if (t instanceof Term.FunctionCall f) return NativeTerms.callFit(f, param);
    return Arithmetic.Fit.NONE; // collection, tuple and user type literals are no numbers
  }

  /** Constants.Literal.testAssignment: exact for the literal's preferred type, weak for the types its form can be. */
  static Arithmetic.Fit literalFit(Term.Literal l, CqlType param) {
    String p = param.name();
    if (l.kind() == Term.Kind.NULL) return p.equals("counter") ? Arithmetic.Fit.NONE : Arithmetic.Fit.WEAK;
    String preferred = preferred(l);
    if (p.equals(preferred)) return Arithmetic.Fit.EXACT;
    boolean weak = switch (l.kind()) {
      case STRING -> List.of("ascii", "text", "inet", "date", "time", "timestamp").contains(p);
      case INTEGER -> List.of("date", "time", "timestamp", "bigint", "counter", "decimal", "double", "duration",
          "float", "int", "smallint", "tinyint", "varint").contains(p);
      case UUID -> p.equals("uuid") || p.equals("timeuuid");
      case FLOAT, NAN, INFINITY, NEG_INFINITY -> p.equals("decimal") || p.equals("double") || p.equals("float");
      case BOOLEAN -> p.equals("boolean");
      case HEX -> p.equals("blob");
      case DURATION -> p.equals("duration");
      case NULL -> true;
    };
    return weak ? Arithmetic.Fit.WEAK : Arithmetic.Fit.NONE;
  }

  /** Constants.Type.getPreferedTypeFor. */
  private static String preferred(Term.Literal l) {
    return switch (l.kind()) {
      case STRING -> StandardCharsets.US_ASCII.newEncoder().canEncode(l.text()) ? "ascii" : "text";
      case INTEGER -> {
        BigInteger b = new BigInteger(l.text());
        yield b.bitLength() < 32 ? "int" : b.bitLength() < 64 ? "bigint" : "varint";
      }
      case FLOAT -> {
        BigDecimal b = new BigDecimal(l.text());
        yield b.compareTo(BigDecimal.valueOf(b.doubleValue())) == 0 ? "double" : "decimal";
      }
      case NAN, INFINITY, NEG_INFINITY -> "double";
      default -> "";
    };
  }

  /** A term as Cassandra writes it in an operation's messages: {@code 'x'}, {@code intasblob(1)}, {@code (int)?}. */
  static String text(Term t) {
    if (t instanceof Term.Literal l && l.kind() == Term.Kind.NULL) return "NULL";
    if (t instanceof Term.Operation o) return text(o.left()) + " " + o.op() + " " + text(o.right());
    if (t instanceof Term.Negation n) return "-" + text(n.operand());
    if (t instanceof Term.TypeHint h) return "(" + h.type() + ")" + text(h.value());
    if (t instanceof Term.Bound || t instanceof Term.Unset) return "?";
    return TermText.of(t);
  }
}
