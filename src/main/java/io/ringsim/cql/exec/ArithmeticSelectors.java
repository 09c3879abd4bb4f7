package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import java.util.List;

/**
 * Arithmetic in a selection ({@code a + b}, {@code -a}, {@code (a + b) * 2}, {@code (bigint) 1 + a}): named as
 * Cassandra names the result column, typed by OperationFcts' return type, computed from each row.
 */
final class ArithmeticSelectors {
  private ArithmeticSelectors() {}

  static SelectorCompiler.Expr operation(SelectorCompiler c, Selector.Operation o) {
    SelectorCompiler.Expr l = c.compile(o.left()), r = c.compile(o.right());
    Arithmetic.Fn f = Arithmetic.resolve(o.op(), List.of(operand(l), operand(r)), null);
    Projection.Column le = evalAs(c, l, f.left()), re = evalAs(c, r, f.right());
    return new SelectorCompiler.Expr(l.name() + " " + o.op() + " " + r.name(), f.returns(),
        (p, row, now) -> Arithmetic.apply(f, le.value(p, row, now), re.value(p, row, now)), null);
  }

  static SelectorCompiler.Expr negation(SelectorCompiler c, Selector.Negation n) {
    SelectorCompiler.Expr a = c.compile(n.operand());
    Arithmetic.Fn f = Arithmetic.resolve(Arithmetic.NEGATE, List.of(operand(a)), null);
    Projection.Column e = evalAs(c, a, f.left());
    return new SelectorCompiler.Expr("-" + a.name(), f.returns(),
        (p, row, now) -> Arithmetic.apply(f, e.value(p, row, now), null), null);
  }

  /** {@code (bigint) 1}: the value read as the hinted type (Cassandra's Selectable.WithTypeHint). */
  static SelectorCompiler.Expr typeHint(SelectorCompiler c, Selector.TypeHint h) {
    LiteralSelectors.Hint hint = LiteralSelectors.hint(c, h.type());
    CqlType type = hint.type();
    // A literal under a hint is typed by the hint alone, even when its elements would give it a type.
    SelectorCompiler.Expr a = LiteralSelectors.isLiteral(h.value()) ? LiteralSelectors.compilePending(c, h.value())
        : c.compile(h.value());
    String name = "(" + hint.text() + ")" + a.name();
    if (LiteralSelectors.typedByUse(a, type) || LiteralSelectors.composite(type)) {
      if (!LiteralSelectors.assignable(c, a, type))
        throw Arithmetic.invalid("Cannot assign value " + name + " to " + name + " of type " + type.name());
      return new SelectorCompiler.Expr(name, type, LiteralSelectors.as(c, a, type), null);
    }
    if (operand(a).fit(type) == Arithmetic.Fit.NONE)
      throw Arithmetic.invalid("Cannot assign value " + name + " to " + name + " of type " + type.name());
    return new SelectorCompiler.Expr(name, type, evalAs(c, a, type), null);
  }

  /** A compiled selector as an operand: a constant fits as its literal does, a typed value as its type does. */
  static Arithmetic.Operand operand(SelectorCompiler.Expr e) {
    SelectorCompiler.Expr in = e.unwrapped();
    return new Arithmetic.Operand() {
      @Override
      public Arithmetic.Fit fit(CqlType param) {
        if (in.constant() instanceof Term.Literal l) return ArithmeticTerms.literalFit(l, param);
        if (in.constant() != null) return Arithmetic.Fit.WEAK;
        return Arithmetic.fitOfType(in.type(), param);
      }

      @Override
      public String text() {
        return e.inner() == null && e.constant() != null ? ArithmeticTerms.text(e.constant()) : e.name();
      }

      @Override
      public boolean marker() {
        return in.constant() instanceof Term.BindMarker || in.constant() instanceof Term.Bound;
      }
    };
  }

  /** The operand's value as the parameter's type: a constant parsed as it, a compatible value read as it. */
  private static Projection.Column evalAs(SelectorCompiler c, SelectorCompiler.Expr e, CqlType param) {
    SelectorCompiler.Expr in = e.unwrapped();
    if (in.constant() != null) {
      Object v = c.constant(in.constant(), param);
      return (p, row, now) -> v;
    }
    Projection.Column eval = in.eval();
    CqlType have = in.type();
    return (p, row, now) -> Arithmetic.convert(eval.value(p, row, now), have, param);
  }
}
