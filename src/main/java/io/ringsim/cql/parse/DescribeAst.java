package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlGrammarParser.*;

/** The DESCRIBE forms cqlsh sends, as {@link Statement.Describe}: what is described and its (keyspace, name). */
final class DescribeAst {
  private DescribeAst() {}

  static Statement describe(DescribeContext describe) {
    Statement.Describe s = what(describe.describeWhat());
    if (describe.ident() == null) return s;
    org.antlr.v4.runtime.Token word = describe.ident().getStart();
    if (!word.getText().equalsIgnoreCase("internals")) {
      // Cassandra's INTERNALS is a keyword; any other word after WITH is a mismatch, quoted as its parser quotes it.
      org.antlr.v4.runtime.CharStream in = word.getInputStream();
      String text = in.getText(org.antlr.v4.runtime.misc.Interval.of(0, in.size() - 1));
      org.antlr.v4.runtime.CommonTokenStream tokens = new org.antlr.v4.runtime.CommonTokenStream(
          new CqlGrammarLexer(org.antlr.v4.runtime.CharStreams.fromString(text)));
      tokens.fill();
      throw new CqlException(CqlErrorClass.SyntaxError, "line " + word.getLine() + ":" + word.getCharPositionInLine()
          + " mismatched input '" + word.getText() + "' expecting K_INTERNALS"
          + Antlr3Snippet.of(text, tokens, word.getTokenIndex(), word.getTokenIndex()));
    }
    return new Statement.Describe(s.what(), s.keyspace(), s.name(), true);
  }

  private static Statement.Describe what(DescribeWhatContext d) {
    if (d instanceof DescribeKeyspacesContext) return new Statement.Describe("keyspaces", null, null);
    if (d instanceof DescribeTablesContext) return new Statement.Describe("tables", null, null);
    if (d instanceof DescribeTypesContext) return new Statement.Describe("types", null, null);
    if (d instanceof DescribeTypeContext t) {
      QualifiedName n = QualifiedName.of(t.tableName());
      return new Statement.Describe("type", n.keyspace(), n.name());
    }
    if (d instanceof DescribeTableContext t) {
      QualifiedName n = QualifiedName.of(t.tableName());
      return new Statement.Describe("table", n.keyspace(), n.name());
    }
    if (d instanceof DescribeAnyContext a) {
      QualifiedName n = QualifiedName.of(a.tableName());
      return new Statement.Describe("any", n.keyspace(), n.name());
    }
    if (d instanceof DescribeOnlyKeyspaceContext o) {
      return new Statement.Describe("only_keyspace", o.ident() == null ? null : AstBuilder.ident(o.ident()), null);
    }
    if (d instanceof DescribeIndexContext i) {
      QualifiedName n = QualifiedName.of(i.tableName());
      return new Statement.Describe("index", n.keyspace(), n.name());
    }
    if (d instanceof DescribeViewContext v) {
      QualifiedName n = QualifiedName.of(v.tableName());
      return new Statement.Describe("view", n.keyspace(), n.name());
    }
    if (d instanceof DescribeFunctionContext f) {
      QualifiedName n = QualifiedName.of(f.functionRef());
      return new Statement.Describe("function", n.keyspace(), n.name());
    }
    if (d instanceof DescribeAggregateContext a) {
      QualifiedName n = QualifiedName.of(a.functionRef());
      return new Statement.Describe("aggregate", n.keyspace(), n.name());
    }
    if (d instanceof DescribeFullSchemaContext f) {
      if (!f.K_KEYSPACE().getText().equalsIgnoreCase("schema")) {
        throw new CqlException(CqlErrorClass.SyntaxError, "DESCRIBE FULL is only DESCRIBE FULL SCHEMA");
      }
      return new Statement.Describe("full_schema", null, null);
    }
    DescribeKeyspaceContext k = (DescribeKeyspaceContext) d;
    // The lexer reads SCHEMA as KEYSPACE (CREATE SCHEMA), but DESCRIBE SCHEMA is Cassandra's every user keyspace.
    if (k.ident() == null && k.K_KEYSPACE().getText().equalsIgnoreCase("schema")) {
      return new Statement.Describe("schema", null, null);
    }
    return new Statement.Describe("keyspace", k.ident() == null ? null : AstBuilder.ident(k.ident()), null);
  }
}
