package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;

/** The arithmetic forms of selectors and terms (operators, negation, parentheses, type hints) as AST nodes. */
final class ArithmeticAst {
  private ArithmeticAst() {}

  static Selector selector(UnaliasedSelectorContext u) {
    if (u instanceof AtomSelectorContext a) return SelectorAst.atom(a.selectorAtom());
    if (u instanceof NegationSelectorContext n) return new Selector.Negation(selector(n.unaliasedSelector()));
    if (u instanceof MultiplicationSelectorContext m) {
      return new Selector.Operation(m.op.getText().charAt(0), selector(m.unaliasedSelector(0)),
          selector(m.unaliasedSelector(1)));
    }
    AdditionSelectorContext a = (AdditionSelectorContext) u;
    return new Selector.Operation(a.op.getText().charAt(0), selector(a.unaliasedSelector(0)),
        selector(a.unaliasedSelector(1)));
  }

  /** The term for an arithmetic form, or null when {@code t} is another kind of term. */
  static Term term(TermContext t) {
    if (t instanceof NegationTermContext n) return new Term.Negation(TermAst.term(n.term()));
    if (t instanceof TypeHintTermContext h) {
      return new Term.TypeHint(AstBuilder.type(h.cqlType()), TermAst.term(h.term()));
    }
    if (t instanceof MultiplicationTermContext m) {
      return new Term.Operation(m.op.getText().charAt(0), TermAst.term(m.term(0)), TermAst.term(m.term(1)));
    }
    if (t instanceof AdditionTermContext a) {
      return new Term.Operation(a.op.getText().charAt(0), TermAst.term(a.term(0)), TermAst.term(a.term(1)));
    }
    return null;
  }

  /**
   * Cassandra's grammar takes a plain integer or a marker after LIMIT, PER PARTITION LIMIT, USING TTL and USING
   * TIMESTAMP: an operator there is a syntax error at the operator.
   */
  static void checkPlainValue(TermContext t) {
    if (t instanceof MultiplicationTermContext m) throw CqlParser.mismatched(m.op, "EOF");
    if (t instanceof AdditionTermContext a) throw CqlParser.mismatched(a.op, "EOF");
    checkIntValue(t);
  }

  /**
   * Cassandra's grammar takes only an integer or a bind marker after USING TTL, USING TIMESTAMP and LIMIT (its
   * intValue rule): any other term is a syntax error at its first token.
   */
  private static void checkIntValue(TermContext t) {
    if (t instanceof BindMarkerContext) return;
    if (t instanceof ConstantTermContext c && c.constant().INTEGER() != null) return;
    if (t instanceof MultiplicationTermContext || t instanceof AdditionTermContext) return;
    throw CqlParser.noViableAlternative(t.getStart());
  }

  /**
   * USING TTL 10 + 1: Cassandra's parser stops at the operator, expecting what follows the USING clause ({@code
   * next}: K_SET in an UPDATE, EOF after an INSERT).
   */
  static void checkUsing(UsingClauseContext u, String next) {
    if (u == null) return;
    for (UsingOptionContext o : u.usingOption()) {
      if (o.term() instanceof MultiplicationTermContext m) throw CqlParser.mismatched(m.op, next);
      if (o.term() instanceof AdditionTermContext a) throw CqlParser.mismatched(a.op, next);
      checkIntValue(o.term());
    }
  }
}
