package io.ringsim.cql.parse;

import io.ringsim.cql.parse.CqlGrammarParser.FunctionRefContext;
import io.ringsim.cql.parse.CqlGrammarParser.TableNameContext;

/**
 * A schema object's name as a statement wrote it: {@code ks.name}, or {@code name} alone, when {@code keyspace} is
 * null and the session's keyspace applies. Names a table, view, index, user type, function or aggregate.
 */
record QualifiedName(String keyspace, String name) {

  /** The grammar's {@code tableName} rule, which every table, view, index and type name goes through. */
  static QualifiedName of(TableNameContext t) {
    if (t.ident().size() == 2) return new QualifiedName(AstBuilder.ident(t.ident(0)), AstBuilder.ident(t.ident(1)));
    return new QualifiedName(null, AstBuilder.ident(t.ident(0)));
  }

  /** A function's or an aggregate's name; {@code token} is a keyword there, so it has its own token. */
  static QualifiedName of(FunctionRefContext f) {
    String ks = f.DOT() != null ? AstBuilder.ident(f.ident(0)) : null;
    String name = f.K_TOKEN() != null ? "token" : AstBuilder.ident(f.ident(f.ident().size() - 1));
    return new QualifiedName(ks, name);
  }

  /** As Cassandra's messages write it: {@code ks.name}, or {@code name} when no keyspace was written. */
  String text() {
    return keyspace != null ? keyspace + "." + name : name;
  }
}
