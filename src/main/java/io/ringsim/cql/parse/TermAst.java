package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.antlr.v4.runtime.tree.ParseTree;

/**
 * The grammar's {@code term}, {@code constant} and {@code marker} as {@link Term}s: the values a statement writes,
 * compares with or binds. The arithmetic forms are built by ArithmeticAst.
 */
final class TermAst {
  private TermAst() {}

  /**
   * The value of a WITH property. A map's keys are read as Cassandra's convertPropertyMap reads them: a key given
   * twice is a syntax error, whatever the statement.
   */
  static Term property(TermContext t) {
    Term v = term(t);
    if (v instanceof Term.MapLiteral m) {
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (int i = 0; i < m.keys().size(); i++) {
        if (!(m.keys().get(i) instanceof Term.Literal k) || !(m.values().get(i) instanceof Term.Literal)) break;
        if (!seen.add(k.text())) throw new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.SyntaxError,
            "Multiple definition for property " + k.text());
      }
    }
    return v;
  }

  static Term term(TermContext t) {
    if (t instanceof ConstantTermContext c) return constant(c.constant());
    Term arithmetic = ArithmeticAst.term(t);
    if (arithmetic != null) return arithmetic;
    if (t instanceof ListLiteralContext l) return new Term.ListLiteral(terms(l.term()));
    if (t instanceof SetLiteralContext l) return new Term.SetLiteral(terms(l.term()));
    if (t instanceof MapLiteralContext m) {
      List<Term> k = new ArrayList<>(), v = new ArrayList<>();
      // m.term() walks all the children each call: read it once, or a 65535-entry map literal takes minutes.
      List<TermContext> kv = m.term();
      for (int i = 0; i + 1 < kv.size(); i += 2) {
        k.add(term(kv.get(i)));
        v.add(term(kv.get(i + 1)));
      }
      return new Term.MapLiteral(k, v);
    }
    if (t instanceof UserTypeLiteralContext u) {
      List<String> names = new ArrayList<>();
      for (IdentContext i : u.ident()) names.add(AstBuilder.ident(i));
      return new Term.UserTypeLiteral(names, terms(u.term()));
    }
    if (t instanceof TupleTermContext tt) {
      List<Term> e = terms(tt.tupleLiteral().term());
      // (x) is x, except (null): for a tuple column that is a tuple of nulls, not a null tuple (Cassandra 4.1); and
      // ('...'): a tuple of that string, where a bare string is read by the tuple type's fromString ('1:a').
      boolean keep = e.size() > 1 || e.get(0) instanceof Term.Literal l
          && (l.kind() == Term.Kind.NULL || l.kind() == Term.Kind.STRING);
      return keep ? new Term.TupleLiteral(e) : e.get(0);
    }
    if (t instanceof CastTermContext c) return cast(c);
    if (t instanceof FunctionTermContext f) {
      return new Term.FunctionCall(AstBuilder.functionName(f.functionName()).toLowerCase(Locale.ROOT),
          terms(f.term()));
    }
    return marker(((BindMarkerContext) t).marker());
  }

  /**
   * CAST(x AS type) as Cassandra 4.1's parser builds it (FunctionCall.Raw.newCast): a call of system.castAsType. Its
   * grammar takes a simple term there, no operation: it fails at the operator, expecting AS.
   */
  private static Term cast(CastTermContext c) {
    if (c.term() instanceof AdditionTermContext a) throw CqlParser.mismatched(a.op, "K_AS");
    if (c.term() instanceof MultiplicationTermContext m) throw CqlParser.mismatched(m.op, "K_AS");
    return Term.FunctionCall.cast(castType(c.cqlType()), term(c.term()));
  }

  /**
   * The type of a CAST, as a term or a selector: Cassandra's grammar takes one of the native types' keywords there
   * (native_type), anything else being no viable alternative at its first token.
   */
  static String castType(CqlTypeContext t) {
    if (t instanceof SimpleTypeContext s && s.DOT() == null && s.ident(0).QUOTED_NAME() == null) {
      String name = AstBuilder.ident(s.ident(0)).toLowerCase(Locale.ROOT);
      if (io.ringsim.schema.types.CqlTypes.scalarNames().contains(name)) return name;
    }
    throw CqlParser.noViableAlternative(t.getStart());
  }

  /** Each of {@code ts} as a term, in order. */
  static List<Term> terms(List<TermContext> ts) {
    List<Term> out = new ArrayList<>();
    for (TermContext t : ts) out.add(term(t));
    return out;
  }

  /**
   * A marker's index is its rank among the markers of the whole statement in the order they are written (a BATCH
   * counts across its children). The AST is not built in text order (USING before VALUES), so the rank comes from
   * the parse tree, whose pre-order is the text order.
   */
  static Term.BindMarker marker(MarkerContext m) {
    ParseTree top = m;
    for (ParseTree p = m; p != null; p = p.getParent()) {
      if (p instanceof StatementContext) top = p;
    }
    MarkerOrder order = LAST_ORDER.get();
    if (order == null || order.statement != top) {
      order = new MarkerOrder(top, new IdentityHashMap<>());
      List<MarkerContext> all = new ArrayList<>();
      collectMarkers(top, all);
      for (int i = 0; i < all.size(); i++) order.index.put(all.get(i), i);
      LAST_ORDER.set(order);
    }
    return new Term.BindMarker(order.index.get(m), m.ident() == null ? null : AstBuilder.ident(m.ident()));
  }

  /** Drops the numbering of the statement just built: it is only needed while that statement is built. */
  static void forgetMarkers() {
    LAST_ORDER.remove();
  }

  /** The markers of the statement being built, numbered once (a BATCH may hold thousands of them). */
  private record MarkerOrder(ParseTree statement, Map<MarkerContext, Integer> index) {}

  private static final ThreadLocal<MarkerOrder> LAST_ORDER = new ThreadLocal<>();

  private static void collectMarkers(ParseTree t, List<MarkerContext> out) {
    if (t instanceof MarkerContext m) {
      out.add(m);
      return;
    }
    for (int i = 0; i < t.getChildCount(); i++) collectMarkers(t.getChild(i), out);
  }

  /** A STRING token's value: between $$ as written, between quotes with '' unescaped. */
  static Term constantText(String s) {
    if (s.startsWith("$$")) return new Term.Literal(Term.Kind.STRING, s.substring(2, s.length() - 2));
    return new Term.Literal(Term.Kind.STRING, s.substring(1, s.length() - 1).replace("''", "'"));
  }

  static Term constant(ConstantContext c) {
    if (c.STRING() != null) return constantText(c.STRING().getText());
    if (c.INTEGER() != null) return new Term.Literal(Term.Kind.INTEGER, c.INTEGER().getText());
    if (c.FLOAT() != null) {
      String text = c.FLOAT().getText();
      if (Double.isInfinite(Double.parseDouble(text))) throw new FloatLiteralOverflow();
      return new Term.Literal(Term.Kind.FLOAT, text);
    }
    if (c.HEX() != null) return new Term.Literal(Term.Kind.HEX, c.HEX().getText());
    if (c.UUID() != null) return new Term.Literal(Term.Kind.UUID, c.UUID().getText());
    if (c.BOOLEAN() != null) return new Term.Literal(Term.Kind.BOOLEAN, c.BOOLEAN().getText().toLowerCase(Locale.ROOT));
    if (c.K_NULL() != null) return new Term.Literal(Term.Kind.NULL, "null");
    if (c.DURATION() != null) return new Term.Literal(Term.Kind.DURATION, c.DURATION().getText());
    if (c.K_NAN() != null) return new Term.Literal(Term.Kind.NAN, "NaN");
    if (c.NEGATIVE_WORD() != null) {
      boolean nan = c.NEGATIVE_WORD().getText().equalsIgnoreCase("-nan");
      return nan ? new Term.Literal(Term.Kind.NAN, "NaN") : new Term.Literal(Term.Kind.NEG_INFINITY, "-Infinity");
    }
    if (c.MINUS() != null) return new Term.Literal(Term.Kind.NEG_INFINITY, "-Infinity");
    return new Term.Literal(Term.Kind.INFINITY, "Infinity");
  }
}
