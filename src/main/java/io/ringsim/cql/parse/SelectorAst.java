package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.List;

/** The selectors of a SELECT clause other than operations: columns, functions, casts, elements, hints, markers. */
final class SelectorAst {
  private SelectorAst() {}

  static Selector atom(SelectorAtomContext u) {
    if (u instanceof CountStarContext cs) return new Selector.CountStar(cs.getText());
    if (u instanceof ColumnSelectorContext cs) return new Selector.Column(AstBuilder.ident(cs.ident()));
    if (u instanceof CastSelectorContext c) {
      return new Selector.Cast(AstBuilder.selector(c.unaliasedSelector()), AstBuilder.ident(c.ident()));
    }
    if (u instanceof ElementSelectorContext e) {
      return new Selector.Element(atom(e.selectorAtom()), AstBuilder.term(e.term()));
    }
    if (u instanceof SliceSelectorContext s) {
      return new Selector.Slice(atom(s.selectorAtom()), s.from == null ? null : AstBuilder.term(s.from),
          s.to == null ? null : AstBuilder.term(s.to));
    }
    if (u instanceof ConstantSelectorContext c) return new Selector.Constant(AstBuilder.constant(c.constant()));
    if (u instanceof MarkerSelectorContext m) return new Selector.Constant(AstBuilder.marker(m.marker()));
    if (u instanceof FieldSelectorContext f) {
      return new Selector.Field(atom(f.selectorAtom()), AstBuilder.ident(f.ident()));
    }
    if (u instanceof TypeHintSelectorContext h) {
      return new Selector.TypeHint(AstBuilder.type(h.cqlType()), atom(h.selectorAtom()));
    }
    if (u instanceof ParenthesizedSelectorContext p) {
      return new Selector.Parenthesized(AstBuilder.selector(p.unaliasedSelector()));
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
    UserTypeAst.checkWritetimeArguments(f);
    List<Selector> args = new ArrayList<>();
    for (UnaliasedSelectorContext a : f.unaliasedSelector()) args.add(AstBuilder.selector(a));
    return new Selector.Function(AstBuilder.functionName(f.functionName()), args);
  }

  private static List<Selector> all(List<UnaliasedSelectorContext> in) {
    List<Selector> out = new ArrayList<>();
    for (UnaliasedSelectorContext a : in) out.add(AstBuilder.selector(a));
    return out;
  }
}
