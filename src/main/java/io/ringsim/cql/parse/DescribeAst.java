package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlGrammarParser.*;

/** The DESCRIBE forms cqlsh sends, as {@link Statement.Describe}: what is described and its (keyspace, name). */
final class DescribeAst {
  private DescribeAst() {}

  static Statement describe(DescribeContext d) {
    if (d instanceof DescribeKeyspacesContext) return new Statement.Describe("keyspaces", null, null);
    if (d instanceof DescribeTablesContext) return new Statement.Describe("tables", null, null);
    if (d instanceof DescribeTypesContext) return new Statement.Describe("types", null, null);
    if (d instanceof DescribeTypeContext t) {
      String[] n = AstBuilder.table(t.tableName());
      return new Statement.Describe("type", n[0], n[1]);
    }
    if (d instanceof DescribeTableContext t) {
      String[] n = AstBuilder.table(t.tableName());
      return new Statement.Describe("table", n[0], n[1]);
    }
    if (d instanceof DescribeAnyContext a) {
      String[] n = AstBuilder.table(a.tableName());
      return new Statement.Describe("any", n[0], n[1]);
    }
    if (d instanceof DescribeOnlyKeyspaceContext o) {
      return new Statement.Describe("only_keyspace", o.ident() == null ? null : AstBuilder.ident(o.ident()), null);
    }
    if (d instanceof DescribeIndexContext i) {
      String[] n = AstBuilder.table(i.tableName());
      return new Statement.Describe("index", n[0], n[1]);
    }
    if (d instanceof DescribeViewContext v) {
      String[] n = AstBuilder.table(v.tableName());
      return new Statement.Describe("view", n[0], n[1]);
    }
    if (d instanceof DescribeFunctionContext f) {
      String[] n = FunctionAst.name(f.functionRef());
      return new Statement.Describe("function", n[0], n[1]);
    }
    if (d instanceof DescribeAggregateContext a) {
      String[] n = FunctionAst.name(a.functionRef());
      return new Statement.Describe("aggregate", n[0], n[1]);
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
