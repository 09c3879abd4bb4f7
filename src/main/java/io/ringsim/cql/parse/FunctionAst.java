package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.CqlTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.CreateAggregateContext;
import io.ringsim.cql.parse.CqlGrammarParser.CreateFunctionContext;
import io.ringsim.cql.parse.CqlGrammarParser.FunctionArgContext;
import io.ringsim.cql.parse.CqlGrammarParser.FunctionRefContext;
import io.ringsim.cql.parse.CqlGrammarParser.StatementContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The AST of CREATE / DROP FUNCTION and CREATE / DROP AGGREGATE. */
final class FunctionAst {
  private FunctionAst() {}

  /** The statement when {@code s} is one of the four, else null. */
  static Statement statement(StatementContext s) {
    if (s.createFunction() != null) return createFunction(s.createFunction());
    if (s.createAggregate() != null) return createAggregate(s.createAggregate());
    if (s.dropFunction() != null) {
      var d = s.dropFunction();
      String[] n = name(d.functionRef());
      return new Statement.DropFunction(n[0], n[1], d.K_EXISTS() != null, d.LPAREN() == null ? null
          : types(d.cqlType()));
    }
    if (s.dropAggregate() != null) {
      var d = s.dropAggregate();
      String[] n = name(d.functionRef());
      return new Statement.DropAggregate(n[0], n[1], d.K_EXISTS() != null, d.LPAREN() == null ? null
          : types(d.cqlType()));
    }
    return null;
  }

  /** {keyspace or null, name}. */
  static String[] name(FunctionRefContext f) {
    String ks = f.DOT() != null ? AstBuilder.ident(f.ident(0)) : null;
    String name = f.K_TOKEN() != null ? "token" : AstBuilder.ident(f.ident(f.ident().size() - 1));
    return new String[] {ks, name};
  }

  private static Statement createFunction(CreateFunctionContext c) {
    String[] n = name(c.functionRef());
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (FunctionArgContext a : c.functionArg()) {
      names.add(AstBuilder.ident(a.ident()));
      types.add(AstBuilder.type(a.cqlType()));
    }
    String body = ((Term.Literal) AstBuilder.constantText(c.STRING().getText())).text();
    // Cassandra keeps the language in lower case whatever the case it was written in.
    String language = AstBuilder.ident(c.ident()).toLowerCase(Locale.ROOT);
    return new Statement.CreateFunction(n[0], n[1], c.K_OR() != null, c.K_NOT() != null, names, types,
        c.K_CALLED() != null, AstBuilder.type(c.cqlType()), language, body);
  }

  private static Statement createAggregate(CreateAggregateContext c) {
    String[] n = name(c.functionRef());
    return new Statement.CreateAggregate(n[0], n[1], c.K_OR() != null, c.K_NOT() != null, types(c.cqlType().subList(
        0, c.cqlType().size() - 1)), AstBuilder.ident(c.ident(0)), AstBuilder.type(c.cqlType(c.cqlType().size() - 1)),
        c.K_FINALFUNC() != null ? AstBuilder.ident(c.ident(1)) : null,
        c.term() == null ? null : AstBuilder.term(c.term()));
  }

  private static List<String> types(List<CqlTypeContext> ts) {
    List<String> out = new ArrayList<>();
    for (CqlTypeContext t : ts) out.add(AstBuilder.type(t));
    return out;
  }
}
