package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.CqlTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.CreateAggregateContext;
import io.ringsim.cql.parse.CqlGrammarParser.CreateFunctionContext;
import io.ringsim.cql.parse.CqlGrammarParser.DropAggregateContext;
import io.ringsim.cql.parse.CqlGrammarParser.DropFunctionContext;
import io.ringsim.cql.parse.CqlGrammarParser.FunctionArgContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The AST of CREATE / DROP FUNCTION and CREATE / DROP AGGREGATE. */
final class FunctionAst {
  private FunctionAst() {}

  static Statement createFunction(CreateFunctionContext c) {
    QualifiedName n = QualifiedName.of(c.functionRef());
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (FunctionArgContext a : c.functionArg()) {
      names.add(AstBuilder.ident(a.ident()));
      types.add(AstBuilder.type(a.cqlType()));
    }
    String body = ((Term.Literal) TermAst.constantText(c.STRING().getText())).text();
    // Cassandra keeps the language in lower case whatever the case it was written in.
    String language = AstBuilder.ident(c.ident()).toLowerCase(Locale.ROOT);
    return new Statement.CreateFunction(n.keyspace(), n.name(), c.K_OR() != null, c.K_NOT() != null, names, types,
        c.K_CALLED() != null, AstBuilder.type(c.cqlType()), language, body);
  }

  static Statement createAggregate(CreateAggregateContext c) {
    QualifiedName n = QualifiedName.of(c.functionRef());
    int last = c.cqlType().size() - 1; // the argument types, then the state type
    return new Statement.CreateAggregate(n.keyspace(), n.name(), c.K_OR() != null, c.K_NOT() != null,
        types(c.cqlType().subList(0, last)), AstBuilder.ident(c.ident(0)), AstBuilder.type(c.cqlType(last)),
        c.K_FINALFUNC() != null ? AstBuilder.ident(c.ident(1)) : null,
        c.term() == null ? null : TermAst.term(c.term()));
  }

  static Statement dropFunction(DropFunctionContext d) {
    QualifiedName n = QualifiedName.of(d.functionRef());
    return new Statement.DropFunction(n.keyspace(), n.name(), d.K_EXISTS() != null, d.LPAREN() == null ? null
        : types(d.cqlType()));
  }

  static Statement dropAggregate(DropAggregateContext d) {
    QualifiedName n = QualifiedName.of(d.functionRef());
    return new Statement.DropAggregate(n.keyspace(), n.name(), d.K_EXISTS() != null, d.LPAREN() == null ? null
        : types(d.cqlType()));
  }

  private static List<String> types(List<CqlTypeContext> ts) {
    List<String> out = new ArrayList<>();
    for (CqlTypeContext t : ts) out.add(AstBuilder.type(t));
    return out;
  }
}
