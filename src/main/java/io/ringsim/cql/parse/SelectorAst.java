package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.List;

/** The selectors of a SELECT clause other than operations: columns, functions, casts, elements, hints, markers. */
final class SelectorAst {
  private SelectorAst() {}

  /** One selector of a SELECT clause, without its alias; the arithmetic forms are built by ArithmeticAst. */
  static Selector selector(UnaliasedSelectorContext u) {
    return ArithmeticAst.selector(u);
  }

  static Selector atom(SelectorAtomContext u) {
    if (u instanceof CountStarContext cs) return new Selector.CountStar(cs.getText());
    if (u instanceof ColumnSelectorContext cs) return new Selector.Column(AstBuilder.ident(cs.ident()));
    if (u instanceof CastSelectorContext c) {
      return new Selector.Cast(selector(c.unaliasedSelector()), TermAst.castType(c.cqlType()));
    }
    if (u instanceof ElementSelectorContext e) {
      return new Selector.Element(atom(e.selectorAtom()), TermAst.term(e.term()));
    }
    if (u instanceof SliceSelectorContext s) {
      return new Selector.Slice(atom(s.selectorAtom()), s.from == null ? null : TermAst.term(s.from),
          s.to == null ? null : TermAst.term(s.to));
    }
    if (u instanceof ConstantSelectorContext c) return new Selector.Constant(TermAst.constant(c.constant()));
    if (u instanceof MarkerSelectorContext m) return new Selector.Constant(TermAst.marker(m.marker()));
    if (u instanceof FieldSelectorContext f) {
      return new Selector.Field(atom(f.selectorAtom()), AstBuilder.ident(f.ident()));
    }
    if (u instanceof TypeHintSelectorContext h) {
      return new Selector.TypeHint(AstBuilder.type(h.cqlType()), atom(h.selectorAtom()));
    }
    if (u instanceof ParenthesizedSelectorContext p) {
      return new Selector.Parenthesized(selector(p.unaliasedSelector()));
    }
    if (u instanceof TupleSelectorContext t) return new Selector.TupleLiteral(all(t.unaliasedSelector()));
    if (u instanceof ListSelectorContext l) return new Selector.ListLiteral(all(l.unaliasedSelector()));
    if (u instanceof SetSelectorContext st) return new Selector.SetLiteral(all(st.unaliasedSelector()));
    if (u instanceof EmptyBracesSelectorContext) return new Selector.SetLiteral(List.of());
    if (u instanceof MapOrUdtSelectorContext m) {
      List<Selector> all = all(m.unaliasedSelector()), keys = new ArrayList<>(), values = new ArrayList<>();
      for (int i = 0; i < all.size(); i += 2) {
        keys.add(all.get(i));
        values.add(all.get(i + 1));
      }
      return new Selector.MapOrUdtLiteral(keys, values);
    }
    FunctionSelectorContext f = (FunctionSelectorContext) u;
    checkWritetimeArguments(f);
    List<Selector> args = new ArrayList<>();
    for (UnaliasedSelectorContext a : f.unaliasedSelector()) args.add(selector(a));
    return new Selector.Function(AstBuilder.functionName(f.functionName()), args);
  }

  /**
   * Cassandra 4.1's grammar takes a column name, nothing else, in writetime() and ttl(): {@code writetime(a.b)} is a
   * syntax error at the dot, reported as its parser reports it.
   */
  private static void checkWritetimeArguments(FunctionSelectorContext f) {
    if (f.functionName().K_TOKEN() != null) return;
    String fn = AstBuilder.functionName(f.functionName());
    if (!fn.equals("writetime") && !fn.equals("ttl")) return;
    for (UnaliasedSelectorContext a : f.unaliasedSelector()) {
      if (a instanceof AtomSelectorContext atom
          && atom.selectorAtom() instanceof FieldSelectorContext field
          && field.selectorAtom() instanceof ColumnSelectorContext)
        throw CqlParser.mismatched(field.DOT().getSymbol(), "')'");
    }
  }

  private static List<Selector> all(List<UnaliasedSelectorContext> in) {
    List<Selector> out = new ArrayList<>();
    for (UnaliasedSelectorContext a : in) out.add(selector(a));
    return out;
  }
}
